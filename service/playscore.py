"""The final scores of a match in the terminal: a row per seat with every category of the outcome's
breakdown, then the winners. The standard library only: the terminal client stays a client."""

from __future__ import annotations


def format_outcome(final: dict, labels: dict[int, str]) -> str:
    """The final scores: a row per seat with every category of the breakdown, then the winners."""
    outcome = final["outcome"]
    lines = [f"Match {final['id']} ({final['game']}) finished at version {final['version']}."]
    categories = sorted({k for part in outcome["breakdown"] for k in part})
    header = ["seat", "who", "rank", "score", *categories]
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
    winners = ", ".join(f"seat {s} ({labels.get(s, '')})" for s in outcome["winners"])
    lines.append(f"Winner{'s' if len(outcome['winners']) > 1 else ''}: {winners}")
    if outcome.get("tiebreak"):
        lines.append(f"Tie-break: {outcome['tiebreak']}")
    return "\n".join(lines)
