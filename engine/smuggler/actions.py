"""What each action does, once `legal.py` has found it legal. Each action returns its events and
queues what follows inside it (customs, windows for other seats, the raid's questions, the end
of the turn). The free moves of a turn are in free.py and warehouses.py, the raid's steps in
raids.py."""

from __future__ import annotations

from engine.core import event
from engine.smuggler import customs
from engine.smuggler.board import risk_of, size_of
from engine.smuggler.content import CHARACTERS, DECK_OF, PRICES, ROW_COST
from engine.smuggler.data import HIRE_PAY, HONEST_WAGE, PRICES_BY_PAY, REPUTATION_PRICE
from engine.smuggler.flow import claim_warehouse, reveal
from engine.smuggler.free import draw_secret, witch_steps
from engine.smuggler.state import (
    bribe_price,
    gain,
    hostile_officer_at,
    pay,
    shape_kind,
    shape_size,
    shapes_where,
    spend,
    track_end,
)
from engine.smuggler.warehouses import best_storage, free_if_empty, store


def cost_of(move: dict) -> dict:
    return {move["pay"]: PRICES_BY_PAY[move["type"]][move["pay"]]}


def finish(state: dict, *steps: dict, offer: bool = True) -> None:
    """Queue what follows inside the action, then the end of the turn (which first offers the
    free moves left, unless `offer` is false: flow.step_end_turn)."""
    state["queue"].extend(steps)
    state["queue"].append({"do": "end_turn"} if offer else {"do": "end_turn", "done": True})


def move_boat(state, seat, move):
    pay(state, seat, cost_of(move))
    state["boats"][seat]["space"] = move["to"]
    finish(state, *witch_steps(state, seat))
    return [event("boat_moved", seat=seat, space=move["to"])]


def move_goods(state, seat, move):
    pay(state, seat, cost_of(move))
    return carry_goods(state, seat, move["shape"], move["to"])


def carry_goods(state, seat, sid, to):
    shape = state["shapes"][sid]
    claimed = shape["owner"] != seat
    shape.update(space=to, owner=seat)
    finish(state)
    return [event("goods_moved", seat=seat, shape=sid, space=to, claimed=claimed), *customs.seize_at(state, to)]


def move_pawn(state, seat, move):
    pay(state, seat, cost_of(move))
    state["pawns"][seat].remove(move["from"])
    state["pawns"][seat].append(move["to"])
    finish(state)
    return [event("pawn_moved", seat=seat, left=move["from"], space=move["to"])]


def move_both(state, seat, move):
    pay(state, seat, cost_of(move))
    here = state["shapes"][move["shape"]]["space"]
    state["pawns"][seat].remove(here)
    state["pawns"][seat].append(move["to"])
    return [event("pawn_moved", seat=seat, left=here, space=move["to"])] + carry_goods(
        state, seat, move["shape"], move["to"]
    )


def move_officer(state, seat, move):
    pay(state, seat, cost_of(move))
    finish(state)
    return customs.move_officer(state, move["officer"], move["to"], "action")


def honest_work(state, seat, move):
    for sid in owned_goods(state, seat):
        wid = state["shapes"][sid]["warehouse"]
        state["shapes"][sid].update(where="gone", space=None, warehouse=None)
        if wid:
            free_if_empty(state, wid)
    lost, wage = honest_pay(state, seat)
    halved = state["reputation"][seat] - lost
    spend(state, seat, "reputation", lost)
    gain(state, seat, "gold", wage)
    state["honest_done"][seat] = True
    finish(state)
    return [event("honest_work", seat=seat, reputation=halved, wage=wage)]


def honest_pay(state, seat) -> tuple[int, int]:
    """Honest work's reputation lost (half, rounded down, is kept) and gold earned (Honest Pete)."""
    halved = state["reputation"][seat] // 2
    return state["reputation"][seat] - halved, max(0, HONEST_WAGE - halved - state["gold"][seat])


def owned_goods(state, seat) -> list[str]:
    return [
        sid for sid, s in state["shapes"].items() if s["owner"] == seat and s["where"] in ("boat", "board", "warehouse")
    ]


def land(state, seat, move):
    port = state["boats"][seat]["space"]
    landed = sorted(sid for sid, chosen in move["shapes"].items() if chosen)
    pay(state, seat, {"influence": 1 + move["hide"]})
    stash_ok = move["stash"] == 1 and not hostile_officer_at(state, port, seat)
    events = [event("goods_landed", seat=seat, space=port, shapes=landed, hidden=move["hide"])]
    for sid in landed:
        state["shapes"][sid].update(where="board", space=port)
    # p.21: « instantanément déplacées dans un entrepôt », as many squares as fit (in for this turn)
    for sid, wid in best_storage(state, seat, landed, port) if stash_ok else ():
        store(state, sid, wid, port)
        events.append(event("goods_stored", seat=seat, shape=sid, warehouse=wid))
    events += customs.seize_at(state, port)
    risk = (risk_of(port) or 0) + sum(shape_size(state, sid) for sid in landed) - move["hide"]
    # every other seat, clockwise from the lander, gets the tip-off window (flow.step_tipoff); not
    # at the Isles of Scilly, where the customs never move (p.21), so a tip-off could do nothing
    n = state["players"]
    windows = [{"do": "tipoff", "seat": (seat + k) % n} for k in range(1, n)] if port != "scilly" else []
    finish(state, *windows, {"do": "landing", "seat": seat, "target": port, "risk": risk})
    return events


