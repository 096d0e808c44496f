"""Benchmark (not a test): the greedy Catan bot against random bots.

Greedy in one seat (rotating), Catan's random bot (uniform, at most two
offers per turn) in the others; each bot sees only GAME.view(state, seat),
GAME.legal_moves(state, seat) and GAME.move_templates(state, seat).
Prints greedy's win share beside the fair share (1 / players).

    .venv/bin/python bench/catan_bots.py --games 200 --players 4
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.bots import get_bot  # noqa: E402
from engine.catan import GAME  # noqa: E402
from engine.catan.bots import GreedyBot  # noqa: E402


def play_game(players: int, greedy_seat: int, seed: int, max_moves: int = 40000) -> tuple[int, int]:
    """(winner, moves); the winner is -1 if the move cap is hit (not seen in practice)."""
    rng = random.Random(seed)
    bots = [GreedyBot() if s == greedy_seat else get_bot("catan", "random") for s in range(players)]
    state = GAME.setup(players, GAME.load_options({}), seed)
    for moves in range(max_moves):
        result = GAME.outcome(state)
        if result is not None:
            return result.winners[0], moves
        seat = rng.choice(sorted(GAME.to_act(state)))
        move = bots[seat].choose(
            GAME.view(state, seat), GAME.legal_moves(state, seat), rng, GAME.move_templates(state, seat)
        )
        GAME.apply(state, seat, move)
    return -1, max_moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wins = capped = total_moves = 0
    start = time.perf_counter()
    for i in range(args.games):
        seat = i % args.players
        winner, moves = play_game(args.players, seat, args.seed + i)
        wins += winner == seat
        capped += winner == -1
        total_moves += moves
    elapsed = time.perf_counter() - start
    share, fair = wins / args.games, 1 / args.players
    print(
        f"{args.games} games, {args.players} players, greedy seat rotating: greedy won {wins} "
        f"({share:.1%}) vs fair share {fair:.1%} = {share / fair:.2f}x; capped {capped}; "
        f"{total_moves / args.games:.0f} moves/game; {elapsed:.1f} s"
    )


if __name__ == "__main__":
    main()
