"""The customs: seizures, officers moving toward a landing or a sale, the golden wheel and track."""

from __future__ import annotations

from engine.core import event
from engine.smuggler.board import LAND_SPACES, distances_from, land_near
from engine.smuggler.content import WHEEL_SPACES
from engine.smuggler.state import track_end


def seize_at(state: dict, space: str) -> list:
    """Every goods shape lying on the board at `space` is seized by an officer there that its
    owner has not bribed (warehouses keep theirs safe)."""
    events = []
    for sid, shape in state["shapes"].items():
        if shape["where"] == "board" and shape["space"] == space:
            if any(o["space"] == space and o["bribed_by"] != shape["owner"] for o in state["officers"]):
                shape.update(where="customs", space=None)
                events.append(event("goods_seized", shape=sid, space=space, owner=shape["owner"]))
    return events


def move_officer(state: dict, officer: int, to: str, why: str) -> list:
    state["officers"][officer]["space"] = to
    return [event("officer_moved", officer=officer, space=to, why=why), *seize_at(state, to)]


def candidates(state: dict, target: str) -> list[int]:
    """The officers nearest to `target` (not already there, able to reach it)."""
    far = distances_from(target)
    reach = [
        (far[o["space"]], i)
        for i, o in enumerate(state["officers"])
        if o["space"] is not None and o["space"] != target and o["space"] in far
    ]
    if not reach:
        return []
    nearest = min(d for d, _ in reach)
    return [i for d, i in reach if d == nearest]


def equivalent(state: dict, officers: list[int]) -> bool:
    """Officers on one space with one briber: which moves makes no difference."""
    return len({(state["officers"][i]["space"], state["officers"][i]["bribed_by"]) for i in officers}) == 1


def next_spaces(state: dict, officer: int, target: str) -> list[str]:
    """The spaces next to the officer that lie on a shortest land path to `target` (map order)."""
    here = state["officers"][officer]["space"]
    left = distances_from(target)
    return [s for s in LAND_SPACES if s in land_near(here) and left.get(s) == left[here] - 1]


def path_matters(state: dict, officer: int, target: str, points: int) -> bool:
    """Whether the way the officer takes toward `target` with `points` steps left can change
    anything: where he stops, when he stops short of it, or the goods he seizes on the way
    (goods lying on a space that some shortest paths cross and others avoid, and not his
    briber's). Otherwise the choices are equivalent and nobody is asked."""
    here = state["officers"][officer]["space"]
    total = distances_from(target)[here]
    steps = min(points, total)
    start, left = distances_from(here), distances_from(target)
    levels: dict[int, list[str]] = {}
    for space, d in start.items():
        if 0 < d <= steps and d + left.get(space, total + 1) == total:
            levels.setdefault(d, []).append(space)
    if len(levels.get(steps, [])) > 1:
        return True  # he stops on one of several spaces
    briber = state["officers"][officer]["bribed_by"]
    avoidable = {space for d, spaces in levels.items() if len(spaces) > 1 for space in spaces}
    return any(
        s["where"] == "board" and s["space"] in avoidable and s["owner"] != briber for s in state["shapes"].values()
    )


def advance_wheel(state: dict, gold: int) -> tuple[int, list[int]]:
    """Move the golden wheel by the gold a sale made; each time START is reached or passed the
    customs track moves one step. Returns (steps the track moved, officers that enter)."""
    before = state["wheel"]
    state["wheel"] = before + gold
    laps = state["wheel"] // WHEEL_SPACES - before // WHEEL_SPACES
    start = state["track"]
    state["track"] = min(track_end(state), start + laps)
    entering = [
        i for i, o in enumerate(state["officers"]) if o["space"] is None and start < o.get("step", 99) <= state["track"]
    ]
    return state["track"] - start, entering
