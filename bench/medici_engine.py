"""Medici vs Strozzi engine speed (a benchmark, not a test).

    .venv/bin/python bench/medici_engine.py [games=500]

Reports random full games per second (uniformly random legal moves, prices
uniform in 0..20, through GAME.apply with its schema check), and the time of
dump + load, and of dump -> JSON -> load, on mid-game states.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import RandomBot  # noqa: E402
from engine.medici import GAME  # noqa: E402


def random_game(seed: int, keep_every: int = 0):
    rng = random.Random(seed)
    state = GAME.setup(2, {}, seed)
    kept, moves = [], 0
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        move = RandomBot().choose({}, GAME.legal_moves(state, seat), rng, GAME.move_templates(state, seat))
        GAME.apply(state, seat, move)
        moves += 1
        if keep_every and moves % keep_every == 0:
            kept.append(GAME.dump(state))
    return moves, kept


def main(games: int = 500) -> None:
    started = time.perf_counter()
    total_moves = 0
    for seed in range(games):
        moves, _ = random_game(seed)
        total_moves += moves
    elapsed = time.perf_counter() - started
    print(
        f"{games} random games: {games / elapsed:.0f} games/s, "
        f"{total_moves / elapsed:.0f} moves/s, {total_moves / games:.0f} moves/game"
    )

    states = []
    for seed in range(20):
        states += random_game(10_000 + seed, keep_every=7)[1]
    loaded = [GAME.load(dumped) for dumped in states]
    loops = 20
    started = time.perf_counter()
    for _ in range(loops):
        for state in loaded:
            GAME.load(GAME.dump(state))
    per = (time.perf_counter() - started) / (loops * len(states)) * 1e6
    started = time.perf_counter()
    for _ in range(loops):
        for state in loaded:
            GAME.load(json.loads(json.dumps(GAME.dump(state))))
    per_json = (time.perf_counter() - started) / (loops * len(states)) * 1e6
    size = sum(len(json.dumps(s)) for s in states) / len(states)
    print(
        f"dump+load: {per:.1f} µs; dump -> JSON -> load: {per_json:.1f} µs; "
        f"mean state {size:.0f} bytes of JSON ({len(states)} mid-game states)"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
