"""Request and response schemas: they validate input and write the OpenAPI document."""

from marshmallow import Schema, fields, validate

MAX_SEED = 2**63 - 1
MAX_VERSION = 2**53  # a log's versions are Redis stream ids: bounded well inside 64 bits


class ProblemSchema(Schema):
    type = fields.String(metadata={"example": "https://portside.dev/problems/illegal_move"})
    title = fields.String(metadata={"example": "Illegal move"})
    status = fields.Integer(metadata={"example": 422})
    detail = fields.String(metadata={"example": "You cannot afford this card."})
    code = fields.String(metadata={"example": "illegal_move", "description": "Stable, machine-readable."})
    reason = fields.String(metadata={"description": "The engine's own code for a rule violation."})
    errors = fields.Raw(metadata={"description": "Field errors, by field name."})


class GameSchema(Schema):
    id = fields.String(metadata={"example": "speicherstadt"})
    title = fields.String(metadata={"example": "Speicherstadt"})
    min_players = fields.Integer(metadata={"example": 2})
    max_players = fields.Integer(metadata={"example": 5})
    options = fields.Raw(metadata={"description": "JSON Schema of the match options."})
    bots = fields.List(fields.String(), metadata={"example": ["random", "greedy"]})
    moves = fields.String(metadata={"description": "Name of the game's move schema in this document."})
    static = fields.String(metadata={"description": "URL of the data shared by every match (cache it)."})


class CreateMatchSchema(Schema):
    game = fields.String(required=True, metadata={"example": "speicherstadt"})
    players = fields.Integer(required=True, strict=True, validate=validate.Range(1, 16), metadata={"example": 3})
    options = fields.Dict(load_default=dict, metadata={"description": "The game's options (see /v1/games)."})
    seed = fields.Integer(
        strict=True,
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
    seat = fields.Integer(metadata={"example": 0})
    token = fields.String(metadata={"description": "Secret, shown once. Send as `Authorization: Bearer <token>`."})


class BotSeatSchema(Schema):
    seat = fields.Integer()
    bot = fields.String()


class CreatedSchema(Schema):
    id = fields.String(metadata={"example": "kq3J9x0b2F1mZs8T"})
    game = fields.String()
    players = fields.Integer()
    version = fields.Integer()
    seed_commitment = fields.String(
        metadata={
            "description": "SHA-256 (hex) of the seed's decimal digits; the seed is revealed by /replay after the end."
        }
    )
    seats = fields.List(fields.Nested(SeatTokenSchema))
    open_seats = fields.List(fields.Integer())
    bots = fields.List(fields.Nested(BotSeatSchema))


class JoinSchema(Schema):
    seat = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(0, 15),
        metadata={"description": "The seat wanted; omit for the first open one."},
    )


class JoinedSchema(Schema):
    id = fields.String()
    seat = fields.Integer()
    token = fields.String()


class SeatStatusSchema(Schema):
    seat = fields.Integer()
    status = fields.String(validate=validate.OneOf(["open", "taken", "bot"]))
    bot = fields.String()


class MatchSchema(Schema):
    id = fields.String()
    game = fields.String()
    version = fields.Integer(metadata={"description": "Bumped by every move; also the ETag."})
    status = fields.String(validate=validate.OneOf(["active", "finished"]))
    seat = fields.Integer(allow_none=True, metadata={"description": "The caller's seat; null for a spectator."})
    to_act = fields.List(fields.Integer())
    view = fields.Dict(metadata={"description": "What the caller may see; the game's own shape."})
    legal_moves = fields.List(fields.Dict(), metadata={"description": "Every move the caller may POST now, as is."})
    move_templates = fields.List(
        fields.Dict(),
        metadata={
            "description": "Moves with parameters (a price, cards to choose): POST the template's `move` with "
            "a value for each of its `params` (kind integer, counts or seats)."
        },
    )
    outcome = fields.Dict(allow_none=True, metadata={"description": "Scores, breakdown, ranks, winners."})
    players = fields.Integer()
    seats = fields.List(fields.Nested(SeatStatusSchema))
    seed_commitment = fields.String()


class MoveAnswerSchema(Schema):
    version = fields.Integer()
    events = fields.List(
        fields.Dict(),
        metadata={"description": "The events of this move (and the bots' answers) that the caller may see."},
    )
    match = fields.Nested(MatchSchema)


class EventsQuerySchema(Schema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, MAX_VERSION),
        metadata={"description": "Return entries with a version above this."},
    )
    wait = fields.Float(
        load_default=0,
        validate=validate.Range(0, 30),
        metadata={"description": "Seconds to wait for a new entry when there is none (long-poll)."},
    )


class LogEntrySchema(Schema):
    version = fields.Integer()
    seat = fields.Integer()
    bot = fields.String()
    events = fields.List(fields.Dict())


class LogSchema(Schema):
    after = fields.Integer()
    version = fields.Integer(metadata={"description": "The last version returned; pass it as `after` next."})
    entries = fields.List(fields.Nested(LogEntrySchema))


class ReplayMoveSchema(Schema):
    version = fields.Integer()
    seat = fields.Integer()
    move = fields.Dict()


class ReplaySchema(Schema):
    id = fields.String()
    game = fields.String()
    players = fields.Integer()
    options = fields.Dict()
    seed = fields.Integer()
    seed_commitment = fields.String()
    moves = fields.List(fields.Nested(ReplayMoveSchema))
    outcome = fields.Dict()
