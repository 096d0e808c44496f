"""Game-agnostic bots over the engine contract.

A bot decides from exactly what its seat may know: the seat's view and its
legal moves (both as the HTTP API gives them). It never sees the state.

    bot = get_bot("catan", "greedy")
    move = bot.choose(view, legal_moves, rng)   # rng: random.Random

Every game has the `random` bot; a game's stronger bots live in
`engine/bots/<game id>.py` as a module-level `BOTS = {"name": BotClass}`.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from engine.core import instantiate


class Bot(Protocol):
    name: str

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict: ...


def sensible_value(rng: random.Random, low: int, high: int) -> int:
    """A value for a numeric range: uniform when narrow, else mostly low."""
    if high - low <= 20:
        return rng.randint(low, high)
    return min(high, low + int(rng.expovariate(1 / 8)))


class RandomBot:
    """Uniform over the legal moves; sensible values for numeric ranges."""

    name = "random"

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict:
        return instantiate(rng.choice(legal), lambda lo, hi: sensible_value(rng, lo, hi))


def bots_for(game_id: str) -> dict[str, type]:
    """Every bot name a game offers -> its class."""
    found: dict[str, type] = {"random": RandomBot}
    try:
        module = importlib.import_module(f"engine.bots.{game_id}")
    except ModuleNotFoundError as err:
        if err.name != f"engine.bots.{game_id}":
            raise
    else:
        found.update(module.BOTS)
    return found


def get_bot(game_id: str, name: str) -> Bot:
    """A bot instance; KeyError for a name the game does not offer."""
    return bots_for(game_id)[name]()


__all__ = ["Bot", "RandomBot", "bots_for", "get_bot", "sensible_value"]
