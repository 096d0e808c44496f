"""The state of a Speicherstadt match, and questions about it (no changes).

The state is one JSON-native dict:

    players, round, last_round     the round ends the game once only the 4th fire is left
    phase       supply | demand | purchase | shipping | over
    start       the holder of the start coin;  turn  demand: who places next
    offer       purchase: row position of the card on offer
    deck        top card first: secret;  discard, removed
    bag, supply cubes per good: the bag's draws are secret, the supply is the reserve
    row         the water spaces: {"card", "workers" (lowest first), "cubes"}, or None once settled
    fires       each resolved fire: card, value, totals, gained, lost
    shipping    seats still to finish the shipping phase
    seats       per seat: coins, fire (VP won and lost at fires), workers (in front of the
                player), cards, contracts (card -> goods placed), ship (cubes unloaded this
                round), warehouse, market, bought (a card this round)
    rng         the generator's state
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalMove
from engine.rng import Rng
from engine.speicherstadt.data import (
    CARDS,
    CUBES_PER_GOOD,
    GOODS,
    LAST_SEASON,
    MAX_WORKERS_PER_CARD,
    REMOVED,
    SEASONS,
    START_COINS,
    WAREHOUSE_CAPACITY,
    WORKERS,
    season_cards,
)


def new_state(players: int, rng: Rng) -> dict:
    """The table before the first round: deck built, start player drawn, nothing revealed."""
    return {
        "players": players,
        "round": 0,
        "phase": "supply",
        "last_round": False,
        "start": rng.below(players),
        "turn": None,
        "offer": None,
        "deck": build_deck(players, rng),
        "bag": {good: CUBES_PER_GOOD for good in GOODS},
        "supply": {good: 0 for good in GOODS},
        "row": [],
        "discard": [],
        "removed": list(REMOVED[players]),
        "fires": [],
        "shipping": [],
        "seats": [new_seat() for _ in range(players)],
        "rng": 0,
    }


def build_deck(players: int, rng: Rng) -> list[str]:
    deck = []
    for season in SEASONS:  # A on top, then B, C, D, then the 4th fire
        cards = [c for c in season_cards(season) if c not in REMOVED[players]]
        rng.shuffle(cards)
        deck += cards
    return deck + season_cards(LAST_SEASON)


def new_seat() -> dict:
    return {
        "coins": START_COINS,
        "fire": 0,
        "workers": WORKERS,
        "cards": [],
        "contracts": {},
        "ship": [],
        "warehouse": [],
        "market": [],
        "bought": False,
    }


def copy_state(state: dict) -> dict:
    """A deep copy of a state, written out field by field: twice as fast as a
    generic copy, and the playouts dump after every move. A test checks that
    no list or dict is shared with the original."""
    return {
        **state,
        "deck": list(state["deck"]),
        "bag": dict(state["bag"]),
        "supply": dict(state["supply"]),
        "row": [
            None
            if slot is None
            else {"card": slot["card"], "workers": list(slot["workers"]), "cubes": list(slot["cubes"])}
            for slot in state["row"]
        ],
        "discard": list(state["discard"]),
        "removed": list(state["removed"]),
        "fires": [
            {**fire, "totals": list(fire["totals"]), "gained": list(fire["gained"]), "lost": list(fire["lost"])}
            for fire in state["fires"]
        ],
        "shipping": list(state["shipping"]),
        "seats": [
            {
                **me,
                "cards": list(me["cards"]),
                "ship": list(me["ship"]),
                "warehouse": list(me["warehouse"]),
                "market": list(me["market"]),
                "contracts": {card: list(placed) for card, placed in me["contracts"].items()},
            }
            for me in state["seats"]
        ],
    }


def kind(card: str) -> str:
    return CARDS[card]["kind"]


def illegal(template: str, code: str = "illegal_move", **details: Any) -> IllegalMove:
    """A refusal: an English template whose placeholders are details, translated in
    locale/fr (`IllegalMove`); never an f-string."""
    return IllegalMove(code, template, **details)


# --- questions about the table ---------------------------------------------------
def open_cards(state: dict) -> list[int]:
    """Row positions with a free space above the card."""
    return [i for i, slot in enumerate(state["row"]) if len(slot["workers"]) < MAX_WORKERS_PER_CARD]


def free_symbol(me: dict, contract: str, good: str) -> bool:
    wanted = CARDS[contract]["goods"].count(good)
    return me["contracts"][contract].count(good) < wanted


def has_trader(me: dict, good: str) -> bool:
    return any(kind(c) == "trader" and CARDS[c]["good"] == good for c in me["cards"])


def warehouse_room(me: dict) -> bool:
    return "warehouse" in me["cards"] and len(me["warehouse"]) < WAREHOUSE_CAPACITY
