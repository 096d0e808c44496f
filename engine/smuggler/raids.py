"""The raid on the customs warehouse, inside its action, and losing a character.

CONTENT.md: the raid « needs a network pawn at Penzance and at least two mob characters (p.19);
it costs 1 influence, and each shape recovered costs one mob character discarded (card, network
pawn and its reputation) »; p.11: « 1 (<I>) et défaussez 1 personnage Mob (carte, pion et (<R>))
pour chaque marchandise volée ». One raid action (1 influence, actions.raid) recovers as many
shapes as the raider chooses, at least one, asked step by step so that no list of subsets is
ever made: which mob character goes for the next shape, or stop (`raid_card`, null to stop,
offered once a shape is back); then which seized shape he brings back (`raid_shape`, asked only
when there are several). The raid goes on while the raider has a mob character and the customs
warehouse a shape. Each shape lands at Penzance, where an officer the raider has not bribed
seizes it again (p.19: « Cette action est inutile si des douaniers non-soudoyés sont dans
Penzance »). The network pawns of the lost characters are removed after the raid."""

from __future__ import annotations

from engine.core import event
from engine.smuggler import customs
from engine.smuggler.content import CHARACTERS, CUSTOMS_HOUSE
from engine.smuggler.state import (
    ask,
    character_warehouse,
    mob_cards,
    shape_size,
    shapes_where,
    spend,
    warehouse_shapes,
)


def seized(state: dict) -> list[str]:
    """The shapes in the customs warehouse, the biggest first."""
    return sorted(shapes_where(state, "customs"), key=lambda s: (-shape_size(state, s), s))


def step_raid(state: dict, step: dict) -> tuple[bool, list]:
    seat = step["seat"]
    events: list = []
    if step["card"] is not None:  # a mob character went in: which shape he brings back
        shapes = seized(state)
        if len(shapes) > 1:
            return ask(state, seat, [{"type": "raid_shape", "shape": sid} for sid in shapes]), events
        events += recover(state, step, shapes[0])
    mobs = mob_cards(state, seat)
    if step["stop"] or not mobs or not seized(state):
        return True, events + [event("raid_ended", seat=seat, recovered=step["taken"])]
    moves: list[dict] = [{"type": "raid_card", "card": cid} for cid in mobs]
    if step["taken"]:
        moves.append({"type": "raid_card", "card": None})
    return ask(state, seat, moves), events


def resolve_raid_card(state: dict, step: dict, seat: int, move: dict) -> list:
    if move["card"] is None:
        step["stop"] = True
        return []  # the raid_ended event comes from the step
    step["card"] = move["card"]
    return lose_character(state, seat, move["card"])


def resolve_raid_shape(state: dict, step: dict, seat: int, move: dict) -> list:
    return recover(state, step, move["shape"])


def recover(state: dict, step: dict, sid: str) -> list:
    seat, card = step["seat"], step["card"]
    step["card"], step["taken"] = None, step["taken"] + 1
    state["shapes"][sid].update(where="board", space=CUSTOMS_HOUSE, owner=seat)
    return [event("customs_raided", seat=seat, shape=sid, card=card), *customs.seize_at(state, CUSTOMS_HOUSE)]


def lose_character(state: dict, seat: int, cid: str) -> list:
    """A lost character takes its reputation, one network pawn and its warehouse with it (the
    goods inside fall onto the board where it stood). The pawn's removal (the owner chooses
    which) is queued right after the step that lost it (the raid)."""
    state["characters"][seat].remove(cid)
    state["discarded"].append(cid)
    spend(state, seat, "reputation", min(state["reputation"][seat], CHARACTERS[cid]["reputation"]))
    events = [event("character_lost", seat=seat, card=cid)]
    wid = character_warehouse(cid)
    if wid in state["warehouses"]:
        for sid in warehouse_shapes(state, wid):
            state["shapes"][sid].update(where="board", warehouse=None)
            events += customs.seize_at(state, state["shapes"][sid]["space"])
        state["warehouses"][wid]["owner"] = -1
    state["queue"].insert(1, {"do": "remove_pawn", "seat": seat})
    return events
