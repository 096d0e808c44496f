"""The end: 10 points on your own turn end the game at once; outcome and breakdown."""

import pytest

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.core import IllegalMove
from tests.engine.catan.helpers import edited, empty_main, free_spot, give, give_dev, on_top, path, play, put, updated

UPPER = [16, 22, 17, 23, 18, 24, 19, 25, 20]


def nine_points(seat=0):
    """Seat 0: 4 cities (8) + 1 settlement (1) = 9 points, a road to a free spot."""
    return put(empty_main(turn=seat), seat, cities=[0, 2, 38, 42], settlements=[16], roads=path(16, 22, 17))


def test_ten_points_on_your_turn_end_the_game_at_once():
    state = give(nine_points(), 0, lumber=1, brick=1, wool=1, grain=1)
    events = play(state, 0, {"type": "build_settlement", "node": 17})
    assert state["phase"] == "over" and GAME.to_act(state) == set()
    assert events[-1].type == "game_over" and events[-1].data["winner"] == 0
    out = GAME.outcome(state)
    assert out.winners == [0] and out.scores[0] == 10 and out.ranks[0] == 1
    assert out.breakdown[0] == {
        "settlements": 2,
        "cities": 8,
        "longest_road": 0,
        "largest_army": 0,
        "victory_point_cards": 0,
    }
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "end_turn"})
    assert err.value.code == "match_finished"


def test_a_victory_point_card_bought_can_win_at_once_and_is_revealed():
    state = give(nine_points(), 0, wool=1, grain=1, ore=1)
    state = on_top(state, D.VICTORY_POINT)
    play(state, 0, {"type": "buy_development"})
    assert state["phase"] == "over"
    view = GAME.view(state, 1)
    assert view["players"][0]["victory_point_cards"] == 1 and view["players"][0]["points"] == 10
    assert GAME.outcome(state).breakdown[0]["victory_point_cards"] == 1


def test_points_reached_on_another_turn_win_when_your_turn_begins():
    state = nine_points(seat=1)
    state = give_dev(state, 1, D.VICTORY_POINT)  # 10 points, but it is seat 0's turn
    state = updated(state, turn=0)
    assert state["phase"] == "main"
    play(state, 0, {"type": "end_turn"})
    assert state["phase"] == "over" and GAME.outcome(state).winners == [1]


def test_largest_army_can_be_the_tenth_point():
    state = nine_points()

    def two_knights_played_and_the_settlement_gone(data):
        data["vp"][0] -= 1  # 8 points
        data["node"][16], data["stock"][0][1] = -1, data["stock"][0][1] + 1
        data["knights"][0], data["played"][D.KNIGHT] = 2, 2
        for _ in range(2):
            data["deck"].remove(D.KNIGHT)

    state = give_dev(edited(state, two_knights_played_and_the_settlement_gone), 0, D.KNIGHT)
    play(state, 0, {"type": "play_knight"})
    assert state["phase"] == "over" and GAME.outcome(state).breakdown[0]["largest_army"] == 2


def test_ranks_put_the_winner_first_even_on_equal_points():
    state = give(nine_points(), 0, lumber=1, brick=1, wool=1, grain=1)
    free = []
    for n in reversed(range(54)):
        if (
            n != 17
            and free_spot(state, n)
            and all(m not in free for m in B.NODE_NEIGHBOURS[n])
            and 17 not in B.NODE_NEIGHBOURS[n]
        ):
            free.append(n)
    state = put(state, 1, cities=free[:4], settlements=free[4:5])
    state = give_dev(state, 1, D.VICTORY_POINT)  # seat 1 also has 10, but it is not their turn
    play(state, 0, {"type": "build_settlement", "node": 17})
    out = GAME.outcome(state)
    assert out.scores[:2] == [10, 10] and out.winners == [0] and out.ranks[:2] == [1, 2]
    assert "own turn" in out.tiebreak
