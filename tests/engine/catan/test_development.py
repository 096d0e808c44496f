"""Development cards: buying, timing (one per turn, never the turn bought), each card's effect."""

import pytest

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.core import IllegalMove
from tests.engine.catan.helpers import (
    edited,
    empty_main,
    give,
    give_dev,
    hand,
    legal_types,
    line_from,
    on_top,
    play,
    put,
    updated,
)

DEV = dict(wool=1, grain=1, ore=1)


def test_buy_costs_wool_grain_ore_draws_the_top_card_privately():
    state = give(empty_main(), 0, **DEV)
    top = state["deck"][-1]
    events = play(state, 0, {"type": "buy_development"})
    assert hand(state, 0) == {} and len(state["deck"]) == 24 and state["devs"][0][top] == 1
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert all("card" not in e.data for e in public)
    assert [(sorted(e.to), e.data["card"]) for e in private] == [([0], D.DEV_CARDS[top])]
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "buy_development"})
    assert err.value.code == "cannot_afford"


def test_empty_deck_cannot_be_bought_from():
    state = give(empty_main(), 0, **DEV)
    state = updated(state, played=list(D.DEV_COUNTS), deck=[])
    assert "buy_development" not in legal_types(state, 0)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "buy_development"})
    assert err.value.code == "deck_empty"


def test_a_card_bought_this_turn_cannot_be_played_until_the_next_turn():
    state = give(empty_main(), 0, **DEV)
    state = on_top(state, D.KNIGHT)
    play(state, 0, {"type": "buy_development"})
    assert "play_knight" not in legal_types(state, 0)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "play_knight"})
    play(state, 0, {"type": "end_turn"})
    for seat in (1, 2, 3):  # a round later
        state = updated(state, phase="main", rolled=True)
        play(state, seat, {"type": "end_turn"})
    assert state["turn"] == 0 and state["phase"] == "roll"
    assert "play_knight" in legal_types(state, 0), "playable before the roll, next turn"


def test_only_one_development_card_per_turn():
    state = give_dev(give_dev(empty_main(), 0, D.KNIGHT), 0, D.MONOPOLY)
    play(state, 0, {"type": "play_monopoly", "resource": "ore"})
    assert not legal_types(state, 0) & {"play_knight", "play_monopoly"}
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "play_knight"})
    assert err.value.code == "already_played"


def test_knight_before_the_roll_then_roll():
    state = give_dev(empty_main(), 0, D.KNIGHT)
    state = updated(state, phase="roll", rolled=False, dice=None)
    assert legal_types(state, 0) == {"roll", "play_knight"}
    play(state, 0, {"type": "play_knight"})
    assert state["phase"] == "robber" and state["knights"][0] == 1
    play(state, 0, {"type": "move_robber", "hex": 0, "victim": None})
    assert state["phase"] == "roll" and legal_types(state, 0) == {"roll"}


def test_unheld_card_is_refused():
    state = empty_main()
    for move in (
        {"type": "play_knight"},
        {"type": "play_road_building"},
        {"type": "play_monopoly", "resource": "ore"},
        {"type": "play_year_of_plenty", "resources": ["ore", "ore"]},
    ):
        with pytest.raises(IllegalMove):
            play(state, 0, move)


def test_victory_point_cards_count_at_once_and_stay_hidden():
    state = give_dev(empty_main(), 0, D.VICTORY_POINT)
    assert GAME.view(state, 0)["you"]["points"] == 1
    assert GAME.view(state, 1)["players"][0]["points"] == 0
    assert GAME.view(state, 1)["players"][0]["development_cards"] == 1
    assert "you" not in GAME.view(state, None)
    assert not any(m["type"].startswith("play_") for m in GAME.legal_moves(state, 0))


def test_largest_army_at_three_knights_strictly_more_to_take_it():
    state = give_dev(empty_main(), 0, D.KNIGHT, 3)
    for turn in range(3):
        state = updated(state, dev_played=False, phase="main")
        play(state, 0, {"type": "play_knight"})
        play(state, 0, {"type": "move_robber", "hex": turn, "victim": None})
    assert state["army"] == 0 and state["vp"][0] == 2
    state = give_dev(state, 1, D.KNIGHT, 4)
    state = updated(state, turn=1)
    for turn in range(4):
        state = updated(state, dev_played=False, phase="main")
        play(state, 1, {"type": "play_knight"})
        play(state, 1, {"type": "move_robber", "hex": 5 + turn, "victim": None})
        if turn == 2:
            assert state["army"] == 0, "a tie does not take the card"
    assert state["army"] == 1 and state["vp"] == [0, 2, 0, 0]


