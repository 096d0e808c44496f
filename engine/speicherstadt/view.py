"""What a seat (or a spectator) sees: the whole table, nothing face down.

Secret: the order of the deck and what the bag will give next (and the RNG).
Shown instead: how many cards are left per season and the bag's count per
good, both of which follow from public play. Every seat sees the same table.
"""

from __future__ import annotations

from collections import Counter

from engine.speicherstadt import scoring
from engine.speicherstadt.data import CARDS, LAST_SEASON, SEASONS


def card_info(card: str) -> dict:
    """A card's id and printed data (kind, season, and value/goods/vp/good if any)."""
    info = {"card": card, **CARDS[card]}
    if "goods" in info:
        info["goods"] = list(info["goods"])
    return info


def table_view(state: dict, seat: int | None, to_act: list[int]) -> dict:
    offer = state["offer"]
    return {
        "you": seat,
        "round": state["round"],
        "phase": state["phase"],  # demand | purchase | shipping | over
        "last_round": state["last_round"],
        "start_player": state["start"],
        "to_act": to_act,
        "deck": cards_left(state["deck"]),
        "bag": dict(state["bag"]),
        "supply": dict(state["supply"]),
        "row": [slot_view(slot, i) for i, slot in enumerate(state["row"])],
        "offer": None if offer is None else {"position": offer, "price": len(state["row"][offer]["workers"])},
        "discard": list(state["discard"]),
        "removed": list(state["removed"]),
        "fires": [
            dict(fire, totals=list(fire["totals"]), gained=list(fire["gained"]), lost=list(fire["lost"]))
            for fire in state["fires"]
        ],
        "seats": [seat_view(state, s) for s in range(state["players"])],
    }


def cards_left(deck: list[str]) -> dict[str, int]:
    counts = Counter(CARDS[card]["season"] for card in deck)
    return {season: counts.get(season, 0) for season in (*SEASONS, LAST_SEASON)}


def slot_view(slot: dict | None, position: int) -> dict | None:
    """A water space: the card, the workers above it (lowest first), a ship's cubes."""
    if slot is None:  # already bought or discarded this round
        return None
    return {
        "position": position,
        **card_info(slot["card"]),
        "workers": list(slot["workers"]),
        "price": len(slot["workers"]),
        "cubes": list(slot["cubes"]),
    }


def seat_view(state: dict, seat: int) -> dict:
    me = state["seats"][seat]
    breakdown = scoring.breakdown(me)
    return {
        "seat": seat,
        "coins": me["coins"],
        "workers": me["workers"],  # in front of the player, not yet placed
        "cards": list(me["cards"]),
        "firemen": scoring.fireman_total(me),
        "contracts": [{**card_info(c), "placed": list(placed)} for c, placed in me["contracts"].items()],
        "ship": list(me["ship"]),  # cubes unloaded this round, still to place
        "warehouse": list(me["warehouse"]),
        "market": list(me["market"]),
        "bought_this_round": me["bought"],
        "shipping": seat in state["shipping"],  # still to say `done`
        "score": sum(breakdown.values()),  # if the game ended now (before the 4th fire)
        "breakdown": breakdown,
    }
