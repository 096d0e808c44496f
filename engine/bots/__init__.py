"""Game-agnostic bots over the engine contract.

A bot decides from exactly what its seat may know: the seat's view, its legal
moves and its parametric moves (all as the HTTP API gives them). It never
sees the state.

    bot = get_bot(game_id, "greedy")
    move = bot.choose(view, legal_moves, rng, move_templates)   # rng: random.Random

Every game has the `random` bot; a game's stronger bots live in its own
folder and are named by the game object's `bots` attribute.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from engine import registry
from engine.core import default_value, fill, overlapping, random_value


class Bot(Protocol):
    name: str

    def choose(self, view: dict, legal: list[dict], rng: random.Random, templates: Sequence[dict] = ()) -> dict: ...


def sensible_value(rng: random.Random, low: int, high: int) -> int:
    """A value for a numeric range: uniform when narrow, else mostly low."""
    if high - low <= 20:
        return rng.randint(low, high)
    return min(high, low + int(rng.expovariate(1 / 8)))


FILL_TRIES = 20  # draws before a fill that breaks the template's `disjoint` is played anyway (then refused)


def random_fill(template: dict, rng: random.Random) -> dict:
    """A random move from a template, drawn again while it gives a key to two params the template keeps
    disjoint; wide integer ranges mostly low (a price)."""

    def pick(param: dict):
        if param["kind"] == "integer":
            return sensible_value(rng, param["min"], param["max"])
        return random_value(param, rng)

    move = fill(template, pick)
    for _ in range(FILL_TRIES - 1):
        if not overlapping(template, move):
            break
        move = fill(template, pick)
    return move


class RandomBot:
    """Uniform over the legal moves and the templates (each template counts once)."""

    name = "random"

    def choose(self, view: dict, legal: list[dict], rng: random.Random, templates: Sequence[dict] = ()) -> dict:
        pick = rng.randrange(len(legal) + len(templates))
        return legal[pick] if pick < len(legal) else random_fill(templates[pick - len(legal)], rng)


def fallback_move(legal: list[dict], templates: Sequence[dict], rng: random.Random) -> dict:
    """The move to play when a bot's choice was refused: a listed legal move at random (a template
    filled at random could be refused again), or the first template at its smallest values when
    nothing is listed."""
    return rng.choice(legal) if legal else fill(templates[0], default_value)


def bots_for(game_id: str) -> dict[str, type]:
    """Every bot name a game offers -> its class."""
    return {"random": RandomBot, **registry.get(game_id).bots}


def get_bot(game_id: str, name: str) -> Bot:
    """A bot instance; KeyError for a name the game does not offer."""
    return bots_for(game_id)[name]()


__all__ = ["Bot", "RandomBot", "bots_for", "fallback_move", "get_bot", "random_fill", "sensible_value"]
