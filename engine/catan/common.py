"""Small helpers every Catan rule module uses: refusals, card names, the turn's interludes."""

from __future__ import annotations

from typing import NoReturn

from engine.catan import data as D
from engine.core import IllegalMove

R = D.RESOURCE_INDEX


def fail(message: str, code: str = "illegal_move", **details) -> NoReturn:
    raise IllegalMove(code, message, **details)


def card_names(counts) -> dict:
    return {D.RESOURCES[r]: c for r, c in enumerate(counts) if c}


def after_interlude(state: dict) -> None:
    """Back to the turn after the robber or free roads: before or after the roll."""
    state["phase"] = "main" if state["rolled"] else "roll"
