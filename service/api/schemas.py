"""Request and response schemas: they validate input and write the OpenAPI document."""

import re

from marshmallow import INCLUDE, RAISE, Schema, fields, validate

from engine import registry
from engine.core import EventSchema, OutcomeSchema
from service import versions
from service.errors import STATUS
from service.names import NAME_MAX


class JsonBoolean(fields.Boolean):
    """JSON true or false only (marshmallow's Boolean also takes "yes", 1, "on"...)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


MAX_SEED = 2**63 - 1
MAX_VERSION = 2**53  # a log's versions are Redis stream ids: bounded well inside 64 bits
# One spelling per seat in a map keyed by seat: "01" and "1" would both name seat 1, and one would silently win.
SEAT_KEY = validate.Regexp(r"(0|[1-9][0-9]?)\Z", error="A seat number, as 0, 1, 2 (no leading zero).")


class WholeNumber(fields.Integer):
    """An integer, strictly (every integer field of the API is one: tests/service/test_bad_input.py).

    In a JSON body, a JSON integer: 60.7 and 60.0 are refused, never truncated, and so is "60".
    In a query string or a header (`text=True`), ASCII digits only: not "60.7", "+60", "-0", " 60" or "6_0"."""

    _DIGITS = re.compile(r"[0-9]{1,40}")
    default_error_messages = {"digits": "Not a whole number: ASCII digits only, 0 or more."}

    def __init__(self, *, text: bool = False, **kwargs):
        super().__init__(strict=True, **kwargs)
        self.text = text

    def _validated(self, value):
        if self.text and isinstance(value, str):
            if not self._DIGITS.fullmatch(value):
                raise self.make_error("digits")
            value = int(value)
        return super()._validated(value)


class TextSeconds(fields.Float):
    """Seconds in a query string: ASCII digits with an optional decimal part ("2", "0.5", or a float
    as Python or JavaScript prints it, "0.3333333333333333", up to 24 decimals), not what Python's
    float() also reads ("1_0", "1e1", " 1", full-width digits)."""

    _DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{1,24})?")
    default_error_messages = {"decimal": "Not a number of seconds: ASCII digits, with an optional decimal part."}

    def _validated(self, value):
        if isinstance(value, str) and not self._DECIMAL.fullmatch(value):
            raise self.make_error("decimal")
        return super()._validated(value)


class ProblemSchema(Schema):
    """RFC 9457 problem details. Members beyond these carry what helps a client: those listed, and
    on illegal_move the engine's own details of the rule broken (a game's, named in its refusal)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"example": "https://portside.dev/problems/illegal_move"})
    title = fields.String(required=True, metadata={"example": "Illegal move"})
    status = WholeNumber(required=True, metadata={"example": 422})
    detail = fields.String(required=True, metadata={"example": "You cannot afford this card."})
    code = fields.String(
        required=True,
        validate=validate.OneOf(sorted(STATUS)),
        metadata={"example": "illegal_move", "description": "Stable, machine-readable."},
    )
    reason = fields.String(
        metadata={
            "description": "On illegal_move: the engine's own code for the rule broken "
            "(`illegal_move` where the engine names no finer one)."
        }
    )
    errors = fields.Dict(
        metadata={"description": "On validation_error: the field errors, by field name (the first 50 fields)."}
    )
    more_errors = WholeNumber(
        metadata={"description": "On validation_error: how many more fields are in error than `errors` lists."}
    )
    version = WholeNumber(metadata={"description": "On stale_version: the match's current version."})
    open_seats = fields.List(WholeNumber(), metadata={"description": "On seat_taken: the seats still open."})
    seat = WholeNumber(metadata={"description": "On not_your_turn: the caller's seat, which is not to act now."})


# A game id as the document lists it: the registered games, so a generated client can pass one
# it was given (a created match's, a lobby entry's) to createMatch as it is.
GAME_IDS = {"enum": sorted(registry.GAMES)}


