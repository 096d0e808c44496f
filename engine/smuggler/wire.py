"""Cornish Smuggler on the wire: the view, each event and the outcome, as marshmallow schemas
(for the OpenAPI document and typed clients; the engine does not load them)."""

from marshmallow import Schema, fields

from engine.core import EventSchema, OutcomeSchema
from engine.wire import boolean, counts, integer, integers, many, nested, string, strings

ENDINGS = ["customs_track", "last_goods", "round_limit"]


class SmugglerCustoms(Schema):
    track = integer("Steps taken on the customs track.")
    track_end = integer()
    discovery = integer("The discovery level a landing's risk is measured against.")
    bribe = integer("The bribe cost on the track now.")
    wheel = integer("The gold wheel's space.")
    gold_sold = integer("Gold earned by sales so far (turns the wheel).")
    poorest = integer("The seat that chooses for the customs.")


class SmugglerOfficer(Schema):
    officer = integer()
    space = string("Null while still waiting on the customs track.", nullable=True)
    bribed_by = integer(nullable=True)
    waits_at_step = integer("The track step that brings him on the board.", nullable=True)


class SmugglerGoods(Schema):
    kind = string()
    merchant = string()
    where = string(enum=["merchant", "boat", "board", "warehouse", "customs", "sold", "gone"])
    owner = integer(nullable=True)
    space = string(nullable=True)
    warehouse = string(nullable=True)


class SmugglerWarehouse(Schema):
    owner = integer(nullable=True)
    space = string(nullable=True)
    fixed = boolean("Its space comes with a character.")


class SmugglerBoat(Schema):
    hold = string("The boat card; null before the draft.", nullable=True)
    space = string(nullable=True)


class SmugglerSecret(Schema):
    secret = string()
    kind = string()


class SmugglerPlayer(Schema):
    seat = integer()
    gold = integer()
    influence = integer()
    reputation = integer()
    score = integer("Gold plus reputation.")
    passed = boolean()
    honest_work_done = boolean()
    boat = nested(SmugglerBoat)
    characters = strings()
    pawns = strings("Spaces holding a network pawn.")
    open_coves = strings()
    secrets = integer("Secrets in hand.")
    hand = fields.List(
        fields.Nested(SmugglerSecret),
        required=True,
        allow_none=True,
        metadata={"description": "The caller's own secrets; null for others."},
    )
    setup_draw = fields.Raw(
        required=True,
        metadata={"description": "The characters drawn at set-up: their ids for the caller, their number for others."},
    )


def _keyed(schema: type[Schema], description: str) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(), values=fields.Nested(schema), required=True, metadata={"description": description}
    )


class SmugglerView(Schema):
    game = string(enum=["smuggler"])
    seat = integer("The caller's seat; null for a spectator.", nullable=True)
    phase = string(enum=["setup", "play", "over"])
    round = integer()
    first = integer()
    active = integer()
    to_act = integers()
    deciding = string("The decision asked now (a move type), or null for a normal turn.", nullable=True)
    ending = string("Why the game ends after this round; null until then.", nullable=True, enum=ENDINGS)
    customs = nested(SmugglerCustoms)
    officers = many(SmugglerOfficer)
    goods = _keyed(SmugglerGoods, "Every goods shape by id.")
    warehouses = _keyed(SmugglerWarehouse, "Every warehouse by id.")
    face_up = fields.Dict(
        keys=fields.String(),
        values=fields.String(allow_none=True),
        required=True,
        metadata={"description": "The face-up character of each deck; null when the deck is empty."},
    )
    deck_sizes = counts("Cards left per character deck.")
    discarded_characters = strings()
    motivated = strings("Characters motivated this round.")
    secrets_deck = integer()
    secrets_played = strings()
    prices = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.List(fields.Integer())),
        required=True,
        metadata={"description": "Per town size, the price rows."},
    )
    players = many(SmugglerPlayer)
    outcome = nested(OutcomeSchema, nullable=True)


def _event(name: str, doc: str, **members) -> type[EventSchema]:
    return type(name, (EventSchema,), {"__doc__": doc, **members})


def _seat_event(name: str, doc: str, **members) -> type[EventSchema]:
    return _event(name, doc, seat=integer(), **members)


