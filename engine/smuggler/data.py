"""Cornish Smuggler's component data and costs in one import: the authored content (map,
pieces, cards; engine/smuggler/content/) and the action costs the text gives (p.10-11).
Invented numbers are marked decided in the content modules and explained in README.md."""

from __future__ import annotations

from engine.smuggler.content import *  # noqa: F403  (the content is this module's data)
from engine.smuggler.content import __all__ as CONTENT

# The two ways to pay the movement actions and the secret search: influence or gold (p.10-11).
PRICES_BY_PAY = {
    "move_boat": {"influence": 1, "gold": 3},
    "move_goods": {"influence": 1, "gold": 2},
    "move_pawn": {"influence": 1, "gold": 2},
    "move_both": {"influence": 3, "gold": 5},
    "move_officer": {"influence": 4, "gold": 6},
    "discover_secret": {"influence": 2, "gold": 2},
}
HIRE_PAY = {"influence": 1, "reputation": 2}  # CONTENT.md: 1 influence or 2 reputation
REPUTATION_PRICE = 4  # gold for 1 reputation
HONEST_WAGE = 11  # honest work pays 11 - reputation after halving - gold

__all__ = [*CONTENT, "HIRE_PAY", "HONEST_WAGE", "PRICES_BY_PAY", "REPUTATION_PRICE"]
