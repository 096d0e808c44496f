"""Between rounds: phase 5, income, then phase 1 of the next round, supply (cards
revealed, ships loaded from the bag, fires resolved at once)."""

from __future__ import annotations

from engine.core import Event, event
from engine.rng import Rng
from engine.speicherstadt import scoring
from engine.speicherstadt.data import CARDS, GOODS, LAST_FIRE, SHIP_CUBES
from engine.speicherstadt.table import kind


def pay_income(state: dict, events: list[Event]) -> None:
    """1 coin each, 1 more for a seat that bought nothing, 1 per bank; the start coin passes left."""
    paid = []
    for me in state["seats"]:
        coins = 1 + (not me["bought"]) + sum(kind(c) == "bank" for c in me["cards"])
        me["coins"] += coins
        me["bought"] = False
        paid.append(coins)
    state["start"] = (state["start"] + 1) % state["players"]
    events.append(event("income", coins=paid, start=state["start"]))


def reveal_cards(state: dict, rng: Rng, events: list[Event]) -> None:
    """Fill the water spaces left to right: players+1 cards, fires resolved and replaced."""
    deck, row = state["deck"], state["row"]
    while len(row) < state["players"] + 1 and deck[0] != LAST_FIRE:
        card = deck.pop(0)
        if kind(card) == "fire":
            resolve_fire(state, card, events)
            continue
        cubes = draw_cubes(state, rng) if kind(card) == "ship" else []
        row.append({"card": card, "workers": [], "cubes": cubes})
        events.append(event("card_revealed", card=card, position=len(row) - 1, cubes=list(cubes)))


def draw_cubes(state: dict, rng: Rng) -> list[str]:
    """A ship's cubes, drawn one by one from the bag (fewer if it runs out)."""
    bag, cubes = state["bag"], []
    for _ in range(SHIP_CUBES):
        total = sum(bag.values())
        if total == 0:
            break
        pick = rng.below(total)
        for good in GOODS:
            if pick < bag[good]:
                break
            pick -= bag[good]
        bag[good] -= 1
        cubes.append(good)
    return cubes


def resolve_fire(state: dict, card: str, events: list[Event]) -> None:
    """The highest fireman totals gain the fire's value, the lowest lose it; all equal: nobody."""
    value = CARDS[card]["value"]
    totals = [scoring.fireman_total(me) for me in state["seats"]]
    high, low = max(totals), min(totals)
    gained = [s for s, t in enumerate(totals) if t == high] if high != low else []
    lost = [s for s, t in enumerate(totals) if t == low] if high != low else []
    for s in gained:
        state["seats"][s]["fire"] += value
    for s in lost:
        state["seats"][s]["fire"] -= value
    state["discard"].append(card)
    record = {"card": card, "value": value, "totals": totals, "gained": gained, "lost": lost}
    state["fires"].append(record)
    events.append(event("fire", card=card, value=value, totals=list(totals), gained=list(gained), lost=list(lost)))
