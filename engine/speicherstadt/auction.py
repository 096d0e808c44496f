"""Phases 2 and 3: workers placed above the cards (demand), then each card
bought or declined, left to right, by its lowest worker (purchase)."""

from __future__ import annotations

from engine.core import Event, event
from engine.speicherstadt.data import MAX_WORKERS_PER_CARD
from engine.speicherstadt.table import illegal, kind


def place_worker(state: dict, seat: int, move: dict) -> list[Event]:
    """One worker on the lowest free space above a card; the next seat places next."""
    position = move["card"]
    if state["phase"] != "demand":
        raise illegal("Workers are placed in the demand phase only.")
    if position >= len(state["row"]):
        raise illegal("There is no card at that position.", position=position)
    workers = state["row"][position]["workers"]
    if len(workers) >= MAX_WORKERS_PER_CARD:
        raise illegal("All 8 spaces above that card are taken.", position=position)
    workers.append(seat)
    state["seats"][seat]["workers"] -= 1
    state["turn"] = (seat + 1) % state["players"]
    card = state["row"][position]["card"]
    return [event("worker_placed", seat=seat, position=position, card=card, space=len(workers))]


def buy(state: dict, seat: int, move: dict) -> list[Event]:
    """Pay one coin per worker above the card; the whole column goes home."""
    if state["phase"] != "purchase":
        raise illegal("Cards are bought in the purchase phase only.")
    slot = state["row"][state["offer"]]
    price = len(slot["workers"])
    me = state["seats"][seat]
    if me["coins"] < price:
        raise illegal(
            "The card costs {price} coins; you have {coins}.",
            "cannot_afford",
            price=price,
            coins=me["coins"],
        )
    me["coins"] -= price
    me["bought"] = True
    card = slot["card"]
    me["cards"].append(card)
    if kind(card) == "contract":
        me["contracts"][card] = []
    if kind(card) == "ship":
        me["ship"] += slot["cubes"]
    for owner in slot["workers"]:
        state["seats"][owner]["workers"] += 1
    events = [event("card_bought", seat=seat, card=card, price=price, cubes=list(slot["cubes"]))]
    close_offer(state)
    return events


def decline(state: dict, seat: int, move: dict) -> list[Event]:
    if state["phase"] != "purchase":
        raise illegal("Cards are declined in the purchase phase only.")
    events: list[Event] = []
    take_back_lowest(state, events, reason="declined")
    return events


def settle_offers(state: dict, events: list[Event]) -> bool:
    """Settle the offers left to right until someone who can pay must decide (True),
    or the row is done (False). Workers who cannot pay go home; unwanted cards are discarded."""
    while state["offer"] < len(state["row"]):
        slot = state["row"][state["offer"]]
        while slot["workers"]:
            bidder = state["seats"][slot["workers"][0]]
            if bidder["coins"] >= len(slot["workers"]):
                return True
            take_back_lowest(state, events, reason="cannot_afford")
        discard_unbought(state, slot, events)
        close_offer(state)
    return False


def take_back_lowest(state: dict, events: list[Event], reason: str) -> None:
    slot = state["row"][state["offer"]]
    seat = slot["workers"].pop(0)
    state["seats"][seat]["workers"] += 1
    events.append(
        event("purchase_declined", seat=seat, card=slot["card"], reason=reason, price=len(slot["workers"]) + 1)
    )


def close_offer(state: dict) -> None:
    state["row"][state["offer"]] = None
    state["offer"] += 1


def discard_unbought(state: dict, slot: dict, events: list[Event]) -> None:
    """An unbought card is discarded; a ship's cubes go to the supply, not the bag."""
    state["discard"].append(slot["card"])
    for good in slot["cubes"]:
        state["supply"][good] += 1
    events.append(event("card_discarded", card=slot["card"], cubes=slot["cubes"]))
