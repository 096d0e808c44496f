"""Smuggler test helpers: situations built through setup, moves and edited dumps only, and the
invariants checked after every move of the playouts."""

from __future__ import annotations

import json
import random
import zlib

from engine.smuggler import GAME
from engine.smuggler.content import (
    BOATS,
    CHARACTERS,
    DECK_OF,
    LAND,
    MERCHANT_GOODS,
    MERCHANTS,
    OFFICERS_START,
    SEA,
    SECRET_IDS,
    SHAPES,
    START_GOLD,
    START_INFLUENCE,
    START_WAREHOUSES,
    TRACK_END,
    TRACK_NEW_OFFICER,
    WHEEL_SPACES,
)
from engine.smuggler.packing import fits

BOAT_SPACES = set(SEA) | set(MERCHANTS) | {s for s, place in LAND.items() if place[3] is not None}
ALL_SHAPES = {f"{m}_{n}" for m, kinds in MERCHANT_GOODS.items() for n in range(len(kinds))}
START = {"gold": START_GOLD, "influence": START_INFLUENCE, "reputation": 0}
KIND = {f"{m}_{n}": kind for m, kinds in MERCHANT_GOODS.items() for n, kind in enumerate(kinds)}
PLACES = {"merchant", "boat", "board", "warehouse", "customs", "sold", "gone"}
ALL_CHARACTERS = sorted(CHARACTERS)
ALL_SECRETS = sorted(SECRET_IDS)


def started(players: int = 3, seed: int = 1) -> dict:
    """A game just past its set-up, every set-up choice the first one listed."""
    state = GAME.setup(players, {}, seed)
    while state["phase"] == "setup":
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    return state


def edited(state: dict, change) -> dict:
    """A state loaded from a dump that `change(dump)` edited in place."""
    dump = GAME.dump(state)
    change(dump)
    return GAME.load(dump)


def play(state: dict, seat: int, move: dict) -> list:
    return GAME.apply(state, seat, move)


def face_up(d, card):
    """Turn `card` face up on its deck, the card it replaces going back into the deck."""
    deck = DECK_OF[card]
    if d["face_up"][deck] != card:
        d["decks"][deck].remove(card)
        d["decks"][deck].insert(0, d["face_up"][deck])
        d["face_up"][deck] = card


def officers_to_choose() -> dict:
    """Seat 0's sale at Marazion; seat 1, the poorest, chooses which of two officers three steps away
    moves: officer 1 at Hayle (one way, by St Erth), officer 2 at Zennor, bribed by seat 2 (by Madron
    or St Ives)."""

    def sale(d):
        d["officers"][0]["space"] = "hayle"
        d["officers"][1].update(space="zennor", bribed_by=2)
        d["pawns"][0] = ["marazion"]
        d["shapes"]["irish_1"].update(where="board", owner=0, space="marazion")
        d["gold"] = [13, 5, 13]

    state = edited(started(), sale)
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})
    return state


