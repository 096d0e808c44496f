"""The contract every game implements, and the types it speaks in.

A game is one object (a `Game` subclass instance) whose methods are pure
functions of a state: the service loads a state, calls the game, and stores
the result. See shared/DESIGN.md, "Engine contract".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from marshmallow import Schema, ValidationError, fields

from engine.i18n import plain_refusal

Move = dict[str, Any]
State = Any


class IllegalMove(Exception):
    """A move the rules refuse. The state is left exactly as it was.

    `code` is stable and machine-readable (`illegal_move`, `not_your_turn`,
    `validation_error`, ...); `details` carries whatever helps a client (the
    field errors, the price, ...). The rule in words is an English template
    whose placeholders are details, never an f-string:

        IllegalMove("illegal_move", "That contract has no free {good} symbol.", good=good, contract=card)

    `template` is kept (it is the gettext msgid of the game's catalogue, so
    `Game.refusal_text` says it in French) and `message` is it filled in.
    """

    def __init__(self, code: str, message: str, /, **details: Any):
        self.code = code
        self.template = message
        self.details = details
        self.message = plain_refusal(message, details)
        super().__init__(self.message)

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log and the replay.

    `to` is None when every seat (and spectators) may see it, else the
    frozenset of seats that may. A game that must show different seats
    different things emits one public event and one private event.
    """

    type: str
    data: dict = field(default_factory=dict)
    to: frozenset | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict:
        return {"type": self.type, **self.data}


def event(type_: str, to: Iterable[int] | None = None, **data: Any) -> Event:
    """Shorthand: `event("card_bought", seat=1, price=3)`."""
    return Event(type_, data, None if to is None else frozenset(to))


@dataclass
class Outcome:
    """Final result. Lists are indexed by seat."""

    scores: list[int]
    breakdown: list[dict[str, int]]
    ranks: list[int]  # 1 = first; equal ranks for a tie the rulebook leaves tied
    winners: list[int]
    tiebreak: str = ""  # the rule used to break ties, in words, if one was used

    def to_json(self) -> dict:
        return {
            "scores": self.scores,
            "breakdown": self.breakdown,
            "ranks": self.ranks,
            "winners": self.winners,
            "tiebreak": self.tiebreak,
        }


def rank_by(keys: list[tuple]) -> tuple[list[int], list[int]]:
    """Ranks and winners from one comparable key per seat (higher is better).

    Seats with equal keys share a rank (1 = best); winners are the seats of rank 1.
    """
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return ranks, winners


# --- parametric moves ---------------------------------------------------------
#
# Most decisions are listed whole in `legal_moves`. A decision with too many
# values to list (a price, a choice of cards to discard or offer) is listed once
# in `move_templates` instead:
#
#     {"move": {"type": "offer"},                       # the fixed fields
#      "params": {"price": {"kind": "integer", "min": 0, "max": 40}}}
#
# A client posts {**template["move"], name: value for each param}. Kinds:
#   integer  {"min", "max"}                         -> an int in [min, max]
#   counts   {"max": {key: n}, "min_total", "max_total"}
#                                                   -> {key: count}, each 0..max[key]
#                                                      (keys at 0 may be left out),
#                                                      their sum in [min_total, max_total]
#   seats    {"of": [seats], "min", "max"}          -> a sorted list of distinct seats
#                                                      from `of`, its length in [min, max]
# A template may add "disjoint": [[param, ...], ...]: groups of counts params
# that never give one key a count in two of them (a trade's two sides).
# The ranges describe the shape only: the game's rules may still refuse a
# filled-in move, with a code as for any move.


def integer_param(low: int, high: int) -> dict:
    return {"kind": "integer", "min": low, "max": high}


def counts_param(maxima: dict[str, int], min_total: int, max_total: int) -> dict:
    return {"kind": "counts", "max": dict(maxima), "min_total": min_total, "max_total": max_total}


def seats_param(of: Iterable[int], low: int, high: int) -> dict:
    return {"kind": "seats", "of": sorted(of), "min": low, "max": high}


