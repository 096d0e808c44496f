"""How fast this shared virtual machine runs Python right now, printed beside a benchmark's figures.

    .venv/bin/python bench/host_speed.py

The host's speed swings by a factor of two over a day (the bare ceiling of bench/http_bench.py
has measured 1,500 and 2,900 req/s with the same code), so a figure means little without the
speed it was taken at. This plays a seeded 4-player Catan game through the engine, random legal
moves on one core, and reports its best of three as moves per second: the same work each time,
close to a request's own (rules, legal moves, dicts and lists).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.workload import choose  # noqa: E402
from engine import registry  # noqa: E402
from engine.core import IllegalMove  # noqa: E402

MOVES = 4000


def _play(moves: int) -> float:
    game, rng = registry.get("catan"), random.Random(7)
    options = game.load_options({})
    state, played, seed = game.setup(4, options, 7), 0, 7
    start = time.perf_counter()
    while played < moves:
        if game.outcome(state) is not None:
            seed += 1
            state = game.setup(4, options, seed)
        seat = min(game.to_act(state))
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        try:
            game.apply(state, seat, choose(legal, templates, rng))
        except IllegalMove:
            pass  # a template filled at random may break a rule: refused work, as a server refuses it
        played += 1
    return moves / (time.perf_counter() - start)


def engine_moves_per_second(tries: int = 3) -> float:
    """Seeded Catan engine moves per second on one core, best of `tries` (about a second in all)."""
    return max(_play(MOVES) for _ in range(tries))


def line() -> str:
    return f"host speed: {engine_moves_per_second():,.0f} Catan engine moves/s on one core (bench/host_speed.py)"


if __name__ == "__main__":
    print(line())
