"""Move shapes: the fast path accepts only what marshmallow accepts, with the same result."""

import itertools

import pytest
from marshmallow import ValidationError

from engine.catan import GAME
from engine.catan.moves import FAST_SHAPES, MOVE_TYPES, MOVES
from engine.core import IllegalMove, MoveUnion

SLOW = MoveUnion(MOVE_TYPES)
SAMPLES = [
    None,
    True,
    False,
    0,
    1,
    3,
    4,
    18,
    19,
    53,
    54,
    71,
    72,
    -1,
    2.0,
    "1",
    "ore",
    "gold",
    "",
    [],
    [1],
    [0, 2],
    [1, 1, 2, 3],
    ["ore"],
    ["ore", "wool"],
    ["ore", "wool", "grain"],
    ["gold"],
    [None],
    {},
    {"a": 1},
    {"ore": 1},
    {"ore": 0, "wool": 19},
    {"ore": 20},
    {"ore": True},
    {"ore": 1.0},
    {"gold": 1},
    {"lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1},
]


def outcome_of(union, move):
    try:
        return ("ok", union.load(move))
    except ValidationError:
        return ("error", None)


def candidate_moves():
    for kind, shape in FAST_SHAPES.items():
        yield {"type": kind}
        yield {"type": kind, "extra": 1}
        keys = list(shape)
        for values in itertools.product(SAMPLES, repeat=len(keys)):
            yield {"type": kind, **dict(zip(keys, values))}
        if keys:
            yield {"type": kind, **dict.fromkeys(keys[:-1], 0)}


def test_fast_path_agrees_with_marshmallow_on_every_sample():
    checked = 0
    for move in candidate_moves():
        fast, slow = outcome_of(MOVES, move), outcome_of(SLOW, move)
        assert fast == slow, move
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    "junk",
    [
        None,
        [],
        "roll",
        {"type": None},
        {"type": ["roll"]},
        {"type": 7},
        {"type": "build_road", "edge": True},
        {"type": "build_road"},
    ],
)
def test_malformed_moves_are_refused_with_the_field_named(junk):
    state = GAME.setup(4, GAME.load_options({}), 1)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, junk)
    assert err.value.code == "validation_error" and err.value.details["errors"]


def test_loaded_moves_are_copies():
    move = {"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 2}, "to": [1, 2]}
    loaded = MOVES.load(move)
    assert loaded == move and loaded["to"] is not move["to"] and loaded["give"] is not move["give"]
