"""How `portside play` says to pick a match up again after Ctrl-C: each seat played here, its token,
and the command that continues it, broken between its arguments to paste whole. The standard
library only (and service/playtext.py's line breaking): the terminal client stays a client."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from service.playtext import fit

if TYPE_CHECKING:
    from service.play import Player


def resume_text(base: str, match_id: str, player: Player, width: int = sys.maxsize) -> str:
    """How to pick the match up again: the match, each seat played here and its token; each
    command broken (if at all) between its arguments, to paste whole."""
    lines = fit([f"Stopped. Match {match_id} goes on without this terminal; to resume:"], width)
    for seat, token in sorted(player.tokens.items()):
        how = "--human-prompt" if seat in player.prompted else f"--bot {player.labels[seat].removeprefix('local:')}"
        lines += fit([f"  seat {seat}, token {token}"], width)
        lines += command_lines(
            [f"{this_command()} play", "--url", base, f"--resume={match_id}", f"--token={token}", how], width, "    "
        )
    return "\n".join(lines)


def this_command() -> str:
    """`portside` as this client was started (`.venv/bin/portside` when typed so: a printed command
    named plain `portside` was not found by a shell without the venv on its PATH)."""
    typed = sys.argv[0] if sys.argv else ""
    return typed if os.path.basename(typed) == "portside" else "portside"


def command_lines(words: list[str], width: int, indent: str) -> list[str]:
    """A shell command on as few lines of `width` as it takes, broken between its words (each line
    but the last ends in ` \\`), so that copied whole it pastes as one command."""
    lines = [indent + words[0]]
    for word in words[1:]:
        if len(lines[-1]) + len(word) + 3 > width:
            lines[-1] += " \\"
            lines.append(f"{indent}  {word}")
        else:
            lines[-1] += f" {word}"
    return lines
