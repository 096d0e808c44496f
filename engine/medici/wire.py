"""Medici vs Strozzi on the wire: the view, each event and the outcome, as marshmallow schemas
(for the OpenAPI document and typed clients; the engine does not load them)."""

from marshmallow import Schema, fields

from engine.core import EventSchema, OutcomeSchema
from engine.wire import boolean, counts, integer, integers, many, nested, string, strings


class MediciTile(Schema):
    id = integer()
    kind = string("A good, or a special tile.")
    value = integer()


class MediciBag(Schema):
    count = integer()
    tiles = many(MediciTile, "What is left in the bag (its order is secret).")


class MediciShip(Schema):
    ship = integer()
    capacity = integer()
    harbour = integer("Where it is moored; null while at sea.", nullable=True)
    room = integer()
    value = integer()
    tiles = many(MediciTile)


class MediciPlayer(Schema):
    seat = integer()
    name = string()
    money = integer()
    credit = integer()
    net = integer()
    ships = many(MediciShip)
    earned = counts("Money earned by source.")


class MediciHarbour(Schema):
    harbour = integer()
    name = string()
    goods = strings()
    totals = integers("Each seat's cargo value moored here.")


class MediciMarker(Schema):
    track = integer()
    harbour = integer()
    good = string()
    position = integer()
    side = integer("The seat the marker leans to; null in the middle.", nullable=True)
    bonus = integer()


class MediciHistory(Schema):
    round = integer()
    harbour_winners = integers(nullable_items=True)
    income = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()), required=True)


class MediciView(Schema):
    game = string("Always `medici`.", enum=["medici"])
    seat = integer("The caller's seat; null for a spectator.", nullable=True)
    round = integer("The round, from 1 to `rounds`.")
    rounds = integer("How many rounds the game has (3).")
    phase = string(
        "`draw`: the drawer draws more tiles or offers the lot at a price; `answer`: the other seat buys or "
        "declines; `place`: the buyer loads the lot on a ship or discards it; `over`: the game has ended.",
        enum=["draw", "answer", "place", "over"],
    )
    to_act = integers("The seat whose move the server waits for (none once over).")
    drawer = integer("The seat whose turn it is, which draws and sets the price; null once over.", nullable=True)
    price = integer("The price offered for the lot; null until the drawer offers.", nullable=True)
    buyer = integer("The seat that bought the lot, which places it; null until bought.", nullable=True)
    lot = many(MediciTile, "The tiles drawn this turn, for sale together.")
    lot_limit = integer(
        "How many tiles the drawer may draw this turn (at most 3, and what fits on one of his ships); null once over.",
        nullable=True,
    )
    can_draw = boolean("Whether the drawer may draw another tile now.")
    max_price = integer("The highest price an offer may name.")
    bag = nested(MediciBag, "The tiles left to draw this round.")
    discards = many(MediciTile, "Tiles discarded this round (back in the bag next round).")
    bank = integer("The bank's money (it may fall below zero: it never runs out).")
    players = many(MediciPlayer, "Both seats (0 Medici, 1 Strozzi): money, credit, ships and earnings.")
    harbours = many(MediciHarbour, "The three harbours: their goods and each seat's cargo value moored there.")
    markers = many(MediciMarker, "The eight monopoly markers, one per track (a harbour's good).")
    track_steps = integer("The steps of a track on each side of its centre (a marker stops at the end).")
    step_bonus = integers("The bonus a marker pays by its distance from the centre (index 0: the centre).")
    history = many(MediciHistory, "Each round scored so far: the harbours' winners and each seat's income.")
    outcome = nested(OutcomeSchema, "Null until the game is over; then the final scores and winners.", nullable=True)


class MediciHarbourScore(Schema):
    harbour = integer()
    totals = integers()
    winner = integer(nullable=True)


def _event(name: str, doc: str, **members) -> type[EventSchema]:
    return type(name, (EventSchema,), {"__doc__": doc, **members})


EVENTS: dict[str, type[EventSchema]] = {
    "round_started": _event("MediciRoundStarted", "", round=integer(), seat=integer()),
    "turn_started": _event("MediciTurnStarted", "", seat=integer()),
    "tile_drawn": _event(
        "MediciTileDrawn", "", seat=integer(), tile=nested(MediciTile), lot_size=integer(), bag_left=integer()
    ),
    "price_offered": _event("MediciPriceOffered", "", seat=integer(), price=integer(), lot=many(MediciTile)),
    "offer_declined": _event("MediciOfferDeclined", "", seat=integer(), price=integer()),
    "lot_bought": _event(
        "MediciLotBought", "", seat=integer(), price=integer(), credit_taken=integer(), forced=boolean()
    ),
    "lot_loaded": _event(
        "MediciLotLoaded", "", seat=integer(), ship=integer(), harbour=integer(), tiles=many(MediciTile)
    ),
    "lot_discarded": _event("MediciLotDiscarded", "", seat=integer(), tiles=many(MediciTile)),
    "round_scored": _event(
        "MediciRoundScored",
        "",
        round=integer(),
        harbours=many(MediciHarbourScore),
        income=fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()), required=True),
        markers=integers(),
        pushes=fields.List(fields.List(fields.Integer()), required=True),
    ),
    "credit_repaid": _event("MediciCreditRepaid", "", amounts=integers(), debts=integers()),
    "game_over": type("MediciGameOver", (EventSchema, OutcomeSchema), {}),
}