def invariants(game, state: dict) -> None:
    n = state["players"]
    queue = [step["do"] for step in state["queue"]]
    for res in ("gold", "influence", "reputation"):
        for seat in range(n):
            gained, spent = state["ledger"][res][seat]
            assert state[res][seat] == START[res] + gained - spent >= 0, (res, seat)
    # goods shapes: each in one place, holds and warehouses packable
    assert state["shapes"].keys() == ALL_SHAPES
    holds: dict[int, list] = {}
    stored: dict[str, list] = {}
    for sid, shape in state["shapes"].items():
        where = shape["where"]
        assert where in PLACES
        if where in ("boat", "board", "warehouse"):
            assert shape["owner"] in range(n)
        if where in ("board", "warehouse"):
            assert shape["space"] in LAND
        if where == "warehouse":
            w = state["warehouses"][shape["warehouse"]]
            assert w["owner"] == shape["owner"] and w["space"] == shape["space"]
            stored.setdefault(shape["warehouse"], []).append(SHAPES[KIND[sid]])
        elif where == "boat":
            holds.setdefault(shape["owner"], []).append(SHAPES[KIND[sid]])
    for seat, hold in holds.items():
        assert fits(BOATS[state["boats"][seat]["hold"]][1], hold)
    for wid, inside in stored.items():
        grid = START_WAREHOUSES[wid][1] if wid in START_WAREHOUSES else CHARACTERS[wid[2:]]["warehouse"][1]
        assert fits(grid, inside)
    # characters: each card in exactly one place
    places_of_cards = (
        [c for deck in state["decks"].values() for c in deck]
        + [c for c in state["face_up"].values() if c]
        + [c for owned in state["characters"] for c in owned]
        + state["discarded"]
        + [c for drawn in state["setup_draw"] for c in drawn]
    )
    assert sorted(places_of_cards) == ALL_CHARACTERS
    # network pawns: one per character, but for a pawn still to place or to remove
    for seat in range(n) if state["phase"] != "setup" else ():
        mine = [s for s in state["queue"] if s.get("seat") == seat]
        to_place = sum(1 for s in mine if s["do"] == "place_pawn")
        to_remove = sum(1 for s in mine if s["do"] == "remove_pawn")
        assert len(state["pawns"][seat]) == len(state["characters"][seat]) - to_place + to_remove, seat
        assert all(space in LAND for space in state["pawns"][seat])
    # officers: all of them, each waiting on the track or on a land space other than Scilly
    assert len(state["officers"]) == len(OFFICERS_START) + len(TRACK_NEW_OFFICER)
    for i, officer in enumerate(state["officers"]):
        if officer["space"] is None:
            entering = any(s["do"] == "new_officer" and s["officer"] == i for s in state["queue"])
            assert officer.get("step", 99) > state["track"] or entering
        else:
            assert officer["space"] in LAND and officer["space"] != "scilly"
        assert officer["bribed_by"] is None or officer["bribed_by"] in range(n)
    # secrets: deck + hands + played
    everywhere = state["secrets_deck"] + [c for hand in state["hands"] for c in hand] + state["secrets_played"]
    assert sorted(everywhere) == ALL_SECRETS
    customs_invariants(state)
    table_invariants(state)
    warehouse_invariants(state, stored)
    assert state["phase"] != "play" or state["pending"] is not None or "end_turn" not in queue or not queue


