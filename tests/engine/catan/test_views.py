"""Views and events: public table, own secrets, nothing of another seat's hidden cards."""

import json
import random

from engine.catan import GAME
from engine.catan import data as D
from tests.engine.catan.helpers import check_no_leak, empty_main, give, give_dev, new_game, play, put


def test_own_hand_by_kind_others_by_count():
    state = give(empty_main(), 1, ore=2, wool=1)
    state = give_dev(state, 1, D.MONOPOLY)
    state = give_dev(state, 1, D.VICTORY_POINT)
    mine = GAME.view(state, 1)
    assert mine["you"]["hand"]["ore"] == 2 and mine["you"]["development_cards"]["monopoly"] == 1
    assert mine["you"]["points"] == 1
    theirs = GAME.view(state, 0)
    assert theirs["players"][1]["cards"] == 3 and theirs["players"][1]["development_cards"] == 2
    assert theirs["players"][1]["points"] == 0, "VP cards stay hidden"
    text = json.dumps(theirs)
    assert "monopoly" not in text.replace('"monopoly": 0', "")
    spectator = GAME.view(state, None)
    assert "you" not in spectator


def test_no_deck_order_nor_rng_in_any_view():
    state = empty_main()
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert "deck" not in view and "rng" not in json.dumps(view)
        assert view["development_deck"] == 25


def test_views_depend_only_on_what_the_seat_may_know():
    rng = random.Random(3)
    state = empty_main()
    state = put(state, 0, settlements=[20])
    state = give(state, 0, ore=3, grain=2)
    state = give(state, 2, wool=4)
    state = give_dev(state, 2, D.KNIGHT)
    state = give_dev(state, 3, D.VICTORY_POINT)
    check_no_leak(state, rng)


def test_view_has_the_public_table_for_a_thin_client():
    state = put(give(empty_main(), 0, ore=1), 1, settlements=[20], roads=[30], cities=[40])
    view = GAME.view(state, 0)
    for key in (
        "phase",
        "turn",
        "to_act",
        "dice",
        "board",
        "settlements",
        "cities",
        "roads",
        "bank",
        "development_deck",
        "players",
        "longest_road",
        "largest_army",
        "trade",
        "winner",
    ):
        assert key in view
    assert view["settlements"] == [[20, 1]] and view["cities"] == [[40, 1]] and view["roads"] == [[30, 1]]
    assert view["players"][1]["points"] == 3 and view["bank"]["ore"] == 18
    assert len(view["board"]["terrain"]) == 19 and len(view["board"]["harbours"]) == 9
    assert view["you"]["trade_ratios"] == dict.fromkeys(D.RESOURCES, 4)


def test_static_topology_only_in_the_setup_views():
    state = new_game()
    assert GAME.view(state, 0)["topology"]["scheme"] == "catan-std19-v1"
    assert "topology" not in GAME.view(empty_main(), 0)
    assert GAME.view(empty_main(), 0)["board"]["scheme"] == "catan-std19-v1"
    assert len(json.dumps(GAME.view(empty_main(), 0))) < 4000


def test_fresh_cards_are_secret_too():
    state = give(empty_main(), 0, wool=1, grain=1, ore=1)
    play(state, 0, {"type": "buy_development"})
    assert sum(GAME.view(state, 0)["you"]["bought_this_turn"].values()) == 1
    assert not any(GAME.view(state, 1)["you"]["bought_this_turn"].values())
    check_no_leak(state, random.Random(1))


def test_events_of_hidden_cards_go_to_the_right_seats_only():
    state = give(empty_main(), 0, wool=1, grain=1, ore=1)
    for e in play(state, 0, {"type": "buy_development"}):
        if "card" in e.data:
            assert e.to == frozenset({0})
        assert json.dumps(e.to_json())
