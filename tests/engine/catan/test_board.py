"""The board: topology a client can draw from, the beginner map, the variable set-up."""

from collections import Counter

import pytest
from marshmallow import ValidationError

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from tests.engine.catan.helpers import new_game


def test_topology_has_19_hexes_54_intersections_72_paths():
    assert (B.N_HEXES, B.N_NODES, B.N_EDGES) == (19, 54, 72)
    assert all(len(set(nodes)) == 6 for nodes in B.HEX_NODES)
    assert Counter(len(ns) for ns in B.NODE_NEIGHBOURS) == {2: 18, 3: 36}
    assert Counter(len(hs) for hs in B.NODE_HEXES) == {1: 18, 2: 12, 3: 24}
    for e, (a, b) in enumerate(B.EDGE_NODES):
        assert b in B.NODE_NEIGHBOURS[a] and a in B.NODE_NEIGHBOURS[b]
        assert e in B.NODE_EDGES[a] and e in B.NODE_EDGES[b]


def test_coast_and_harbours():
    assert len(B.COAST) == 30 and len(set(B.COAST)) == 30
    assert len(B.HARBOUR_EDGES) == 9
    nodes = [n for pair in B.HARBOUR_NODES for n in pair]
    assert len(set(nodes)) == 18, "no intersection serves two harbours"
    assert all(len(B.NODE_HEXES[n]) <= 2 for n in nodes), "harbours are on the coast"


def test_topology_is_json_with_ids_neighbours_and_coordinates():
    topo = GAME.topology
    assert [h["id"] for h in topo["hexes"]] == list(range(19))
    assert all({"x", "y", "q", "r", "nodes"} <= set(h) for h in topo["hexes"])
    assert all({"id", "x", "y", "nodes", "edges", "hexes"} <= set(n) for n in topo["nodes"])
    assert all(len(h["nodes"]) == 2 for h in topo["harbours"])
    assert GAME.static()["topology"] is topo


def test_beginner_map_is_the_printed_one():
    state = new_game(map="beginner")
    cells = [c for row in D.BEGINNER_ROWS for c in row]
    assert state["terrain"] == [t for t, _ in cells]
    assert state["numbers"] == [n for _, n in cells]
    assert sorted(state["harbours"]) == sorted(D.HARBOUR_TILES)
    assert state["terrain"][state["robber"]] == D.DESERT
    # same for every seed
    assert new_game(map="beginner", seed=99)["terrain"] == state["terrain"]


# CONTENT.md, "Beginner map": each harbour by the land hexes it touches,
# written out here by hand (terrain letter + number) and read off the view
# and the public topology, not from the table that builds the board.
BEGINNER_HARBOURS = {
    frozenset({"P2", "F9"}): ("grain", 2),
    frozenset({"F9", "H10"}): ("ore", 2),
    frozenset({"M8"}): ("any", 3),
    frozenset({"P5", "P11"}): ("wool", 2),
    frozenset({"P11", "Fi6"}): ("any", 3),
    frozenset({"H5"}): ("any", 3),
    frozenset({"F8", "Fi9"}): ("brick", 2),
    frozenset({"Fi9", "Fi12"}): ("lumber", 2),
    frozenset({"M10"}): ("any", 3),
}
LETTER = {"mountains": "M", "pasture": "P", "forest": "F", "fields": "Fi", "hills": "H", "desert": "D"}


def test_beginner_harbours_by_the_hexes_they_touch():
    board = GAME.view(new_game(map="beginner"), None)["board"]
    label = [LETTER[t] + str(n or "") for t, n in zip(board["terrain"], board["numbers"])]
    assert len(set(label)) == 19
    corner_hexes = {n["id"]: n["hexes"] for n in GAME.static()["topology"]["nodes"]}
    found = {
        frozenset(label[h] for node in harbour["nodes"] for h in corner_hexes[node]): (
            harbour["kind"],
            harbour["ratio"],
        )
        for harbour in board["harbours"]
    }
    assert found == BEGINNER_HARBOURS


def _spiral_matches(state) -> bool:
    for corner in B.CORNER_HEXES:
        order = [h for h in B.spiral_from(corner) if state["terrain"][h] != D.DESERT]
        if [state["numbers"][h] for h in order] == list(D.NUMBER_TOKENS):
            return True
    return False


@pytest.mark.parametrize("seed", range(12))
def test_variable_setup_shuffles_terrain_and_lays_tokens_in_a_spiral(seed):
    state = GAME.setup(4, GAME.load_options({"map": "variable"}), seed)
    assert Counter(state["terrain"]) == Counter(D.TERRAIN_TILES)
    desert = state["terrain"].index(D.DESERT)
    assert state["numbers"][desert] == 0 and state["robber"] == desert
    assert sorted(n for n in state["numbers"] if n) == sorted(D.NUMBER_TOKENS)
    assert _spiral_matches(state), "tokens A-R in spiral order from a corner, skipping the desert"
    assert sorted(state["harbours"]) == sorted(D.HARBOUR_TILES)


def test_variable_setup_differs_between_seeds_and_starts_from_various_corners():
    layouts = {tuple(GAME.setup(4, GAME.load_options({}), s)["terrain"]) for s in range(10)}
    assert len(layouts) == 10
    starts = set()
    for s in range(40):
        state = GAME.setup(4, GAME.load_options({}), s)
        for corner in B.CORNER_HEXES:
            order = [h for h in B.spiral_from(corner) if state["terrain"][h] != D.DESERT]
            if [state["numbers"][h] for h in order] == list(D.NUMBER_TOKENS):
                starts.add(corner)
    assert len(starts) >= 4


@pytest.mark.parametrize("seed", range(30))
def test_random_numbers_never_put_6_and_8_side_by_side(seed):
    state = GAME.setup(3, GAME.load_options({"numbers": "random"}), seed)
    nums = state["numbers"]
    assert sorted(n for n in nums if n) == sorted(D.NUMBER_TOKENS)
    for h in range(19):
        if nums[h] in (6, 8):
            assert all(nums[g] not in (6, 8) for g in B.HEX_NEIGHBOURS[h])


def test_options_are_validated():
    with pytest.raises(ValidationError):
        GAME.load_options({"map": "seafarers"})
    with pytest.raises(ValidationError):
        GAME.load_options({"colour": "red"})
    assert GAME.load_options({}) == {"map": "variable", "numbers": "spiral", "trade_order": "combined", "max_offers": 0}


def test_spiral_visits_every_hex_once_and_steps_to_neighbours():
    for corner in B.CORNER_HEXES:
        order = B.spiral_from(corner)
        assert sorted(order) == list(range(19)) and order[0] == corner and order[-1] == B.CENTRE
        assert all(b in B.HEX_NEIGHBOURS[a] for a, b in zip(order, order[1:]))