class GameSchema(Schema):
    id = fields.String(required=True, metadata={"example": "speicherstadt", **GAME_IDS})
    title = fields.String(required=True, metadata={"example": "Speicherstadt"})
    min_players = WholeNumber(required=True, metadata={"example": 2})
    max_players = WholeNumber(required=True, metadata={"example": 5})
    options = fields.Dict(required=True, metadata={"description": "JSON Schema of the match options."})
    bots = fields.List(fields.String(), required=True, metadata={"example": ["random", "greedy"]})
    moves = fields.String(
        required=True,
        metadata={
            "description": "A reference to the game's move schema in this document "
            "(`#/components/schemas/<Game>Move`).",
            "example": "#/components/schemas/SpeicherstadtMove",
        },
    )
    static = fields.String(required=True, metadata={"description": "URL of the data shared by every match (cache it)."})


class CreateMatchSchema(Schema):
    # The document lists the registered ids; the check is _validated_creation's (service/api/matches.py),
    # whose 422 names the game asked for.
    game = fields.String(
        required=True,
        metadata={
            "example": "speicherstadt",
            **GAME_IDS,
            "description": "A game id of GET /v1/games.",
        },
    )
    players = WholeNumber(required=True, validate=validate.Range(1, 16), metadata={"example": 3})
    options = fields.Dict(
        load_default=dict,
        metadata={"description": "The game's options, as its `<Game>Options` says (GET /v1/games/{game_id} too)."},
    )
    seed = WholeNumber(
        validate=validate.Range(0, MAX_SEED),
        allow_none=True,
        load_default=None,
        metadata={"description": "Fix the randomness (tests, replays). Omit for a secret random seed."},
    )
    seats = fields.String(
        load_default="all",
        validate=validate.OneOf(["all", "one"]),
        metadata={
            "description": "`all`: a token for every seat (hot-seat, scripts). "
            "`one`: only the first seat's; the rest open to join."
        },
    )
    bots = fields.Dict(
        keys=fields.String(validate=SEAT_KEY),
        values=fields.String(validate=validate.Length(1, 40)),
        load_default=dict,
        metadata={"description": 'Seats played by server bots: {"1": "greedy"}.', "example": {"1": "random"}},
    )
    # A match's life (service/lifecycle.py): schemas in life_schemas.py.
    listed = JsonBoolean(
        load_default=False,
        metadata={"description": "Show the match in the lobby (GET /v1/matches)."},
    )
    names = fields.Dict(
        keys=fields.String(validate=SEAT_KEY),
        # The lengths documented, not checked here: service/names.py refuses a name and says why.
        values=fields.String(metadata={"minLength": 1, "maxLength": NAME_MAX}),
        load_default=dict,
        metadata={
            "description": (
                "Display names by seat (1 to 32 printable characters), one per seat: no two alike (case and"
                " look-alike letters aside), none a seat's label or the name the game gives another seat (a"
                " game's view may name its seats in `players[].name`; texts call an unnamed seat so)."
            ),
            "example": {"0": "Ana"},
        },
    )
    clock = fields.Nested("ClockSchema", load_default=None, allow_none=True)
    undo = fields.String(
        load_default="never",
        validate=validate.OneOf(["never", "own_move"]),
        metadata={"description": "`own_move`: a seat may take back its last move (POST .../undo)."},
    )


class SeatTokenSchema(Schema):
    seat = WholeNumber(required=True, metadata={"example": 0})
    token = fields.String(
        required=True, metadata={"description": "Secret, shown once. Send as `Authorization: Bearer <token>`."}
    )


class BotSeatSchema(Schema):
    seat = WholeNumber(required=True)
    bot = fields.String(required=True)


class CreatedSchema(Schema):
    id = fields.String(required=True, metadata={"example": "b53bbd88623c3372d688"})
    game = fields.String(required=True, metadata=GAME_IDS)
    players = WholeNumber(required=True)
    version = WholeNumber(required=True)
    seed_commitment = fields.String(
        required=True,
        metadata={
            "description": "SHA-256 (hex) of the seed's decimal digits; the seed is revealed by /replay after the end."
        },
    )
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)
    open_seats = fields.List(WholeNumber(), required=True)
    bots = fields.List(fields.Nested(BotSeatSchema), required=True)


