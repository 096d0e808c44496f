"""The free moves of a seat's turn, before its action and after it (flow.step_end_turn):
motivating a character (p.12), playing a secret on your turn (p.20), claiming abandoned goods
where your pawn stands (p.15, p.19), and the warehouse moves (warehouses.py). `FREE` maps each
to what it does. Also drawing a secret, and the Witch's windows that any boat move opens."""

from __future__ import annotations

from engine.core import event
from engine.smuggler import customs
from engine.smuggler.content import CHARACTERS, WITCH_WATERS, secret_kind
from engine.smuggler.state import gain, pay, rng_below, shapes_where
from engine.smuggler.warehouses import stash, unstash


def witch_steps(state: dict, seat: int) -> list[dict]:
    """A boat with cargo that enters the waters off St Levan, by an action or a character,
    opens the window of every other seat holding the Witch (flow.step_witch)."""
    if state["boats"][seat]["space"] != WITCH_WATERS or not shapes_where(state, "boat", seat):
        return []
    return [
        {"do": "witch", "seat": s, "victim": seat}
        for s in range(state["players"])
        if s != seat and "r_witch" in state["characters"][s]
    ]


def motivate(state: dict, seat: int, move: dict) -> list:
    cid = move["card"]
    pay(state, seat, CHARACTERS[cid]["ability"]["cost"])
    state["motivated"].append(cid)
    events = [event("character_motivated", seat=seat, card=cid)]
    kind = move["type"]
    if kind == "motivate_boat":
        state["boats"][seat]["space"] = move["to"]
        events.append(event("boat_moved", seat=seat, space=move["to"]))
        state["queue"][0:0] = witch_steps(state, seat)  # before the rest of the turn
    elif kind == "motivate_goods":
        state["shapes"][move["shape"]]["space"] = move["to"]
        events += [event("goods_moved", seat=seat, shape=move["shape"], space=move["to"], claimed=False)]
        events += customs.seize_at(state, move["to"])
    elif kind == "motivate_officer":
        events += customs.move_officer(state, move["officer"], move["to"], "character")
    else:
        events += draw_secret(state, seat)
    return events


def play_secret(state: dict, seat: int, move: dict) -> list:
    card = move["secret"]
    state["hands"][seat].remove(card)
    state["secrets_played"].append(card)
    kind = secret_kind(card)
    events = [event("secret_played", seat=seat, secret=card, kind=kind)]
    if kind == "cove":
        state["coves_open"][seat].append(move["cove"])
    elif kind == "decoy":
        events += customs.move_officer(state, move["officer"], move["to"], "secret")
    elif kind == "informer":
        hand = state["hands"][move["seat"]]
        taken = hand.pop(rng_below(state, len(hand)))
        state["hands"][seat].append(taken)
        events.append(event("secret_stolen", seat=seat, victim=move["seat"]))
        events.append(
            event("secret_stolen_privately", to=[seat, move["seat"]], seat=seat, victim=move["seat"], secret=taken)
        )
    elif kind == "turncoat":
        officer = state["officers"][move["officer"]]
        officer["bribed_by"] = seat
        events += customs.seize_at(state, officer["space"])  # the former briber's goods there (p.18)
    else:
        gain(state, seat, "influence", 2)
    return events


def claim(state: dict, seat: int, move: dict) -> list:
    """Abandoned goods (no pawn of their owner on their space) become the seat's where they lie,
    its pawn being there (p.15: « n'importe quel joueur peut déplacer un pion réseau sur cette
    case et il peut la réclamer »; p.19). An officer there that the seat has not bribed seizes
    them at once (p.18)."""
    shape = state["shapes"][move["shape"]]
    victim, shape["owner"] = shape["owner"], seat
    return [
        event("goods_claimed", seat=seat, shape=move["shape"], space=shape["space"], victim=victim),
        *customs.seize_at(state, shape["space"]),
    ]


def draw_secret(state: dict, seat: int) -> list:
    if not state["secrets_deck"]:
        return []
    card = state["secrets_deck"].pop(0)
    state["hands"][seat].append(card)
    return [event("secret_drawn", seat=seat), event("secret_drawn_privately", to=[seat], seat=seat, secret=card)]


FREE = {
    "stash": stash,
    "unstash": unstash,
    "claim": claim,
    "motivate_boat": motivate,
    "motivate_goods": motivate,
    "motivate_officer": motivate,
    "motivate_secret": motivate,
    "play_cove": play_secret,
    "play_decoy": play_secret,
    "play_informer": play_secret,
    "play_turncoat": play_secret,
    "play_favour": play_secret,
}
