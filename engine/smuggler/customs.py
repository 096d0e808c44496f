"""The customs: seizures, officers moving toward a landing or a sale, the golden wheel and track."""

from __future__ import annotations

from engine.core import event
from engine.smuggler.board import distances_from, step_toward
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


def step_officer(state: dict, officer: int, target: str, why: str) -> list:
    here = state["officers"][officer]["space"]
    return move_officer(state, officer, step_toward(here, target), why)


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
