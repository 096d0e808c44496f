"""Cornish Smuggler on the wire: the view and each event as marshmallow schemas (for the OpenAPI
document and typed clients; the engine does not load them)."""

from __future__ import annotations

from marshmallow import Schema, fields

from engine.core import EventSchema, OutcomeSchema
from engine.i18n import LANGUAGES
from engine.wire import boolean, counts, integer, integers, many, nested, string, strings


def keyed(schema: type[Schema], description: str) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(), values=fields.Nested(schema), required=True, metadata={"description": description}
    )


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
    setup_draw = fields.Raw(
        required=True,
        metadata={
            "description": "Own cards at set-up (character ids); a count for others.",
            "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "integer"}],
        },
    )


class SmugglerView(Schema):
    game = string("Always `smuggler`.", enum=["smuggler"])
    seat = integer("The caller's seat; null for a spectator.", nullable=True)
    phase = string(
        "`setup`: the drafts (boats, warehouses, characters, pawns, boat places); `play`: the rounds; "
        "`over`: the game has ended (see `outcome`).",
        enum=["setup", "play", "over"],
    )
    round = integer("The round, from 1 (0 during set-up).")
    first = integer("The seat with the first-player marker this round; it moves clockwise each round.")
    active = integer(
        "The seat whose turn it is. Another seat may be asked a decision inside that turn: `to_act` says who moves."
    )
    to_act = integers("The seats whose move the server waits for: the active seat, or the seat a decision asks.")
    deciding = string("The decision asked of the seat to act, if any.", nullable=True)
    ending = string(
        "Null while no end is triggered; else why the game ends at the end of this round: `customs_track` "
        "(the track reached its last step), `last_goods` (the last shape was bought) or `round_limit` (the "
        "12-round safety cap).",
        nullable=True,
    )
    customs = nested(SmugglerCustoms, "The customs: track step, discovery level, bribe cost and golden wheel.")
    officers = many(SmugglerOfficer, "Every customs officer, by number: on a land space, or waiting on the track.")
    goods = keyed(
        SmugglerGoods,
        "Every goods shape by id (`<merchant>_<n>`): its kind (its squares in /static `shapes`), merchant, "
        "where it is and whose.",
    )
    warehouses = keyed(
        SmugglerWarehouse,
        "Every warehouse by id: its owner and space (a START warehouse takes the space where it is first used).",
    )
    face_up = fields.Dict(
        keys=fields.String(),
        values=fields.String(allow_none=True),
        required=True,
        metadata={
            "description": "The face-up character of each deck (`religious`, `commerce`, `unskilled`, `officials`), "
            "hireable: a card id of /static `characters`; null when none is revealed."
        },
    )
    deck_sizes = counts("The cards left face down in each character deck (their order is hidden).")
    discarded_characters = strings("Characters left unhired at a round's start, out of the game.")
    motivated = strings("Characters motivated this round (face down, unusable again until the next round).")
    secrets_deck = integer("How many secrets are left to draw.")
    secrets_played = strings("The secrets played so far, in order; each has left the game.")
    prices = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.List(fields.Integer())),
        required=True,
        metadata={
            "description": "The sale table, as /static `prices`: by effective size (`1` to `5`: the smaller of the "
            "shape and the town), three rows (free; 1; 2 influence or reputation) of [gold, reputation] earned."
        },
    )
    players = many(
        SmugglerPlayer,
        "Every seat, by seat number: gold, influence, reputation, score, boat, characters, network pawns, "
        "secrets (the cards only in the caller's own `hand`).",
    )
    outcome = nested(OutcomeSchema, "Null until the game is over; then the final scores and winners.", nullable=True)


class SmugglerLandSpace(Schema):
    name = string()
    kind = string(
        "`town` (sells goods), `village`, `cove` (lands goods at no risk, once opened) or `inland` (the North).",
        enum=["town", "village", "cove", "inland"],
    )
    size = integer("A town's sale size (caps the goods' effective size); null where nothing sells.", nullable=True)
    risk = integer("A port's landing risk; null where no boat lands.", nullable=True)
    x = integer("On a 100 x 64 map, west on the left.")
    y = integer("On a 100 x 64 map, north at the top.")


