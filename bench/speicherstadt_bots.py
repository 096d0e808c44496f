"""Greedy vs random at Speicherstadt (a benchmark, not a test).

    .venv/bin/python bench/speicherstadt_bots.py [games=400] [first_seed=0]

One greedy bot against random bots, 2 to 5 players (cycling with the seed),
the greedy seat rotating; every move is decided from GAME.view(state, seat)
and GAME.legal_moves(state, seat) only. Prints greedy's win share (a shared
win counts as a fraction) against the fair share, per player count and overall.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import RandomBot  # noqa: E402
from engine.speicherstadt import GAME  # noqa: E402
from engine.speicherstadt.bots import GreedyBot  # noqa: E402


def play(bots, seed: int):
    """One full game driven through the engine contract; returns the outcome."""
    rng = random.Random(seed)
    state = GAME.setup(len(bots), {}, seed)
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        move = bots[seat].choose(
            GAME.view(state, seat), GAME.legal_moves(state, seat), rng, GAME.move_templates(state, seat)
        )
        GAME.apply(state, seat, move)
    return GAME.outcome(state)


def greedy_share(seed: int) -> tuple[int, float, float]:
    """(players, greedy's share of the win, fair share) for one game."""
    players = 2 + seed % 4
    greedy_seat = (seed // 4) % players
    bots = [RandomBot() for _ in range(players)]
    bots[greedy_seat] = GreedyBot()
    outcome = play(bots, seed)
    won = 1 / len(outcome.winners) if greedy_seat in outcome.winners else 0.0
    return players, won, 1 / players


def main(games: int = 400, first_seed: int = 0) -> None:
    started = time.perf_counter()
    results = [greedy_share(seed) for seed in range(first_seed, first_seed + games)]
    elapsed = time.perf_counter() - started
    print(f"{games} games, 1 greedy vs random bots, 2-5 players, greedy seat rotating")
    for players in range(2, 6):
        mine = [(won, fair) for n, won, fair in results if n == players]
        share = sum(w for w, _ in mine) / len(mine)
        print(
            f"{players} players: greedy win share {share:.1%} over {len(mine)} games "
            f"(fair share {1 / players:.1%}: {share * players:.2f}x)"
        )
    share = sum(w for _, w, _ in results) / games
    fair = sum(f for _, _, f in results) / games
    print(
        f"all: greedy win share {share:.1%} vs fair share {fair:.1%} ({share / fair:.2f}x); "
        f"{games / elapsed:.1f} games/s"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
