"""Speicherstadt on the wire: the view, each event and the outcome, as marshmallow schemas
(for the OpenAPI document and typed clients; the engine does not load them)."""

from marshmallow import Schema, fields

from engine.core import EventSchema
from engine.speicherstadt.data import CARDS, GOODS, LAST_SEASON, SEASONS
from engine.wire import boolean, counts, integer, integers, many, nested, string, strings

KINDS = sorted({card["kind"] for card in CARDS.values()})
SEASON = [*SEASONS, LAST_SEASON]


class SpeicherstadtCard(Schema):
    """A card's id and printed data; `goods`/`vp` (contract), `value` (fireman, fire), `good` (trader)."""

    card = string()
    kind = string(enum=KINDS)
    season = string(enum=SEASON)
    goods = fields.List(fields.String(), metadata={"description": "A contract's goods."})
    vp = fields.Integer(metadata={"description": "A contract's points."})
    value = fields.Integer(metadata={"description": "A fireman's or a fire's value."})
    good = fields.String(metadata={"description": "A trader's good."})


class SpeicherstadtSlot(SpeicherstadtCard):
    """A water space of the row: the card, the workers above it (lowest first), a ship's cubes."""

    position = integer()
    workers = integers("Seats, lowest worker first.")
    price = integer()
    cubes = strings("A ship's cubes.")


class SpeicherstadtContract(SpeicherstadtCard):
    placed = strings("The goods already delivered.")


class SpeicherstadtFire(Schema):
    card = string()
    value = integer()
    totals = integers("Each seat's firemen.")
    gained = integers("Points each seat gained.")
    lost = integers("Points each seat lost.")


class SpeicherstadtOffer(Schema):
    position = integer()
    price = integer()


class SpeicherstadtSeat(Schema):
    seat = integer()
    coins = integer()
    workers = integer("Workers in front of the player, not yet placed.")
    cards = strings()
    firemen = integer()
    contracts = many(SpeicherstadtContract)
    ship = strings("Cubes unloaded this round, still to place.")
    warehouse = strings()
    market = strings()
    bought_this_round = boolean()
    shipping = boolean("Still to say `done` this shipping phase.")
    score = integer("If the game ended now (before the last fire).")
    breakdown = counts("Points by source.")


class SpeicherstadtView(Schema):
    you = integer("The caller's seat; null for a spectator.", nullable=True)
    round = integer("The round, from 1.")
    phase = string(
        "`demand`: seats place workers above the row's cards; `purchase`: the card on `offer` is bought or "
        "declined; `shipping`: seats move their cubes, each ending with `done`; `supply`: the row is "
        "revealed (never waits for a move); `over`: the game has ended.",
        enum=["supply", "demand", "purchase", "shipping", "over"],
    )
    last_round = boolean("Whether this is the last round (only the 4th fire is left in the deck).")
    start_player = integer("The seat that places the first worker this round; it passes to the left.")
    to_act = integers("The seats whose move the server waits for (in shipping, every seat with something to do).")
    deck = counts("Cards left per season.")
    bag = counts("Cubes left in the bag per good.")
    supply = counts("Cubes in the general supply per good.")
    row = fields.List(
        fields.Nested(SpeicherstadtSlot, allow_none=True),
        required=True,
        metadata={"description": "The water spaces; null once bought or discarded."},
    )
    offer = nested(SpeicherstadtOffer, "The card on offer in the purchase phase.", nullable=True)
    discard = strings("Card ids discarded: unbought cards and resolved fires.")
    removed = strings("Card ids taken out of the deck at set-up for this number of players.")
    fires = many(SpeicherstadtFire, "Each fire resolved so far, in order: its value and who gained or lost.")
    seats = many(SpeicherstadtSeat, "Every seat, by seat number: coins, workers, cards, cubes and score so far.")


def _event(name: str, doc: str, **members) -> type[EventSchema]:
    return type(name, (EventSchema,), {"__doc__": doc, **members})


def good():
    return string(enum=list(GOODS))


def source():
    return string("Where the cube was.", enum=["ship", "warehouse", "market"])


EVENTS: dict[str, type[EventSchema]] = {
    "round_started": _event("SpeicherstadtRoundStarted", "A round begins.", round=integer(), start=integer()),
    "card_revealed": _event(
        "SpeicherstadtCardRevealed", "A card comes into the row.", card=string(), position=integer(), cubes=strings()
    ),
    "fire": _event(
        "SpeicherstadtFireEvent",
        "A fire is scored.",
        card=string(),
        value=integer(),
        totals=integers(),
        gained=integers(),
        lost=integers(),
    ),
    "worker_placed": _event(
        "SpeicherstadtWorkerPlaced",
        "A worker goes above a card.",
        seat=integer(),
        position=integer(),
        card=string(),
        space=integer(),
    ),
    "card_bought": _event(
        "SpeicherstadtCardBought", "", seat=integer(), card=string(), price=integer(), cubes=strings()
    ),
    "purchase_declined": _event(
        "SpeicherstadtPurchaseDeclined",
        "",
        seat=integer(),
        card=string(),
        price=integer(),
        reason=string(enum=["declined", "cannot_afford"]),
    ),
    "card_discarded": _event("SpeicherstadtCardDiscarded", "Nobody bought it.", card=string(), cubes=strings()),
    "shipping_started": _event("SpeicherstadtShippingStarted", "", seats=integers()),
    "cube_delivered": _event(
        "SpeicherstadtCubeDelivered", "", seat=integer(), contract=string(), good=good(), **{"from": source()}
    ),
    "cube_sold": _event(
        "SpeicherstadtCubeSold", "", seat=integer(), good=good(), coins=integer(), **{"from": source()}
    ),
    "cube_stored": _event("SpeicherstadtCubeStored", "", seat=integer(), good=good(), **{"from": source()}),
    "cube_to_market": _event("SpeicherstadtCubeToMarket", "", seat=integer(), good=good(), **{"from": source()}),
    "market_sold": _event("SpeicherstadtMarketSold", "", seat=integer(), goods=strings(), coins=integer()),
    "market_converted": _event("SpeicherstadtMarketConverted", "", seat=integer(), goods=strings(), take=good()),
    "shipping_done": _event("SpeicherstadtShippingDone", "", seat=integer(), lost=strings("Cubes lost.")),
    "income": _event("SpeicherstadtIncome", "", coins=integers(), start=integer()),
    "game_over": _event("SpeicherstadtGameOver", "", scores=integers(), winners=integers()),
}
