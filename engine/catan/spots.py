"""Where a seat may build or trade: board queries over a match state (read only)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.catan import board as B
from engine.catan import data as D


def can_afford(hand: list, cost) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


def pay(state: dict, seat: int, cost) -> None:
    hand, bank = state["hands"][seat], state["bank"]
    for r in range(5):
        hand[r] -= cost[r]
        bank[r] += cost[r]


NO_HARBOUR: tuple[int, ...] = (4, 4, 4, 4, 4)
HARBOUR_SLOT_AT = {n: i for i, pair in enumerate(B.HARBOUR_NODES) for n in pair}  # intersection -> harbour slot


def harbour_ratios(state: dict, seat: int) -> Sequence[int]:
    """Cards given per card taken from the bank, per resource (4, 3 or 2)."""
    node, slots = state["node"], 0
    for n, slot in HARBOUR_SLOT_AT.items():  # the 18 harbour intersections, not all 54
        if node[n] == seat:
            slots |= 1 << slot
    if not slots:
        return NO_HARBOUR
    kinds = [kind for i, kind in enumerate(state["harbours"]) if slots >> i & 1]
    ratios = [3] * 5 if D.GENERIC in kinds else [4] * 5
    for kind in kinds:
        if kind != D.GENERIC:
            ratios[kind] = 2
    return ratios


def owned(pieces: list[int], seat: int) -> list[int]:
    """The indices of a board list (intersections or paths) the seat holds.

    list.index scans in C: a few calls beat a Python loop over all 72 paths."""
    found, i = [], -1
    try:
        while True:
            i = pieces.index(seat, i + 1)
            found.append(i)
    except ValueError:
        return found


def settlement_spot_free(state: dict, n: int) -> bool:
    """Empty, and the distance rule: no building on any neighbouring intersection."""
    node = state["node"]
    return node[n] == -1 and all(node[m] == -1 for m in B.NODE_NEIGHBOURS[n])


def road_connects(state: dict, seat: int, e: int) -> bool:
    """A road must touch your building, or your road through an intersection
    no opponent has built on."""
    node, edge = state["node"], state["edge"]
    for n in B.EDGE_NODES[e]:
        owner = node[n]
        if owner == seat:
            return True
        if owner == -1 and any(edge[f] == seat for f in B.NODE_EDGES[n]):
            return True
    return False


def road_spots(state: dict, seat: int) -> list:
    """Empty paths touching an intersection the seat's network reaches: its own
    building, or the end of its road where no opponent has built."""
    if state["stock"][seat][0] == 0:
        return []
    edge, node = state["edge"], state["node"]
    if state["phase"] == "setup":
        return [e for e in B.NODE_EDGES[state["setup_node"]] if edge[e] == -1]
    ends = set(owned(node, seat)).union(*[B.EDGE_NODES[e] for e in owned(edge, seat)])
    spots: set[int] = set()
    for n in ends:
        if node[n] == -1 or node[n] == seat:
            for f in B.NODE_EDGES[n]:
                if edge[f] == -1:
                    spots.add(f)
    return sorted(spots)


def settlement_spots(state: dict, seat: int) -> list:
    if state["stock"][seat][1] == 0:
        return []
    if state["phase"] == "setup":
        return [n for n in range(B.N_NODES) if settlement_spot_free(state, n)]
    node = state["node"]
    ends = set().union(*[B.EDGE_NODES[e] for e in owned(state["edge"], seat)])
    return sorted(n for n in ends if node[n] == -1 and not any(node[m] != -1 for m in B.NODE_NEIGHBOURS[n]))


def city_spots(state: dict, seat: int) -> list:
    if state["stock"][seat][2] == 0:
        return []
    city = state["city"]
    return [n for n in owned(state["node"], seat) if not city[n]]


def robber_victims(state: dict, h: int, thief: int) -> list:
    node, hands = state["node"], state["hands"]
    found = {node[n] for n in B.HEX_NODES[h]}
    return sorted(s for s in found if s != -1 and s != thief and sum(hands[s]))
