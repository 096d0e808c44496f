"""The final scores of a match in the terminal: a row per seat with every category of the outcome's
breakdown, then the winners. The standard library only (and the terminal's words): the terminal
client stays a client."""

from __future__ import annotations

import json

from service.playwords import t, term, tn


def format_outcome(final: dict, labels: dict[int, str]) -> str:
    """The final scores: a row per seat with every category of the breakdown, then the winners."""
    outcome = final["outcome"]
    lines = [t("Match {id} ({game}) finished at version {version}.", **final)]
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
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    winners = ", ".join(t("seat {seat} ({who})", seat=s, who=labels.get(s, "")) for s in outcome["winners"])
    lines.append(tn("Winner: {seats}", "Winners: {seats}", len(outcome["winners"]), seats=winners))
    if outcome.get("tiebreak"):
        lines.append(t("Tie-break: {how}", how=term(outcome["tiebreak"])))
    return "\n".join(lines)


def as_json(final: dict, labels: dict[int, str]) -> str:
    """The result as one JSON line (`--json`): the match, its seats' labels and its outcome."""
    keep = {"id": final["id"], "game": final["game"], "version": final["version"], "outcome": final["outcome"]}
    return json.dumps({**keep, "seats": labels}, sort_keys=True)
