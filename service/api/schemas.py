"""Request and response schemas: they validate input and write the OpenAPI document."""

from marshmallow import INCLUDE, Schema, fields, validate

from engine.core import EventSchema, OutcomeSchema
from service.errors import STATUS

MAX_SEED = 2**63 - 1


class ProblemSchema(Schema):
    """RFC 9457 problem details. Members beyond these carry what helps a client (`version` on
    stale_version, `open_seats` on seat_taken, the engine's details on illegal_move, ...)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"example": "https://portside.dev/problems/illegal_move"})
    title = fields.String(required=True, metadata={"example": "Illegal move"})
    status = fields.Integer(required=True, metadata={"example": 422})
    detail = fields.String(required=True, metadata={"example": "You cannot afford this card."})
    code = fields.String(
        required=True,
        validate=validate.OneOf(sorted(STATUS)),
        metadata={"example": "illegal_move", "description": "Stable, machine-readable."},
    )
    reason = fields.String(metadata={"description": "On illegal_move: the engine's own code for the rule broken."})
    errors = fields.Dict(metadata={"description": "On validation_error: the field errors, by field name."})
    version = fields.Integer(metadata={"description": "On stale_version: the match's current version."})
    open_seats = fields.List(fields.Integer(), metadata={"description": "On seat_taken: the seats still open."})


class GameSchema(Schema):
    id = fields.String(required=True, metadata={"example": "speicherstadt"})
    title = fields.String(required=True, metadata={"example": "Speicherstadt"})
    min_players = fields.Integer(required=True, metadata={"example": 2})
    max_players = fields.Integer(required=True, metadata={"example": 5})
    options = fields.Raw(required=True, metadata={"description": "JSON Schema of the match options."})
    bots = fields.List(fields.String(), required=True, metadata={"example": ["random", "greedy"]})
    moves = fields.String(required=True, metadata={"description": "Name of the game's move schema in this document."})
    static = fields.String(required=True, metadata={"description": "URL of the data shared by every match (cache it)."})


class CreateMatchSchema(Schema):
    game = fields.String(required=True, metadata={"example": "speicherstadt"})
    players = fields.Integer(required=True, validate=validate.Range(1, 16), metadata={"example": 3})
    options = fields.Dict(load_default=dict, metadata={"description": "The game's options (see /v1/games)."})
    seed = fields.Integer(
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
        keys=fields.String(validate=validate.Regexp(r"^\d{1,2}$")),
        values=fields.String(validate=validate.Length(1, 40)),
        load_default=dict,
        metadata={"description": 'Seats played by server bots: {"1": "greedy"}.', "example": {"1": "random"}},
    )


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True, metadata={"example": 0})
    token = fields.String(
        required=True, metadata={"description": "Secret, shown once. Send as `Authorization: Bearer <token>`."}
    )


class BotSeatSchema(Schema):
    seat = fields.Integer(required=True)
    bot = fields.String(required=True)


class CreatedSchema(Schema):
    id = fields.String(required=True, metadata={"example": "kq3J9x0b2F1mZs8T"})
    game = fields.String(required=True)
    players = fields.Integer(required=True)
    version = fields.Integer(required=True)
    seed_commitment = fields.String(
        required=True,
        metadata={
            "description": "SHA-256 (hex) of the seed's decimal digits; the seed is revealed by /replay after the end."
        },
    )
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)
    open_seats = fields.List(fields.Integer(), required=True)
    bots = fields.List(fields.Nested(BotSeatSchema), required=True)


class JoinSchema(Schema):
    seat = fields.Integer(
        load_default=None, allow_none=True, metadata={"description": "The seat wanted; omit for the first open one."}
    )


class JoinedSchema(Schema):
    id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)


class SeatStatusSchema(Schema):
    seat = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["open", "taken", "bot"]))
    bot = fields.String(metadata={"description": "The bot playing the seat, when status is bot."})


class MatchSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "Bumped by every move; also the ETag."})
    status = fields.String(required=True, validate=validate.OneOf(["active", "finished"]))
    seat = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The caller's seat; null for a spectator."}
    )
    to_act = fields.List(fields.Integer(), required=True)
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
        required=True, allow_none=True, metadata={"description": "Scores, breakdown, ranks, winners."}
    )
    players = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatStatusSchema), required=True)
    seed_commitment = fields.String(required=True)


class MoveAnswerSchema(Schema):
    version = fields.Integer(required=True)
    events = fields.List(
        fields.Nested(EventSchema),
        required=True,
        metadata={"description": "The events of this move (and the bots' answers) that the caller may see."},
    )
    match = fields.Nested(MatchSchema, required=True)


class EventsQuerySchema(Schema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, None),
        metadata={"description": "Return entries with a version above this."},
    )
    wait = fields.Float(
        load_default=0,
        validate=validate.Range(0, 30),
        metadata={"description": "Seconds to wait for a new entry when there is none (long-poll)."},
    )


class LogEntrySchema(Schema):
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    bot = fields.String(metadata={"description": "The server bot that played, if one did."})
    events = fields.List(fields.Nested(EventSchema), required=True)


class LogSchema(Schema):
    after = fields.Integer(required=True)
    version = fields.Integer(
        required=True, metadata={"description": "The last version returned; pass it as `after` next."}
    )
    entries = fields.List(fields.Nested(LogEntrySchema), required=True)


class ReplayMoveSchema(Schema):
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    move = fields.Dict(required=True)


class ReplaySchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.Integer(required=True)
    options = fields.Dict(required=True)
    seed = fields.Integer(required=True)
    seed_commitment = fields.String(required=True)
    moves = fields.List(fields.Nested(ReplayMoveSchema), required=True)
    outcome = fields.Nested(OutcomeSchema, required=True)
