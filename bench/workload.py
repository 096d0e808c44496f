"""The random move the benchmarks' clients play: a listed legal move, or one random fill of a
template (refused by the rules at times, as a careless client's would be), uniform over both.

This is RandomBot's choice as it was before the bot learnt to draw a Catan trade again rather than
offer a resource on both sides (5f1167e). The benchmarks keep it so that their figures, and the
host speed printed beside them, compare across versions of the bots.
"""

from __future__ import annotations

import random

from engine.core import fill, random_value


def choose(legal: list, templates: list, rng: random.Random) -> dict:
    pick = rng.randrange(len(legal) + len(templates))
    return legal[pick] if pick < len(legal) else fill(templates[pick - len(legal)], lambda p: random_value(p, rng))
