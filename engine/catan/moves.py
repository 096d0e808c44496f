"""The shapes of Catan's moves (one schema per move type, one-of by "type").

Big decisions are split into small moves: a domestic offer is drafted card by
card (`propose_trade`, `offer_give`, `offer_get`, then `send_offer`), a 7's
discard is one card per move. Shape only here; the rules live in game.py.
"""

from marshmallow import fields, validate

from engine.catan.board import N_EDGES, N_HEXES, N_NODES
from engine.catan.data import RESOURCES
from engine.core import MoveSchema, MoveUnion


def _type(name):
    return fields.String(required=True, validate=validate.Equal(name))


def _resource(**kw):
    return fields.String(validate=validate.OneOf(RESOURCES), **kw)


def _seat(**kw):
    return fields.Integer(strict=True, validate=validate.Range(0, 3), **kw)


def _schema(name, doc, **fields_):
    """One move type's schema: its `type` plus the given fields."""
    attrs = {"type": _type(name), "__doc__": doc, **fields_}
    return type("".join(part.title() for part in name.split("_")) + "Move", (MoveSchema,), attrs)


MOVE_TYPES = {
    "roll": _schema("roll", "Roll the two dice (start of your turn, once)."),
    "build_road": _schema(
        "build_road",
        "Build a road on a path (free in the set-up and with Road Building).",
        edge=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_EDGES - 1)),
    ),
    "build_settlement": _schema(
        "build_settlement",
        "Build a settlement on an intersection (free in the set-up).",
        node=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_NODES - 1)),
    ),
    "build_city": _schema(
        "build_city",
        "Upgrade one of your settlements to a city.",
        node=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_NODES - 1)),
    ),
    "buy_development": _schema("buy_development", "Buy the top development card."),
    "play_knight": _schema("play_knight", "Play a knight: move the robber and steal."),
    "play_road_building": _schema("play_road_building", "Play Road Building: two free roads."),
    "play_year_of_plenty": _schema(
        "play_year_of_plenty",
        "Play Year of Plenty: take two resources from the bank.",
        resources=fields.List(_resource(), required=True, validate=validate.Length(1, 2)),
    ),
    "play_monopoly": _schema(
        "play_monopoly",
        "Play Monopoly: every opponent gives you all cards of one resource.",
        resource=_resource(required=True),
    ),
    "move_robber": _schema(
        "move_robber",
        "Move the robber to another hex and steal from one adjacent opponent (or nobody).",
        hex=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_HEXES - 1)),
        victim=_seat(required=True, allow_none=True),
    ),
    "discard": _schema(
        "discard", "Discard one resource card (after a 7, while you owe cards).", resource=_resource(required=True)
    ),
    "maritime_trade": _schema(
        "maritime_trade",
        "Trade with the bank at 4:1, or 3:1 / 2:1 through your harbours.",
        give=_resource(required=True),
        get=_resource(required=True),
    ),
    "propose_trade": _schema("propose_trade", "Start drafting a domestic offer."),
    "offer_give": _schema(
        "offer_give", "Add one card you give to the offer being drafted.", resource=_resource(required=True)
    ),
    "offer_get": _schema(
        "offer_get", "Add one card you ask for to the offer being drafted.", resource=_resource(required=True)
    ),
    "send_offer": _schema(
        "send_offer",
        "Send the drafted offer to the listed opponents.",
        to=fields.List(_seat(), required=True, validate=validate.Length(1, 3)),
    ),
    "cancel_offer": _schema("cancel_offer", "Drop the offer being drafted or awaiting answers."),
    "accept_offer": _schema("accept_offer", "Accept the offer addressed to you."),
    "decline_offer": _schema("decline_offer", "Decline the offer addressed to you."),
    "confirm_trade": _schema(
        "confirm_trade",
        "Trade with one player who accepted your offer.",
        seat=_seat(required=True),
    ),
    "end_turn": _schema("end_turn", "End your turn; the next player rolls."),
}


# --- a fast path for well-formed moves ---------------------------------------
# The marshmallow schemas above are the definition (and the OpenAPI
# document). Loading through marshmallow costs more than a whole Catan move,
# so plainly well-formed moves (exact JSON types, in range) are checked here
# and copied; anything else goes through marshmallow unchanged, which gives
# the same result for these and the field errors for the rest. A test
# checks the two agree (tests/engine/catan/test_moves.py).
_RESOURCE_SET = frozenset(RESOURCES)


def _int_in(low, high):
    return lambda v: type(v) is int and low <= v <= high


def _is_resource(v):
    return type(v) is str and v in _RESOURCE_SET


_is_seat = _int_in(0, 3)

FAST_SHAPES = {
    "roll": {},
    "buy_development": {},
    "play_knight": {},
    "play_road_building": {},
    "propose_trade": {},
    "cancel_offer": {},
    "accept_offer": {},
    "decline_offer": {},
    "end_turn": {},
    "build_road": {"edge": _int_in(0, N_EDGES - 1)},
    "build_settlement": {"node": _int_in(0, N_NODES - 1)},
    "build_city": {"node": _int_in(0, N_NODES - 1)},
    "play_year_of_plenty": {
        "resources": lambda v: type(v) is list and 1 <= len(v) <= 2 and all(_is_resource(r) for r in v)
    },
    "play_monopoly": {"resource": _is_resource},
    "move_robber": {"hex": _int_in(0, N_HEXES - 1), "victim": lambda v: v is None or _is_seat(v)},
    "discard": {"resource": _is_resource},
    "maritime_trade": {"give": _is_resource, "get": _is_resource},
    "offer_give": {"resource": _is_resource},
    "offer_get": {"resource": _is_resource},
    "send_offer": {"to": lambda v: type(v) is list and 1 <= len(v) <= 3 and all(_is_seat(s) for s in v)},
    "confirm_trade": {"seat": _is_seat},
}
assert set(FAST_SHAPES) == set(MOVE_TYPES)


class CatanMoves(MoveUnion):
    """The one-of-by-type move schema, with a fast path for well-formed moves."""

    def load(self, data):
        if type(data) is dict:
            kind = data.get("type") if "type" in data else None
            shape = FAST_SHAPES.get(kind) if type(kind) is str else None
            if (
                shape is not None
                and len(data) == len(shape) + 1
                and all(key in shape and shape[key](value) for key, value in data.items() if key != "type")
            ):
                return {key: value[:] if type(value) is list else value for key, value in data.items()}
        return super().load(data)


MOVES = CatanMoves(MOVE_TYPES)
