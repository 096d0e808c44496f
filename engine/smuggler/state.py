"""The state (one JSON-native dict) and the small queries and bookkeeping every rule module uses.

shapes[sid]   {"where", "owner", "space", "warehouse"} (sid = merchant_n); where is one of
              merchant / boat / board / warehouse / customs / sold / gone
warehouses    {wid: {"owner", "space", "fixed"}}; fixed spaces come with characters
officers      [{"space" (None: still waiting on the customs track), "bribed_by"}]
queue         the steps still to run inside the current action (customs movement, a
              window for another seat, the end of the turn...); `pending` is the decision
              the queue waits for: {"seat", "moves"} (the legal moves of that seat)
turn_in, turn_out  the shapes that went into, and out of, a warehouse this turn (p.21: each
              at most once each way a turn, decided)
ledger        per resource and seat [gained, spent], so every unit is accounted for
"""

from __future__ import annotations

import orjson

from engine.rng import Rng
from engine.smuggler.content import (
    BOATS,
    CHARACTERS,
    DECK_OF,
    DECKS,
    MERCHANT_GOODS,
    OFFICERS_START,
    SECRET_IDS,
    SHAPES,
    START_GOLD,
    START_INFLUENCE,
    START_WAREHOUSES,
    TRACK_BRIBE,
    TRACK_DISCOVERY,
    TRACK_END,
    TRACK_NEW_OFFICER,
)

RESOURCES = ("gold", "influence", "reputation")


def new_state(players: int, seed: int) -> dict:
    rng = Rng.from_seed(seed)
    shapes = {}
    for merchant, kinds in MERCHANT_GOODS.items():
        for n in range(len(kinds)):
            shapes[f"{merchant}_{n}"] = {"where": "merchant", "owner": None, "space": None, "warehouse": None}
    decks = {}
    for deck in DECKS:
        cards = [cid for cid in CHARACTERS if DECK_OF[cid] == deck]
        rng.shuffle(cards)
        decks[deck] = cards
    secrets = list(SECRET_IDS)
    rng.shuffle(secrets)
    warehouses = {wid: {"owner": None, "space": None, "fixed": False} for wid in START_WAREHOUSES}
    for cid, info in CHARACTERS.items():
        if "warehouse" in info:
            warehouses[character_warehouse(cid)] = {"owner": None, "space": info["warehouse"][2], "fixed": True}
    officers: list[dict] = [{"space": space, "bribed_by": None} for space in OFFICERS_START]
    officers += [{"space": None, "bribed_by": None, "step": step} for step in TRACK_NEW_OFFICER]
    return {
        "players": players,
        "rng": rng.state,
        "phase": "setup",
        "round": 0,
        "first": 0,
        "active": 0,
        "passed": [False] * players,
        "gold": [START_GOLD] * players,
        "influence": [START_INFLUENCE] * players,
        "reputation": [0] * players,
        "ledger": {res: [[0, 0] for _ in range(players)] for res in RESOURCES},
        "boats": [{"hold": None, "space": None} for _ in range(players)],
        "shapes": shapes,
        "warehouses": warehouses,
        "decks": decks,
        "face_up": {deck: None for deck in DECKS},
        "characters": [[] for _ in range(players)],
        "motivated": [],
        "discarded": [],
        "setup_draw": [[] for _ in range(players)],
        "pawns": [[] for _ in range(players)],
        "officers": officers,
        "wheel": 0,
        "track": 0,
        "secrets_deck": secrets,
        "hands": [[] for _ in range(players)],
        "secrets_played": [],
        "coves_open": [[] for _ in range(players)],
        "honest_done": [False] * players,
        "turn_in": [],
        "turn_out": [],
        "queue": [],
        "pending": None,
        "ending": None,
    }


def copy_state(state: dict) -> dict:
    """A deep copy (the state is JSON-native; orjson's round trip is the fastest copy of it)."""
    return orjson.loads(orjson.dumps(state))


def upgraded(state: dict) -> dict:
    """A state saved before the warehouse moves were counted each way: its `shuttled` shapes
    (in or out this turn) may go neither in nor out again this turn, as then."""
    if "shuttled" in state:
        shuttled = state.pop("shuttled")
        state["turn_in"], state["turn_out"] = list(shuttled), list(shuttled)
    return state


def ask(state: dict, seat: int, moves: list[dict]) -> bool:
    """A step waits for the seat's decision among `moves` (flow.py): False, the step is not done."""
    state["pending"] = {"seat": seat, "moves": moves}
    return False


