"""The smuggler bot against two random bots at Cornish Smuggler (a benchmark, not a test).

    .venv/bin/python bench/smuggler_bots.py [games=200] [first_seed=0]

Three players; the smuggler bot's seat rotates with the seed (0, 1, 2). Every move is decided
from GAME.view(state, seat), GAME.legal_moves and GAME.move_templates only. Prints its win
share (a shared win counts as a fraction) against the fair share, 1/3.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import RandomBot  # noqa: E402
from engine.smuggler import GAME  # noqa: E402
from engine.smuggler.bots import SmugglerBot  # noqa: E402


def play(bots, seed: int):
    rng = random.Random(seed)
    state = GAME.setup(len(bots), {}, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
        GAME.apply(state, seat, bots[seat].choose(view, legal, rng, GAME.move_templates(state, seat)))
    return GAME.outcome(state)


def main(games: int = 200, first_seed: int = 0) -> None:
    share = 0.0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        seat = seed % 3
        bots = [RandomBot(), RandomBot(), RandomBot()]
        bots[seat] = SmugglerBot()
        outcome = play(bots, seed)
        if seat in outcome.winners:
            share += 1 / len(outcome.winners)
    elapsed = time.perf_counter() - started
    print(f"{games} three-player games, smuggler bot vs two random bots, its seat rotating")
    print(f"smuggler bot win share {share / games:.1%} (fair share 33.3%: {share / games * 3:.2f}x)")
    print(f"{games / elapsed:.1f} games/s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
