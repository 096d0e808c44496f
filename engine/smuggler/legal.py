"""Every legal move of the active player in the play phase, listed whole (the landing, whose
choice of shapes is too big to list, is a template). `game.py` accepts exactly these."""

from __future__ import annotations

from engine.core import counts_param, integer_param, template
from engine.smuggler.board import COVES, PORTS, land_near, sea_near, size_of
from engine.smuggler.content import CHARACTERS, CUSTOMS_HOUSE, MERCHANTS, ROW_COST, secret_kind
from engine.smuggler.data import HIRE_PAY, PRICES_BY_PAY, REPUTATION_PRICE
from engine.smuggler.packing import fits
from engine.smuggler.state import (
    abandoned,
    bribe_price,
    can_pay,
    has_pawn,
    hold_grid,
    merchant_of,
    mob_cards,
    open_coves,
    shape_cells,
    shape_kind,
    shape_size,
    shapes_where,
)
from engine.smuggler.warehouses import warehouse_moves


def paid(state, seat, move_type: str, **fields) -> list[dict]:
    """The move once per way of paying the seat can afford."""
    return [
        {"type": move_type, **fields, "pay": how}
        for how, amount in PRICES_BY_PAY[move_type].items()
        if state[how][seat] >= amount
    ]


def action_moves(state: dict, seat: int) -> list[dict]:
    moves: list[dict] = []
    for gen in (boat_moves, land_moves, officer_moves, goods_and_pawns, buy_moves, sell_moves, card_moves, free_moves):
        moves += gen(state, seat)
    return moves + simple_moves(state, seat)


def simple_moves(state: dict, seat: int) -> list[dict]:
    """Buying reputation, discovering a secret, honest work and passing."""
    moves: list[dict] = []
    if state["gold"][seat] >= REPUTATION_PRICE:
        moves.append({"type": "buy_reputation"})
    moves += paid(state, seat, "discover_secret") if state["secrets_deck"] else []
    if not state["honest_done"][seat]:
        moves.append({"type": "honest_work"})
    moves.append({"type": "pass"})
    return moves


def moves_of_type(state: dict, seat: int, move_type: str) -> list[dict]:
    """The legal moves of one type (what `play` checks a posted move against)."""
    if move_type in GENERATORS:
        return [m for m in GENERATORS[move_type](state, seat) if m["type"] == move_type]
    if move_type in ("buy_reputation", "discover_secret", "honest_work", "pass"):
        return [m for m in simple_moves(state, seat) if m["type"] == move_type]
    return [m for m in action_moves(state, seat) if m["type"] == move_type]


def boat_moves(state, seat):
    here = state["boats"][seat]["space"]
    return [m for to in sea_near(here) for m in paid(state, seat, "move_boat", to=to)]


def officer_moves(state, seat):
    return [
        m
        for i, o in enumerate(state["officers"])
        if o["space"] is not None
        for to in land_near(o["space"])
        for m in paid(state, seat, "move_officer", officer=i, to=to)
    ]


def goods_and_pawns(state, seat):
    moves = []
    pawns = state["pawns"][seat]
    for here in sorted(set(pawns)):
        for to in land_near(here):
            moves += paid(state, seat, "move_pawn", **{"from": here, "to": to})
    for sid in movable_goods(state, seat):
        here = state["shapes"][sid]["space"]
        for to in land_near(here):
            if has_pawn(state, seat, to):
                moves += paid(state, seat, "move_goods", shape=sid, to=to)
            moves += paid(state, seat, "move_both", shape=sid, to=to)
    return moves


def movable_goods(state, seat) -> list[str]:
    """Goods on the board where the seat has a pawn: its own, or abandoned ones it may take."""
    return [
        sid
        for sid in shapes_where(state, "board")
        if has_pawn(state, seat, state["shapes"][sid]["space"])
        and (state["shapes"][sid]["owner"] == seat or abandoned(state, sid))
    ]


def buy_moves(state, seat):
    here = state["boats"][seat]["space"]
    if here not in MERCHANTS or state["influence"][seat] < 1:
        return []
    held = [shape_cells(state, s) for s in shapes_where(state, "boat", seat)]
    grid = hold_grid(state, seat)
    moves, seen = [], set()
    for sid in shapes_where(state, "merchant"):
        kind = shape_kind(sid)
        if merchant_of(sid) != here or kind in seen:
            continue
        seen.add(kind)  # the same shape twice at one merchant is one choice
        if state["gold"][seat] >= shape_size(state, sid) and fits(grid, [*held, shape_cells(state, sid)]):
            moves.append({"type": "buy_goods", "shape": sid})
    return moves


def sell_moves(state, seat):
    moves = []
    for sid in shapes_where(state, "board", seat):
        space = state["shapes"][sid]["space"]
        if not size_of(space) or not has_pawn(state, seat, space):
            continue
        for row, cost in enumerate(ROW_COST):
            if cost == 0:
                moves.append({"type": "sell", "shape": sid, "row": row, "pay": "none"})
            for how in ("influence", "reputation") if cost else ():
                if state[how][seat] >= cost:
                    moves.append({"type": "sell", "shape": sid, "row": row, "pay": how})
    return moves


def card_moves(state, seat):
    moves = []
    for cid in state["face_up"].values():
        if cid is None or state["gold"][seat] < CHARACTERS[cid]["gold"]:
            continue
        moves += [
            {"type": "hire", "card": cid, "pay": how} for how, amount in HIRE_PAY.items() if state[how][seat] >= amount
        ]
    for i, officer in enumerate(state["officers"]):
        if officer["space"] is None or officer["bribed_by"] == seat or not has_pawn(state, seat, officer["space"]):
            continue
        if can_pay(state, seat, bribe_price(state, i)):
            moves.append({"type": "bribe", "officer": i})
    if can_raid(state, seat):
        moves.append({"type": "raid"})  # which mobs go and which shapes they bring back: raids.py
    return moves


