"""The queue of steps inside an action, the decisions it asks of any seat, set-up and rounds.

An action (or the set-up) pushes steps onto `state["queue"]`; `run` works through them. A
step that needs a seat's decision (the poorest player choosing an officer, a set-up draft,
another player's out-of-turn window) sets `state["pending"] = {"seat", "moves"}` and stops:
`to_act` then names that seat, its legal moves are exactly `moves`, and once it has chosen
the queue carries on, so the active player continues afterwards. The end of a turn is such a
step: after the action the active seat may still make its free moves (`step_end_turn`).
"""

from __future__ import annotations

from engine.core import event
from engine.smuggler import customs, raids
from engine.smuggler.board import BOAT_START_SPACES, LAND_SPACES, OFFICER_PLACES, placements
from engine.smuggler.content import (
    BOATS,
    CHARACTERS,
    DECK_OF,
    DECKS,
    ROUND_LIMIT,
    SECRETS,
    START_WAREHOUSES,
    WITCH_WATERS,
    secret_kind,
)
from engine.smuggler.free import FREE, draw_secret
from engine.smuggler.legal import free_moves
from engine.smuggler.packing import fits
from engine.smuggler.state import (
    ask,
    can_pay,
    character_warehouse,
    discovery,
    gain,
    hold_grid,
    income_bonus,
    pay,
    poorest,
    shape_cells,
    shapes_where,
)


def setup_queue(players: int) -> list[dict]:
    seats = list(range(players))
    last_first = [(players - 1 - i) % players for i in range(players)]  # counter-clockwise from the last
    return [
        *({"do": "choose_boat", "seat": s} for s in seats),
        *({"do": "choose_warehouse", "seat": s} for s in last_first),
        *(step for s in seats for step in ({"do": "draw_characters", "seat": s}, {"do": "keep_character", "seat": s})),
        *({"do": "place_pawn", "seat": s, "setup": True} for s in seats),
        *({"do": "place_boat", "seat": s} for s in seats),
        {"do": "start_game"},
    ]


def run(state: dict) -> list:
    """Work through the queue until it is empty or waits for a decision."""
    events: list = []
    while state["queue"] and state["pending"] is None:
        step = state["queue"][0]
        done, produced = STEPS[step["do"]](state, step)
        events += produced
        if done:
            state["queue"].pop(0)
    return events


# Steps that go on after a decision (more officers to move, more free moves, more shapes to raid):
# they finish by themselves when `run` finds them done.
GOING_ON = frozenset({"customs", "end_turn", "raid"})


def resolve(state: dict, seat: int, move: dict) -> list:
    """A pending decision was taken: apply it to the step waiting for it, then carry on."""
    step = state["queue"][0]
    state["pending"] = None
    events = RESOLVERS[move["type"]](state, step, seat, move)
    if step["do"] not in GOING_ON:  # the step itself, wherever the decision queued more steps
        state["queue"] = [s for s in state["queue"] if s is not step]
    return events + run(state)


# --- set-up steps -----------------------------------------------------------------------------
def step_choose_boat(state, step):
    taken = {b["hold"] for b in state["boats"]}
    return ask(state, step["seat"], [{"type": "choose_boat", "boat": b} for b in BOATS if b not in taken]), []


def step_choose_warehouse(state, step):
    free = [w for w in START_WAREHOUSES if state["warehouses"][w]["owner"] is None]
    return ask(state, step["seat"], [{"type": "choose_warehouse", "warehouse": w} for w in free]), []


def step_draw_characters(state, step):
    sizes = {deck: len(state["decks"][deck]) for deck in DECKS}
    pairs = [
        [a, b] for i, a in enumerate(DECKS) for b in DECKS[i:] if sizes[a] >= 1 and sizes[b] >= (2 if a == b else 1)
    ]
    return ask(state, step["seat"], [{"type": "draw_characters", "decks": pair} for pair in pairs]), []


def step_keep_character(state, step):
    seat = step["seat"]
    return ask(state, seat, [{"type": "keep_character", "card": c} for c in state["setup_draw"][seat]]), []


def step_place_pawn(state, step):
    seat = step["seat"]
    if step.get("setup"):
        spaces = list(LAND_SPACES)
    else:
        spaces = placements(state["pawns"][seat], step.get("anywhere", False))
    return ask(state, seat, [{"type": "place_pawn", "space": s} for s in spaces]), []


def step_place_boat(state, step):
    return ask(state, step["seat"], [{"type": "place_boat", "space": s} for s in BOAT_START_SPACES]), []


