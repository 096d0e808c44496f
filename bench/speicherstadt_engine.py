"""Speicherstadt engine speed (a benchmark, not a test).

    .venv/bin/python bench/speicherstadt_engine.py [games=400]

Reports random full games per second per player count (uniformly random legal
moves, every move through GAME.apply with its schema check), then the time of
dump + load and of dump -> JSON -> load on mid-game states, and their size.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.speicherstadt import GAME  # noqa: E402


def random_game(players: int, seed: int, keep_every: int = 0):
    """One full game of uniformly random legal moves: (moves, kept dumps)."""
    rng = random.Random(seed)
    state = GAME.setup(players, {}, seed)
    kept, moves = [], 0
    while GAME.outcome(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        moves += 1
        if keep_every and moves % keep_every == 0:
            kept.append(GAME.dump(state))
    return moves, kept


def games_per_second(games: int) -> None:
    total_games = total_moves = 0
    total_time = 0.0
    for players in range(2, 6):
        started = time.perf_counter()
        moves = sum(random_game(players, seed)[0] for seed in range(games))
        elapsed = time.perf_counter() - started
        total_games, total_moves, total_time = total_games + games, total_moves + moves, total_time + elapsed
        print(
            f"{players} players: {games / elapsed:6.0f} games/s, "
            f"{moves / elapsed:7.0f} moves/s, {moves / games:.0f} moves/game"
        )
    print(f"all: {total_games / total_time:6.0f} games/s, {total_moves / total_time:7.0f} moves/s")


def dump_load(loops: int = 20) -> None:
    dumps = []
    for seed in range(20):
        dumps += random_game(2 + seed % 4, 10_000 + seed, keep_every=11)[1]
    states = [GAME.load(d) for d in dumps]
    started = time.perf_counter()
    for _ in range(loops):
        for state in states:
            GAME.load(GAME.dump(state))
    plain = (time.perf_counter() - started) / (loops * len(states)) * 1e6
    started = time.perf_counter()
    for _ in range(loops):
        for state in states:
            GAME.load(json.loads(json.dumps(GAME.dump(state))))
    via_json = (time.perf_counter() - started) / (loops * len(states)) * 1e6
    sizes = sorted(len(json.dumps(d, separators=(",", ":"))) for d in dumps)
    print(
        f"dump+load {plain:.1f} µs, dump->json->load {via_json:.1f} µs "
        f"({len(states)} mid-game states; JSON size median {sizes[len(sizes) // 2]} B, "
        f"max {sizes[-1]} B)"
    )


if __name__ == "__main__":
    games_per_second(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
    dump_load()