def customs_invariants(state: dict) -> None:
    """p.18: « Les douaniers qui n'ont pas été soudoyés par ce joueur saisissent TOUTES les formes
    de marchandises quand elles partagent la même case »: no goods lie on the board beside an
    officer their owner has not bribed. p.17: the customs track moves only by the golden wheel,
    one step each time START is reached (WHEEL_SPACES gold sold), up to its last step; reaching
    that step, or the last goods bought, triggers the end (p.2)."""
    for sid, shape in state["shapes"].items():
        if shape["where"] == "board":
            watching = [o for o in state["officers"] if o["space"] == shape["space"]]
            assert all(o["bribed_by"] == shape["owner"] for o in watching), (sid, shape, watching)
    end = TRACK_END[state["players"]]
    assert state["track"] == min(end, state["wheel"] // WHEEL_SPACES), (state["track"], state["wheel"])
    if state["phase"] != "setup":
        assert state["ending"] is not None or (
            state["track"] < end and any(s["where"] == "merchant" for s in state["shapes"].values())
        )


def table_invariants(state: dict) -> None:
    """Set-up 12 (p.8): each player keeps one START warehouse, the rest discarded. p.12: « A chaque
    fois qu'un personnage est engagé, retournez une nouvelle carte face visible »: a deck shows no
    card only when it is empty. p.3: a player who has passed takes no more turns this round."""
    if state["phase"] == "setup":
        return
    starts = [w["owner"] for wid, w in state["warehouses"].items() if wid in START_WAREHOUSES]
    assert sorted(o for o in starts if o != -1) == list(range(state["players"])), starts
    for deck, card in state["face_up"].items():
        assert card is not None or not state["decks"][deck], deck
    if state["phase"] == "play" and state["pending"] is None:
        assert not state["passed"][state["active"]], state["active"]


def warehouse_invariants(state: dict, stored: dict[str, list]) -> None:
    """p.20-21 and the README's decisions: a START warehouse stands on a space exactly while it
    holds goods (it takes the space where its owner first stores them, and is free again once
    empty); a character's warehouse stands where the character lives and belongs to whoever holds
    the card, to nobody before it is hired, and is gone (-1) once the card is lost (p.12: « ainsi
    que les lieux d'entrepôt spécifiquement associés avec ce personnage »). Also: a card is
    motivated at most once a round, by a seat that held it; a seat's opened coves are coves, each
    once; each boat has its own card and lies on a sea, merchant, port or cove space."""
    holders = {cid: seat for seat, cards in enumerate(state["characters"]) for cid in cards}
    for wid, w in state["warehouses"].items():
        if wid in START_WAREHOUSES:
            assert not w["fixed"] and (w["space"] is None) == (wid not in stored), (wid, w)
            continue
        cid = wid.removeprefix("w_")
        assert w["fixed"] and w["space"] == CHARACTERS[cid]["warehouse"][2], (wid, w)
        if cid in holders:
            assert w["owner"] == holders[cid], (wid, w)
        else:
            assert w["owner"] is None or (w["owner"] == -1 and cid in state["discarded"]), (wid, w)
    motivated = state["motivated"]
    assert len(set(motivated)) == len(motivated) and all(c in holders or c in state["discarded"] for c in motivated)
    for opened in state["coves_open"]:
        assert len(set(opened)) == len(opened) and all(LAND[c][1] == "cove" for c in opened), opened
    if state["phase"] != "setup":
        assert len({b["hold"] for b in state["boats"]}) == state["players"]
        assert all(b["space"] in BOAT_SPACES for b in state["boats"]), state["boats"]


def invariants_and_views(game, state: dict) -> None:
    invariants(game, state)
    no_hidden_card_in_views(game, state)
    hidden_information_changes_nothing_seen(game, state)


def no_hidden_card_in_views(game, state: dict) -> None:
    """No view names a card its viewer may not know (deck cards, others' hands and draws)."""
    hidden_everywhere = {c for deck in state["decks"].values() for c in deck} | set(state["secrets_deck"])
    for viewer in [None, *range(state["players"])]:
        text = json.dumps(game.view(state, viewer))
        others = [s for s in range(state["players"]) if s != viewer]
        hidden = set(hidden_everywhere)
        for s in others:
            hidden |= set(state["hands"][s]) | set(state["setup_draw"][s])
        for card in hidden:
            assert f'"{card}"' not in text, (viewer, card)


def secrets_scrambled(game, state: dict, keep: set[int]) -> dict:
    """A copy of the state that differs only in what the seats in `keep` may not know, and
    only where the next move cannot reveal it to them: each secret in another seat's hand is
    swapped with a card of another kind from the bottom of the secrets deck (the top cards may
    be drawn by the next move), each character deck below its top two cards is reversed, and
    another seat's set-up draw is swapped with cards of the same deck below the top two."""
    dump = game.dump(state)
    n = dump["players"]
    deck = dump["secrets_deck"]
    safe = list(range(len(deck) - 1, n, -1))  # deck positions no single move can reach
    for seat in range(n):
        if seat in keep:
            continue
        hand = dump["hands"][seat]
        for i, card in enumerate(hand):
            kind = card.rstrip("0123456789")
            other = next((j for j in safe if deck[j].rstrip("0123456789") != kind), None)
            if other is not None:
                safe.remove(other)
                hand[i], deck[other] = deck[other], card
    for cards in dump["decks"].values():
        cards[2:] = cards[:1:-1]
    for seat in range(n):
        if seat in keep:
            continue
        for i, card in enumerate(dump["setup_draw"][seat]):
            cards = dump["decks"][DECK_OF[card]]
            if len(cards) > 2:
                dump["setup_draw"][seat][i], cards[-1] = cards[-1], card
    return game.load(dump)


def hidden_information_changes_nothing_seen(game, state: dict) -> None:
    """For one viewer (picked from the state), the table with everything hidden from it changed
    (`secrets_scrambled`) looks the same before and after the next move, a listed move of the
    seat to act (a landing when there is one, half the time: it opens windows for other
    seats): the same view, the same events. Catches any public trace of who holds what (a
    window opened only for the holders of a card, for instance), not only card ids."""
    seats = sorted(game.to_act(state))
    if not seats:
        return
    rng = random.Random(zlib.crc32(json.dumps([state["rng"], state["ledger"], len(state["queue"])]).encode()))
    actor = rng.choice(seats)
    viewers = [v for v in [None, *range(state["players"])] if v != actor]
    viewer = rng.choice(viewers)
    keep = {actor} | ({viewer} if viewer is not None else set())
    legal = game.legal_moves(state, actor)
    if not legal:
        return
    landings = [m for m in legal if m["type"] == "land"]
    move = rng.choice(landings if landings and rng.random() < 0.5 else legal)
    real, other = game.load(game.dump(state)), secrets_scrambled(game, state, keep)
    assert game.view(real, viewer) == game.view(other, viewer), viewer
    seen = [[e.to_json() for e in game.apply(s, actor, move) if e.visible_to(viewer)] for s in (real, other)]
    assert seen[0] == seen[1], (viewer, move, seen)
    assert game.view(real, viewer) == game.view(other, viewer), (viewer, move)
    assert game.to_act(real) == game.to_act(other), (viewer, move)