EMPTY_BODY = "None, or `{}`: this operation takes no fields."


def empty_body(blp):
    """A POST that takes no fields declares the body it accepts (none, or `{}`): webargs refuses a
    field sent (422, `Unknown field.` under its name) rather than the operation ignore it."""
    return blp.arguments(EmptySchema(), required=False, example={}, description=EMPTY_BODY)


class EmptySchema(Schema):
    """The body of a POST that takes no fields (resign, abort, undo, rematch, a stream ticket): none, or
    `{}`. A field sent is refused (422, `Unknown field.` under its name), never silently ignored: a `seat`
    in a stream ticket's body would not choose the seat."""

    class Meta:
        unknown = RAISE  # documented as `additionalProperties: false` (apispec drops it if Meta has a description)


class JoinSchema(Schema):
    seat = WholeNumber(
        load_default=None,
        allow_none=True,
        validate=validate.Range(0, 15),
        metadata={"description": "The seat wanted; omit for the first open one."},
    )
    name = fields.String(
        load_default=None,
        metadata={
            "description": (
                "Your display name (1 to 32 characters): not another seat's (case and look-alike letters"
                " aside), nor a seat's label or the name the game gives a seat other than `seat` (its view's"
                " `players[].name`)."
            ),
            "minLength": 1,
            "maxLength": 32,
        },
    )


class JoinedSchema(Schema):
    id = fields.String(required=True)
    seat = WholeNumber(required=True)
    token = fields.String(required=True)


class SeatStatusSchema(Schema):
    seat = WholeNumber(required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["open", "taken", "bot", "reserved"]),
        metadata={"description": "`reserved`: kept in a rematch for the former seat holder."},
    )
    bot = fields.String(metadata={"description": "The bot playing the seat, when status is bot."})
    name = fields.String(required=True, allow_none=True, metadata={"example": "Ana", "description": "Display name."})


class MatchSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    version = WholeNumber(required=True, metadata={"description": "Bumped by every move."})
    commit = fields.String(
        required=True,
        metadata={
            "description": 'The commit id of `version` (the ETag is `"<version>.<commit>"`): a new one with every '
            "version, so a match that storage lost and that reached this version again with other moves has "
            'another. Send `If-Match: "<version>.<commit>"` with a move to have it refused (409) then.',
            "example": "5f3a09c2be41",
        },
    )
    status = fields.String(required=True, validate=validate.OneOf(["active", "finished"]))
    seat = WholeNumber(
        required=True, allow_none=True, metadata={"description": "The caller's seat; null for a spectator."}
    )
    to_act = fields.List(WholeNumber(), required=True)
    view = fields.Dict(required=True, metadata={"description": "What the caller may see; the game's own shape."})
    legal_moves = fields.List(
        fields.Dict(), required=True, metadata={"description": "Every move the caller may POST now, as is."}
    )
    move_templates = fields.List(
        fields.Dict(),
        required=True,
        metadata={
            "description": "Moves with parameters (a price, cards to choose): POST the template's `move` with "
            "a value for each of its `params` (kind integer, counts or seats)."
        },
    )
    outcome = fields.Dict(
        required=True, allow_none=True, metadata={"description": "Scores, breakdown, ranks, winners, names."}
    )
    players = WholeNumber(required=True)
    seats = fields.List(fields.Nested(SeatStatusSchema), required=True)
    seed_commitment = fields.String(required=True)
    move_labels = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "A short label per legal move, index by index, in the Accept-Language language "
            "(en, fr); each of `move_templates` has its own `label`.",
        },
    )
    clock = fields.Nested("ClockStateSchema", required=True, allow_none=True)
    undo = fields.String(required=True, validate=validate.OneOf(["never", "own_move"]))
    can_undo = fields.Boolean(
        required=True,
        metadata={
            "description": "Whether POST .../undo would take back the caller's last move now (with `undo: "
            "own_move`, while no one else has moved since, and the move drew no chance and revealed nothing)."
        },
    )
    ended = fields.Nested(
        "EndedSchema",
        required=True,
        allow_none=True,
        metadata={"description": "How a match ended other than by its rules (resign, timeout, abort)."},
    )
    rematch = fields.String(
        required=True, allow_none=True, metadata={"description": "The rematch's id, once one is created."}
    )