def template(move: Move, disjoint: Iterable[Iterable[str]] = (), **params: dict) -> dict:
    """A parametric move: `template({"type": "offer"}, price=integer_param(0, 40))`; `disjoint`:
    groups of its counts params that never share a key."""
    made: dict[str, Any] = {"move": dict(move), "params": params}
    groups = [list(group) for group in disjoint]
    if groups:
        made["disjoint"] = groups
    return made


def overlapping(tmpl: dict, move: Move) -> bool:
    """Whether a filled-in move gives one key a count in two params its template keeps disjoint."""
    for group in tmpl.get("disjoint", ()):
        seen: set[str] = set()
        for name in group:
            keys = {key for key, count in (move.get(name) or {}).items() if count}
            if keys & seen:
                return True
            seen |= keys
    return False


def default_value(param: dict) -> Any:
    """The value a client shows first: the smallest one the shape allows."""
    if param["kind"] == "integer":
        return param["min"]
    if param["kind"] == "seats":
        return param["of"][: max(param["min"], 1 if param["of"] else 0)]
    counts, need = {}, param["min_total"]
    for key, most in param["max"].items():
        take = min(most, need)
        if take:
            counts[key] = take
            need -= take
    return counts


def random_value(param: dict, rng) -> Any:
    """A uniformly shaped random value (rng: a random.Random)."""
    if param["kind"] == "integer":
        return rng.randint(param["min"], param["max"])
    if param["kind"] == "seats":
        size = rng.randint(param["min"], min(param["max"], len(param["of"])))
        return sorted(rng.sample(param["of"], size))
    pool = [key for key, most in param["max"].items() for _ in range(most)]
    size = rng.randint(param["min_total"], min(param["max_total"], len(pool)))
    counts: dict[str, int] = {}
    for key in rng.sample(pool, size):
        counts[key] = counts.get(key, 0) + 1
    return counts


def fill(tmpl: dict, pick) -> Move:
    """A concrete move from a template, each param's value given by pick(param)."""
    return {**tmpl["move"], **{name: pick(param) for name, param in tmpl["params"].items()}}


def fits(param: dict, value: Any) -> bool:
    """Whether a value has the shape a param describes."""
    if param["kind"] == "integer":
        return type(value) is int and param["min"] <= value <= param["max"]
    if param["kind"] == "seats":
        return (
            isinstance(value, list)
            and value == sorted(set(value))
            and set(value) <= set(param["of"])
            and param["min"] <= len(value) <= param["max"]
        )
    return (
        isinstance(value, dict)
        and all(type(n) is int and 0 <= n <= param["max"].get(k, -1) for k, n in value.items())
        and param["min_total"] <= sum(value.values()) <= param["max_total"]
    )


def template_errors(tmpl: dict, move: Move) -> dict:
    """Why a move built from a template does not fit its params, by param (a problem's `errors`),
    in the words of a schema's range errors; empty when every param fits."""
    said = "Must be greater than or equal to {} and less than or equal to {}."
    errors: dict = {}
    for name, param in tmpl["params"].items():
        value = move.get(name)
        if fits(param, value):
            continue
        if param["kind"] == "integer":
            errors[name] = [said.format(param["min"], param["max"])]
        elif param["kind"] == "counts" and isinstance(value, dict):
            top = param["max"]
            wrong = {k: ["Unknown field."] if k not in top else [said.format(0, top[k])] for k in value}
            wrong = {k: v for k, v in wrong.items() if k not in top or not 0 <= value[k] <= top[k]}
            total = [f"The counts add up to {param['min_total']} to {param['max_total']}."]
            errors[name] = wrong or total
        else:
            errors[name] = ["Invalid value."]
    return errors


def matches_template(tmpl: dict, move: Move) -> bool:
    """Whether a move is one a client could build from this template."""
    fixed, params = tmpl["move"], tmpl["params"]
    return (
        set(move) == set(fixed) | set(params)
        and all(move[k] == v for k, v in fixed.items())
        and all(fits(p, move[name]) for name, p in params.items())
    )


class MoveSchema(Schema):
    """Base of one move type's schema. Unknown fields are refused (marshmallow's default)."""

    type = fields.String(required=True)