def step_start_game(state, step):
    for wid in START_WAREHOUSES:
        if state["warehouses"][wid]["owner"] is None:
            state["warehouses"][wid]["owner"] = -1  # discarded after the draft
    state["phase"] = "play"
    state["round"] = 1
    events = [event("game_started")] + reveal_all(state)
    state["active"] = state["first"]
    return True, events + [event("round_started", round=1, first=state["first"])]


def resolve_choose_boat(state, step, seat, move):
    state["boats"][seat]["hold"] = move["boat"]
    return [event("boat_chosen", seat=seat, boat=move["boat"])]


def resolve_choose_warehouse(state, step, seat, move):
    state["warehouses"][move["warehouse"]]["owner"] = seat
    return [event("warehouse_chosen", seat=seat, warehouse=move["warehouse"])]


def resolve_draw_characters(state, step, seat, move):
    drawn = [state["decks"][deck].pop(0) for deck in move["decks"]]
    state["setup_draw"][seat] = drawn
    return [
        event("characters_drawn", seat=seat, decks=move["decks"]),
        event("characters_drawn_privately", to=[seat], seat=seat, cards=list(drawn)),
    ]


def resolve_keep_character(state, step, seat, move):
    kept = move["card"]
    for cid in state["setup_draw"][seat]:
        if cid != kept:
            state["decks"][DECK_OF[cid]].append(cid)  # face down under its deck
    state["setup_draw"][seat] = []
    state["characters"][seat].append(kept)
    gain(state, seat, "reputation", CHARACTERS[kept]["reputation"])
    claim_warehouse(state, seat, kept)
    return [event("character_kept", seat=seat, card=kept, reputation=CHARACTERS[kept]["reputation"])]


def resolve_place_pawn(state, step, seat, move):
    state["pawns"][seat].append(move["space"])
    return [event("pawn_placed", seat=seat, space=move["space"])]


def resolve_place_boat(state, step, seat, move):
    state["boats"][seat]["space"] = move["space"]
    return [event("boat_placed", seat=seat, space=move["space"])]


# --- steps inside actions ---------------------------------------------------------------------
def step_customs(state, step):
    """Officers move one step per point toward the target, the nearest first, along a shortest
    path; the poorest player chooses between equally near officers and between next spaces on
    shortest paths (p.14: « Ces officiers sont déplacés par le joueur qui a le moins d'Or »),
    when the choice changes anything."""
    events: list = []
    target = step["target"]
    while step["points"] > 0:
        chosen = step.get("chosen")
        if chosen is None or state["officers"][chosen]["space"] == target:
            near = customs.candidates(state, target)
            if not near:
                break
            if len(near) > 1 and not customs.equivalent(state, near):
                return ask(state, poorest(state), [{"type": "choose_officer", "officer": i} for i in near]), events
            chosen = step["chosen"] = near[0]
        to = step.pop("via", None)
        if to is None:
            options = customs.next_spaces(state, chosen, target)
            if len(options) > 1 and customs.path_matters(state, chosen, target, step["points"]):
                moves = [{"type": "choose_path", "officer": chosen, "space": s} for s in options]
                return ask(state, poorest(state), moves), events
            to = options[0]
        events += customs.move_officer(state, chosen, to, step["why"])
        step["points"] -= 1
    return True, events


def resolve_choose_officer(state, step, seat, move):
    step["chosen"] = move["officer"]
    return [event("officer_chosen", seat=seat, officer=move["officer"], target=step["target"])]


def resolve_choose_path(state, step, seat, move):
    step["via"] = move["space"]
    return [event("path_chosen", seat=seat, officer=move["officer"], space=move["space"], target=step["target"])]


def step_landing(state, step):
    """After any tip-offs, the landing's risk above the discovery level moves the customs."""
    over = step["risk"] - discovery(state)
    events = [event("landing_risk", seat=step["seat"], space=step["target"], risk=step["risk"], moves=max(0, over))]
    if over > 0 and step["target"] != "scilly":
        state["queue"].insert(1, {"do": "customs", "target": step["target"], "points": over, "why": "landing"})
    return True, events


def step_tipoff(state, step):
    """The tip-off window of one other seat. Who holds a Tip-off is secret, so the window opens
    for every seat that could hold one as far as the table knows (a secret in hand, and a
    Tip-off not yet played), holder or not: to the others, its pass looks the same either way.
    A seat without one may only pass; a holder may play it or pass."""
    seat = step["seat"]
    if not state["hands"][seat] or not tipoffs_unplayed(state):
        return True, []
    moves = [{"type": "tipoff", "play": False}]
    if any(secret_kind(s) == "tipoff" for s in state["hands"][seat]):
        moves.insert(0, {"type": "tipoff", "play": True})
    return ask(state, seat, moves), []


