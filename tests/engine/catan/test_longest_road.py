"""Longest road: 5+ paths, forks not counted, loops, cuts by an opponent's settlement, ties.

The search itself (`scoring.longest_road`, a pure function of the board) is the unit
under test in the fork, loop and own-settlement cases and against a brute-force
search, so those call it directly on hand-built boards; everything else is played.

Board rows used (intersection ids, see board.py): the zigzag 16-22-17-23-18-24-19-25-20
just above the middle row of hexes, the zigzag 27-33-28-34-29-35-30-36-31 below it,
and 38-43-39-44-40-45 lower down; 23-29 is the path between the two zigzags.
"""

import pytest

from engine.catan import board as B
from engine.catan.scoring import longest_road
from tests.engine.catan.helpers import edited, empty_main, give, longest_trail, path, play, put, updated

UPPER = [16, 22, 17, 23, 18, 24, 19, 25, 20]
LOWER = [38, 43, 39, 44, 40, 45]
RIGHT_FROM_23 = [23, 29, 35, 30, 36, 31]


def award(state, seat=0):
    """The card given to `seat` in the dump, as the table had it (only with 5+ paths): a new state."""

    def change(data):
        if data["road_len"][seat] >= 5:
            data["longest"] = seat
            data["vp"][seat] += 2

    return edited(state, change)


def test_the_rows_are_paths():
    for walk in (UPPER, LOWER, RIGHT_FROM_23):
        assert all(b in B.NODE_NEIGHBOURS[a] for a, b in zip(walk, walk[1:]))


def test_five_roads_take_the_card_four_do_not():
    state = put(empty_main(), 0, settlements=[16], roads=path(*UPPER[:5]))
    state = award(state)
    assert state["road_len"][0] == 4 and state["longest"] == -1 and state["vp"][0] == 1
    state = give(state, 0, lumber=1, brick=1)
    events = play(state, 0, {"type": "build_road", "edge": path(*UPPER[4:6])[0]})
    assert state["longest"] == 0 and state["vp"][0] == 3
    assert any(e.type == "longest_road" and e.data["seat"] == 0 for e in events)


def test_forks_are_not_counted():
    roads = path(16, 22, 17, 23, 18) + path(22, 28, 33)
    state = put(empty_main(), 0, roads=roads)
    assert len(roads) == 6 and longest_road(state, 0) == 5  # 33-28-22-17-23-18


def test_a_loop_counts_whole_and_with_its_tail():
    ring = list(B.HEX_NODES[4]) + [B.HEX_NODES[4][0]]
    state = put(empty_main(), 0, roads=path(*ring))
    assert longest_road(state, 0) == 6
    top = B.HEX_NODES[4][0]
    up = next(m for m in B.NODE_NEIGHBOURS[top] if m not in B.HEX_NODES[4])
    upper = next(m for m in B.NODE_NEIGHBOURS[up] if m != top)
    state = put(state, 0, roads=path(top, up, upper))
    assert longest_road(state, 0) == 8


def test_own_settlement_does_not_break_the_road():
    state = put(empty_main(), 0, settlements=[16, 18], roads=path(*UPPER[:7]))
    assert longest_road(state, 0) == 6


def test_an_opponents_settlement_cuts_the_road():
    state = put(empty_main(), 0, settlements=[16], roads=path(*UPPER[:8]))  # 7 paths
    state = put(state, 1, settlements=[31], roads=path(*RIGHT_FROM_23))  # 5 paths, ends at 23
    state = award(state)
    assert state["longest"] == 0 and state["road_len"] == [7, 5, 0, 0]
    state = give(state, 1, lumber=1, brick=1, wool=1, grain=1)
    state = updated(state, turn=1)
    play(state, 1, {"type": "build_settlement", "node": 23})
    assert state["road_len"][0] == 4  # 23-18-24-19-25
    assert state["longest"] == 1, "the single longest road (5) takes the card"
    assert state["vp"][0] == 1 and state["vp"][1] == 2 + 2


def test_tie_after_a_cut_sets_the_card_aside():
    state = put(empty_main(), 0, settlements=[16], roads=path(*UPPER[:8]))
    state = put(state, 1, settlements=[31], roads=path(*RIGHT_FROM_23))
    state = put(state, 2, settlements=[38], roads=path(*LOWER))
    state = award(state)
    assert state["longest"] == 0 and state["road_len"][:3] == [7, 5, 5]
    state = give(state, 1, lumber=1, brick=1, wool=1, grain=1)
    state = updated(state, turn=1)
    events = play(state, 1, {"type": "build_settlement", "node": 23})
    assert state["road_len"][:3] == [4, 5, 5]
    assert state["longest"] == -1, "players 1 and 2 tie at 5: nobody holds the card"
    assert state["vp"][:3] == [1, 2, 1]
    assert any(e.type == "longest_road" and e.data["seat"] is None for e in events)
    # the next strictly longer road takes it
    state = updated(state, turn=2)
    state = give(state, 2, lumber=1, brick=1)
    play(state, 2, {"type": "build_road", "edge": B.EDGE_AT[(33, 38)]})
    assert state["longest"] == 2


def test_holder_tied_after_the_cut_keeps_the_card():
    state = put(empty_main(), 0, settlements=[16], roads=path(*UPPER))  # 8 paths
    state = put(state, 1, settlements=[31], roads=path(*RIGHT_FROM_23))
    state = award(state)
    state = give(state, 1, lumber=1, brick=1, wool=1, grain=1)
    state = updated(state, turn=1)
    play(state, 1, {"type": "build_settlement", "node": 23})
    assert state["road_len"][:2] == [5, 5]  # 23-18-24-19-25-20 for seat 0
    assert state["longest"] == 0


def test_holder_cut_below_five_with_nobody_at_five_sets_it_aside():
    state = put(empty_main(), 0, settlements=[16], roads=path(*UPPER[:6]))  # 5 paths
    state = put(state, 1, settlements=[35], roads=path(35, 29, 23))
    state = award(state)
    assert state["longest"] == 0
    state = give(state, 1, lumber=1, brick=1, wool=1, grain=1)
    state = updated(state, turn=1)
    play(state, 1, {"type": "build_settlement", "node": 23})
    assert state["longest"] == -1 and state["vp"][0] == 1


def test_equal_length_does_not_take_the_card_longer_does():
    state = put(empty_main(), 0, settlements=[16], roads=path(*UPPER[:6]))
    state = put(state, 1, settlements=[38], roads=path(*LOWER[:5]))
    state = award(state)
    state = updated(state, turn=1)
    state = give(state, 1, lumber=2, brick=2)
    play(state, 1, {"type": "build_road", "edge": path(*LOWER[4:6])[0]})
    assert state["road_len"][:2] == [5, 5] and state["longest"] == 0
    play(state, 1, {"type": "build_road", "edge": B.EDGE_AT[(33, 38)]})
    assert state["longest"] == 1 and state["vp"][:2] == [1, 3]


@pytest.mark.parametrize("seed", range(2))
def test_road_length_matches_a_brute_force_search(seed):
    import random

    rng = random.Random(seed)
    for _ in range(80):
        edges = {rng.randrange(72)}
        while len(edges) < rng.randint(1, 15):
            edges.add(rng.choice(B.EDGE_EDGES[rng.choice(sorted(edges))]))
        owners = {n: rng.choice([0, 1]) for n in rng.sample(range(54), 3)}

        def change(data, edges=edges, owners=owners):
            for e in edges:
                data["edge"][e] = 0
            for n, seat in owners.items():
                data["node"][n] = seat

        state = edited(empty_main(), change)
        assert longest_road(state, 0) == longest_trail(state, 0)
