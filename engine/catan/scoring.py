"""Points: victory points, the longest road and the largest army."""

from __future__ import annotations

from engine.catan import board as B
from engine.catan import data as D
from engine.core import event


def total_vp(state: dict, seat: int) -> int:
    return state["vp"][seat] + state["devs"][seat][D.VICTORY_POINT]


def longest_road(state: dict, seat: int) -> int:
    """Longest trail of the seat's roads (no path used twice, forks not
    counted), never passing through an opponent's building.

    A longest trail can always be taken to start where the network does not
    simply pass through: a dead end, a fork, an opponent's building. Only a
    component that is a bare ring has none; it counts whole."""
    edge, node = state["edge"], state["node"]
    mine = [e for e, owner in enumerate(edge) if owner == seat]
    if not mine:
        return 0
    steps: dict[int, list[tuple[int, int]]] = {}  # intersection -> [(the path's bit, the other end)]
    for e in mine:
        a, b = B.EDGE_NODES[e]
        steps.setdefault(a, []).append((1 << e, b))
        steps.setdefault(b, []).append((1 << e, a))
    blocked = {n for n in steps if node[n] != -1 and node[n] != seat}
    best = covered = 0

    def walk(n: int, used: int, length: int) -> None:
        nonlocal best, covered
        if length > best:
            best = length
        covered |= used
        if length and n in blocked:
            return
        for bit, m in steps[n]:
            if not used & bit:
                walk(m, used | bit, length + 1)

    total = len(mine)
    for n, out in steps.items():
        if len(out) != 2 or n in blocked:
            walk(n, 0, 0)
            if best == total:
                return best
    mask = sum(1 << e for e in mine)
    while mask & ~covered:
        rest = mask & ~covered
        e = (rest & -rest).bit_length() - 1
        walk(B.EDGE_NODES[e][0], 0, 0)
    return best


def update_longest_road(state: dict, seats) -> list:
    """Recompute the given seats' roads, then award the card by the official
    rules: a holder keeps it while no one is strictly longer and theirs is 5+;
    otherwise it goes to the single longest road of 5+, or is set aside when
    several tie (or none reaches 5)."""
    lens = state["road_len"]
    for s in seats:
        lens[s] = longest_road(state, s)
    holder, top = state["longest"], max(lens)
    if holder != -1 and lens[holder] == top and top >= D.LONGEST_ROAD_MIN:
        return []
    leaders = [s for s in range(state["n"]) if lens[s] == top]
    new = leaders[0] if top >= D.LONGEST_ROAD_MIN and len(leaders) == 1 else -1
    if new == holder:
        return []
    if holder != -1:
        state["vp"][holder] -= D.LONGEST_ROAD_VP
    if new != -1:
        state["vp"][new] += D.LONGEST_ROAD_VP
    state["longest"] = new
    return [
        event("longest_road", seat=None if new == -1 else new, length=top, previous=None if holder == -1 else holder)
    ]


def update_largest_army(state: dict, seat: int) -> list:
    knights, holder = state["knights"], state["army"]
    if knights[seat] < D.LARGEST_ARMY_MIN or holder == seat:
        return []
    if holder != -1 and knights[seat] <= knights[holder]:
        return []
    if holder != -1:
        state["vp"][holder] -= D.LARGEST_ARMY_VP
    state["vp"][seat] += D.LARGEST_ARMY_VP
    state["army"] = seat
    return [event("largest_army", seat=seat, knights=knights[seat])]


def breakdown(state, seat) -> dict:
    node, city = state["node"], state["city"]
    return {
        "settlements": sum(1 for n in range(B.N_NODES) if node[n] == seat and not city[n]),
        "cities": 2 * sum(1 for n in range(B.N_NODES) if node[n] == seat and city[n]),
        "longest_road": D.LONGEST_ROAD_VP if state["longest"] == seat else 0,
        "largest_army": D.LARGEST_ARMY_VP if state["army"] == seat else 0,
        "victory_point_cards": state["devs"][seat][D.VICTORY_POINT],
    }
