"""Random full games through the shared harness, invariants after every move.

1,000 complete games in all (3 and 4 players, both maps, both number
layouts). The first games run with full probing on every move (views of
every seat, sampled legal moves applied on copies, junk and out-of-turn
moves refused) plus the no-leak check; the rest check the invariants and
the JSON round-trip after every move, and determinism at the end. The
policy is random but biased toward building (see helpers.building_policy)
so a game ends in a few hundred moves; one game is played uniformly at random.
"""

import random

import pytest

from engine.catan import GAME
from tests.engine.catan.helpers import (
    building_policy,
    check_everyone_can_move,
    check_invariants,
    check_no_leak,
    check_view_shape,
)
from tests.engine.playout import playout

GAMES = 1000
CHUNK = 50
FULL_PROBE = 10
VARIANTS = [
    {"map": "variable"},
    {"map": "variable", "numbers": "random"},
    {"map": "beginner"},
    {"map": "variable", "trade_order": "strict"},
]

EXTRA_JUNK = [
    {"type": "build_road", "edge": 72},
    {"type": "build_road", "edge": "3"},
    {"type": "move_robber", "hex": 3},
    {"type": "discard", "cards": {"gold": 1}},
    {"type": "discard", "resource": "ore"},
    {"type": "roll", "dice": 12},
    {"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}, "to": []},
    {"type": "propose_trade", "give": {"ore": -1}, "get": {"wool": 1}},
    {"type": "play_year_of_plenty", "resources": ["ore", "ore", "ore"]},
]


def _end_checks(state):
    out = GAME.outcome(state)
    winner = out.winners[0]
    assert len(out.winners) == 1 and out.scores[winner] >= 10 and winner == state["turn"]
    assert [sum(b.values()) for b in out.breakdown] == out.scores


def _setting(i):
    return (3 if i % 3 == 0 else 4), VARIANTS[i % len(VARIANTS)]  # every pairing over 12 games


def test_fully_probed_games_with_the_leak_check():
    leak_rng = random.Random(7)

    def check(game, state):
        check_invariants(game, state)
        check_everyone_can_move(game, state)
        for viewer in [None, *range(state["n"])]:
            check_view_shape(state, viewer)
        check_no_leak(state, leak_rng)

    for i in range(FULL_PROBE):
        players, options = _setting(i)
        state, _ = playout(
            GAME,
            players,
            10_000 + i,
            options,
            check=check,
            policy=building_policy,
            probe_every=1,
            sample_legal=2,
            extra_junk=EXTRA_JUNK,
        )
        _end_checks(state)


def test_one_uniformly_random_game():
    state, moves = playout(GAME, 4, 77, check=check_invariants, probe_every=7, extra_junk=EXTRA_JUNK)
    _end_checks(state)


def invariants_and_a_view(game, state):
    """The invariants, and one view checked for leaks: the seat (or the
    spectator) varies from move to move with the table."""
    check_invariants(game, state)
    viewer = (state["turns"] + sum(state["edge"]) + sum(map(sum, state["hands"]))) % (state["n"] + 1)
    check_view_shape(state, None if viewer == state["n"] else viewer)


@pytest.mark.parametrize("chunk", range((GAMES - FULL_PROBE - 1) // CHUNK + 1))
def test_random_games(chunk):
    first = FULL_PROBE + 1 + chunk * CHUNK
    for i in range(first, min(GAMES, first + CHUNK)):
        players, options = _setting(i)
        state, _ = playout(
            GAME, players, i, options, check=invariants_and_a_view, policy=building_policy, probe_every=10**9
        )
        _end_checks(state)