def tipoffs_unplayed(state: dict) -> bool:
    """Whether some Tip-off has not been played yet (public: played secrets lie face up)."""
    return sum(secret_kind(s) == "tipoff" for s in state["secrets_played"]) < SECRETS["tipoff"][0]


def resolve_tipoff(state, step, seat, move):
    if not move["play"]:
        return [event("tipoff_declined", seat=seat)]
    card = next(s for s in state["hands"][seat] if secret_kind(s) == "tipoff")
    state["hands"][seat].remove(card)
    state["secrets_played"].append(card)
    landing = next(s for s in state["queue"] if s["do"] == "landing")
    landing["risk"] += 2
    return [event("secret_played", seat=seat, secret=card, kind="tipoff", against=landing["seat"])]


def step_new_officer(state, step):
    taken = {o["space"] for o in state["officers"]} | {s for pawns in state["pawns"] for s in pawns}
    spaces = [s for s in OFFICER_PLACES if s not in taken] or [
        s for s in OFFICER_PLACES if s not in {o["space"] for o in state["officers"]}
    ]
    if not spaces:
        return True, []
    return ask(state, poorest(state), [{"type": "place_officer", "space": s} for s in spaces]), []


def resolve_place_officer(state, step, seat, move):
    state["officers"][step["officer"]]["space"] = move["space"]
    # p.18: he seizes every goods shape lying there (abandoned ones too, p.19)
    return [
        event("officer_placed", seat=seat, officer=step["officer"], space=move["space"]),
        *customs.seize_at(state, move["space"]),
    ]


def step_secrets(state, step):
    events = []
    for seat in range(state["players"]):
        if seat != step["seller"]:
            events += draw_secret(state, seat)
    return True, events


def step_remove_pawn(state, step):
    seat = step["seat"]
    spaces = sorted(set(state["pawns"][seat]))
    if len(spaces) <= 1:
        return True, remove_pawn(state, seat, spaces[0]) if spaces else []
    return ask(state, seat, [{"type": "remove_pawn", "space": s} for s in spaces]), []


def resolve_remove_pawn(state, step, seat, move):
    return remove_pawn(state, seat, move["space"])


def remove_pawn(state, seat, space):
    state["pawns"][seat].remove(space)
    return [event("pawn_removed", seat=seat, space=space)]


def step_witch(state, step):
    """The Witch of St Levan's owner may take one shape from a boat entering her waters."""
    owner, victim = step["seat"], step["victim"]
    witch = "r_witch"
    if (
        witch not in state["characters"][owner]
        or witch in state["motivated"]
        or not can_pay(state, owner, CHARACTERS[witch]["ability"]["cost"])
        or state["boats"][victim]["space"] != WITCH_WATERS
    ):
        return True, []
    mine = [shape_cells(state, s) for s in shapes_where(state, "boat", owner)]
    options = [
        sid
        for sid in shapes_where(state, "boat", victim)
        if fits(hold_grid(state, owner), [*mine, shape_cells(state, sid)])
    ]
    if not options:
        return True, []
    moves = [{"type": "witch", "shape": sid} for sid in options] + [{"type": "witch", "shape": None}]
    return ask(state, owner, moves), []


def resolve_witch(state, step, seat, move):
    if move["shape"] is None:
        return [event("witch_declined", seat=seat)]
    pay(state, seat, CHARACTERS["r_witch"]["ability"]["cost"])
    state["motivated"].append("r_witch")
    state["shapes"][move["shape"]]["owner"] = seat
    return [event("witch_took", seat=seat, victim=step["victim"], shape=move["shape"])]


def step_end_turn(state, step):
    """Before the turn passes, after its action and all it triggered, the active seat may still make
    its free moves (p.21: warehouses « à n'importe quel moment pendant le tour d'un joueur »;
    p.12: abilities « pendant les tours »; secrets on your turn): storing goods, claiming
    abandoned goods, motivating a character it can pay, playing a secret, each answered by the
    same question again, with `end_turn` to stop. Finite: each character is motivated once a
    round, a secret is spent, a shape goes in once a turn. Taking goods out is not offered here
    (decided, README: seldom worth it, and it would ask every seat with goods stored after every
    action); the seat may still do it at the start of its next turn. Who holds which secret is
    hidden, so the question is asked of a seat that has no free move but could hold a secret to
    play as far as the table knows (`may_hold_turn_secret`), with `end_turn` alone: to the
    others it looks the same. Otherwise, with no free move, the turn passes at once. A pass asks
    nothing (`done`): it changes nothing the seat could not do before it."""
    seat = state["active"]
    if not step.get("done"):
        moves = free_moves(state, seat, taking_out=False)
        if moves or may_hold_turn_secret(state, seat):
            return ask(state, seat, [{"type": "end_turn"}, *moves]), []
    n = state["players"]
    for offset in range(1, n + 1):
        seat = (state["active"] + offset) % n
        if not state["passed"][seat]:
            state["active"] = seat
            state["turn_in"], state["turn_out"] = [], []
            return True, []
    return True, end_round(state)


