"""The shapes of Catan's moves (one schema per move type, one-of by "type").

Big decisions are split into small moves: a domestic offer is drafted card by
card (`propose_trade`, `offer_give`, `offer_get`, then `send_offer`), a 7's
discard is one card per move. Shape only here; the rules live in game.py.
"""

from marshmallow import fields, validate

from engine.core import MoveSchema, MoveUnion
from engine.catan.board import N_EDGES, N_HEXES, N_NODES
from engine.catan.data import RESOURCES


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
        "build_road", "Build a road on a path (free in the set-up and with Road Building).",
        edge=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_EDGES - 1)),
    ),
    "build_settlement": _schema(
        "build_settlement", "Build a settlement on an intersection (free in the set-up).",
        node=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_NODES - 1)),
    ),
    "build_city": _schema(
        "build_city", "Upgrade one of your settlements to a city.",
        node=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_NODES - 1)),
    ),
    "buy_development": _schema("buy_development", "Buy the top development card."),
    "play_knight": _schema("play_knight", "Play a knight: move the robber and steal."),
    "play_road_building": _schema("play_road_building", "Play Road Building: two free roads."),
    "play_year_of_plenty": _schema(
        "play_year_of_plenty", "Play Year of Plenty: take two resources from the bank.",
        resources=fields.List(_resource(), required=True, validate=validate.Length(1, 2)),
    ),
    "play_monopoly": _schema(
        "play_monopoly", "Play Monopoly: every opponent gives you all cards of one resource.",
        resource=_resource(required=True),
    ),
    "move_robber": _schema(
        "move_robber", "Move the robber to another hex and steal from one adjacent opponent (or nobody).",
        hex=fields.Integer(required=True, strict=True, validate=validate.Range(0, N_HEXES - 1)),
        victim=_seat(required=True, allow_none=True),
    ),
    "discard": _schema("discard", "Discard one resource card (after a 7, while you owe cards).",
                       resource=_resource(required=True)),
    "maritime_trade": _schema(
        "maritime_trade", "Trade with the bank at 4:1, or 3:1 / 2:1 through your harbours.",
        give=_resource(required=True), get=_resource(required=True),
    ),
    "propose_trade": _schema("propose_trade", "Start drafting a domestic offer."),
    "offer_give": _schema("offer_give", "Add one card you give to the offer being drafted.",
                          resource=_resource(required=True)),
    "offer_get": _schema("offer_get", "Add one card you ask for to the offer being drafted.",
                         resource=_resource(required=True)),
    "send_offer": _schema(
        "send_offer", "Send the drafted offer to the listed opponents.",
        to=fields.List(_seat(), required=True, validate=validate.Length(1, 3)),
    ),
    "cancel_offer": _schema("cancel_offer", "Drop the offer being drafted or awaiting answers."),
    "accept_offer": _schema("accept_offer", "Accept the offer addressed to you."),
    "decline_offer": _schema("decline_offer", "Decline the offer addressed to you."),
    "confirm_trade": _schema(
        "confirm_trade", "Trade with one player who accepted your offer.", seat=_seat(required=True),
    ),
    "end_turn": _schema("end_turn", "End your turn; the next player rolls."),
}

MOVES = MoveUnion(MOVE_TYPES)