class MoveAnswerSchema(Schema):
    version = WholeNumber(required=True)
    events = fields.List(
        fields.Nested(EventSchema),
        required=True,
        metadata={
            "description": "The events of this move (and the bots' answers) that the caller may see; "
            "each with `text`, one line of words in the Accept-Language language."
        },
    )
    match = fields.Nested(MatchSchema, required=True)


def commit_param() -> fields.String:
    """The `commit` query parameter of /events and the stream (service/versions.py)."""
    return fields.String(
        validate=validate.Regexp(rf"^{versions.COMMIT_PATTERN}$"),
        metadata={
            "description": "The commit id of the version `after` as you got it (a page's `commit`, the last entry's "
            "`commit`, or the ETag's part after the dot): if storage lost that commit (a Redis restarted "
            "from an older snapshot) and the match reached the version again with other moves, the answer is a "
            "resync, not what comes after. Without it `after` is taken as a number alone."
        },
    )


class EventsQuerySchema(Schema):
    after = WholeNumber(
        text=True,
        load_default=0,
        validate=validate.Range(0, MAX_VERSION),
        metadata={"description": "Return entries with a version above this."},
    )
    commit = commit_param()
    wait = TextSeconds(
        load_default=0,
        validate=validate.Range(0, 30),
        metadata={
            "description": "Seconds to wait for a new entry when there is none (long-poll): digits with "
            "at most 24 decimals (`0.25`, `0.3333333333333333`), no exponent (`1e-05` is refused)."
        },
    )


class LogEntrySchema(Schema):
    version = WholeNumber(required=True)
    seat = WholeNumber(required=True, allow_none=True)
    bot = fields.String(metadata={"description": "The server bot that played, if one did."})
    kind = fields.String(
        validate=validate.OneOf(["opening", "timeout", "resign", "abort", "undo", "rematch", "join", "too_long"]),
        metadata={
            "description": "Absent for a move; else what the service did. `opening`: what the game's set-up "
            "showed (a first tile drawn, the first cards turned up): version 1, seat null, in a game whose set-up "
            "shows something."
        },
    )
    undoes = WholeNumber(metadata={"description": "For `undo`: the version whose move is taken back."})
    match = fields.String(metadata={"description": "For `rematch`: the new match's id."})
    commit = fields.String(
        metadata={
            "description": "The commit id of the move or operation that wrote this entry (absent in a match written "
            "before commit ids): resume after it with `after=<version>&commit=<commit>`.",
            "example": "5f3a09c2be41",
        }
    )
    events = fields.List(fields.Nested(EventSchema), required=True, metadata={"description": "Each with its `text`."})


class LogSchema(Schema):
    after = WholeNumber(required=True)
    version = WholeNumber(
        required=True, metadata={"description": "The last version returned; pass it as `after` next."}
    )
    commit = fields.String(
        required=True,
        metadata={
            "description": "The commit id of `version`; pass it as `commit` next. Empty when no entry came and "
            "the request named none (or for a match written before commit ids)."
        },
    )
    entries = fields.List(fields.Nested(LogEntrySchema), required=True)
    resync = fields.Boolean(
        metadata={
            "description": "Present (true) when the server no longer has your `after` (storage lost its last "
            "writes): `version` and `commit` are the server's; read the match again from there."
        }
    )


class ReplayMoveSchema(Schema):
    version = WholeNumber(required=True)
    seat = WholeNumber(required=True)
    move = fields.Dict(required=True)


class ReplaySchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = WholeNumber(required=True)
    options = fields.Dict(required=True)
    seed = WholeNumber(required=True)
    seed_commitment = fields.String(required=True)
    moves = fields.List(fields.Nested(ReplayMoveSchema), required=True)
    outcome = fields.Nested(
        OutcomeSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The result; null when the match ended without one: aborted by its creator "
            "(`ended.reason` abort in the match)."
        },
    )
