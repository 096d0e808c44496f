"""Random complete games through the shared harness, with Speicherstadt's invariants.

Budget (single process): the 2,000 games run with the invariants, the JSON
round-trip and the determinism replay after every move, and the harness's full
probe (views, junk, out-of-turn, sampled legal moves) every 100th move; a subset
of 20 games probes every move and applies EVERY listed legal move.
"""

import pytest

from engine.speicherstadt import GAME
from tests.engine.playout import playout

from .helpers import check_invariants
from .test_views import values

GAMES = 2000
BATCH = 50
EXTRA_JUNK = [
    {"type": "place_worker", "card": 9},
    {"type": "deliver", "from": "ship", "good": "tea", "contract": "nope"},
    {"type": "convert", "goods": ["tea", "tea", "tea"], "take": "gold"},
    {"type": "done", "now": True},
]


@pytest.mark.parametrize("batch", range(GAMES // BATCH))
def test_random_games_keep_every_invariant(batch):
    ends = 0
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        state, moves = playout(GAME, 2 + seed % 4, seed, check=check_invariants, probe_every=100, extra_junk=EXTRA_JUNK)
        ends += GAME.outcome(state) is not None
    assert ends == BATCH


def check_with_views(game, state):
    check_invariants(game, state)
    secret = set(game.dump(state)["deck"])
    for seat in [None, *range(game.players(state))]:
        view = game.view(state, seat)
        assert not secret & set(values(view)), "a view names a face-down card"
        assert "rng" not in view


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_full_probe_every_move_and_every_legal_move_applies(players):
    for seed in range(5):
        playout(
            GAME,
            players,
            10_000 + seed,
            check=check_with_views,
            probe_every=1,
            sample_legal=1000,
            extra_junk=EXTRA_JUNK,
        )


def test_all_player_counts_finish_in_the_expected_number_of_rounds():
    # 48 non-fire cards at 2 and 3 players, 50 at 4, 48 at 5: rows of 3/4/5/6
    for players, rounds in [(2, 16), (3, 12), (4, 10), (5, 8)]:
        for seed in range(3):
            state, _ = playout(GAME, players, seed, probe_every=10**9)
            table = GAME.dump(state)
            assert table["round"] in (rounds, rounds + 1)  # +1: 3rd fire just above the 4th
            assert table["deck"] == [] and len(table["fires"]) == 4
