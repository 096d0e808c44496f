"""The lines of `portside play`'s tables, whatever the game: fit to a width, a JSON value made short,
rows of records as columns, a move and the log's events in words. The standard library only (and
the terminal's words, service/playwords.py): the terminal client stays a client."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from service.playwords import labelled, t, term

# The columns of text that goes to no terminal. A no-break space (\xa0, one column) holds two words
# together: French texts come with them where French never breaks (engine.i18n.typeset), the menu
# sets its own; textwrap breaks at plain spaces only, and the lines printed say them as plain ones.
WIDTH = 100
# English holds a thing to its number as French does (« siège 2 », engine.i18n.typeset): a line ended
# in "seat" with its "2" on the next. The same words as the web client's (js/i18n.js NUMBERED_EN).
_NUMBERED = re.compile(
    r"\b((?:seat|round|row|price|position|hex|intersection|path|vertex|edge|officer|harbour|ship|bag|bank|strength)s?)"
    r" (?=\d)",
    re.IGNORECASE,
)
# A part of a table and its lines. A named part (a map, the prices) is printed at a prompt only when it
# changed since the terminal printed it; the unnamed one, the status, always, nearest the moves.
Part = tuple[str, list[str]]


def fit(lines: Iterable[str], width: int = WIDTH, hang: int = 2) -> list[str]:
    """Lines broken between words to `width`, continuations `hang` more indented (a move's past `[n] `)."""
    fitted: list[str] = []
    for line in lines:
        lead = len(line) - len(line.lstrip(" "))
        move = re.match(r"\[\d+\] ", line[lead:])
        indent = " " * (lead + (move.end() if move else hang))
        if len(line) <= width:
            fitted.append(line)
        else:  # a ` · ` between a table's parts stays with the part before it: a row starting `· ` read as a bullet
            wrapped = textwrap.wrap(
                held(line.replace(" · ", "\xa0· ")),
                width,
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
            fitted += [flush_left(part, width) for part in wrapped]
    return [line.replace("\xa0", " ") for line in fitted]


def held(text: str) -> str:
    """The text with an English thing held to its number (French comes held: engine.i18n.typeset)."""
    return _NUMBERED.sub("\\1\xa0", text)


def flush_left(line: str, width: int) -> str:
    """A word too long for its indented line (a seat's token at 48 columns) without the indent: whole
    on one line when it fits, not broken by the terminal inside it."""
    word = line.lstrip(" ")
    return word if len(line) > width and " " not in word else line


class PlainSpaces:
    """The terminal's stream, its no-break spaces written as plain ones: they hold words together while
    lines are fitted, and a terminal, a copy and paste or a script reading the lines wants spaces
    (« siège\xa02 » read as a word of its own)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(text.replace("\xa0", " "))

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno: the stream's own
        return getattr(self.stream, name)


def words(name: object) -> str:
    return str(name).replace("_", " ")


def summarize(value: Any, depth: int = 0) -> str:
    """Any JSON value as a short line (objects as `key value, …`, nothing zero or empty), in the
    terminal's language: a key (a resource, a good) and a tile's kind as terms (see playwords.term)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if isinstance(value, list):
        return ", ".join(summarize(v, depth + 1) for v in value) if value else t("none")
    if isinstance(value, dict):
        if depth > 2:
            return "…"
        if isinstance(value.get("kind"), str) and "value" in value:
            return f"{term(value['kind'])} {value['value']}"  # a tile or a card
        parts = [
            f"{term(k)} {summarize(v, depth + 1)}"
            for k, v in value.items()
            if v not in (0, None, False, [], {}) and not (depth and k == "id")
        ]
        return ", ".join(parts) if parts else t("none")
    return words(value)


def clip(text: str, most: int = WIDTH) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def table(rows: Sequence[dict], columns: Sequence[str] | None = None) -> list[str]:
    """Rows of records as aligned text columns, a header first (each column's name a term)."""
    if not rows:
        return []
    columns = list(columns or dict.fromkeys(k for row in rows for k in row))
    cells = [[term(c) for c in columns]] + [[clip(summarize(row.get(c)), 40) for c in columns] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip() for r in cells]


def entry_head(entry: dict, who: str) -> str:
    """A log line's head: the version, whose entry it is (the set-up's, at version 1 in some games), who played."""
    if entry.get("kind") == "opening":
        whose = t("set-up")
    else:
        whose = "" if entry["seat"] is None else t("seat {seat}", seat=entry["seat"])
    return f"v{entry['version']:<5} {whose} {who:<15} "


def seat_names(resource: dict) -> dict[int, list[str]]:
    """Each seat's names in a match resource: the one given to it, its house's in the view's players."""
    players = (resource.get("view") or {}).get("players") or []
    named = [(p.get("seat"), p.get("name")) for p in players if isinstance(p, dict)]
    named += [(s["seat"], s.get("name")) for s in resource.get("seats") or []]
    names: dict[int, list[str]] = {}
    for seat, name in named:
        if isinstance(seat, int) and isinstance(name, str) and name:
            names.setdefault(seat, []).append(name)
    return names


def terminal_head(entry: dict, said: str, names: Iterable[str], kind: str = "") -> str:
    """A log line's head at a terminal, short so that at 80 columns an entry mostly takes one row: the
    version; the seat only where the text does not start with one of its `names` (« Seat 2 rolled 9 »
    says it already); `kind` (`server:random`) only where it is not what the seat was said to be."""
    starts = said.replace("\xa0", " ").lower()
    named = any(
        starts.startswith(n) and not starts[len(n) : len(n) + 1].isalnum()
        for n in (name.replace("\xa0", " ").lower() for name in names)
    )
    whose = "" if named or entry["seat"] is None else t("seat {seat}", seat=entry["seat"])
    who = " ".join(part for part in (whose, f"({kind})" if kind else "") if part)
    return f"v{entry['version']:<4} " + (labelled(who, "") if who else "")


def log_line(head: str, said: str, width: int) -> str:
    """A log entry after its head (version, seat, who), wrapped, not cut: the end of a line (where the
    officers went, a landing's risk) matters. Continuations start under its text."""
    indent = " " * min(len(head), width // 2)
    lines = textwrap.wrap(
        held(said), width, initial_indent=head, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )
    return "\n".join(lines).replace("\xa0", " ")


def move_text(move: dict, label: str | None = None) -> str:
    """A move in words: the server's label when it sends one, else its JSON made readable."""
    if label:
        return label
    details = [f"{words(k)} {summarize(v)}" for k, v in move.items() if k != "type"]
    text = words(move.get("type", "?")).capitalize()
    return f"{text}: {', '.join(details)}" if details else text


def entry_text(events: list[dict]) -> str:
    """A log entry's events in one line. A seat that sees a private event beside the public one it
    details ("Ana drew a secret", then "Ana drew a secret: favour owed") reads the detailed one only.
    Each event's text is a sentence of its own (it starts with a capital): they are joined as such."""
    texts = [event_text(ev) for ev in events]
    return ". ".join(
        text for text, then in zip(texts, [*texts[1:], ""]) if not (len(then) > len(text) and then.startswith(text))
    )


def event_text(event: dict) -> str:
    if event.get("text"):
        return str(event["text"])
    details = [f"{words(k)} {summarize(v)}" for k, v in event.items() if k != "type"]
    return clip(f"{words(event.get('type', '?'))} ({', '.join(details)})" if details else words(event.get("type", "?")))


def generic(view: dict, seat: int | None) -> list[str]:
    lines, tables = [], []
    for key, value in view.items():
        if key in ("topology", "game"):
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables += ["", f"{words(key)}:", *table(value)]
        else:
            lines.append(clip(f"{words(key)}: {summarize(value)}"))
    return lines + tables
