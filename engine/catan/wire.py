"""Catan on the wire: the view, each event and the outcome, as marshmallow schemas
(for the OpenAPI document and typed clients; the engine does not load them)."""

from marshmallow import Schema, fields

from engine.catan import data as D
from engine.core import EventSchema
from engine.wire import boolean, counts, integer, integers, many, nested, string, strings

RESOURCE = list(D.RESOURCES)
PHASES = ["setup", "roll", "main", "discard", "robber", "road_building", "trade", "over"]


def pairs(description: str) -> fields.List:
    return fields.List(fields.List(fields.Integer()), required=True, metadata={"description": description})


class CatanHarbour(Schema):
    kind = string(enum=list(D.HARBOUR_NAMES))
    ratio = integer()
    nodes = integers()


class CatanBoard(Schema):
    scheme = string("The topology's id (GET /v1/games/catan/static).")
    terrain = strings("By hex.", enum=list(D.TERRAINS))
    numbers = integers("By hex; 0 for the desert.")
    harbours = many(CatanHarbour)
    robber = integer("The robber's hex.")


class CatanPlayer(Schema):
    seat = integer()
    cards = integer("Resource cards in hand.")
    development_cards = integer()
    knights = integer()
    points = integer("Visible points (all points once the game is over).")
    road_length = integer()
    roads_left = integer()
    settlements_left = integer()
    cities_left = integer()
    to_discard = integer()
    longest_road = boolean()
    largest_army = boolean()
    victory_point_cards = fields.Integer(metadata={"description": "Shown once the game is over."})


class CatanYou(Schema):
    seat = integer()
    hand = counts("Resource cards by resource.")
    development_cards = counts("By kind.")
    bought_this_turn = counts("Development cards bought this turn (not playable yet).")
    points = integer()
    trade_ratios = counts("Maritime trade ratio by resource.")


class CatanOffer(Schema):
    from_ = fields.Integer(required=True, data_key="from", metadata={"description": "The offering (active) seat."})
    give = counts("What the active player gives.")
    get = counts("What the active player asks for.")
    to = integers("The seats the offer is addressed to.")
    accepted = integers("The seats that accepted it.")


class CatanProposal(Schema):
    from_ = fields.Integer(required=True, data_key="from", metadata={"description": "The proposing seat."})
    give = counts("What the proposing seat gives.")
    get = counts("What it asks of the active player.")


class CatanTrade(Schema):
    offer = nested(CatanOffer, nullable=True)
    proposals = many(CatanProposal)
    asked = integers("The seats that owe an answer (to an offer or a call for proposals).")
    offers_made = integer("Offers and calls for proposals made this turn.")
    max_offers = integer("The house cap on offers per turn; null for none.", nullable=True)


class CatanSetup(Schema):
    round = integer()
    settlement = integer("The settlement just placed, whose road comes next.", nullable=True)


class CatanHex(Schema):
    id = integer()
    q = integer("Axial coordinate.")
    r = integer("Axial coordinate.")
    x = integer("The centre on the lattice: 2q + r.")
    y = integer("The centre on the lattice: 3r.")
    nodes = integers("Its six corners (node ids), clockwise from the top.")
    hexes = integers("The hexes beside it.")


class CatanNode(Schema):
    id = integer()
    x = integer()
    y = integer()
    hexes = integers("The hexes it is a corner of (1 to 3).")
    nodes = integers("The nodes one road away.")
    edges = integers("The edges (road spots) that end here.")


class CatanEdge(Schema):
    id = integer()
    nodes = integers("Its two ends.")
    edges = integers("The edges that share an end with it.")


class CatanHarbourSpot(Schema):
    id = integer()
    edge = integer()
    nodes = integers("The edge's two nodes, where a settlement or city uses the harbour.")


class CatanTopology(Schema):
    scheme = string("The topology's id (each match's `board.scheme`).")
    coordinates = string("How to draw the lattice's x and y.")
    hexes = many(CatanHex, "By id.")
    nodes = many(CatanNode, "The intersections (settlement and city spots), by id.")
    edges = many(CatanEdge, "The road spots, by id.")
    harbours = many(CatanHarbourSpot, "The harbour spots, by id.")


class CatanStatic(Schema):
    """The board's geometry, the same in every match (GET /v1/games/catan/static)."""

    topology = nested(CatanTopology)


