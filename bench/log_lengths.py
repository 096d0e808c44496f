"""Measurement (not a test): how long a match's log grows in play, to size MATCH_LOG_ENTRIES.

Plays whole games with every seat a server bot, as the service does (each bot sees its seat's view,
legal moves and templates; a refused choice is replaced by bots.fallback_move), at each game's
largest player count, and prints the longest logs: one entry per move plus the opening entry, the
length a match of server bots reaches (docs/security.md item 54).

    .venv/bin/python bench/log_lengths.py --games 200
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import registry  # noqa: E402
from engine.bots import bots_for, fallback_move, get_bot  # noqa: E402
from engine.core import IllegalMove  # noqa: E402

CAP = 200_000  # moves: a game still going past this is reported as unended


def entries(game_id: str, bot: str, players: int, seed: int) -> int:
    """The log's length at the end of one game of `bot`s (the opening entry included)."""
    game, rng = registry.get(game_id), random.Random(seed)
    state, opening = game.open(players, game.load_options({}), seed)
    player = get_bot(game_id, bot)
    for moves in range(CAP):
        if game.outcome(state) is not None:
            return moves + bool(opening)
        seat = min(game.to_act(state))
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        move = player.choose(game.view(state, seat), legal, rng, templates)
        try:
            game.apply(state, seat, move)
        except IllegalMove:
            game.apply(state, seat, fallback_move(legal, templates, rng))
    return -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", choices=sorted(registry.GAMES), help="this game alone")
    parser.add_argument("--bot", help="this bot alone")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    for game_id, game in registry.GAMES.items():
        for bot in bots_for(game_id):
            if args.game not in (None, game_id) or args.bot not in (None, bot):
                continue
            start = time.perf_counter()
            lengths = sorted(
                entries(game_id, bot, game.max_players, seed)
                for seed in range(args.first_seed, args.first_seed + args.games)
            )
            print(
                f"{game_id:14} {game.max_players} x {bot:15} {args.games} games: longest {lengths[-1]}, "
                f"99th {lengths[len(lengths) * 99 // 100]}, median {lengths[len(lengths) // 2]}, "
                f"unended {lengths.count(-1)} ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
