"""1,000 complete random games across 2-5 players through the shared harness, with the
Smuggler invariants after every move: the first 16 with full probing (every 4th move) (every view, sampled
legal moves, the landing template, junk and out-of-turn moves refused) and the no-leak check
of every view; the rest with the invariants, the dump/load round-trip and the determinism
replay, half of them with a random policy that passes more often (shorter games)."""

from __future__ import annotations

import pytest

from engine.smuggler import GAME
from tests.engine.playout import playout

from .helpers import invariants, invariants_and_views

FULL_GAMES = 16
FULL_CHUNKS = 2
LIGHT_CHUNKS = 4
LIGHT_GAMES = 1000 - FULL_GAMES
JUNK = [
    {"type": "move_boat", "to": "atlantis", "pay": "influence"},
    {"type": "sell", "shape": "irish_0", "row": 3, "pay": "none"},
    {"type": "land", "shapes": {"irish_0": 1}, "hide": -1, "stash": 0},
    {"type": "hire", "card": "o_cutler"},
    {"type": "bribe", "officer": 9},
    {"type": "pass", "now": True},
]


def hasty(rng, legal, state):
    """Uniform over the listed moves, but passing 3 times in 10 when it may: shorter games."""
    passes = [m for m in legal if m["type"] == "pass"]
    if passes and rng.random() < 0.3:
        return passes[0]
    return rng.choice(legal)


@pytest.mark.parametrize("chunk", range(FULL_CHUNKS))
def test_random_games_with_full_probing(chunk):
    for seed in range(chunk, FULL_GAMES, FULL_CHUNKS):
        state, moves = playout(
            GAME, 2 + seed % 4, seed, check=invariants_and_views, probe_every=4, sample_legal=2, extra_junk=JUNK
        )
        assert GAME.outcome(state) is not None


@pytest.mark.parametrize("chunk", range(LIGHT_CHUNKS))
def test_random_games_with_invariants_roundtrip_and_determinism(chunk):
    per_chunk = LIGHT_GAMES // LIGHT_CHUNKS
    start = FULL_GAMES + chunk * per_chunk
    for seed in range(start, start + per_chunk):
        policy = hasty if seed % 2 else None
        state, moves = playout(GAME, 2 + seed % 4, seed, check=invariants, policy=policy, probe_every=10**9)
        outcome = GAME.outcome(state)
        assert all(sum(part.values()) == score for part, score in zip(outcome.breakdown, outcome.scores))


def test_chunks_add_up_to_a_thousand_games():
    assert FULL_GAMES + (LIGHT_GAMES // LIGHT_CHUNKS) * LIGHT_CHUNKS == 1000
