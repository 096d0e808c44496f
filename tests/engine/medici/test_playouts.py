"""Random full games through the shared harness, with Medici's invariants after every move.

2,000 complete games in all: the first 40 with the harness's full probing
(every view, every listed move's shape, sampled legal moves, junk and
out-of-turn moves refused) and the views compared; the rest with the
invariants, the dump/load round-trip and the determinism replay on every move
(full probing of all of them would exceed the suite's time budget).
"""

from __future__ import annotations

import pytest

from engine.medici import GAME
from tests.engine.playout import playout

from .helpers import invariants, invariants_and_views

FULL_GAMES = 40
LIGHT_CHUNKS = 4
LIGHT_GAMES = 2000 - FULL_GAMES  # split in chunks so pytest -n 3 can share them
JUNK = [
    {"type": "offer", "price": -1},
    {"type": "offer", "price": 1001},
    {"type": "offer", "price": "12"},
    {"type": "load", "ship": 0},
    {"type": "load", "ship": 5, "harbour": 0},
    {"type": "draw", "count": 2},
]


def thrifty(rng, legal, state):
    """Cheap prices and a taste for loading: games closer to real play than uniform prices."""
    move = rng.choice(legal)
    if move["type"] == "offer":
        return {"type": "offer", "price": rng.randint(0, 25)}
    if move["type"] == "discard" and len(legal) > 1 and rng.random() < 0.8:
        return rng.choice(legal[:-1])
    return move


def test_random_games_with_full_probing():
    for seed in range(FULL_GAMES):
        policy = thrifty if seed % 2 else None
        state, moves = playout(
            GAME, 2, seed, check=invariants_and_views, policy=policy, probe_every=1, sample_legal=2, extra_junk=JUNK
        )
        assert GAME.outcome(state) is not None and GAME.dump(state)["round"] == 3


@pytest.mark.parametrize("chunk", range(LIGHT_CHUNKS))
def test_random_games_with_invariants_roundtrip_and_determinism(chunk):
    per_chunk = LIGHT_GAMES // LIGHT_CHUNKS
    start = FULL_GAMES + chunk * per_chunk
    for seed in range(start, start + per_chunk):
        policy = thrifty if seed % 2 else None
        state, moves = playout(GAME, 2, seed, check=invariants, policy=policy, probe_every=10**9)
        outcome = GAME.outcome(state)
        assert sum(outcome.breakdown[0].values()) == outcome.scores[0]
        assert sum(outcome.breakdown[1].values()) == outcome.scores[1]


def test_chunks_add_up_to_two_thousand_games():
    assert FULL_GAMES + (LIGHT_GAMES // LIGHT_CHUNKS) * LIGHT_CHUNKS == 2000
