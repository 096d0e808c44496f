"""Greedy vs random at Medici vs Strozzi (a benchmark, not a test).

    .venv/bin/python bench/medici_bots.py [games=400] [first_seed=0]

Greedy sits in seat 0 for even seeds and seat 1 for odd ones; every move is
decided from GAME.view(state, seat) and GAME.legal_moves(state, seat) only.
Prints greedy's win share (a tie counts half) against the fair share, 50%.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import RandomBot  # noqa: E402
from engine.medici import GAME  # noqa: E402
from engine.medici.bots import GreedyBot  # noqa: E402


def play(bots, seed: int):
    """One full game; returns the outcome."""
    rng = random.Random(seed)
    state = GAME.setup(2, {}, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        move = bots[seat].choose(
            GAME.view(state, seat), GAME.legal_moves(state, seat), rng, GAME.move_templates(state, seat)
        )
        GAME.apply(state, seat, move)
    return GAME.outcome(state)


def main(games: int = 400, first_seed: int = 0) -> None:
    wins = ties = 0
    margin = 0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        greedy_seat = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[greedy_seat] = GreedyBot()
        outcome = play(bots, seed)
        if outcome.winners == [greedy_seat]:
            wins += 1
        elif len(outcome.winners) == 2:
            ties += 1
        margin += outcome.scores[greedy_seat] - outcome.scores[1 - greedy_seat]
    elapsed = time.perf_counter() - started
    share = (wins + ties / 2) / games
    print(f"{games} games, greedy vs random, greedy seat rotating")
    print(f"greedy wins {wins}, ties {ties}, losses {games - wins - ties}")
    print(f"greedy win share {share:.1%} (fair share 50.0%: {share / 0.5:.2f}x)")
    print(f"mean money margin {margin / games:+.0f}; {games / elapsed:.1f} games/s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
