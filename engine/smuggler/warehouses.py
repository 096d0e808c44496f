"""Warehouses: which ones a seat may use on a space, and the free moves that store goods in them
or take goods out. p.21: « Faire rentrer ou sortir des formes de marchandises d'un entrepôt est
gratuit, cela n'utilise pas d'action, et cela peut être fait à n'importe quel moment pendant le
tour d'un joueur »: listed before the action (legal.free_moves) and after it, before the turn
passes (flow.step_end_turn). Each shape goes in or out at most once a turn (`shuttled`)."""

from __future__ import annotations

from engine.core import event
from engine.smuggler import customs
from engine.smuggler.packing import fits
from engine.smuggler.state import has_pawn, shape_cells, shapes_where, warehouse_grid, warehouse_shapes


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


def warehouse_moves(state: dict, seat: int) -> list[dict]:
    """Every `stash` and `unstash` the seat may make now (its pawn on the space, each shape once
    a turn)."""
    moves = []
    for sid in shapes_where(state, "board", seat):
        space = state["shapes"][sid]["space"]
        if sid in state["shuttled"] or not has_pawn(state, seat, space):
            continue
        moves += [
            {"type": "stash", "shape": sid, "warehouse": wid} for wid in fitting_warehouses(state, seat, sid, space)
        ]
    for sid in shapes_where(state, "warehouse", seat):
        if sid not in state["shuttled"] and has_pawn(state, seat, state["shapes"][sid]["space"]):
            moves.append({"type": "unstash", "shape": sid})
    return moves


def store(state: dict, sid: str, wid: str, space: str) -> None:
    state["warehouses"][wid]["space"] = space
    state["shapes"][sid].update(where="warehouse", warehouse=wid, space=space)


def stash(state: dict, seat: int, move: dict) -> list:
    sid = move["shape"]
    store(state, sid, move["warehouse"], state["shapes"][sid]["space"])
    state["shuttled"].append(sid)
    return [event("goods_stored", seat=seat, shape=sid, warehouse=move["warehouse"])]


def unstash(state: dict, seat: int, move: dict) -> list:
    sid = move["shape"]
    wid = state["shapes"][sid]["warehouse"]
    state["shapes"][sid].update(where="board", warehouse=None)
    if not warehouse_shapes(state, wid) and not state["warehouses"][wid]["fixed"]:
        state["warehouses"][wid]["space"] = None
    state["shuttled"].append(sid)
    return [event("goods_taken_out", seat=seat, shape=sid), *customs.seize_at(state, state["shapes"][sid]["space"])]
