"""Building: roads, settlements, cities; costs, connection, distance rule, piece limits."""

import pytest

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.core import IllegalMove
from tests.engine.catan.helpers import edited, empty_main, give, hand, line_from, path, play, put, updated

ROAD = dict(lumber=1, brick=1)
SETTLEMENT = dict(lumber=1, brick=1, wool=1, grain=1)
CITY = dict(grain=2, ore=3)


def listed(state, kind, seat=0):
    key = {"build_road": "edge", "build_settlement": "node", "build_city": "node"}[kind]
    return {m[key] for m in GAME.legal_moves(state, seat) if m["type"] == kind}


def test_road_costs_lumber_and_brick_and_must_connect():
    state = put(empty_main(), 0, settlements=[20])
    assert listed(state, "build_road") == set()
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "build_road", "edge": B.NODE_EDGES[20][0]})
    assert err.value.code == "cannot_afford"
    state = give(state, 0, lumber=2, brick=2)
    assert listed(state, "build_road") == set(B.NODE_EDGES[20])
    far = next(e for e in range(72) if not set(B.EDGE_NODES[e]) & {20, *B.NODE_NEIGHBOURS[20]})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_road", "edge": far})
    e = B.NODE_EDGES[20][0]
    play(state, 0, {"type": "build_road", "edge": e})
    assert hand(state, 0) == ROAD and state["edge"][e] == 0
    with pytest.raises(IllegalMove):  # one road per path
        play(state, 0, {"type": "build_road", "edge": e})
    other_end = B.EDGE_NODES[e][1] if B.EDGE_NODES[e][0] == 20 else B.EDGE_NODES[e][0]
    assert set(B.NODE_EDGES[other_end]) - {e} <= listed(state, "build_road")


def test_a_road_cannot_continue_through_an_opponents_settlement():
    walk = line_from(20, 2)
    state = put(empty_main(), 0, settlements=[walk[0]], roads=path(*walk))
    state = put(state, 1, settlements=[walk[2]])
    state = give(state, 0, **ROAD)
    beyond = set(B.NODE_EDGES[walk[2]]) - set(path(*walk))
    assert not beyond & listed(state, "build_road")
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_road", "edge": sorted(beyond)[0]})


def test_settlement_needs_own_road_distance_rule_and_cost():
    walk = line_from(20, 2)
    state = put(empty_main(), 0, settlements=[walk[0]], roads=path(*walk))
    state = give(state, 0, **SETTLEMENT)
    assert listed(state, "build_settlement") == {walk[2]}, "walk[1] is too close to walk[0]"
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_settlement", "node": walk[1]})
    lone = next(
        n
        for n in range(54)
        if all(state["node"][m] == -1 for m in (n, *B.NODE_NEIGHBOURS[n]))
        and not any(state["edge"][e] == 0 for e in B.NODE_EDGES[n])
    )
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_settlement", "node": lone})
    play(state, 0, {"type": "build_settlement", "node": walk[2]})
    assert state["node"][walk[2]] == 0 and state["vp"][0] == 2 and hand(state, 0) == {}
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "build_settlement", "node": walk[2]})
    assert err.value.code in ("illegal_move", "cannot_afford")


def test_city_replaces_own_settlement_and_returns_it_to_stock():
    state = put(empty_main(), 0, settlements=[20])
    state = put(state, 1, settlements=[40])
    state = give(state, 0, **CITY)
    assert listed(state, "build_city") == {20}
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_city", "node": 40})
    stock = state["stock"][0][:]
    play(state, 0, {"type": "build_city", "node": 20})
    assert state["city"][20] == 1 and state["vp"][0] == 2
    assert state["stock"][0] == [stock[0], stock[1] + 1, stock[2] - 1]
    state = give(state, 0, **CITY)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_city", "node": 20})  # already a city

    def short_of_one_ore(data):
        data["hands"][0] = [0, 0, 0, 2, 2]
        data["bank"][D.ORE] += 1

    state = put(edited(state, short_of_one_ore), 0, settlements=[30])
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "build_city", "node": 30})
    assert err.value.code == "cannot_afford"


def test_piece_limits_15_roads_5_settlements_4_cities():
    state = put(empty_main(), 0, settlements=[20], roads=[B.NODE_EDGES[20][0]])
    state = give(state, 0, **ROAD, **CITY)

    def no_pieces_left(data):
        data["stock"][0] = [0, 0, 0]

    state = edited(state, no_pieces_left)
    assert listed(state, "build_road") == set() and listed(state, "build_city") == set()
    for move in ({"type": "build_road", "edge": B.NODE_EDGES[20][1]}, {"type": "build_city", "node": 20}):
        with pytest.raises(IllegalMove) as err:
            play(state, 0, move)
        assert err.value.code == "no_pieces"


def test_no_building_before_the_roll_or_on_another_turn():
    state = put(empty_main(), 0, settlements=[20])
    state = give(state, 0, **ROAD)
    state = give(state, 1, **ROAD)
    state = put(state, 1, settlements=[40])
    with pytest.raises(IllegalMove) as err:
        play(state, 1, {"type": "build_road", "edge": B.NODE_EDGES[40][0]})
    assert err.value.code == "not_your_turn"
    state = updated(state, phase="roll", rolled=False)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "build_road", "edge": B.NODE_EDGES[20][0]})
