"""Phase 4, shipping: everybody at once, cube by cube, each seat ending with `done`.

A cube comes `from` a ship bought this round, the warehouse or the market hall,
and goes onto a contract, to a trader, into the warehouse or onto the market hall;
the market hall sells 2 cubes for a coin or converts 3 into 1 from the supply.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engine.core import Event, event
from engine.speicherstadt.data import (
    GOODS,
    MARKET_CAPACITY,
    MARKET_CONVERT,
    MARKET_KEEP,
    MARKET_SELL,
    WAREHOUSE_CAPACITY,
)
from engine.speicherstadt.table import free_symbol, has_trader, illegal, warehouse_room


def cube_moves(state: dict, seat: int) -> list[dict]:
    """Every shipping move but `done`, in a fixed order."""
    me = state["seats"][seat]
    moves = []
    for source in ("ship", "warehouse", "market"):
        for good in sorted(set(me[source])):
            cube = {"from": source, "good": good}
            for contract in me["contracts"]:
                if free_symbol(me, contract, good):
                    moves.append({"type": "deliver", **cube, "contract": contract})
            if has_trader(me, good):
                moves.append({"type": "sell", **cube})
            if source != "warehouse" and warehouse_room(me):
                moves.append({"type": "store", **cube})
            if source != "market" and len(me["market"]) < MARKET_CAPACITY:
                moves.append({"type": "to_market", **cube})
    market = sorted(me["market"])
    for pair in sorted(set(combinations(market, MARKET_SELL))):
        moves.append({"type": "market_sell", "goods": list(pair)})
    for triple in sorted(set(combinations(market, MARKET_CONVERT))):
        for take in GOODS:
            if state["supply"][take] > 0:
                moves.append({"type": "convert", "goods": list(triple), "take": take})
    return moves


def shipping_moves(state: dict, seat: int) -> list[dict]:
    """A shipping seat's legal moves: its cube moves, and `done` once its market hall keeps at most 1."""
    moves = cube_moves(state, seat)
    if len(state["seats"][seat]["market"]) <= MARKET_KEEP:
        moves.append({"type": "done"})
    return moves


def deliver(state: dict, seat: int, move: dict) -> list[Event]:
    need_shipping(state)
    me = state["seats"][seat]
    contract, good = move["contract"], move["good"]
    if contract not in me["contracts"]:
        raise illegal("You own no such contract.", contract=contract)
    if not free_symbol(me, contract, good):
        raise illegal("That contract has no free {good} symbol.", good=good, contract=contract)
    take_cube(state, seat, move)
    me["contracts"][contract].append(good)
    return [event("cube_delivered", seat=seat, good=good, contract=contract, **{"from": move["source"]})]


def sell(state: dict, seat: int, move: dict) -> list[Event]:
    need_shipping(state)
    me = state["seats"][seat]
    if not has_trader(me, move["good"]):
        raise illegal("You own no trader who buys {good}.", good=move["good"])
    take_cube(state, seat, move)
    me["coins"] += 1
    state["supply"][move["good"]] += 1
    return [event("cube_sold", seat=seat, good=move["good"], coins=1, **{"from": move["source"]})]


def store(state: dict, seat: int, move: dict) -> list[Event]:
    need_shipping(state)
    me = state["seats"][seat]
    if "warehouse" not in me["cards"]:
        raise illegal("You own no warehouse.")
    if move["source"] == "warehouse":
        raise illegal("That cube is already in your warehouse.")
    if len(me["warehouse"]) >= WAREHOUSE_CAPACITY:
        raise illegal("A warehouse holds at most 4 cubes.")
    take_cube(state, seat, move)
    me["warehouse"].append(move["good"])
    return [event("cube_stored", seat=seat, good=move["good"], **{"from": move["source"]})]


def to_market(state: dict, seat: int, move: dict) -> list[Event]:
    need_shipping(state)
    if move["source"] == "market":
        raise illegal("That cube is already on your market hall.")
    if len(state["seats"][seat]["market"]) >= MARKET_CAPACITY:
        raise illegal(
            "Your market hall holds at most 4 cubes at a time (1 kept + 3 to convert): sell or convert first."
        )
    take_cube(state, seat, move)
    state["seats"][seat]["market"].append(move["good"])
    return [event("cube_to_market", seat=seat, good=move["good"], **{"from": move["source"]})]


def market_sell(state: dict, seat: int, move: dict) -> list[Event]:
    need_shipping(state)
    me = state["seats"][seat]
    take_from_market(me, move["goods"])
    for good in move["goods"]:
        state["supply"][good] += 1
    me["coins"] += 1
    return [event("market_sold", seat=seat, goods=move["goods"], coins=1)]


def convert(state: dict, seat: int, move: dict) -> list[Event]:
    need_shipping(state)
    me = state["seats"][seat]
    take = move["take"]
    if state["supply"][take] == 0:
        raise illegal("The supply holds no {good} cube (cubes never come from the bag).", good=take)
    take_from_market(me, move["goods"])
    state["supply"][take] -= 1
    for good in move["goods"]:
        state["supply"][good] += 1
    me["market"].append(take)
    return [event("market_converted", seat=seat, goods=move["goods"], take=take)]


def done(state: dict, seat: int, move: dict) -> list[Event]:
    """The seat ends its shipping: cubes still on its ships are lost to the supply."""
    need_shipping(state)
    me = state["seats"][seat]
    if len(me["market"]) > MARKET_KEEP:
        raise illegal(
            "Your market hall may keep at most 1 cube: sell, convert or use the others first.",
            cubes=len(me["market"]),
        )
    lost = me["ship"]
    for good in lost:
        state["supply"][good] += 1
    me["ship"] = []
    state["shipping"].remove(seat)
    return [event("shipping_done", seat=seat, lost=lost)]


def need_shipping(state: dict) -> None:
    if state["phase"] != "shipping":
        raise illegal("Cubes are moved in the shipping phase only.")


def take_cube(state: dict, seat: int, move: dict) -> None:
    """Remove the move's cube from where it says, or refuse."""
    place = state["seats"][seat][move["source"]]
    if move["good"] not in place:
        raise illegal("There is no {good} cube on your {source}.", source=move["source"], good=move["good"])
    place.remove(move["good"])


def take_from_market(me: dict, goods: list[str]) -> None:
    """Remove those cubes from the market hall, or refuse without a change."""
    if Counter(goods) - Counter(me["market"]):
        raise illegal("Those cubes are not all on your market hall.", goods=goods)
    for good in goods:
        me["market"].remove(good)
