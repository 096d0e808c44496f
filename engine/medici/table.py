"""The state of a Medici vs Strozzi match, and questions about it (no changes).

The state is one JSON-native dict, so a dump is a cheap copy:

    rng       the generator's 64-bit state: the only hidden thing (it decides the draws)
    round     1..3;  phase  draw | answer | place | over
    drawer    who revealed the lot; price (once offered); buyer (once bought)
    lot       tile ids revealed this turn;  bag  tile ids, sorted;  discards
    ships     ships[seat][i] = {"harbour": None | 0..2, "tiles": [ids]}, capacities in data
    markers   one signed position per track: < 0 Medici's side, > 0 Strozzi's
    cash, credit, bank, ledger (per seat: purchases, harbours, monopolies, bonuses)
    history   per scored round: harbour winners and income
"""

from __future__ import annotations

from engine.medici import data
from engine.rng import Rng

SEATS = (0, 1)
LEDGER_KEYS = ("purchases", "harbours", "monopolies", "bonuses")


def other(seat: int) -> int:
    return 1 - seat


# --- the state ------------------------------------------------------------------
def new_state(seed: int) -> dict:
    return {
        "rng": Rng.from_seed(seed).state,
        "round": 1,
        "phase": "draw",  # draw -> answer -> place -> draw ... ; "over" at the end
        "drawer": data.FIRST_DRAWER[0],
        "price": None,  # the offered price, once named
        "buyer": None,  # who bought the lot, once bought
        "lot": [],  # tile ids revealed this turn, in drawing order
        "bag": list(range(len(data.TILES))),  # tile ids, kept sorted: draws pick at random
        "discards": [],
        "ships": [empty_ships() for _ in SEATS],
        "markers": [0] * len(data.TRACKS),
        "cash": [data.START_MONEY] * 2,
        "credit": [0, 0],
        "bank": data.BANK_START,
        "ledger": [{key: 0 for key in LEDGER_KEYS} for _ in SEATS],
        "history": [],  # per scored round: harbour winners and income, for the views
    }


def empty_ships() -> list[dict]:
    return [{"harbour": None, "tiles": []} for _ in data.SHIP_CAPACITY]


def copy_state(state: dict) -> dict:
    """A deep copy of the JSON-native state, faster than copy.deepcopy."""
    out = dict(state)
    out["lot"] = list(state["lot"])
    out["bag"] = list(state["bag"])
    out["discards"] = list(state["discards"])
    out["ships"] = [[{"harbour": s["harbour"], "tiles": list(s["tiles"])} for s in ships] for ships in state["ships"]]
    out["markers"] = list(state["markers"])
    out["cash"] = list(state["cash"])
    out["credit"] = list(state["credit"])
    out["ledger"] = [dict(entry) for entry in state["ledger"]]
    out["history"] = [copy_summary(item) for item in state["history"]]
    return out


def copy_summary(item: dict) -> dict:
    return {
        "round": item["round"],
        "harbour_winners": list(item["harbour_winners"]),
        "income": [dict(entry) for entry in item["income"]],
    }


# --- questions about the table ---------------------------------------------
def room(state: dict, seat: int, ship: int) -> int:
    return data.SHIP_CAPACITY[ship] - len(state["ships"][seat][ship]["tiles"])


def largest_room(state: dict, seat: int) -> int:
    return max(room(state, seat, ship) for ship in range(len(data.SHIP_CAPACITY)))


def all_ships_full(state: dict, seat: int) -> bool:
    return largest_room(state, seat) == 0


def lot_limit(state: dict) -> int:
    """How many tiles the drawer may reveal this turn: never more than fit
    together on one of his ships, never more than three."""
    return min(data.MAX_LOT, largest_room(state, state["drawer"]))


def can_draw(state: dict) -> bool:
    return bool(state["bag"]) and len(state["lot"]) < lot_limit(state)


def used_harbours(state: dict, seat: int, except_ship: int | None = None) -> set[int]:
    return {
        ship["harbour"]
        for index, ship in enumerate(state["ships"][seat])
        if ship["harbour"] is not None and index != except_ship
    }


def load_targets(state: dict, seat: int) -> list[tuple[int, int]]:
    """Every (ship, harbour) the buyer may load the whole lot onto."""
    size = len(state["lot"])
    targets = []
    for index, ship in enumerate(state["ships"][seat]):
        if room(state, seat, index) < size:
            continue
        if ship["harbour"] is not None:
            targets.append((index, ship["harbour"]))
        else:
            taken = used_harbours(state, seat)
            targets.extend((index, h) for h in range(len(data.HARBOUR_GOODS)) if h not in taken)
    return targets


def round_over(state: dict) -> bool:
    return not state["bag"] or any(all_ships_full(state, seat) for seat in SEATS)
