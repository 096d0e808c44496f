"""Catan engine speed (a benchmark, not a test).

    .venv/bin/python bench/catan_engine.py [--games 200]

Random full 4-player games (uniform over the legal moves, domestic offers
included and excluded), through GAME.apply (with core's marshmallow shape
check) and through GAME.play (the rules alone, as the moves come from the
legal list); then, on mid-game states (turn 40 or later, before the end):
the JSON size of dump, dump+load time, dump -> JSON -> load time, and the
time of a view and of a legal-move list. Times are CPU time
(time.process_time), so a busy shared machine inflates them less.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.catan import GAME  # noqa: E402
from engine.core import IllegalMove, fill, random_value  # noqa: E402


def random_games(games: int, seed: int, offers: bool, via_apply: bool, keep: list | None = None):
    moves = 0
    step = GAME.apply if via_apply else GAME.play
    start = time.process_time()
    sampler = random.Random(seed)
    for i in range(games):
        rng = random.Random(seed + i)
        state = GAME.setup(4, GAME.load_options({}), seed + i)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            legal, templates = GAME.legal_moves(state, seat), GAME.move_templates(state, seat)
            if not offers:
                legal = [m for m in legal if m["type"] != "call_for_proposals"]
                templates = [t for t in templates if t["move"]["type"] == "discard"]
            random_move(state, seat, rng, legal, templates, step)
            moves += 1
            if keep is not None and state["turns"] >= 40 and sampler.random() < 0.01 and state["phase"] != "over":
                keep.append(GAME.dump(state))
    return moves, time.process_time() - start


def random_move(state, seat, rng, legal, templates, step) -> None:
    """Uniform over the listed moves and the templates; a filled-in template the rules refuse is drawn again."""
    while True:
        pick = rng.randrange(len(legal) + len(templates))
        if pick < len(legal):
            step(state, seat, legal[pick])
            return
        try:
            step(state, seat, fill(templates[pick - len(legal)], lambda param: random_value(param, rng)))
            return
        except IllegalMove:
            continue


def per_call(fn, items, repeat=3) -> float:
    """Best of `repeat` runs, in microseconds per item."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            fn(item)
        best = min(best, time.process_time() - start)
    return best / len(items) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    mid: list = []
    for label, offers, via_apply in (
        ("apply, no offers", False, True),
        ("play, no offers", False, False),
        ("apply, with offers", True, True),
    ):
        moves, elapsed = random_games(args.games, args.seed, offers, via_apply, mid if not mid else None)
        print(
            f"{label:20} {args.games} games {elapsed:6.2f} s  {args.games / elapsed:7.1f} games/s  "
            f"{moves / elapsed:8.0f} moves/s  {moves / args.games:6.0f} moves/game"
        )
    states = [GAME.load(d) for d in mid]
    sizes = sorted(len(json.dumps(d, separators=(",", ":"))) for d in mid)
    print(f"mid-game states: {len(states)}; dump JSON bytes: median {sizes[len(sizes) // 2]}, max {sizes[-1]}")
    print(f"dump + load:          {per_call(lambda s: GAME.load(GAME.dump(s)), states):6.1f} us")
    print(
        f"dump -> JSON -> load: {per_call(lambda s: GAME.load(json.loads(json.dumps(GAME.dump(s)))), states):6.1f} us"
    )
    print(f"view (seat 0):        {per_call(lambda s: GAME.view(s, 0), states):6.1f} us")
    print(f"legal_moves (to act): {per_call(lambda s: GAME.legal_moves(s, min(GAME.to_act(s))), states):6.1f} us")


if __name__ == "__main__":
    main()