def rng_below(state: dict, n: int) -> int:
    rng = Rng(state["rng"])
    value = rng.below(n)
    state["rng"] = rng.state
    return value


# --- resources ------------------------------------------------------------------------------
def gain(state: dict, seat: int, resource: str, amount: int) -> None:
    state[resource][seat] += amount
    state["ledger"][resource][seat][0] += amount


def spend(state: dict, seat: int, resource: str, amount: int) -> None:
    assert state[resource][seat] >= amount, (resource, amount)
    state[resource][seat] -= amount
    state["ledger"][resource][seat][1] += amount


def can_pay(state: dict, seat: int, cost: dict) -> bool:
    return all(state[res][seat] >= amount for res, amount in cost.items())


def pay(state: dict, seat: int, cost: dict) -> None:
    for res, amount in cost.items():
        spend(state, seat, res, amount)


# --- queries --------------------------------------------------------------------------------
def discovery(state: dict) -> int:
    return TRACK_DISCOVERY[state["track"]]


def track_end(state: dict) -> int:
    """The customs track's last step at this table (by the number of players)."""
    return TRACK_END[state["players"]]


def bribe_cost(state: dict) -> int:
    return TRACK_BRIBE[state["track"]]


def bribe_price(state: dict, officer: int) -> dict:
    """1 influence plus the track's bribe cost, +1 gold if another player holds him (p.18)."""
    extra = 1 if state["officers"][officer]["bribed_by"] is not None else 0
    return {"influence": 1, "gold": bribe_cost(state) + extra}


def merchant_of(sid: str) -> str:
    """Shape ids are `<merchant>_<n>`: the n-th shape of that merchant's goods."""
    return sid.split("_")[0]


KIND_OF = {f"{merchant}_{n}": kind for merchant, kinds in MERCHANT_GOODS.items() for n, kind in enumerate(kinds)}


def shape_kind(sid: str) -> str:
    return KIND_OF[sid]


def shape_size(state: dict, sid: str) -> int:
    return len(SHAPES[KIND_OF[sid]])


def shape_cells(state: dict, sid: str) -> list:
    return SHAPES[KIND_OF[sid]]


def shapes_where(state: dict, where: str, owner: int | None = None, space: str | None = None) -> list[str]:
    return [
        sid
        for sid, s in state["shapes"].items()
        if s["where"] == where and (owner is None or s["owner"] == owner) and (space is None or s["space"] == space)
    ]


def hold_grid(state: dict, seat: int) -> list[str]:
    return BOATS[state["boats"][seat]["hold"]][1]


def warehouse_grid(wid: str) -> list[str]:
    if wid in START_WAREHOUSES:
        return START_WAREHOUSES[wid][1]
    return CHARACTERS[wid.removeprefix("w_")]["warehouse"][1]


def character_warehouse(cid: str) -> str:
    """A character's warehouse is named after its card: `w_<card>`."""
    return f"w_{cid}"


def warehouse_shapes(state: dict, wid: str) -> list[str]:
    return [sid for sid, s in state["shapes"].items() if s["where"] == "warehouse" and s["warehouse"] == wid]


def has_pawn(state: dict, seat: int, space: str) -> bool:
    return space in state["pawns"][seat]


def abandoned(state: dict, sid: str) -> bool:
    shape = state["shapes"][sid]
    return shape["where"] == "board" and not has_pawn(state, shape["owner"], shape["space"])


def hostile_officer_at(state: dict, space: str, seat: int) -> bool:
    return any(o["space"] == space and o["bribed_by"] != seat for o in state["officers"])


def open_coves(state: dict, seat: int) -> set[str]:
    coves = set(state["coves_open"][seat])
    coves.update(CHARACTERS[cid]["cove"] for cid in state["characters"][seat] if "cove" in CHARACTERS[cid])
    return coves


def mob_cards(state: dict, seat: int) -> list[str]:
    return [cid for cid in state["characters"][seat] if CHARACTERS[cid]["mob"]]


def income_bonus(state: dict, seat: int) -> int:
    return sum(CHARACTERS[cid].get("influence", 0) for cid in state["characters"][seat])


def poorest(state: dict) -> int:
    """Who chooses for the customs: least gold, then least reputation, fewest characters,
    then the first player (and on round the table from him)."""
    n = state["players"]
    return min(
        range(n),
        key=lambda s: (
            state["gold"][s],
            state["reputation"][s],
            len(state["characters"][s]),
            (s - state["first"]) % n,
        ),
    )
