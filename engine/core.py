"""The contract every game implements, and the types it speaks in.

A game is one object (a `Game` subclass instance) whose methods are pure
functions of a state: the service loads a state, calls the game, and stores
the result. See shared/DESIGN.md, "Engine contract".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from marshmallow import Schema, ValidationError, fields

Move = dict[str, Any]
State = Any


class IllegalMove(Exception):
    """A move the rules refuse. The state is left exactly as it was.

    `code` is stable and machine-readable (`illegal_move`, `not_your_turn`,
    `validation_error`, ...); `message` says the rule in words; `details`
    carries whatever helps a client (the field errors, the price, ...).
    """

    def __init__(self, code: str, message: str, **details: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

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


def is_range(value: Any) -> bool:
    """A legal-move parameter listed as {"min": a, "max": b} (a price)."""
    return isinstance(value, dict) and set(value) == {"min", "max"}


def instantiate(move: Move, pick) -> Move:
    """A concrete move from a listed one: each range replaced by pick(min, max)."""
    return {k: pick(v["min"], v["max"]) if is_range(v) else v for k, v in move.items()}


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
            raise ValidationError(
                {"type": [f"Must be one of: {', '.join(sorted(self.members))}."]}
            )
        return schema.load(data)


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

    # --- to implement -------------------------------------------------------
    def setup(self, players: int, options: dict, seed: int) -> State:
        raise NotImplementedError

    def players(self, state: State) -> int:
        """How many seats the match has."""
        raise NotImplementedError

    def to_act(self, state: State) -> set[int]:
        """The seats that may move now; empty once the game is over."""
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move of that seat, each POSTable unchanged (ranges aside);
        [] for a seat that is not to act."""
        raise NotImplementedError

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

    def static(self) -> dict | None:
        """Data that is the same in every match of this game (a board's geometry),
        served once and cached by clients instead of repeated in every view."""
        return None

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
            raise IllegalMove("not_your_turn", f"Seat {seat} is not to act now.")
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
