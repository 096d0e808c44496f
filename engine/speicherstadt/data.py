"""Speicherstadt's component data, in one place.

Source: shared/rules/speicherstadt.fr.txt (the rulebook) and
shared/rules/CONTENT.md. Values marked DECIDED are our own choice (the
printed values are not public); change them here and nowhere else.
"""

from typing import Any

# --- goods ---------------------------------------------------------------
# 45 cubes, 9 of each colour (rulebook, "Composants").
GOODS = ("coffee", "tea", "saffron", "rubber", "carpet")
CUBES_PER_GOOD = 9

# --- players ---------------------------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 5
START_COINS = 5
WORKERS = 3  # the 4th worker of each colour marks the score track
MAX_WORKERS_PER_CARD = 8  # a building above a card has 8 spaces

# --- cards -----------------------------------------------------------------
# Each card: kind, season (A/B/C/D/E) and what its kind needs.
#   trader: good      fireman: value (DECIDED)    contract: goods, vp (DECIDED)
#   fire: value (DECIDED)    office, warehouse, ship, bank, chamber, port: -
#   church: vp (boatmen church 3, St. Michaelis 4: from the rules)
SEASONS = ("A", "B", "C", "D")
LAST_SEASON = "E"

CONTRACT_VP = {2: 5, 3: 8, 4: 11}  # from the rules: 2/3/4 goods = 5/8/11 VP
OFFICE_VP = {0: 0, 1: 2, 2: 5, 3: 9, 4: 14}  # from the rules
WAREHOUSE_CAPACITY = 4
TRADER_VP = 1
SHIP_CUBES = 3
MARKET_KEEP = 1  # cubes a market hall may keep from one round to the next
MARKET_SELL = 2  # cubes sold at the market hall for 1 coin
MARKET_CONVERT = 3  # cubes given at the market hall for 1 cube of one's choice
# DECIDED (modelling): while shipping, a market hall holds at most 4 cubes at a
# time: the kept one plus the 3 of a conversion. No play needs more, and it
# keeps the lists of sell/convert moves short.
MARKET_CAPACITY = MARKET_KEEP + MARKET_CONVERT

TRADERS = {
    "coffee_roaster": "coffee",
    "tea_taster": "tea",
    "spice_trader": "saffron",
    "carpet_trader": "carpet",
    "vulcanizer": "rubber",
}

# DECIDED (CONTENT.md): fireman values per season.
FIREMEN = {
    "fireman_a1": ("A", 1),
    "fireman_a2": ("A", 2),
    "fireman_b1": ("B", 1),
    "fireman_b2": ("B", 2),
    "fireman_b3": ("B", 3),
    "fireman_c2": ("C", 2),
    "fireman_c4": ("C", 4),
    "fireman_d3": ("D", 3),  # the one removed with 2, 3 and 5 players
    "fireman_d4": ("D", 4),
    "fireman_d5": ("D", 5),
}

# DECIDED (CONTENT.md): fire values, VP won by the highest fireman total and
# lost by the lowest.
FIRES = {
    "fire_1": ("B", 1),
    "fire_2": ("C", 2),
    "fire_3": ("D", 3),
    "fire_4": ("E", 4),  # always the last card of the deck
}
LAST_FIRE = "fire_4"

# DECIDED (CONTENT.md): contracts; each colour appears on exactly 6 of them.
CONTRACTS = {
    "contract_a1": ("A", ("coffee", "tea")),
    "contract_a2": ("A", ("saffron", "rubber")),
    "contract_a3": ("A", ("carpet", "coffee", "saffron")),
    "contract_b1": ("B", ("carpet", "tea")),
    "contract_b2": ("B", ("rubber", "saffron", "coffee")),
    "contract_b3": ("B", ("rubber", "tea", "coffee", "carpet")),
    "contract_c1": ("C", ("tea", "saffron", "carpet")),
    "contract_c2": ("C", ("coffee", "rubber", "tea")),
    "contract_c3": ("C", ("saffron", "carpet", "rubber", "tea")),
    "contract_c4": ("C", ("coffee", "saffron", "rubber", "carpet")),
}

OFFICES = {"office_a": "A", "office_b": "B", "office_d1": "D", "office_d2": "D"}

SHIPS = {f"ship_{s.lower()}{i}": s for s in "BCD" for i in range(1, 6)}


def _build_cards() -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = {}
    for card, good in TRADERS.items():
        cards[card] = {"kind": "trader", "season": "A", "good": good}
    cards["warehouse"] = {"kind": "warehouse", "season": "A"}
    for card, season in OFFICES.items():
        cards[card] = {"kind": "office", "season": season}
    for card, (season, goods) in CONTRACTS.items():
        cards[card] = {"kind": "contract", "season": season, "goods": list(goods), "vp": CONTRACT_VP[len(goods)]}
    for card, (season, value) in FIREMEN.items():
        cards[card] = {"kind": "fireman", "season": season, "value": value}
    for card, season in SHIPS.items():
        cards[card] = {"kind": "ship", "season": season}
    for card, (season, value) in FIRES.items():
        cards[card] = {"kind": "fire", "season": season, "value": value}
    cards["bank"] = {"kind": "bank", "season": "C"}
    cards["chamber_of_commerce"] = {"kind": "chamber", "season": "D"}
    cards["boatmen_church"] = {"kind": "church", "season": "D", "vp": 3}
    cards["st_michaelis"] = {"kind": "church", "season": "D", "vp": 4}
    cards["port"] = {"kind": "port", "season": "D"}
    return cards


CARDS: dict[str, dict[str, Any]] = _build_cards()

# Autumn cards removed at set-up, by player count (rulebook, set-up step 9).
REMOVED = {
    2: ("port", "fireman_d3"),
    3: ("boatmen_church", "fireman_d3"),
    4: (),
    5: ("boatmen_church", "fireman_d3"),
}


def season_cards(season: str) -> list[str]:
    """The card ids of one season, in a fixed order (before shuffling)."""
    return [card for card, info in CARDS.items() if info["season"] == season]


# Sanity: the rulebook's counts (12/13/13/15 + 1, 54 cards; 6 per colour on contracts).
assert [len(season_cards(s)) for s in "ABCDE"] == [12, 13, 13, 15, 1]
assert all(sum(good in goods for _, goods in CONTRACTS.values()) == 6 for good in GOODS)