EVENTS: dict[str, type[EventSchema]] = {
    "game_started": _event("SmugglerGameStarted", "The set-up is over."),
    "round_started": _event("SmugglerRoundStarted", "", round=integer(), first=integer()),
    "round_ended": _event("SmugglerRoundEnded", "", round=integer()),
    "game_over": _event("SmugglerGameOver", "", reason=string(enum=ENDINGS)),
    "end_triggered": _event("SmugglerEndTriggered", "The game ends with this round.", reason=string(enum=ENDINGS)),
    "boat_chosen": _seat_event("SmugglerBoatChosen", "", boat=string()),
    "warehouse_chosen": _seat_event("SmugglerWarehouseChosen", "", warehouse=string()),
    "characters_drawn": _seat_event("SmugglerCharactersDrawn", "", decks=strings()),
    "characters_drawn_privately": _seat_event(
        "SmugglerCharactersDrawnPrivately", "Only the drawing seat sees this.", cards=strings()
    ),
    "character_kept": _seat_event("SmugglerCharacterKept", "", card=string(), reputation=integer()),
    "pawn_placed": _seat_event("SmugglerPawnPlaced", "", space=string()),
    "boat_placed": _seat_event("SmugglerBoatPlaced", "", space=string()),
    "boat_moved": _seat_event("SmugglerBoatMoved", "", space=string()),
    "goods_moved": _seat_event("SmugglerGoodsMoved", "", shape=string(), space=string(), claimed=boolean()),
    "pawn_moved": _seat_event("SmugglerPawnMoved", "", left=string(), space=string()),
    "pawn_removed": _seat_event("SmugglerPawnRemoved", "", space=string()),
    "honest_work": _seat_event("SmugglerHonestWork", "", reputation=integer(), wage=integer()),
    "goods_landed": _seat_event("SmugglerGoodsLanded", "", space=string(), shapes=strings(), hidden=integer()),
    "goods_stored": _seat_event("SmugglerGoodsStored", "", shape=string(), warehouse=string()),
    "goods_taken_out": _seat_event("SmugglerGoodsTakenOut", "", shape=string()),
    "goods_bought": _seat_event("SmugglerGoodsBought", "", shape=string(), kind=string()),
    "goods_sold": _seat_event(
        "SmugglerGoodsSold", "", shape=string(), space=string(), gold=integer(), reputation=integer()
    ),
    "goods_seized": _event("SmugglerGoodsSeized", "", shape=string(), space=string(), owner=integer(nullable=True)),
    "customs_track": _event("SmugglerCustomsTrack", "The customs track advances.", step=integer()),
    "reputation_bought": _seat_event("SmugglerReputationBought", ""),
    "character_hired": _seat_event("SmugglerCharacterHired", "", card=string(), reputation=integer()),
    "character_lost": _seat_event("SmugglerCharacterLost", "", card=string()),
    "character_motivated": _seat_event("SmugglerCharacterMotivated", "", card=string()),
    "character_revealed": _event("SmugglerCharacterRevealed", "", deck=string(), card=string()),
    "character_discarded": _event("SmugglerCharacterDiscarded", "", card=string()),
    "officer_bribed": _seat_event("SmugglerOfficerBribed", "", officer=integer()),
    "officer_moved": _event("SmugglerOfficerMoved", "", officer=integer(), space=string(), why=string()),
    "officer_chosen": _seat_event("SmugglerOfficerChosen", "", officer=integer(), target=string()),
    "officer_placed": _seat_event("SmugglerOfficerPlaced", "", officer=integer(), space=string()),
    "customs_raided": _seat_event("SmugglerCustomsRaided", "", shape=string(), card=string()),
    "landing_risk": _seat_event(
        "SmugglerLandingRisk", "", space=string(), risk=integer(), moves=integer("Customs steps it causes.")
    ),
    "passed": _seat_event("SmugglerPassed", ""),
    "influence_received": _seat_event("SmugglerInfluenceReceived", "", amount=integer()),
    "secret_drawn": _seat_event("SmugglerSecretDrawn", ""),
    "secret_drawn_privately": _seat_event(
        "SmugglerSecretDrawnPrivately", "Only the drawing seat sees this.", secret=string()
    ),
    "secret_played": _seat_event(
        "SmugglerSecretPlayed",
        "",
        secret=string(),
        kind=string(),
        against=fields.Integer(metadata={"description": "A tip-off's target seat."}),
    ),
    "secret_stolen": _seat_event("SmugglerSecretStolen", "", victim=integer()),
    "secret_stolen_privately": _seat_event(
        "SmugglerSecretStolenPrivately", "Only the two seats see this.", victim=integer(), secret=string()
    ),
    "tipoff_declined": _seat_event("SmugglerTipoffDeclined", ""),
    "witch_declined": _seat_event("SmugglerWitchDeclined", ""),
    "witch_took": _seat_event("SmugglerWitchTook", "", victim=integer(), shape=string()),
}
