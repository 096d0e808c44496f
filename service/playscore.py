"""The final scores of a match in the terminal: a row per seat with every category of the outcome's
breakdown, then the winners. The standard library only (and the terminal's words): the terminal
client stays a client."""

from __future__ import annotations

import json
import sys

from service.playlines import fit
from service.playwords import labelled, t, term, tn


def format_outcome(final: dict, labels: dict[int, str], width: int = sys.maxsize) -> str:
    """The final scores: a row per seat with every category of the breakdown (wider than `width`, the
    terminal's: a row per category, a column per seat; wider still: the same, each seat's kind said above
    it; wider even so: a line per seat), then the winners."""
    outcome = final["outcome"]
    lines = [t("Match {id} ({game}) finished at version {version}.", **final)]
    if outcome is None:  # aborted, or its log reached the server's bound: nobody scored
        return "\n".join(fit([*lines, no_scores(final.get("ended") or {})], width))
    categories = sorted({k for part in outcome["breakdown"] for k in part})
    header = [term("seat"), term("who"), term("rank"), term("score"), *map(term, categories)]
    rows = [
        [
            str(s),
            labels.get(s, ""),
            str(outcome["ranks"][s]),
            str(outcome["scores"][s]),
            *(str(outcome["breakdown"][s].get(c, "")) for c in categories),
        ]
        for s in range(len(outcome["scores"]))
    ]
    by_seat, by_category = aligned([header, *rows]), aligned([list(column) for column in zip(header, *rows)])
    # Each seat's kind in a line above the columns, which it made as wide as `server:greedy`: at five seats the
    # French table (« chambre de commerce ») was 96 columns, and a line per seat was all that fit 80.
    who = [labelled(term("who"), ", ".join(f"{s}\xa0{labels[s]}" for s in range(len(rows)) if labels.get(s)))]
    keyed = aligned([list(column) for i, column in enumerate(zip(header, *rows)) if i != 1])
    if max(map(len, by_seat)) <= width:
        lines += by_seat
    elif max(map(len, by_category)) <= width:
        lines += by_category
    elif max(map(len, keyed)) <= width:
        lines += fit(who if any(labels.values()) else [], width) + keyed
    else:
        # Each « category : value » held whole (no-break spaces, printed as spaces): « chambre de commerce : »
        # ended a line and « 0 ; » began the next.
        held = [[labelled(name, cell).replace(" ", "\xa0") for name, cell in zip(header, row) if cell] for row in rows]
        lines += fit([t("; ").join(pairs) for pairs in held], width)
    winners = ", ".join(t("seat {seat} ({who})", seat=s, who=labels.get(s, "")) for s in outcome["winners"])
    said = [tn("Winner: {seats}", "Winners: {seats}", len(outcome["winners"]), seats=winners)]
    if outcome.get("tiebreak"):
        said.append(t("Tie-break: {how}", how=term(outcome["tiebreak"])))
    return "\n".join(fit(lines[:1], width) + lines[1:] + fit(said, width))


def no_scores(ended: dict) -> str:
    if ended.get("reason") == "too_long":
        return t("No scores: the match reached the most log entries a match may hold.")
    return t("No scores: the match was aborted.")


def aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]


def as_json(final: dict, labels: dict[int, str]) -> str:
    """The result as one JSON line (`--json`): the match, its seats' labels and its outcome."""
    keep = {"id": final["id"], "game": final["game"], "version": final["version"], "outcome": final["outcome"]}
    return json.dumps({**keep, "seats": labels}, sort_keys=True)
