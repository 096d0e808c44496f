"""Cornish Smuggler by simulation (a benchmark, not a test): random full games per second,
and the tuning figures with the smuggler bot in every seat.

    .venv/bin/python bench/smuggler_engine.py [games=60] [players=3] [random_games=games]

Random games: RandomBot in every seat, setup to the end through the public contract (how many
end by the safety cap on rounds, too). Bot games: game length (rounds, moves), how games end
(`round_limit` is the safety cap), how often each action is used (and which move types never
are), and the win share of each seat position (a shared win counts as a fraction).
"""

from __future__ import annotations

import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import RandomBot  # noqa: E402
from engine.smuggler import GAME  # noqa: E402
from engine.smuggler.bots import SmugglerBot  # noqa: E402


def play(bots, seed: int, used: collections.Counter):
    rng = random.Random(seed)
    state = GAME.setup(len(bots), {}, seed)
    moves = 0
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        move = bots[seat].choose(
            GAME.view(state, seat), GAME.legal_moves(state, seat), rng, GAME.move_templates(state, seat)
        )
        used[move["type"]] += 1
        GAME.apply(state, seat, move)
        moves += 1
    return state, moves


def main(games: int = 60, players: int = 3, random_games: int | None = None) -> None:
    random_games = games if random_games is None else random_games
    ignore: collections.Counter = collections.Counter()
    random_ends: collections.Counter = collections.Counter()
    started = time.perf_counter()
    for seed in range(random_games):
        state, _ = play([RandomBot() for _ in range(players)], seed, ignore)
        random_ends[state["ending"]] += 1
    random_rate = random_games / max(time.perf_counter() - started, 1e-9)

    used: collections.Counter = collections.Counter()
    ends: collections.Counter = collections.Counter()
    wins = [0.0] * players
    rounds, lengths = [], []
    for seed in range(games):
        state, moves = play([SmugglerBot() for _ in range(players)], seed, used)
        outcome = GAME.outcome(state)
        for seat in outcome.winners:
            wins[seat] += 1 / len(outcome.winners)
        ends[state["ending"]] += 1
        rounds.append(state["round"])
        lengths.append(moves)
    print(f"{players} players, {games} games each")
    if random_games:
        print(f"random full games/s: {random_rate:.1f} ({random_games} games)")
        print("random games' end reasons: " + ", ".join(f"{k} {v}" for k, v in random_ends.most_common()))
    print(
        f"bot games: rounds mean {sum(rounds) / games:.1f} (min {min(rounds)}, max {max(rounds)}), "
        f"moves mean {sum(lengths) / games:.0f}"
    )
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    print("seat win shares: " + ", ".join(f"seat {s} {w / games:.0%}" for s, w in enumerate(wins)))
    print("moves used: " + ", ".join(f"{k} {v}" for k, v in used.most_common()))
    print("move types never used: " + (", ".join(sorted(set(GAME.move_schema.members) - set(used))) or "none"))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
