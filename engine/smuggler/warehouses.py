"""Warehouses: which ones a seat may use on a space, and the free moves that store goods in them
or take goods out. p.21: « Faire rentrer ou sortir des formes de marchandises d'un entrepôt est
gratuit, cela n'utilise pas d'action, et cela peut être fait à n'importe quel moment pendant le
tour d'un joueur »: listed before the action (legal.free_moves) and storing after it, before the
turn passes (flow.step_end_turn). Within its owner's turn a shape goes in at most once and out at
most once, in either order (`turn_in`, `turn_out`; decided): taken out, carried and stored
again, or landed straight in and taken out to sell, but no endless loop."""

from __future__ import annotations

from engine.core import event
from engine.smuggler import customs
from engine.smuggler.packing import fits
from engine.smuggler.state import has_pawn, shape_cells, shape_size, shapes_where, warehouse_grid, warehouse_shapes


def usable_warehouses(state: dict, seat: int, space: str) -> list[str]:
    """The seat's warehouses at `space`, and its START warehouses not yet standing anywhere."""
    return [
        wid
        for wid, w in state["warehouses"].items()
        if w["owner"] == seat and (w["space"] == space or (w["space"] is None and not w["fixed"]))
    ]


def fitting_warehouses(state: dict, seat: int, sid: str, space: str) -> list[str]:
    """The seat's warehouses at `space` that the shape fits into, beside what they hold."""
    found = []
    for wid in usable_warehouses(state, seat, space):
        content = [shape_cells(state, s) for s in warehouse_shapes(state, wid)]
        if fits(warehouse_grid(wid), [*content, shape_cells(state, sid)]):
            found.append(wid)
    return found


def best_storage(state: dict, seat: int, sids: list[str], space: str) -> list[tuple[str, str]]:
    """Landed shapes straight into the seat's warehouses at `space` (p.21): the (shape,
    warehouse) pairs that store as many squares as possible, by a search over every assignment
    (a hold has a handful of shapes, a space one to three warehouses). Ties go to the first
    assignment found trying the biggest shapes first (then by id), each in the warehouses in
    the state's order before leaving it on the beach."""
    wids = usable_warehouses(state, seat, space)
    inside = {wid: [shape_cells(state, s) for s in warehouse_shapes(state, wid)] for wid in wids}
    order = sorted(sids, key=lambda s: (-shape_size(state, s), s))
    sizes = [shape_size(state, s) for s in order]
    best: tuple[int, list[tuple[str, str]]] = (0, [])
    chosen: list[tuple[str, str]] = []

    def search(i: int, squares: int) -> None:
        nonlocal best
        if squares + sum(sizes[i:]) <= best[0]:
            return  # cannot store more than the best found so far
        if i == len(order):
            best = (squares, list(chosen))
            return
        for wid in wids:
            if fits(warehouse_grid(wid), [*inside[wid], shape_cells(state, order[i])]):
                inside[wid].append(shape_cells(state, order[i]))
                chosen.append((order[i], wid))
                search(i + 1, squares + sizes[i])
                chosen.pop()
                inside[wid].pop()
        search(i + 1, squares)

    search(0, 0)
    return best[1]


def warehouse_moves(state: dict, seat: int, taking_out: bool = True) -> list[dict]:
    """Every `stash` (and, unless `taking_out` is false, `unstash`) the seat may make now: its
    pawn on the space, each shape in at most once and out at most once this turn."""
    moves = []
    for sid in shapes_where(state, "board", seat):
        space = state["shapes"][sid]["space"]
        if sid in state["turn_in"] or not has_pawn(state, seat, space):
            continue
        moves += [
            {"type": "stash", "shape": sid, "warehouse": wid} for wid in fitting_warehouses(state, seat, sid, space)
        ]
    for sid in shapes_where(state, "warehouse", seat) if taking_out else ():
        if sid not in state["turn_out"] and has_pawn(state, seat, state["shapes"][sid]["space"]):
            moves.append({"type": "unstash", "shape": sid})
    return moves


def store(state: dict, sid: str, wid: str, space: str) -> None:
    state["warehouses"][wid]["space"] = space
    state["shapes"][sid].update(where="warehouse", warehouse=wid, space=space)
    state["turn_in"].append(sid)


def stash(state: dict, seat: int, move: dict) -> list:
    sid = move["shape"]
    store(state, sid, move["warehouse"], state["shapes"][sid]["space"])
    return [event("goods_stored", seat=seat, shape=sid, warehouse=move["warehouse"])]


def unstash(state: dict, seat: int, move: dict) -> list:
    sid = move["shape"]
    wid = state["shapes"][sid]["warehouse"]
    state["shapes"][sid].update(where="board", warehouse=None)
    free_if_empty(state, wid)
    state["turn_out"].append(sid)
    return [event("goods_taken_out", seat=seat, shape=sid), *customs.seize_at(state, state["shapes"][sid]["space"])]


def free_if_empty(state: dict, wid: str) -> None:
    """A START warehouse stands where its owner first stored goods, and is free again once empty
    (decided): taken out, or discarded by honest work."""
    if not warehouse_shapes(state, wid) and not state["warehouses"][wid]["fixed"]:
        state["warehouses"][wid]["space"] = None
