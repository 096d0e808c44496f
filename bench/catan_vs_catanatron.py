"""Benchmark (not a test): random full 4-player Catan games, our engine beside catanatron 3.2.1.

Run it through bench/catan_vs_catanatron.sh, which installs catanatron into
its own venv (bench/.venv-catanatron, git-ignored) and never into the
project. This script runs our engine in the project's interpreter and the
catanatron side in a subprocess of that other venv, then prints both.

Ours: uniform random over the legal moves, without domestic offers
(catanatron's RandomPlayer makes none), every move through GAME.apply
(schema validation included) with its legal_moves listed first. Theirs:
Game([RandomPlayer x4]).play(), moves = len(game.state.actions).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

CATANATRON_SIDE = r"""
import json, sys, time, random
from catanatron import Game, RandomPlayer, Color
games, seed = int(sys.argv[1]), int(sys.argv[2])
moves = finished = 0
start = time.perf_counter()
for i in range(games):
    random.seed(seed + i)
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    game = Game(players, seed=seed + i + 1)
    finished += game.play() is not None
    moves += len(game.state.actions)
elapsed = time.perf_counter() - start
print(json.dumps({"games": games, "finished": finished, "moves": moves, "seconds": elapsed}))
"""


def ours(games: int, seed: int) -> dict:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from engine.catan import GAME

    moves = 0
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        state = GAME.setup(4, GAME.load_options({}), seed + i)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            legal = [m for m in GAME.legal_moves(state, seat) if m["type"] != "propose_trade"]
            GAME.apply(state, seat, rng.choice(legal))
            moves += 1
    elapsed = time.perf_counter() - start
    return {"games": games, "finished": games, "moves": moves, "seconds": elapsed}


def theirs(python: str, games: int, seed: int) -> dict:
    out = subprocess.run([python, "-c", CATANATRON_SIDE, str(games), str(seed)],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--catanatron-python", default="bench/.venv-catanatron/bin/python")
    args = parser.parse_args()
    rows = {"portside": ours(args.games, args.seed),
            "catanatron 3.2.1": theirs(args.catanatron_python, args.games, args.seed)}
    print(f"{'engine':18} {'games':>6} {'ended':>6} {'moves':>9} {'moves/game':>10} {'seconds':>8} {'moves/s':>9} {'games/s':>8}")
    for name, r in rows.items():
        print(f"{name:18} {r['games']:6d} {r['finished']:6d} {r['moves']:9d} {r['moves'] / r['games']:10.0f} "
              f"{r['seconds']:8.2f} {r['moves'] / r['seconds']:9.0f} {r['games'] / r['seconds']:8.2f}")
    a, b = rows["portside"], rows["catanatron 3.2.1"]
    print(f"moves/s ratio portside / catanatron: {(a['moves'] / a['seconds']) / (b['moves'] / b['seconds']):.2f}x")


if __name__ == "__main__":
    main()
