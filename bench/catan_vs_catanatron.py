"""Benchmark (not a test): random full 4-player Catan games, our engine beside catanatron 3.2.1.

Run it through bench/catan_vs_catanatron.sh, which installs catanatron into
its own venv (bench/.venv-catanatron, git-ignored) and never into the
project. This script runs our engine in the project's interpreter and the
catanatron side in a subprocess of that other venv, then prints both.

Ours: uniform random over the legal moves, without domestic trading
(catanatron's RandomPlayer makes none: no offer_trade template, no
call_for_proposals), a 7's discard filled at random from its template; each
move's legal_moves listed first, then applied two ways on the same games: through GAME.apply (the
contract's entry point: core's marshmallow shape check, then the rules) and
through GAME.play (the rules alone; the move comes from the legal list, as
catanatron's own execute only checks membership in its playable actions).
Theirs: Game([RandomPlayer x4]).play(), moves = len(game.state.actions).
The three are interleaved in rounds so that a change of machine load hits
them alike; each side's time is the CPU time of its game loops alone
(time.process_time: both sides are single-threaded, and on a shared machine
CPU time does not count the time spent waiting for a core).
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
start = time.process_time()
for i in range(games):
    random.seed(seed + i)
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    game = Game(players, seed=seed + i + 1)
    finished += game.play() is not None
    moves += len(game.state.actions)
elapsed = time.process_time() - start
print(json.dumps({"games": games, "finished": finished, "moves": moves, "seconds": elapsed}))
"""


def ours(games: int, seed: int, via_apply: bool) -> dict:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from engine.catan import GAME
    from engine.core import fill, random_value

    step = GAME.apply if via_apply else GAME.play
    moves = 0
    start = time.process_time()
    for i in range(games):
        rng = random.Random(seed + i)
        state = GAME.setup(4, GAME.load_options({}), seed + i)
        while GAME.outcome(state) is None:
            seats = GAME.to_act(state)
            seat = rng.choice(sorted(seats)) if len(seats) > 1 else next(iter(seats))
            legal = GAME.legal_moves(state, seat)
            if legal and legal[-1]["type"] == "call_for_proposals":  # listed last when no offer is open
                legal.pop()
            if legal:
                move = rng.choice(legal)
            else:  # a 7's discard, the one template left once offers are set aside
                move = fill(GAME.move_templates(state, seat)[0], lambda param, rng=rng: random_value(param, rng))
            step(state, seat, move)
            moves += 1
    elapsed = time.process_time() - start
    return {"games": games, "finished": games, "moves": moves, "seconds": elapsed}


def catanatron_side(python: str, games: int, seed: int) -> dict:
    out = subprocess.run(
        [python, "-c", CATANATRON_SIDE, str(games), str(seed)], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--catanatron-python", default="bench/.venv-catanatron/bin/python")
    args = parser.parse_args()
    names = ("portside (apply)", "portside (play)", "catanatron 3.2.1")
    rows = {name: {"games": 0, "finished": 0, "moves": 0, "seconds": 0.0} for name in names}
    per_round = max(1, args.games // args.rounds)
    for r in range(args.rounds):
        seed = args.seed + r * per_round
        for name, result in zip(
            names,
            (
                ours(per_round, seed, True),
                ours(per_round, seed, False),
                catanatron_side(args.catanatron_python, per_round, seed),
            ),
        ):
            for key in rows[name]:
                rows[name][key] += result[key]
    print(
        f"{'engine':18} {'games':>6} {'ended':>6} {'moves':>9} {'moves/game':>10} "
        f"{'seconds':>8} {'moves/s':>9} {'games/s':>8}"
    )
    for name, r in rows.items():
        print(
            f"{name:18} {r['games']:6d} {r['finished']:6d} {r['moves']:9d} {r['moves'] / r['games']:10.0f} "
            f"{r['seconds']:8.2f} {r['moves'] / r['seconds']:9.0f} {r['games'] / r['seconds']:8.2f}"
        )
    theirs = rows["catanatron 3.2.1"]
    for name in names[:2]:
        mine = rows[name]
        games_ratio = mine["games"] / mine["seconds"] / (theirs["games"] / theirs["seconds"])
        moves_ratio = mine["moves"] / mine["seconds"] / (theirs["moves"] / theirs["seconds"])
        print(f"ratio {name} / catanatron: games/s {games_ratio:.2f}x, moves/s {moves_ratio:.2f}x")


if __name__ == "__main__":
    main()
