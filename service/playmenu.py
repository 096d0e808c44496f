"""The moves in the terminal as a person chooses among them: numbered, labelled, a long list kept short.
The standard library only (and service/playtext.py's words): the terminal client stays a client."""

from __future__ import annotations

import os
from collections.abc import Sequence

from service.playtext import WIDTH, fit, move_text, summarize, words


def numbered_moves(
    legal: Sequence[dict], labels: Sequence[str], templates: Sequence[dict], width: int = WIDTH
) -> list[str]:
    """The moves as `[n] words`. Many moves of one type that differ in one field share a
    heading (`Build a settlement on intersection …:` then `[0] 0  [1] 1 …`), so a long list
    stays short; labelled ones only when their labels differ in that value alone. Moves that
    differ only in a short end (a payment) share a line: `Sail to Mousehole for … [4] 1 gold  [5] …`."""
    texts = [move_text(move, labels[n] if n < len(labels) else None) for n, move in enumerate(legal)]
    lines: list[str] = []
    i = 0
    while i < len(legal):
        run = _same_kind_run(legal, i)
        heading = _run_heading(legal, labels, i, run) if run > 6 else None
        if heading is not None:
            field = next(k for k in legal[i] if k != "type")
            cells = [f"[{n}] {summarize(legal[n][field])}" for n in range(i, i + run)]
            lines.append(f"  {heading}:")
            lines += _columns(cells, 4, width)
        else:
            start, run = _shared_start(texts, i)
            ends = [f"[{n}] {texts[n][len(start) :]}".replace(" ", "\xa0") for n in range(i, i + run)]
            lines.append(f"  {start}… " + "  ".join(ends) if start else f"  [{i}] {texts[i]}")
        i += run
    for n, t in enumerate(templates, len(legal)):
        lines.append(f"  [{n}] {t.get('label') or move_text(t['move'])} (you choose {', '.join(t['params'])})")
    return fit(lines, width)


def _shared_start(texts: Sequence[str], start: int) -> tuple[str, int]:
    """The words texts[start] and the next ones begin with, and how many, if each one's rest is short."""
    common = os.path.commonprefix(list(texts[start : start + 2]))
    shared = common[: common.rfind(" ") + 1]
    end = start + 1
    while shared and end < len(texts) and texts[end].startswith(shared):
        end += 1
    if end - start < 2 or max(len(text) - len(shared) for text in texts[start:end]) > 30:
        return "", 1
    return shared, end - start


def _run_heading(legal: Sequence[dict], labels: Sequence[str], start: int, run: int) -> str | None:
    """The heading of moves start..start+run: their shared label with the value as `…`, or
    (unlabelled) the type and the field; None if the labels differ in more than the value."""
    field = next(k for k in legal[start] if k != "type")
    if start + run > len(labels):
        return f"{move_text({'type': legal[start]['type']})}, {words(field)}"
    headings = set()
    for n in range(start, start + run):
        value = str(legal[n][field])
        if labels[n].count(value) != 1:
            return None
        headings.add(labels[n].replace(value, "…"))
    return headings.pop() if len(headings) == 1 else None


def _same_kind_run(legal: Sequence[dict], start: int) -> int:
    """How many moves from `start` have the same type and one other field (the same one)."""
    keys = set(legal[start])
    if len(keys) != 2:
        return 1
    end = start + 1
    while end < len(legal) and legal[end].get("type") == legal[start].get("type") and set(legal[end]) == keys:
        end += 1
    return end - start


def _columns(cells: Sequence[str], indent: int, width: int) -> list[str]:
    cell = max(len(c) for c in cells) + 2
    per_line = max(1, (width - indent) // cell)
    return [
        " " * indent + "".join(c.ljust(cell) for c in cells[i : i + per_line]).rstrip()
        for i in range(0, len(cells), per_line)
    ]