def test_road_building_two_free_roads():
    state = put(empty_main(), 0, settlements=[20])
    state = give_dev(state, 0, D.ROAD_BUILDING)
    play(state, 0, {"type": "play_road_building"})
    assert state["phase"] == "road_building" and legal_types(state, 0) == {"build_road"}
    for _ in range(2):
        play(state, 0, GAME.legal_moves(state, 0)[0])
    assert state["edge"].count(0) == 2 and sum(state["hands"][0]) == 0 and state["phase"] == "main"


def test_road_building_with_one_road_left_builds_one():
    state = put(empty_main(), 0, settlements=[20])
    state = give_dev(state, 0, D.ROAD_BUILDING)

    def one_road_left(data):
        data["stock"][0][0] = 1  # fourteen roads are elsewhere

    state = edited(state, one_road_left)
    play(state, 0, {"type": "play_road_building"})
    play(state, 0, GAME.legal_moves(state, 0)[0])
    assert state["phase"] == "main" and state["stock"][0][0] == 0


def test_road_building_with_no_place_for_a_road_builds_none():
    walk = line_from(20, 1)
    state = put(empty_main(), 0, settlements=[walk[0]])
    for n in B.NODE_NEIGHBOURS[walk[0]]:
        state = put(state, 1, roads=[B.EDGE_AT[tuple(sorted((walk[0], n)))]])
    state = give_dev(state, 0, D.ROAD_BUILDING)
    play(state, 0, {"type": "play_road_building"})
    assert state["phase"] == "main" and state["dev_played"]


def test_year_of_plenty_takes_two_from_the_bank():
    state = give_dev(empty_main(), 0, D.YEAR_OF_PLENTY)
    picks = [m["resources"] for m in GAME.legal_moves(state, 0) if m["type"] == "play_year_of_plenty"]
    assert len(picks) == 15 and ["ore", "ore"] in picks and ["lumber", "ore"] in picks
    play(state, 0, {"type": "play_year_of_plenty", "resources": ["ore", "lumber"]})
    assert hand(state, 0) == {"ore": 1, "lumber": 1}


def test_year_of_plenty_respects_the_bank():
    state = give_dev(empty_main(), 0, D.YEAR_OF_PLENTY)

    def almost_all_in_seat_1s_hand(data):
        data["hands"][1] = [19, 19, 19, 19, 18]
        data["bank"] = [0, 0, 0, 0, 1]

    state = edited(state, almost_all_in_seat_1s_hand)
    picks = [m["resources"] for m in GAME.legal_moves(state, 0) if m["type"] == "play_year_of_plenty"]
    assert picks == [["ore"]]
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "play_year_of_plenty", "resources": ["ore", "ore"]})
    play(state, 0, {"type": "play_year_of_plenty", "resources": ["ore"]})
    assert hand(state, 0) == {"ore": 1}


def test_monopoly_takes_every_card_of_one_resource():
    state = give_dev(empty_main(), 0, D.MONOPOLY)
    state = give(state, 0, wool=1)
    state = give(state, 1, wool=3, ore=1)
    state = give(state, 3, wool=2)
    events = play(state, 0, {"type": "play_monopoly", "resource": "wool"})
    assert hand(state, 0) == {"wool": 6} and hand(state, 1) == {"ore": 1} and hand(state, 3) == {}
    assert events[-1].data["taken"] == [0, 3, 0, 2]


def test_no_card_during_discards_robber_or_an_offer():
    state = give_dev(empty_main(), 0, D.KNIGHT)
    state = updated(state, phase="robber")
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "play_knight"})


@pytest.mark.parametrize(
    ("card", "move"),
    [
        (D.YEAR_OF_PLENTY, {"type": "play_year_of_plenty", "resources": ["ore", "lumber"]}),
        (D.ROAD_BUILDING, {"type": "play_road_building"}),
    ],
)
def test_a_development_card_played_cannot_be_taken_back(card, move):
    """Playing a card shows the table which card it was: Year of Plenty and Road Building could be
    undone, and the seat kept a card the others had seen (undo.py takes back what reveals nothing)."""
    state = give_dev(put(empty_main(), 0, settlements=[20]), 0, card)
    events = [e.to_json() for e in play(state, 0, move)]
    assert not GAME.undoable(move, events)


def test_a_free_road_of_road_building_can_be_taken_back_as_any_road():
    state = give_dev(put(empty_main(), 0, settlements=[20]), 0, D.ROAD_BUILDING)
    play(state, 0, {"type": "play_road_building"})
    road = GAME.legal_moves(state, 0)[0]
    assert GAME.undoable(road, [e.to_json() for e in play(state, 0, road)])
