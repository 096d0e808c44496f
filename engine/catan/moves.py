"""The shapes of Catan's moves (one schema per move type, one-of by "type").

One decision, one move: a domestic offer or proposal carries everything it
gives and asks, a 7's discard all the cards discarded. Shape only here; the
rules live in the topic modules (trade.py, production.py, ...).
"""

from marshmallow import fields, validate

from engine.catan.board import N_EDGES, N_HEXES, N_NODES
from engine.catan.data import RESOURCES
from engine.core import MoveSchema, MoveUnion


def _type(name):
    return fields.String(required=True, validate=validate.Equal(name))


def _resource(**kw):
    return fields.String(validate=validate.OneOf(RESOURCES), **kw)


def _cards(**kw):
    """{resource: count}: the cards given, asked for or discarded."""
    return fields.Dict(
        keys=_resource(),
        values=fields.Integer(strict=True, validate=validate.Range(0, 19)),
        validate=validate.Length(1, 5),
        **kw,
    )


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
        "discard",
        "After a 7: discard the cards you owe, all at once (half your hand, rounded down).",
        cards=_cards(required=True),
    ),
    "maritime_trade": _schema(
        "maritime_trade",
        "Trade with the bank at 4:1, or 3:1 / 2:1 through your harbours.",
        give=_resource(required=True),
        get=_resource(required=True),
    ),
    "offer_trade": _schema(
        "offer_trade",
        "Offer cards to all or chosen players (replaces your earlier offer or call); those asked answer.",
        give=_cards(required=True),
        get=_cards(required=True),
        to=fields.List(_seat(), required=True, validate=validate.Length(1, 3)),
    ),
    "call_for_proposals": _schema(
        "call_for_proposals", "Ask every other player for their proposals (no terms of your own)."
    ),
    "withdraw_offer": _schema(
        "withdraw_offer", "Take your offer or call for proposals off the table, even while answers are awaited."
    ),
    "withdraw_proposal": _schema(
        "withdraw_proposal", "When asked: take your standing proposal back (you still answer)."
    ),
    "confirm_trade": _schema(
        "confirm_trade",
        "Trade on your offer with one player who accepted it.",
        seat=_seat(required=True),
    ),
    "accept_proposal": _schema(
        "accept_proposal",
        "Trade on the proposal (or counter-proposal) of that player.",
        seat=_seat(required=True),
    ),
    "accept_offer": _schema("accept_offer", "Accept the active player's offer addressed to you."),
    "propose_trade": _schema(
        "propose_trade",
        "When asked: your own terms to the active player (a proposal, or a counter to the offer;"
        " replaces your earlier proposal).",
        give=_cards(required=True),
        get=_cards(required=True),
    ),
    "decline_trade": _schema("decline_trade", "When asked: no trade from you this time."),
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


def _is_cards(v):
    return (
        type(v) is dict
        and 1 <= len(v) <= 5
        and all(type(k) is str and k in _RESOURCE_SET and type(n) is int and 0 <= n <= 19 for k, n in v.items())
    )


FAST_SHAPES = {
    "roll": {},
    "buy_development": {},
    "play_knight": {},
    "play_road_building": {},
    "call_for_proposals": {},
    "withdraw_offer": {},
    "withdraw_proposal": {},
    "accept_offer": {},
    "decline_trade": {},
    "end_turn": {},
    "build_road": {"edge": _int_in(0, N_EDGES - 1)},
    "build_settlement": {"node": _int_in(0, N_NODES - 1)},
    "build_city": {"node": _int_in(0, N_NODES - 1)},
    "play_year_of_plenty": {
        "resources": lambda v: type(v) is list and 1 <= len(v) <= 2 and all(_is_resource(r) for r in v)
    },
    "play_monopoly": {"resource": _is_resource},
    "move_robber": {"hex": _int_in(0, N_HEXES - 1), "victim": lambda v: v is None or _is_seat(v)},
    "discard": {"cards": _is_cards},
    "maritime_trade": {"give": _is_resource, "get": _is_resource},
    "offer_trade": {
        "give": _is_cards,
        "get": _is_cards,
        "to": lambda v: type(v) is list and 1 <= len(v) <= 3 and all(_is_seat(s) for s in v),
    },
    "propose_trade": {"give": _is_cards, "get": _is_cards},
    "confirm_trade": {"seat": _is_seat},
    "accept_proposal": {"seat": _is_seat},
}
assert set(FAST_SHAPES) == set(MOVE_TYPES)


_MISSING = object()


class CatanMoves(MoveUnion):
    """The one-of-by-type move schema, with a fast path for well-formed moves."""

    def load(self, data):
        if type(data) is dict:
            kind = data.get("type")
            shape = FAST_SHAPES.get(kind) if type(kind) is str else None
            if shape is not None and len(data) == len(shape) + 1:
                loaded = {"type": kind}
                for key, fits in shape.items():
                    value = data.get(key, _MISSING)
                    if value is _MISSING or not fits(value):
                        break
                    loaded[key] = value.copy() if type(value) in (list, dict) else value
                else:
                    return loaded
        return super().load(data)


MOVES = CatanMoves(MOVE_TYPES)
