"""Set-up: snake order, a settlement then an adjacent road, distance rule, second settlement's yield."""

import pytest

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.core import IllegalMove
from tests.engine.catan.helpers import new_game, play


def place_first(state):
    seat = next(iter(GAME.to_act(state)))
    move = GAME.legal_moves(state, seat)[0]
    play(state, seat, move)
    return seat, move


@pytest.mark.parametrize("players", [3, 4])
def test_snake_order_settlement_then_road(players):
    state = new_game(players)
    seen = []
    while state["phase"] == "setup":
        seat, move = place_first(state)
        seen.append((seat, move["type"]))
    order = list(range(players)) + list(reversed(range(players)))
    assert seen == [(s, t) for s in order for t in ("build_settlement", "build_road")]
    assert state["phase"] == "roll" and GAME.to_act(state) == {0}
    assert all(state["vp"][s] == 2 and state["edge"].count(s) == 2 for s in range(players))
    assert all(state["stock"][s] == [13, 3, 4] for s in range(players))


def test_distance_rule_in_setup():
    state = new_game()
    play(state, 0, {"type": "build_settlement", "node": 20})
    play(state, 0, {"type": "build_road", "edge": B.NODE_EDGES[20][0]})
    listed = {m["node"] for m in GAME.legal_moves(state, 1)}
    assert 20 not in listed and not listed & set(B.NODE_NEIGHBOURS[20])
    for n in (20, B.NODE_NEIGHBOURS[20][0]):
        with pytest.raises(IllegalMove) as err:
            play(state, 1, {"type": "build_settlement", "node": n})
        assert err.value.code == "illegal_move"
    assert len(listed) == 54 - 1 - len(B.NODE_NEIGHBOURS[20])


def test_setup_road_must_touch_the_new_settlement():
    state = new_game()
    play(state, 0, {"type": "build_settlement", "node": 20})
    assert {m["edge"] for m in GAME.legal_moves(state, 0)} == set(B.NODE_EDGES[20])
    far = next(e for e in range(72) if e not in B.NODE_EDGES[20])
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_road", "edge": far})
    with pytest.raises(IllegalMove):  # no second settlement before the road
        play(state, 0, {"type": "build_settlement", "node": 0})


def test_only_the_second_settlement_yields_its_hexes_resources():
    state = new_game(3)
    inland = [n for n in range(54) if len(B.NODE_HEXES[n]) == 3]
    spots = []
    for _ in range(6):
        seat = next(iter(GAME.to_act(state)))
        node = next(n for n in inland if n in {m["node"] for m in GAME.legal_moves(state, seat)})
        spots.append((seat, node))
        play(state, seat, {"type": "build_settlement", "node": node})
        if len(spots) <= 3:
            assert sum(state["hands"][seat]) == 0, "the first settlement yields nothing"
        else:
            expected = [0] * 5
            for h in B.NODE_HEXES[node]:
                res = D.TERRAIN_RESOURCE[state["terrain"][h]]
                if res is not None:
                    expected[res] += 1
            assert state["hands"][seat] == expected
        play(state, seat, GAME.legal_moves(state, seat)[0])
    assert sum(state["bank"]) + sum(map(sum, state["hands"])) == 95


def test_no_roll_trade_or_build_during_setup():
    state = new_game()
    for move in ({"type": "roll"}, {"type": "end_turn"}, {"type": "propose_trade"}, {"type": "build_city", "node": 0}):
        with pytest.raises(IllegalMove):
            play(state, 0, move)
    with pytest.raises(IllegalMove) as err:
        play(state, 1, {"type": "build_settlement", "node": 0})
    assert err.value.code == "not_your_turn"


def test_three_or_four_players_only():
    with pytest.raises(IllegalMove):
        GAME.setup(2, GAME.load_options({}), 1)
    with pytest.raises(IllegalMove):
        GAME.setup(5, GAME.load_options({}), 1)