class CatanView(Schema):
    game = string("Always `catan`.", enum=["catan"])
    phase = string(
        "`setup`: initial settlements and roads; `roll`: the active seat rolls (or first plays a knight); "
        "`main`: trade and build; `discard`: after a 7, seats with more than 7 cards discard half; `robber`: "
        "the active seat moves the robber and steals; `road_building`: its free roads; `trade`: a domestic "
        "offer or call awaits answers; `over`: the game has ended (see `winner`).",
        enum=PHASES,
    )
    turn = integer("The active seat: whose turn it is (during set-up, who places).")
    turn_number = integer("The turn, from 1 for the first turn after set-up (0 during set-up).")
    to_act = integers(
        "The seats whose move the server waits for (the active seat, discarding seats, seats asked to trade)."
    )
    rolled = boolean("Whether the active seat has rolled this turn.")
    dice = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={"description": "This turn's two dice; null before the roll."},
    )
    board = nested(
        CatanBoard, "This match's layout: terrain, numbers, harbours, the robber (the geometry is in /static)."
    )
    settlements = pairs("[node, seat] pairs.")
    cities = pairs("[node, seat] pairs.")
    roads = pairs("[edge, seat] pairs.")
    bank = counts("Resource cards left in the bank, by resource.")
    development_deck = integer("Development cards left to buy.")
    players = many(CatanPlayer, "Every seat's public counts, by seat number (the caller's own cards are in `you`).")
    longest_road = integer("The seat holding Longest Road (2 points); null while nobody does.", nullable=True)
    largest_army = integer("The seat holding Largest Army (2 points); null while nobody does.", nullable=True)
    trade = nested(CatanTrade, "The domestic trade on the table: the active seat's offer, the proposals, who is asked.")
    free_roads = integer("Roads still to build free (Road Building), in phase `road_building`.")
    trade_order = string(
        "The match's option: `combined` (trade and build in any order) or `strict` (no trade once built).",
        enum=["strict", "combined"],
    )
    built_this_turn = boolean("Whether the active seat has built or bought a development card this turn.")
    winner = integer("The seat that reached 10 points; null until the game is over.", nullable=True)
    setup = fields.Nested(CatanSetup, metadata={"description": "Only during set-up."})
    topology = fields.Nested(
        CatanTopology, metadata={"description": "Only during set-up: the board's geometry (as /static)."}
    )
    you = fields.Nested(CatanYou, metadata={"description": "The caller's own cards; absent for a spectator."})


def _event(name: str, doc: str, **members) -> type[EventSchema]:
    return type(name, (EventSchema,), {"__doc__": doc, **members})


def resource() -> fields.String:
    return string(enum=RESOURCE)


EVENTS: dict[str, type[EventSchema]] = {
    "settlement_built": _event("CatanSettlementBuilt", "", seat=integer(), node=integer()),
    "city_built": _event("CatanCityBuilt", "", seat=integer(), node=integer()),
    "road_built": _event("CatanRoadBuilt", "", seat=integer(), edge=integer(), free=boolean()),
    "second_settlement_yield": _event("CatanSecondSettlementYield", "", seat=integer(), gains=counts()),
    "dice_rolled": _event(
        "CatanDiceRolled",
        "",
        seat=integer(),
        dice=integers(),
        total=integer(),
        gains=fields.List(
            fields.Dict(keys=fields.String(), values=fields.Integer()),
            metadata={"description": "Each seat's gains; absent on a 7."},
        ),
        bank_short=fields.List(
            fields.String(), metadata={"description": "Resources the bank could not pay; absent on a 7."}
        ),
    ),
    "must_discard": _event("CatanMustDiscard", "", counts=integers("Cards to discard, by seat.")),
    "discarded": _event("CatanDiscarded", "", seat=integer(), cards=counts("The cards discarded.")),
    "robber_moved": _event("CatanRobberMoved", "", seat=integer(), hex=integer(), victim=integer(nullable=True)),
    "stolen": _event("CatanStolen", "Seen by all: who robbed whom.", thief=integer(), victim=integer()),
    "stolen_card": _event(
        "CatanStolenCard", "Seen by the two seats: what.", thief=integer(), victim=integer(), resource=resource()
    ),
    "development_bought": _event("CatanDevelopmentBought", "", seat=integer(), left=integer()),
    "development_drawn": _event("CatanDevelopmentDrawn", "Seen by the buyer.", seat=integer(), card=string()),
    "development_played": _event("CatanDevelopmentPlayed", "", seat=integer(), card=string()),
    "monopoly": _event("CatanMonopoly", "", seat=integer(), resource=resource(), taken=integers()),
    "year_of_plenty": _event("CatanYearOfPlenty", "", seat=integer(), resources=strings(enum=RESOURCE)),
    "largest_army": _event("CatanLargestArmy", "", seat=integer(), knights=integer()),
    "longest_road": _event("CatanLongestRoad", "", seat=integer(), length=integer(), previous=integer(nullable=True)),
    "maritime_trade": _event(
        "CatanMaritimeTrade", "", seat=integer(), give=resource(), get=resource(), ratio=integer()
    ),
    "offer_made": _event(
        "CatanOfferMade", "Public.", seat=integer(), give=counts(), get=counts(), addressed=integers()
    ),
    "proposals_called": _event("CatanProposalsCalled", "Public.", seat=integer(), asked=integers()),
    "offer_accepted": _event("CatanOfferAccepted", "Public.", seat=integer(), partner=integer()),
    "trade_proposed": _event(
        "CatanTradeProposed",
        "Public: a proposal to the active player (`counter`: to the offer addressed to the proposer).",
        seat=integer(),
        partner=integer(),
        give=counts(),
        get=counts(),
        counter=boolean(),
    ),
    "trade_declined": _event("CatanTradeDeclined", "Public.", seat=integer()),
    "offer_withdrawn": _event("CatanOfferWithdrawn", "Public.", seat=integer()),
    "proposal_withdrawn": _event("CatanProposalWithdrawn", "Public.", seat=integer(), partner=integer()),
    "traded": _event("CatanTraded", "", seat=integer(), partner=integer(), give=counts(), get=counts()),
    "turn_ended": _event("CatanTurnEnded", "", seat=integer(), next=integer()),
    "game_over": _event("CatanGameOver", "", winner=integer(), points=integers(), victory_point_cards=integers()),
}
