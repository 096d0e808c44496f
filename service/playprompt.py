"""The person at the terminal: `portside play --human-prompt` shows the seat's table and its
numbered, labelled moves, reads a choice and a template's values, and says what is wrong with
input it cannot use. `q` (or a closed stdin) raises Quit, which play.py handles as Ctrl-C."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from engine.core import fits, overlapping
from service import playtext


class Quit(Exception):
    """The person at the prompt asked to stop (`q`): handled as Ctrl-C is."""


def choose_prompt(
    resource: dict,
    *,
    stdin: TextIO = sys.stdin,
    out: TextIO = sys.stderr,
    may_wait: bool = False,
    static: dict | None = None,
) -> dict | None:
    """Show the seat's table and its numbered, labelled moves; read a choice (and a template's values).
    `may_wait` (other seats are to act too, e.g. answering this seat's offer): an empty line
    returns None, to wait for their moves before choosing. `static`: the game's static data
    (GET /v1/games/{game}/static), which fills in what the view leaves out (Catan's map)."""
    legal, templates = resource["legal_moves"], resource.get("move_templates", [])
    seat = resource["seat"]
    if only_end_turn(resource) and not may_wait:
        print(f"\n--- seat {seat}: nothing left to do this turn; it ends.", file=out)
        return legal[0]
    print(f"\n--- seat {seat}, your move (version {resource['version']})", file=out)
    print(playtext.render(resource["game"], {**(static or {}), **resource["view"]}, seat), file=out)
    print("moves:", file=out)
    print("\n".join(playtext.numbered_moves(legal, resource.get("move_labels", []), templates)), file=out)
    count = len(legal) + len(templates)
    wait = ", Enter to wait for the others" if may_wait else ""
    while True:
        print(f"move number (0-{count - 1}{wait}, q to stop): ", end="", file=out, flush=True)
        line = readline(stdin)
        if line.lower() in ("q", "quit"):
            raise Quit
        if may_wait and not line:
            return None
        if line.isdigit() and int(line) < count:
            break
        print(f"  {line!r} is not a move here: type a number from 0 to {count - 1}.", file=out)
    if int(line) < len(legal):
        return legal[int(line)]
    tmpl = templates[int(line) - len(legal)]
    while True:
        move = {**tmpl["move"], **{name: ask_value(name, p, stdin, out) for name, p in tmpl["params"].items()}}
        if not overlapping(tmpl, move):
            return move
        groups = " / ".join(" and ".join(group) for group in tmpl["disjoint"])
        print(f"  {groups} may not name the same key: choose again.", file=out)


def only_end_turn(resource: dict) -> bool:
    """Nothing left to do but end the turn (Cornish Smuggler asks it of whoever holds a secret, so
    that being asked tells the table nothing): the clients end it without asking the player."""
    legal = resource["legal_moves"]
    return len(legal) == 1 and legal[0].get("type") == "end_turn" and not resource.get("move_templates")


def readline(stdin: TextIO) -> str:
    line = stdin.readline()
    if not line:
        raise Quit  # stdin closed: stop as if asked, with the resume line
    return line.strip()


HINTS = {
    "integer": "a whole number from {min} to {max}",
    "counts": "key=n pairs of {keys}, such as {example}",
    "seats": "seats among {of} such as 1,2",
}


def hint_for(param: dict) -> str:
    """What to type for a template value, with the param's own keys (a counts param: its keys)."""
    keys = list(param.get("max", {})) if param["kind"] == "counts" else []
    example = ",".join(f"{key}=1" for key in keys[:2])
    return HINTS[param["kind"]].format(**param, keys=", ".join(keys), example=example)


def ask_value(name: str, param: dict, stdin: TextIO, out: TextIO) -> Any:
    """Read the template value `name`: an integer, `key=n,key=n` counts, or `1,2` seats; say what is wrong."""
    hint = hint_for(param)
    while True:
        print(f"{name}: {param['kind']} ({hint}): ", end="", file=out, flush=True)
        raw = readline(stdin)
        try:
            value = parse_value(param["kind"], raw)
        except ValueError:
            print(f"  {raw!r} cannot be read: type {hint}.", file=out)
            continue
        if fits(param, value):
            return value
        print(f"  {raw!r} is outside what this move allows: {json.dumps(param)}", file=out)


def parse_value(kind: str, raw: str) -> Any:
    if kind == "integer":
        return int(raw)
    parts = [part.strip() for part in raw.split(",") if part.strip()]
    if kind == "seats":
        return sorted({int(part) for part in parts})
    pairs = [part.split("=") for part in parts]
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError(raw)
    return {key.strip(): int(n) for key, n in pairs}
