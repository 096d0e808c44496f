"""The arguments of `portside play` (service/play.py), as `portside play --help` lists them."""

from __future__ import annotations

import argparse

from service.play import parse_seat


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--url", default="http://127.0.0.1:8000", help="the service's base URL")
    p.add_argument("--game", help="game id (see GET /v1/games); needed unless --join")
    p.add_argument("--players", type=int, default=0, help="number of seats (default: the game's minimum)")
    p.add_argument(
        "--seat",
        type=parse_seat,
        action="append",
        default=[],
        metavar="SEAT=KIND",
        help="0=random (local bot), 1=server:greedy (server bot), 2=human; default: local random",
    )
    p.add_argument("--seed", type=int, default=None, help="the match's seed (and the local bots')")
    p.add_argument("--options", default="{}", help="the game's options as JSON")
    p.add_argument(
        "--undo", action="store_true", help="each seat may take back its own last move (`undo` at the prompt)"
    )
    p.add_argument(
        "--join",
        metavar="MATCH_ID",
        help="join this match instead of creating one (write --join=ID: an id may start with '-')",
    )
    p.add_argument(
        "--resume",
        metavar="MATCH_ID",
        help="continue the seats of the given --token(s) in this match (what Ctrl-C prints)",
    )
    p.add_argument(
        "--token",
        action="append",
        default=[],
        help="with --join/--resume: play the seat of this token (--token=T; or PORTSIDE_TOKEN=T,T2 in the"
        " environment, which other users of the host cannot read as they can a command line)",
    )
    p.add_argument("--join-seat", type=int, default=None, help="with --join and no --token: the seat to take")
    p.add_argument("--bot", default="random", help="with --join: the local bot playing the joined seat(s)")
    p.add_argument(
        "--human-prompt",
        action="store_true",
        help="human seats are played from this terminal (pick from numbered legal moves)",
    )
    p.add_argument("--wait", type=float, default=20.0, help="long-poll seconds per request (max 30)")
    p.add_argument("--timeout", type=float, default=0, help="give up after this many seconds (0: never)")
    p.add_argument("--json", action="store_true", help="print the final result as one JSON line")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument(
        "--lang",
        metavar="en|fr",
        help="the language of the terminal and of the server's words (default: from LC_ALL, LC_MESSAGES, LANG;"
        " any other: English)",
    )