class SmugglerSeaSpace(Schema):
    name = string()
    x = integer()
    y = integer()


class SmugglerMerchant(Schema):
    name = string()
    x = integer()
    y = integer()
    goods = strings("The kinds (`shapes`) of its goods at set-up, in order: their ids are `<merchant>_<n>`, from 1.")


class SmugglerBoatCard(Schema):
    name = string()
    hold = strings("Rows: `.` a cell goods may use, `#` a blocked one.")


class SmugglerWarehouseCard(Schema):
    name = string()
    grid = strings("Rows: `.` a cell goods may use, `#` a blocked one.")


class SmugglerCharacterWarehouse(SmugglerWarehouseCard):
    space = string("The land space it stands at.")


class SmugglerAbility(Schema):
    kind = string(enum=["boat", "goods", "officer", "secret", "witch"])
    cost = counts("What motivating the character costs (`gold`, `influence`); empty: free.")


class SmugglerCharacter(Schema):
    name = string()
    trade = string()
    deck = string(enum=["religious", "commerce", "unskilled", "officials"])
    gold = integer("The cost to hire.")
    reputation = integer("The reputation needed to hire.")
    mob = boolean()
    influence = fields.Integer(metadata={"description": "Influence received at each round's start, if any."})
    warehouse = fields.Nested(SmugglerCharacterWarehouse, metadata={"description": "The warehouse it brings, if any."})
    ability = fields.Nested(SmugglerAbility, metadata={"description": "What motivating it does, if anything."})
    cove = fields.String(metadata={"description": "The secret cove it opens, if any."})
    anywhere = fields.Boolean(metadata={"description": "Present (true) if it is placed anywhere."})


class SmugglerSecretCard(Schema):
    count = integer("How many in the deck.")
    text = string()
    when = string("When it is played: `your turn` or `another's landing`.")


class SmugglerTrack(Schema):
    discovery = integers("The discovery level at each step.")
    bribe = integers("The bribe cost at each step.")
    new_officer = integers("The steps where a new officer waits.")
    end = counts("The step that ends the game, by the number of players (`2` to `5`).")


SmugglerWhere = Schema.from_dict({lang: string() for lang in LANGUAGES}, name="SmugglerWhere")


def table(values: fields.Field, description: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=values, required=True, metadata={"description": description})


class SmugglerStatic(Schema):
    """The map and the cards, the same in every match (GET /v1/games/smuggler/static)."""

    land = keyed(SmugglerLandSpace, "The land spaces by id.")
    sea = keyed(SmugglerSeaSpace, "The sea spaces by id.")
    merchants = keyed(SmugglerMerchant, "The merchants by id; boats reach them by sea.")
    land_links = fields.List(
        fields.List(fields.String()), required=True, metadata={"description": "[space, space] pairs a pawn walks."}
    )
    sea_links = fields.List(
        fields.List(fields.String()),
        required=True,
        metadata={"description": "[space, space] pairs a boat sails (sea spaces, merchants, ports and coves)."},
    )
    shapes = table(fields.List(fields.List(fields.Integer())), "The goods shapes by kind: their [row, column] squares.")
    boats = keyed(SmugglerBoatCard, "The boat cards by id.")
    start_warehouses = keyed(SmugglerWarehouseCard, "The START warehouses by id.")
    characters = keyed(SmugglerCharacter, "Every character card by id.")
    secrets = keyed(SmugglerSecretCard, "The secret cards by kind.")
    track = nested(SmugglerTrack, "The customs track.")
    wheel_spaces = integer("The golden wheel's spaces.")
    prices = table(
        fields.List(fields.List(fields.Integer())),
        "The sale table: by effective size (`1` to `5`: the smaller of the shape and the town), three rows "
        "(free; 1; 2 influence or reputation) of [gold, reputation] earned.",
    )
    row_cost = integers("What each row of `prices` costs, in influence or reputation.")
    where = keyed(SmugglerWhere, "Where a piece is, by space, a line's start in each language.")


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
