"""The shapes of Medici vs Strozzi's moves (one schema per move type).

A turn is split into small moves: the drawer's first tile is revealed as
the turn opens; he may `draw` a second and a third, then makes an `offer`;
the opponent answers `buy` or `decline`; the buyer
then `load`s the lot onto one ship (naming its harbour) or `discard`s it.
Shape only here; the rules live in game.py.
"""

from marshmallow import fields, validate

from engine.core import MoveSchema, MoveUnion
from engine.medici.data import HARBOUR_GOODS, MAX_PRICE, SHIP_CAPACITY


def _type(name):
    return fields.String(required=True, validate=validate.Equal(name))


class DrawMove(MoveSchema):
    """Draw one more tile from the bag (the drawer's 2nd or 3rd; the 1st opens the turn)."""

    type = _type("draw")


class OfferMove(MoveSchema):
    """Name the price of the revealed lot (the drawer)."""

    type = _type("offer")
    price = fields.Integer(required=True, strict=True, validate=validate.Range(0, MAX_PRICE))


class BuyMove(MoveSchema):
    """Buy the lot at the offered price (the opponent of the drawer)."""

    type = _type("buy")


class DeclineMove(MoveSchema):
    """Refuse the lot: the drawer must then buy it at his own price."""

    type = _type("decline")


class LoadMove(MoveSchema):
    """Load the whole lot onto one of your ships, moored (or to moor) in a harbour."""

    type = _type("load")
    ship = fields.Integer(required=True, strict=True, validate=validate.Range(0, len(SHIP_CAPACITY) - 1))
    harbour = fields.Integer(required=True, strict=True, validate=validate.Range(0, len(HARBOUR_GOODS) - 1))


class DiscardMove(MoveSchema):
    """Throw the whole bought lot away instead of loading it."""

    type = _type("discard")


MOVES = MoveUnion(
    {
        "draw": DrawMove,
        "offer": OfferMove,
        "buy": BuyMove,
        "decline": DeclineMove,
        "load": LoadMove,
        "discard": DiscardMove,
    }
)
