"""How `portside play` says to pick a match up again after Ctrl-C: each seat played here, its token,
and the command that continues it, broken between its arguments to paste whole. The standard
library only (and service/playtext.py's line breaking): the terminal client stays a client."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from service.playlines import fit
from service.playwords import DEFAULT, language, t

if TYPE_CHECKING:
    from service.play import Player


def resume_text(base: str, match_id: str, player: Player, width: int = sys.maxsize, lang: str = DEFAULT) -> str:
    """How to pick the match up again: the match, each seat played here and its token; each
    command broken (if at all) between its arguments, to paste whole, in the same language: with
    `--lang` unless it is English in an environment whose locale asks for English anyway."""
    keep = [] if lang == DEFAULT == language() else [f"--lang {lang}"]
    lines = fit([t("Stopped. Match {id} goes on without this terminal; to resume:", id=match_id)], width)
    for seat, token in sorted(player.tokens.items()):
        how = "--human-prompt" if seat in player.prompted else f"--bot {player.labels[seat].removeprefix('local:')}"
        lines += fit(["  " + t("seat {seat}, token {token}", seat=seat, token=token)], width)
        command = [f"{this_command()} play", "--url", base, f"--resume={match_id}", f"--token={token}", how]
        lines += command_lines([*command, *keep], width, "    ")
    return "\n".join(lines)


def person_lines(base: str, match_id: str, seat: int, token: str, width: int) -> list[str]:
    """A seat left to a person: its token, how to view the match, and the command that plays it."""
    bearer, url = f"'Authorization: Bearer {token}'", f"{base}/v1/matches/{match_id}"
    join = ["--url", base, f"--join={match_id}", f"--token={token}", "[--bot random | --human-prompt]"]
    return [
        *fit(["  " + t("seat {seat} is for a person: token {token}", seat=seat, token=token)], width),
        *command_lines([t("view:") + "  curl", "-H", bearer, url], width, "    "),
        *command_lines([f"{t('play:')}  {this_command()} play", *join], width, "    "),
    ]


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
