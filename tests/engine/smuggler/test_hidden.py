"""Hidden information: nothing public tells who holds which secret. The tip-off window opens
for every other seat that could hold a Tip-off as far as the table knows (a secret in hand, a
Tip-off not yet played), holder or not, and its pass looks the same from outside; so does the
end of the turn's question, asked of a seat that could hold a secret to play on its turn. The two
characters a seat draws at set-up are seen by it alone, and the one it puts back stays hidden."""

from __future__ import annotations

import json

from engine.smuggler import GAME

from .helpers import edited, play, started
from .test_examples import boat_goods

LAND = {"type": "land", "shapes": {"irish_4": 1}, "hide": 0, "stash": 0}  # Hayle 4 + 3 squares = 7: safe
PASS = {"type": "tipoff", "play": False}


def landing_at_hayle(hands: dict[int, list[str]], played: tuple[str, ...] = ()) -> dict:
    def change(d):
        d["boats"][0]["space"] = "hayle"
        d["pawns"][0] = ["hayle"]
        d["warehouses"]["w_cave"]["owner"] = -1  # no warehouse: the turn passes straight after the landing
        boat_goods(d, "irish_4", 0)
        for seat, cards in hands.items():
            d["hands"][seat] = list(cards)
        d["secrets_played"] = list(played)
        for card in [*played, *(c for cards in hands.values() for c in cards)]:
            d["secrets_deck"].remove(card)

    return edited(started(), change)


def seen(events, viewer):
    return [e.to_json() for e in events if e.visible_to(viewer)]


def test_a_tip_off_window_looks_the_same_whether_the_seat_holds_one_or_not():
    """Seat 2 holds a Tip-off at one table and a Favour at the other: to the lander (0), to
    seat 1 and to a spectator, the two tables look the same through the whole landing."""
    holder = landing_at_hayle({1: ["favour2"], 2: ["tipoff1"]})
    other = landing_at_hayle({1: ["favour2"], 2: ["favour1"]})
    tables = (holder, other)

    def same_for_the_others(events):
        for viewer in (None, 0, 1):
            assert seen(events[0], viewer) == seen(events[1], viewer), viewer
            assert GAME.view(holder, viewer) == GAME.view(other, viewer), viewer
        assert GAME.to_act(holder) == GAME.to_act(other)

    same_for_the_others([play(t, 0, LAND) for t in tables])
    # clockwise from the lander: seat 1, with a secret but no Tip-off, may only pass
    assert GAME.to_act(holder) == {1} and GAME.view(holder, 0)["deciding"] == "tipoff"
    assert GAME.legal_moves(holder, 1) == [PASS]
    same_for_the_others([play(t, 1, PASS) for t in tables])
    # seat 2: the holder may play it or pass, the other only pass; both passes look the same
    assert GAME.to_act(holder) == {2} and GAME.view(holder, 1)["deciding"] == "tipoff"
    assert GAME.legal_moves(holder, 2) == [{"type": "tipoff", "play": True}, PASS]
    assert GAME.legal_moves(other, 2) == [PASS]
    same_for_the_others([play(t, 2, PASS) for t in tables])
    assert GAME.to_act(holder) == {1} and holder["shapes"]["irish_4"]["where"] == "board"


def test_a_seat_with_no_secret_in_hand_is_not_asked():
    """An empty hand is public (the count of secrets is shown), so its window is skipped."""
    state = landing_at_hayle({2: ["tipoff1"]})
    play(state, 0, LAND)
    assert GAME.to_act(state) == {2}


def test_once_every_tip_off_is_played_nobody_is_asked():
    """Played secrets lie face up: when all four Tip-offs are out, no window can matter."""
    played = ("tipoff1", "tipoff2", "tipoff3", "tipoff4")
    state = landing_at_hayle({1: ["favour1"], 2: ["decoy1"]}, played)
    play(state, 0, LAND)
    assert GAME.to_act(state) == {1} and state["pending"] is None and state["active"] == 1


def test_the_end_of_turn_question_looks_the_same_whether_the_seat_can_play_a_secret_or_not():
    """After its action a seat may still play a secret (flow.step_end_turn). Seat 0 holds a
    Favour (playable on its turn) at one table and a Tip-off (not) at the other: both are asked,
    and to everyone else the two tables look the same until the turn has passed."""

    def with_card(card):
        def change(d):
            d["hands"][0] = [card]
            d["secrets_deck"].remove(card)

        return edited(started(), change)

    holder, other = with_card("favour1"), with_card("tipoff1")
    tables = (holder, other)
    for move in ({"type": "buy_reputation"}, {"type": "end_turn"}):
        events = [play(t, 0, move) for t in tables]
        for viewer in (None, 1, 2):
            assert seen(events[0], viewer) == seen(events[1], viewer), viewer
            assert GAME.view(holder, viewer) == GAME.view(other, viewer), viewer
        assert GAME.to_act(holder) == GAME.to_act(other)
        if move["type"] == "buy_reputation":
            assert GAME.to_act(holder) == {0} and GAME.view(holder, 1)["deciding"] == "end_turn"
            assert GAME.legal_moves(holder, 0) == [{"type": "end_turn"}, {"type": "play_favour", "secret": "favour1"}]
            assert GAME.legal_moves(other, 0) == [{"type": "end_turn"}]
    assert holder["active"] == other["active"] == 1


def named(card: str, seen_data) -> bool:
    """Whether the card's id is named in the JSON (not inside another id: `w_c_rowe` is a warehouse)."""
    return f'"{card}"' in json.dumps(seen_data)


def test_the_characters_drawn_at_set_up_are_seen_by_their_drawer_alone():
    """p.8, set-up 13: « chaque joueur pioche deux cartes personnage faces cachées [...] choisissez
    en une que vous gardez et placez l'autre face cachée sous la pile personnage correspondante »;
    p.12: hired cards lie face up. The drawer sees both; the others and a spectator see the decks
    they came from, then the card kept, never the one put back."""
    state = GAME.setup(3, {}, 5)
    while state["phase"] == "setup":
        (seat,) = GAME.to_act(state)
        move = GAME.legal_moves(state, seat)[0]
        events = play(state, seat, move)
        if move["type"] != "draw_characters":
            continue
        drawn = state["setup_draw"][seat]
        assert all(named(card, seen(events, seat)) for card in drawn)
        assert all(named(card, GAME.view(state, seat)) for card in drawn)
        for other in [None, *(s for s in range(3) if s != seat)]:
            assert all(not named(card, seen(events, other)) for card in drawn), other
            assert all(not named(card, GAME.view(state, other)) for card in drawn), other
        kept = GAME.legal_moves(state, seat)[1]["card"]
        events = play(state, seat, {"type": "keep_character", "card": kept})
        (returned,) = [card for card in drawn if card != kept]
        for other in [None, *(s for s in range(3) if s != seat)]:
            assert named(kept, seen(events, other)) and kept in GAME.view(state, other)["players"][seat]["characters"]
            assert not named(returned, seen(events, other)) and not named(returned, GAME.view(state, other)), other