class MoveUnion:
    """The one-of-by-"type" schema of a game's moves.

    `load` validates a posted move with the schema of its type and returns
    the loaded dict; the service turns each member into an OpenAPI component
    and the union into a `oneOf` with a `type` discriminator.
    """

    def __init__(self, members: dict[str, type[MoveSchema]]):
        self.members = members
        self._instances = {name: schema() for name, schema in members.items()}

    def load(self, data: Any) -> Move:
        if not isinstance(data, dict):
            raise ValidationError({"_schema": ["A move is a JSON object."]})
        move_type = data.get("type")
        schema = self._instances.get(move_type) if isinstance(move_type, str) else None
        if schema is None:
            raise ValidationError({"type": [f"Must be one of: {', '.join(sorted(self.members))}."]})
        return schema.load(data)


class EventSchema(Schema):
    """Base of one event type's wire schema (what `Event.to_json()` gives): `type`, then its data."""

    type = fields.String(required=True)
    text = fields.String(metadata={"description": "One line of words for people, in the caller's Accept-Language."})


class OutcomeSchema(Schema):
    """The wire shape of `Outcome.to_json()`; a game narrows `breakdown` to its own score lines."""

    scores = fields.List(fields.Integer(), required=True)
    breakdown = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()), required=True)
    ranks = fields.List(fields.Integer(), required=True, metadata={"description": "1 = first; ties share a rank."})
    winners = fields.List(fields.Integer(), required=True)
    tiebreak = fields.String(
        required=True,
        metadata={
            "description": "The tie rule used, as a fixed English phrase whatever the Accept-Language (`most gold`; "
            "`Seat 1 left the game.` when a seat's leaving ended the match): a key to put in the client's own "
            "words, as /play/ does; '' if none."
        },
    )
    names = fields.List(
        fields.String(allow_none=True), metadata={"description": "The seats' display names (null: none given)."}
    )