def can_raid(state, seat) -> bool:
    """Two mob characters or more, a pawn at Penzance, 1 influence, and goods to recover (p.19)."""
    return (
        len(mob_cards(state, seat)) >= 2
        and has_pawn(state, seat, CUSTOMS_HOUSE)
        and state["influence"][seat] >= 1
        and bool(shapes_where(state, "customs"))
    )


def land_moves(state, seat) -> list[dict]:
    """Landing everything at once, not hidden; other choices come from the template."""
    if not can_land(state, seat):
        return []
    shapes = sorted(shapes_where(state, "boat", seat))
    return [{"type": "land", "shapes": {sid: 1 for sid in shapes}, "hide": 0, "stash": 1}]


def can_land(state, seat) -> bool:
    port = state["boats"][seat]["space"]
    if port in COVES and port not in open_coves(state, seat):
        return False
    return (
        (port in PORTS or port in COVES)
        and has_pawn(state, seat, port)
        and state["influence"][seat] >= 1
        and bool(shapes_where(state, "boat", seat))
    )


def land_template(state, seat) -> list[dict]:
    if not can_land(state, seat):
        return []
    shapes = sorted(shapes_where(state, "boat", seat))
    return [
        template(
            {"type": "land"},
            shapes=counts_param({sid: 1 for sid in shapes}, 1, len(shapes)),
            hide=integer_param(0, state["influence"][seat] - 1),
            stash=integer_param(0, 1),
        )
    ]


def free_moves(state, seat, taking_out: bool = True):
    """Free on the seat's turn, before its action and (but taking goods out) after it, before
    the turn passes (flow.step_end_turn)."""
    moves = warehouse_moves(state, seat, taking_out)
    moves += claim_moves(state, seat)
    moves += motivate_moves(state, seat)
    moves += secret_moves(state, seat)
    return moves


def claim_moves(state, seat):
    """Abandoned goods of another player where the seat has a pawn, claimed where they lie."""
    return [
        {"type": "claim", "shape": sid}
        for sid in shapes_where(state, "board")
        if state["shapes"][sid]["owner"] != seat
        and abandoned(state, sid)
        and has_pawn(state, seat, state["shapes"][sid]["space"])
    ]


def motivate_moves(state, seat):
    moves = []
    for cid in state["characters"][seat]:
        ability = CHARACTERS[cid].get("ability")
        if not ability or cid in state["motivated"] or not can_pay(state, seat, ability["cost"]):
            continue
        kind = ability["kind"]
        if kind == "boat":
            moves += [
                {"type": "motivate_boat", "card": cid, "to": to} for to in sea_near(state["boats"][seat]["space"])
            ]
        elif kind == "goods":
            for sid in shapes_where(state, "board", seat):
                here = state["shapes"][sid]["space"]
                if has_pawn(state, seat, here):
                    moves += [
                        {"type": "motivate_goods", "card": cid, "shape": sid, "to": to}
                        for to in land_near(here)
                        if has_pawn(state, seat, to)
                    ]
        elif kind == "officer":
            moves += [
                {"type": "motivate_officer", "card": cid, "officer": i, "to": to}
                for i, o in enumerate(state["officers"])
                if o["space"] is not None
                for to in land_near(o["space"])
            ]
        elif kind == "secret" and state["secrets_deck"]:
            moves.append({"type": "motivate_secret", "card": cid})
    return moves


def secret_moves(state, seat):
    moves = []
    seen = set()
    for card in state["hands"][seat]:
        kind = secret_kind(card)
        if kind in seen:
            continue
        seen.add(kind)
        if kind == "cove":
            moves += [
                {"type": "play_cove", "secret": card, "cove": c} for c in COVES if c not in open_coves(state, seat)
            ]
        elif kind == "decoy":
            moves += [
                {"type": "play_decoy", "secret": card, "officer": i, "to": to}
                for i, o in enumerate(state["officers"])
                if o["space"] is not None
                for to in land_near(o["space"])
            ]
        elif kind == "informer":
            moves += [
                {"type": "play_informer", "secret": card, "seat": s}
                for s in range(state["players"])
                if s != seat and state["hands"][s]
            ]
        elif kind == "turncoat":
            moves += [
                {"type": "play_turncoat", "secret": card, "officer": i}
                for i, o in enumerate(state["officers"])
                if o["space"] is not None and o["bribed_by"] not in (None, seat)
            ]
        elif kind == "favour":
            moves.append({"type": "play_favour", "secret": card})
    return moves


GENERATORS = {
    "move_boat": boat_moves,
    "move_officer": officer_moves,
    "move_pawn": goods_and_pawns,
    "move_goods": goods_and_pawns,
    "move_both": goods_and_pawns,
    "buy_goods": buy_moves,
    "sell": sell_moves,
    "hire": card_moves,
    "bribe": card_moves,
    "raid": card_moves,
    "stash": warehouse_moves,
    "unstash": warehouse_moves,
    "claim": claim_moves,
    "motivate_boat": motivate_moves,
    "motivate_goods": motivate_moves,
    "motivate_officer": motivate_moves,
    "motivate_secret": motivate_moves,
    "play_cove": secret_moves,
    "play_decoy": secret_moves,
    "play_informer": secret_moves,
    "play_turncoat": secret_moves,
    "play_favour": secret_moves,
}