def may_hold_turn_secret(state: dict, seat: int) -> bool:
    """Whether the seat could hold a secret to play on its turn, as far as the table knows: a
    secret in hand, and a card of those kinds not yet played (played secrets lie face up)."""
    if not state["hands"][seat]:
        return False
    played = [secret_kind(s) for s in state["secrets_played"]]
    return any(played.count(kind) < count for kind, (count, _, when) in SECRETS.items() if when == "your turn")


def resolve_free(state, step, seat, move):
    return FREE[move["type"]](state, seat, move)  # the end_turn step asks again


def resolve_end_turn(state, step, seat, move):
    step["done"] = True
    return [event("turn_ended", seat=seat)]  # a log entry without events reads as hidden to everyone


# --- rounds -----------------------------------------------------------------------------------
def end_round(state: dict) -> list:
    events = [event("round_ended", round=state["round"])]
    if state["round"] >= ROUND_LIMIT and state["ending"] is None:
        state["ending"] = "round_limit"
    if state["ending"]:
        state["phase"] = "over"
        return events + [event("game_over", reason=state["ending"])]
    n = state["players"]
    state["first"] = (state["first"] + 1) % n
    state["active"] = state["first"]
    state["round"] += 1
    state["passed"] = [False] * n
    state["honest_done"] = [False] * n
    state["turn_in"], state["turn_out"] = [], []
    state["motivated"] = []
    events.append(event("round_started", round=state["round"], first=state["first"]))
    for deck in DECKS:
        if state["face_up"][deck] is not None:
            state["discarded"].append(state["face_up"][deck])
            events.append(event("character_discarded", card=state["face_up"][deck]))
            state["face_up"][deck] = None
    events += reveal_all(state)
    for seat in range(n):
        income = state["reputation"][seat] + income_bonus(state, seat)
        gain(state, seat, "influence", income)
        events.append(event("influence_received", seat=seat, amount=income))
    return events


def reveal_all(state: dict) -> list:
    events = []
    for deck in DECKS:
        events += reveal(state, deck)
    return events


def reveal(state: dict, deck: str) -> list:
    if state["face_up"][deck] is None and state["decks"][deck]:
        state["face_up"][deck] = state["decks"][deck].pop(0)
        return [event("character_revealed", deck=deck, card=state["face_up"][deck])]
    return []


def claim_warehouse(state: dict, seat: int, cid: str) -> None:
    if character_warehouse(cid) in state["warehouses"]:
        state["warehouses"][character_warehouse(cid)]["owner"] = seat


STEPS = {
    "choose_boat": step_choose_boat,
    "choose_warehouse": step_choose_warehouse,
    "draw_characters": step_draw_characters,
    "keep_character": step_keep_character,
    "place_pawn": step_place_pawn,
    "place_boat": step_place_boat,
    "start_game": step_start_game,
    "customs": step_customs,
    "landing": step_landing,
    "tipoff": step_tipoff,
    "new_officer": step_new_officer,
    "secrets": step_secrets,
    "remove_pawn": step_remove_pawn,
    "witch": step_witch,
    "raid": raids.step_raid,
    "end_turn": step_end_turn,
}
RESOLVERS = {
    "choose_boat": resolve_choose_boat,
    "choose_warehouse": resolve_choose_warehouse,
    "draw_characters": resolve_draw_characters,
    "keep_character": resolve_keep_character,
    "place_pawn": resolve_place_pawn,
    "place_boat": resolve_place_boat,
    "choose_officer": resolve_choose_officer,
    "choose_path": resolve_choose_path,
    "tipoff": resolve_tipoff,
    "place_officer": resolve_place_officer,
    "remove_pawn": resolve_remove_pawn,
    "witch": resolve_witch,
    "raid_card": raids.resolve_raid_card,
    "raid_shape": raids.resolve_raid_shape,
    "end_turn": resolve_end_turn,
    **{move_type: resolve_free for move_type in FREE},  # asked at the end of the turn
}