class Game:
    """One game's rules. Subclasses set the attributes and implement the methods.

    The state is whatever the game likes as long as `dump`/`load` round-trip
    it through JSON exactly. `apply` is the only method that changes it.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: type[Schema]  # the match options (variants, map...)
    move_schema: MoveUnion
    bots: Mapping[str, type] = {}  # the game's own bots by name (the random bot is everyone's)
    # What texts call a seat nobody named, by seat (Medici's houses); a game without them says "seat N".
    # Reserved: a player may go by their own seat's one, by no other (service/names.py houses_of_others).
    seat_names: tuple[str, ...] = ()
    # The wire contract, for the OpenAPI document and typed clients (optional; untyped without):
    # the view's schema, each event type's schema by `type`, the outcome's, and the static data's
    # (None for a game without static data).
    view_schema: type[Schema] | None = None
    event_schemas: Mapping[str, type[EventSchema]] = {}
    outcome_schema: type[Schema] = OutcomeSchema
    static_schema: type[Schema] | None = None

    # --- to implement -------------------------------------------------------
    def setup(self, players: int, options: dict, seed: int) -> State:
        raise NotImplementedError

    def open(self, players: int, options: dict, seed: int) -> tuple[State, list[Event]]:
        """The table as `setup` deals it, and what dealing it showed the players (the first cards
        turned up, the first tile drawn): a match's log opens with these events. A game whose
        set-up shows nothing keeps this default."""
        return self.setup(players, options, seed), []

    def players(self, state: State) -> int:
        """How many seats the match has."""
        raise NotImplementedError

    def to_act(self, state: State) -> set[int]:
        """The seats that may move now; empty once the game is over."""
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move of that seat that can be listed whole, each POSTable
        unchanged; [] for a seat that is not to act."""
        raise NotImplementedError

    def move_templates(self, state: State, seat: int) -> list[dict]:
        """The seat's parametric moves (see `template`); most games have none."""
        return []

    def play(self, state: State, seat: int, move: Move) -> list[Event]:
        """Apply a shape-valid move by a seat that is to act, or raise IllegalMove
        before changing anything."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def dump(self, state: State) -> dict:
        raise NotImplementedError

    def load(self, data: dict) -> State:
        raise NotImplementedError

    def adopt(self, data: dict) -> State:
        """The live state from a dump that nothing else holds (just parsed from JSON): `load`
        without its copy. A state is its dump (docs/adding-a-game.md), so this is the data itself;
        a game whose `load` does more than copy (upgrades an old dump) does that here too."""
        return data

    def static(self) -> dict | None:
        """Data that is the same in every match of this game (a board's geometry),
        served once and cached by clients instead of repeated in every view."""
        return None

    # --- a match's life: words, undo, leaving ---------------------------------
    # Defaults that fit any game; the words and the undo rule come from the
    # game folder's own `texts.py` and `undo.py` (see engine/i18n.py), so a
    # game adds them beside its rules; a game may also override these methods.

    def move_label(
        self,
        state: State,
        seat: int,
        move: Move,
        lang: str = "en",
        strict: bool = False,
        names: Mapping[int, str] | None = None,
    ) -> str:
        """A short label for a legal move (a button), in `lang`, a seat it names by its display
        name in `names` (else "seat N"); a gap reads as the move's type and fields (strict:
        raises engine.i18n.MissingText)."""
        from engine.i18n import words_for

        return words_for(self).move_label(move, lang, names, strict=strict)

    def template_label(self, state: State, seat: int, tmpl: dict, lang: str = "en", strict: bool = False) -> str:
        """A short label for one of `move_templates` (a price still to choose)."""
        from engine.i18n import words_for

        return words_for(self).template_label(tmpl, lang, strict=strict)

    def event_text(
        self, event: Mapping, lang: str = "en", names: Mapping[int, str] | None = None, strict: bool = False
    ) -> str:
        """One line of words for an event (its JSON form), seats shown by `names` where given."""
        from engine.i18n import words_for

        return words_for(self).event_text(event, lang, names, strict)

    def refusal_text(
        self, refusal: IllegalMove, lang: str = "en", names: Mapping[int, str] | None = None, strict: bool = False
    ) -> str | None:
        """The sentence of a refused move (raised by this game) in `lang`, from the game's
        catalogue with the refusal's details as placeholders; None when the game has no
        words for it (strict: raises engine.i18n.MissingText)."""
        from engine.i18n import words_for

        return words_for(self).refusal(refusal.template, refusal.details, lang, names, strict)

    def undoable(self, move: Move, events: list[dict]) -> bool:
        """Whether a seat may take this move back (its events as JSON): only if it drew
        no chance and revealed nothing hidden. Default: never (the safe answer); the
        game folder's `undo.py` says otherwise with MOVES (types) and SAFE_EVENTS."""
        from engine.i18n import companion

        rules = companion(type(self).__module__.rpartition(".")[0], "undo")
        if rules is None:
            return False
        return move.get("type") in rules.MOVES and all(e.get("type") in rules.SAFE_EVENTS for e in events)

    def forfeit(self, state: State, seat: int) -> Outcome | None:
        """The outcome when `seat` leaves (resigns, or runs out of time with `forfeit`),
        or None when the game goes on without it (the service then plays the seat
        with the random bot). Default: a two-player game ends, the other seat
        winning; with more seats, None."""
        if self.players(state) != 2:
            return None
        other = 1 - seat
        scores = [int(s == other) for s in range(2)]
        return Outcome(
            scores=scores,
            breakdown=[{"forfeit": s} for s in scores],
            ranks=[1 if s == other else 2 for s in range(2)],
            winners=[other],
            tiebreak=f"Seat {seat} left the game.",
        )

    # --- shared -------------------------------------------------------------
    def apply(self, state: State, seat: int, move: Any) -> list[Event]:
        """Validate the move's shape and turn, then play it by the rules."""
        try:
            loaded = self.move_schema.load(move)
        except ValidationError as err:
            raise IllegalMove("validation_error", "The move is malformed.", errors=err.messages) from None
        if self.outcome(state) is not None:
            raise IllegalMove("match_finished", "The game is over.")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "{seat} is not to act now.", seat=seat)
        return self.play(state, seat, loaded)

    def load_options(self, options: dict | None) -> dict:
        """Options as the game's schema loads them (defaults filled in)."""
        return self.options().load(options or {})

    def catalogue(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }
