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
    game = string(enum=["medici"])
    seat = integer("The caller's seat; null for a spectator.", nullable=True)
    round = integer()
    rounds = integer()
    phase = string(enum=["draw", "answer", "place", "over"])
    to_act = integers()
    drawer = integer(nullable=True)
    price = integer(nullable=True)
    buyer = integer(nullable=True)
    lot = many(MediciTile)
    lot_limit = integer(nullable=True)
    can_draw = boolean()
    max_price = integer()
    bag = nested(MediciBag)
    discards = many(MediciTile)
    bank = integer()
    players = many(MediciPlayer)
    harbours = many(MediciHarbour)
    markers = many(MediciMarker)
    track_steps = integer()
    step_bonus = integers()
    history = many(MediciHistory)
    outcome = nested(OutcomeSchema, nullable=True)


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
