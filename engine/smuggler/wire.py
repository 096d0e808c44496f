"""Cornish Smuggler on the wire: the view and each event as marshmallow schemas (for the OpenAPI
document and typed clients; the engine does not load them)."""

from __future__ import annotations

from marshmallow import Schema, fields

from engine.core import EventSchema, OutcomeSchema
from engine.wire import boolean, counts, integer, integers, many, nested, string, strings


def keyed(schema: type[Schema]) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Nested(schema), required=True)


class SmugglerCustoms(Schema):
    track = integer()
    track_end = integer()
    discovery = integer()
    bribe = integer()
    wheel = integer("The golden wheel's space (0 = START).")
    gold_sold = integer()
    poorest = integer("Who chooses for the customs now (least gold, then the tie rules).")


class SmugglerOfficer(Schema):
    officer = integer()
    space = string("Null while waiting on the customs track.", nullable=True)
    bribed_by = integer(nullable=True)
    waits_at_step = integer(nullable=True)


class SmugglerGoods(Schema):
    kind = string()
    merchant = string()
    where = string(enum=["merchant", "boat", "board", "warehouse", "customs", "sold", "gone"])
    owner = integer(nullable=True)
    space = string(nullable=True)
    warehouse = string(nullable=True)


class SmugglerWarehouse(Schema):
    owner = integer("-1: out of the game.", nullable=True)
    space = string(nullable=True)
    fixed = boolean()


class SmugglerBoat(Schema):
    hold = string(nullable=True)
    space = string(nullable=True)


class SmugglerSecret(Schema):
    secret = string()
    kind = string()


class SmugglerPlayer(Schema):
    seat = integer()
    gold = integer()
    influence = integer()
    reputation = integer()
    score = integer()
    passed = boolean()
    honest_work_done = boolean()
    boat = nested(SmugglerBoat)
    characters = strings()
    pawns = strings()
    open_coves = strings()
    secrets = integer("How many secrets in hand.")
    hand = fields.List(fields.Nested(SmugglerSecret), required=True, allow_none=True)
    setup_draw = fields.Raw(required=True, metadata={"description": "Own cards at set-up; a count for others."})


class SmugglerView(Schema):
    game = string(enum=["smuggler"])
    seat = integer("The caller's seat; null for a spectator.", nullable=True)
    phase = string(enum=["setup", "play", "over"])
    round = integer()
    first = integer()
    active = integer()
    to_act = integers()
    deciding = string("The decision asked of the seat to act, if any.", nullable=True)
    ending = string(nullable=True)
    customs = nested(SmugglerCustoms)
    officers = many(SmugglerOfficer)
    goods = keyed(SmugglerGoods)
    warehouses = keyed(SmugglerWarehouse)
    face_up = fields.Dict(keys=fields.String(), values=fields.String(allow_none=True), required=True)
    deck_sizes = counts()
    discarded_characters = strings()
    motivated = strings()
    secrets_deck = integer()
    secrets_played = strings()
    prices = fields.Dict(keys=fields.String(), values=fields.List(fields.List(fields.Integer())), required=True)
    players = many(SmugglerPlayer)
    outcome = nested(OutcomeSchema, nullable=True)


def _event(name: str, **members) -> type[EventSchema]:
    return type(f"Smuggler{name.title().replace('_', '')}", (EventSchema,), members)


def seat_only() -> dict[str, fields.Field]:
    return {"seat": integer()}


EVENT_FIELDS: dict[str, dict[str, fields.Field]] = {
    "boat_chosen": {"seat": integer(), "boat": string()},
    "warehouse_chosen": {"seat": integer(), "warehouse": string()},
    "characters_drawn": {"seat": integer(), "decks": strings()},
    "characters_drawn_privately": {"seat": integer(), "cards": strings()},
    "character_kept": {"seat": integer(), "card": string(), "reputation": integer()},
    "pawn_placed": {"seat": integer(), "space": string()},
    "boat_placed": {"seat": integer(), "space": string()},
    "game_started": {},
    "round_started": {"round": integer(), "first": integer()},
    "round_ended": {"round": integer()},
    "game_over": {"reason": string()},
    "end_triggered": {"reason": string()},
    "character_revealed": {"deck": string(), "card": string()},
    "character_discarded": {"card": string()},
    "influence_received": {"seat": integer(), "amount": integer()},
    "boat_moved": {"seat": integer(), "space": string()},
    "goods_moved": {"seat": integer(), "shape": string(), "space": string(), "claimed": boolean()},
    "pawn_moved": {"seat": integer(), "left": string(), "space": string()},
    "officer_moved": {"officer": integer(), "space": string(), "why": string()},
    "officer_chosen": {"seat": integer(), "officer": integer(), "target": string()},
    "path_chosen": {"seat": integer(), "officer": integer(), "space": string(), "target": string()},
    "officer_placed": {"seat": integer(), "officer": integer(), "space": string()},
    "officer_bribed": {"seat": integer(), "officer": integer()},
    "goods_seized": {"shape": string(), "space": string(), "owner": integer(nullable=True)},
    "honest_work": {"seat": integer(), "reputation": integer(), "wage": integer()},
    "goods_landed": {"seat": integer(), "space": string(), "shapes": strings(), "hidden": integer()},
    "landing_risk": {"seat": integer(), "space": string(), "risk": integer(), "moves": integer()},
    "goods_stored": {"seat": integer(), "shape": string(), "warehouse": string()},
    "goods_taken_out": {"seat": integer(), "shape": string()},
    "goods_bought": {"seat": integer(), "shape": string(), "kind": string()},
    "goods_sold": {
        "seat": integer(),
        "shape": string(),
        "space": string(),
        "gold": integer(),
        "reputation": integer(),
    },
    "customs_track": {"step": integer()},
    "reputation_bought": seat_only(),
    "secret_drawn": seat_only(),
    "secret_drawn_privately": {"seat": integer(), "secret": string()},
    "secret_played": {
        "seat": integer(),
        "secret": string(),
        "kind": string(),
        "against": fields.Integer(metadata={"description": "A tip-off: whose landing."}),
    },
    "secret_stolen": {"seat": integer(), "victim": integer()},
    "secret_stolen_privately": {"seat": integer(), "victim": integer(), "secret": string()},
    "character_hired": {"seat": integer(), "card": string(), "reputation": integer()},
    "character_lost": {"seat": integer(), "card": string()},
    "character_motivated": {"seat": integer(), "card": string()},
    "raid_started": seat_only(),
    "customs_raided": {"seat": integer(), "shape": string(), "card": string()},
    "raid_ended": {"seat": integer(), "recovered": integer("How many shapes the raid recovered.")},
    "goods_claimed": {"seat": integer(), "shape": string(), "space": string(), "victim": integer()},
    "pawn_removed": {"seat": integer(), "space": string()},
    "passed": seat_only(),
    "turn_ended": seat_only(),
    "tipoff_declined": seat_only(),
    "witch_declined": seat_only(),
    "witch_took": {"seat": integer(), "victim": integer(), "shape": string()},
}
EVENTS: dict[str, type[EventSchema]] = {name: _event(name, **members) for name, members in EVENT_FIELDS.items()}