def buy_goods(state, seat, move):
    sid = move["shape"]
    pay(state, seat, {"influence": 1, "gold": shape_size(state, sid)})
    state["shapes"][sid].update(where="boat", owner=seat)
    events = [event("goods_bought", seat=seat, shape=sid, kind=shape_kind(sid))]
    if not shapes_where(state, "merchant") and state["ending"] is None:
        state["ending"] = "last_goods"
        events.append(event("end_triggered", reason="last_goods"))
    finish(state)
    return events


def sell(state, seat, move):
    sid, row = move["shape"], move["row"]
    space = state["shapes"][sid]["space"]
    if ROW_COST[row]:
        spend(state, seat, move["pay"], ROW_COST[row])
    gold, reputation = sale_price(state, sid, row)
    gain(state, seat, "gold", gold)
    gain(state, seat, "reputation", reputation)
    state["shapes"][sid].update(where="sold", space=None)
    events = [event("goods_sold", seat=seat, shape=sid, space=space, gold=gold, reputation=reputation)]
    track_moved, entering = customs.advance_wheel(state, gold)
    if track_moved:
        events.append(event("customs_track", step=state["track"]))
    steps: list[dict] = []
    if space != "scilly":
        steps.append({"do": "customs", "target": space, "points": 1, "why": "sale"})
    steps += [{"do": "new_officer", "officer": i} for i in entering]
    steps.append({"do": "secrets", "seller": seat})
    if state["track"] >= track_end(state) and state["ending"] is None:
        state["ending"] = "customs_track"
        events.append(event("end_triggered", reason="customs_track"))
    finish(state, *steps)
    return events


def sale_price(state, sid, row) -> tuple[int, int]:
    """A sale's gold and reputation: the table's row for the shape's size capped by the town's."""
    size = min(shape_size(state, sid), size_of(state["shapes"][sid]["space"]) or 0)
    return PRICES[size][row]


def buy_reputation(state, seat, move):
    spend(state, seat, "gold", REPUTATION_PRICE)
    gain(state, seat, "reputation", 1)
    finish(state)
    return [event("reputation_bought", seat=seat)]


def discover_secret(state, seat, move):
    pay(state, seat, cost_of(move))
    finish(state)
    return draw_secret(state, seat)


def hire(state, seat, move):
    cid = move["card"]
    info = CHARACTERS[cid]
    spend(state, seat, move["pay"], HIRE_PAY[move["pay"]])
    spend(state, seat, "gold", info["gold"])
    deck = DECK_OF[cid]
    state["face_up"][deck] = None
    state["characters"][seat].append(cid)
    gain(state, seat, "reputation", info["reputation"])
    claim_warehouse(state, seat, cid)
    events = [event("character_hired", seat=seat, card=cid, reputation=info["reputation"])]
    events += reveal(state, deck)
    finish(state, {"do": "place_pawn", "seat": seat, "anywhere": info.get("anywhere", False)})
    return events


def bribe(state, seat, move):
    officer = state["officers"][move["officer"]]
    pay(state, seat, bribe_price(state, move["officer"]))
    officer["bribed_by"] = seat
    finish(state)
    # p.18: he is the new player's man now, and seizes the former briber's goods lying there
    return [event("officer_bribed", seat=seat, officer=move["officer"]), *customs.seize_at(state, officer["space"])]


def raid(state, seat, move):
    """1 influence; then the raider sends mob characters in, one shape each (raids.py)."""
    spend(state, seat, "influence", 1)
    finish(state, {"do": "raid", "seat": seat, "card": None, "taken": 0, "stop": False})
    return [event("raid_started", seat=seat)]


def pass_turn(state, seat, move):
    state["passed"][seat] = True
    finish(state, offer=False)  # a pass changes nothing: any free move after it was open before it
    return [event("passed", seat=seat)]


ACTIONS = {
    "move_boat": move_boat,
    "move_goods": move_goods,
    "move_pawn": move_pawn,
    "move_both": move_both,
    "move_officer": move_officer,
    "honest_work": honest_work,
    "land": land,
    "buy_goods": buy_goods,
    "sell": sell,
    "buy_reputation": buy_reputation,
    "discover_secret": discover_secret,
    "hire": hire,
    "bribe": bribe,
    "raid": raid,
    "pass": pass_turn,
}
