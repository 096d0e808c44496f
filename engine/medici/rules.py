"""The moves of a Medici vs Strozzi turn, each a function of the state.

The drawer reveals tiles (`draw`), names a price (`offer`); the opponent
`buy`s or `decline`s (then the drawer must buy); the buyer pays the bank and
`load`s the lot onto one ship or `discard`s it. What follows a placed lot (the
next turn, the round's scoring, the end) is the flow in game.py.
"""

from __future__ import annotations

from engine.core import Event, IllegalMove, event
from engine.medici.scoring import tile_json
from engine.medici.table import lot_limit, room, used_harbours
from engine.rng import Rng


def draw(state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
    require_phase(state, "draw", "You can only draw tiles before naming a price.")
    if not state["bag"]:
        raise IllegalMove("illegal_move", "The bag is empty: name a price for the tiles drawn.")
    if len(state["lot"]) >= lot_limit(state):
        raise IllegalMove(
            "illegal_move",
            "You may not draw more tiles than fit together on one of your ships, nor more than three.",
            limit=lot_limit(state),
        )
    return draw_tile(state, rng)


def offer(state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
    require_phase(state, "draw", "The price has already been named.")
    state["price"] = move["price"]
    state["phase"] = "answer"
    return [event("price_offered", seat=seat, price=move["price"], lot=[tile_json(t) for t in state["lot"]])]


def buy(state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
    require_phase(state, "answer", "There is no offer to answer.")
    return sell(state, seat, forced=False)


def decline(state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
    require_phase(state, "answer", "There is no offer to answer.")
    events = [event("offer_declined", seat=seat, price=state["price"])]
    return events + sell(state, state["drawer"], forced=True)


def load(state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
    require_phase(state, "place", "There is no bought lot to load.")
    ship_index, harbour = move["ship"], move["harbour"]
    ship = state["ships"][seat][ship_index]
    if room(state, seat, ship_index) < len(state["lot"]):
        raise IllegalMove(
            "illegal_move",
            "All the tiles of a lot go onto one ship, and this ship has not enough room for them.",
            room=room(state, seat, ship_index),
            lot_size=len(state["lot"]),
        )
    if ship["harbour"] is not None and ship["harbour"] != harbour:
        raise IllegalMove(
            "illegal_move",
            "A ship stays in the harbour it was first loaded in for the whole round.",
            harbour=ship["harbour"],
        )
    if ship["harbour"] is None and harbour in used_harbours(state, seat, except_ship=ship_index):
        raise IllegalMove(
            "illegal_move",
            "Each of your ships must go to a different harbour: another of your ships is already there.",
            harbour=harbour,
        )
    ship["harbour"] = harbour
    ship["tiles"].extend(state["lot"])
    tiles = [tile_json(t) for t in state["lot"]]
    state["lot"] = []
    return [event("lot_loaded", seat=seat, ship=ship_index, harbour=harbour, tiles=tiles)]


def discard(state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
    require_phase(state, "place", "There is no bought lot to discard.")
    events = [event("lot_discarded", seat=seat, tiles=[tile_json(t) for t in state["lot"]])]
    state["discards"].extend(state["lot"])
    state["lot"] = []
    return events


def sell(state: dict, buyer: int, forced: bool) -> list[Event]:
    price = state["price"]
    loan = pay_bank(state, buyer, price)
    state["buyer"] = buyer
    state["phase"] = "place"
    return [event("lot_bought", seat=buyer, price=price, credit_taken=loan, forced=forced)]


def draw_tile(state: dict, rng: Rng) -> list[Event]:
    """The drawer takes one tile at random from the bag and shows it."""
    tile = state["bag"].pop(rng.below(len(state["bag"])))
    state["lot"].append(tile)
    return [
        event(
            "tile_drawn",
            seat=state["drawer"],
            tile=tile_json(tile),
            lot_size=len(state["lot"]),
            bag_left=len(state["bag"]),
        )
    ]


def require_phase(state: dict, phase: str, message: str) -> None:
    if state["phase"] != phase:
        raise IllegalMove("illegal_move", message, phase=state["phase"])


def pay_bank(state: dict, seat: int, price: int) -> int:
    """The buyer pays the bank, borrowing exactly what he lacks. Returns the loan.

    A loan is recorded as credit and its coins are new money (the bank's own
    balance does not move), so bank + players' money - credit never changes.
    """
    loan = max(0, price - state["cash"][seat])
    state["credit"][seat] += loan
    state["cash"][seat] += loan - price
    state["bank"] += price
    state["ledger"][seat]["purchases"] += price
    return loan


def repay_credit(state: dict, seat: int) -> int:
    """At the end the credit is repaid, without interest, from the player's money.

    A player who cannot repay it all keeps the rest as a debt that counts
    against his money. Returns the amount repaid.
    """
    repaid = min(state["cash"][seat], state["credit"][seat])
    state["cash"][seat] -= repaid
    state["credit"][seat] -= repaid
    return repaid
