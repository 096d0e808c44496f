"""The shapes of Speicherstadt's moves (marshmallow), one schema per type.

The schemas check shape only (types, known names); `game.py` checks the rules.

Demand:    place_worker {card: <the card's row position, 0 = leftmost>}
Purchase:  buy {} | decline {}
Shipping:  deliver {from, good, contract} | sell {from, good}
           store {from, good} | to_market {from, good}
           market_sell {goods: [g, g]} | convert {goods: [g, g, g], take: g}
           done {}
`from` is where the cube is: "ship" (unloaded this round), "warehouse" or "market".
"""

from marshmallow import fields, validate

from engine.core import MoveSchema, MoveUnion
from engine.speicherstadt.data import GOODS, MARKET_CONVERT, MARKET_SELL

SOURCES = ("ship", "warehouse", "market")


def _good(**kwargs):
    return fields.String(required=True, validate=validate.OneOf(GOODS), **kwargs)


def _source():
    return fields.String(required=True, data_key="from", validate=validate.OneOf(SOURCES))


def _goods(count):
    return fields.List(_good(), required=True, validate=validate.Length(equal=count))


class PlaceWorker(MoveSchema):
    """Put one worker above a card of the row, given by its position (0 = leftmost)."""

    card = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=5))


class Buy(MoveSchema):
    """Buy the card on offer for the number of workers above it."""


class Decline(MoveSchema):
    """Do not buy: take your lowest worker back; the price drops by one."""


class Deliver(MoveSchema):
    """Put one cube on a matching free symbol of one of your contracts."""

    source = _source()
    good = _good()
    contract = fields.String(required=True, validate=validate.Length(max=40))


class Sell(MoveSchema):
    """Sell one cube to your trader of that good for 1 coin."""

    source = _source()
    good = _good()


class Store(MoveSchema):
    """Put one cube into your warehouse (at most 4 there)."""

    source = _source()
    good = _good()


class ToMarket(MoveSchema):
    """Put one cube on your market hall (to keep, sell or convert it)."""

    source = _source()
    good = _good()


class MarketSell(MoveSchema):
    """Sell 2 cubes from your market hall for 1 coin."""

    goods = _goods(MARKET_SELL)


class Convert(MoveSchema):
    """Give 3 cubes from your market hall for 1 cube of your choice from the supply."""

    goods = _goods(MARKET_CONVERT)
    take = _good()


class Done(MoveSchema):
    """End your shipping: cubes still on your ships go to the supply."""


MOVES = MoveUnion(
    {
        "place_worker": PlaceWorker,
        "buy": Buy,
        "decline": Decline,
        "deliver": Deliver,
        "sell": Sell,
        "store": Store,
        "to_market": ToMarket,
        "market_sell": MarketSell,
        "convert": Convert,
        "done": Done,
    }
)
