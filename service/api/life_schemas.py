"""Schemas of a match's life: clock, names, the lobby, rematch (service/lifecycle.py)."""

from marshmallow import Schema, fields, validate

from engine import registry
from engine.core import EventSchema, OutcomeSchema
from service.api.schemas import GAME_IDS, SeatStatusSchema, WholeNumber
from service.names import NAME_MAX


class ClockSchema(Schema):
    seconds = WholeNumber(
        required=True,
        validate=validate.Range(10, 7 * 24 * 3600),
        metadata={"description": "Seconds each seat has for each decision.", "example": 60},
    )
    on_timeout = fields.String(
        load_default="bot",
        validate=validate.OneOf(["bot", "forfeit"]),
        metadata={
            "description": "`bot`: the server plays the late seat's move with the game's random bot. "
            "`forfeit`: the seat leaves (a two-player game ends, the other seat winning; with more seats "
            "the random bot plays it from then on)."
        },
    )


class ClockStateSchema(ClockSchema):
    deadlines = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        metadata={
            "description": "Each seat to act: the unix time by which it must move. Empty while a seat waits for its "
            "player (open to join, or a rematch's not yet claimed): the clocks start when the table is full.",
            "example": {"0": 1.8e9},
        },
    )


def name_field(**kwargs) -> fields.String:
    return fields.String(
        validate=validate.Length(1, NAME_MAX),
        metadata={"description": f"Display name: 1 to {NAME_MAX} printable characters, no markup."},
        **kwargs,
    )


class EndedSchema(Schema):
    reason = fields.String(
        required=True,
        validate=validate.OneOf(["resign", "timeout", "abort", "too_long"]),
        metadata={
            "description": "`too_long`: the log reached its bound (MATCH_LOG_ENTRIES), and the match ended "
            "where it stood, without scores."
        },
    )
    seat = WholeNumber(
        required=True,
        metadata={
            "description": "The seat that resigned, ran out of time or aborted; for `too_long`, the seat whose "
            "write reached the bound."
        },
    )
    outcome = fields.Nested(
        OutcomeSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The result it gave (a resign or timeout that ends the game); null for an abort or "
            "`too_long`."
        },
    )


class LobbyQuerySchema(Schema):
    # No load_default=None: a query string cannot carry null, and a nullable enum makes generated
    # clients spell the parameter's type three times. Absent parameters are read with .get().
    game = fields.String(
        validate=validate.OneOf(sorted(registry.GAMES)), metadata={"description": "Only this game's matches."}
    )
    status = fields.String(
        validate=validate.OneOf(["open", "active", "finished"]),
        metadata={"description": "`open`: seats to join; `active`: every seat filled; `finished`."},
    )
    limit = WholeNumber(text=True, load_default=20, validate=validate.Range(1, 100))
    cursor = fields.String(
        metadata={"description": "The `next` of the previous page; omit for the newest.", "pattern": "^[0-9]{1,20}$"}
    )


class LobbyEntrySchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True, metadata=GAME_IDS)
    players = WholeNumber(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["open", "active", "finished"]))
    seats = fields.List(fields.Nested(SeatStatusSchema), required=True)
    options = fields.Dict(required=True, metadata={"description": "The match's options, its `<Game>Options`."})
    clock = fields.Nested(ClockSchema, required=True, allow_none=True)
    undo = fields.String(required=True, validate=validate.OneOf(["never", "own_move"]))
    created = WholeNumber(required=True, metadata={"description": "Unix time of creation."})
    version = WholeNumber(required=True)


class LobbySchema(Schema):
    matches = fields.List(fields.Nested(LobbyEntrySchema), required=True)
    next = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "Pass as `cursor` for the next page; null: no more (a page short of `limit`, "
            "even empty, is not the end while this is set)."
        },
    )


class RematchSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The new match."})
    seat = WholeNumber(required=True, metadata={"description": "The caller's seat in it (its former seat minus one)."})
    token = fields.String(required=True, metadata={"description": "The caller's new seat token, shown once."})


def register(spec) -> None:
    """Name the schemas that other schemas refer to by name."""
    for name, schema in (
        ("ClockSchema", ClockSchema),
        ("ClockStateSchema", ClockStateSchema),
        ("EndedSchema", EndedSchema),
    ):
        spec.components.schema(name.removesuffix("Schema"), schema=schema)


# --- the service's own events (a match's life), beside each game's events -------------


class _SeatEvent(EventSchema):
    seat = WholeNumber(required=True)


class TimedOut(_SeatEvent):
    """A seat ran out of time."""


class Resigned(_SeatEvent):
    """A seat resigned."""


class Forfeited(_SeatEvent):
    """A seat that timed out was removed from the game."""


class Left(_SeatEvent):
    """The seat left; the random bot plays it from now on."""


class MatchAborted(_SeatEvent):
    """The creator aborted the match before anyone moved."""


class MatchEnded(EventSchema):
    """The match ended early (a two-player game whose other seat left)."""

    winners = fields.List(WholeNumber(), required=True)


class MoveUndone(_SeatEvent):
    """The seat took back its move of `version`."""

    version = WholeNumber(required=True)


class Joined(_SeatEvent):
    """Someone took the seat (its name, if given, is in `seats`)."""


class MatchTooLong(EventSchema):
    """The log reached its bound, the most entries a match may hold: the match ended without scores."""

    entries = WholeNumber(required=True)


class RematchCreated(EventSchema):
    """A rematch was created: `match` is its id."""

    match = fields.String(required=True)


SERVICE_EVENTS = {
    "timed_out": TimedOut,
    "resigned": Resigned,
    "forfeited": Forfeited,
    "left": Left,
    "match_aborted": MatchAborted,
    "match_ended": MatchEnded,
    "move_undone": MoveUndone,
    "rematch": RematchCreated,
    "joined": Joined,
    "match_too_long": MatchTooLong,
}
