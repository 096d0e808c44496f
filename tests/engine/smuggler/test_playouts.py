"""1,000 complete random games across 2-5 players through the shared harness, every one of
them probed. After every move: Smuggler's invariants (everything accounted for), the dump/load
round-trip; at the end the determinism replay. Every game is also probed (every legal move
schema-checked, sampled legal moves and the landing template applied on a copy, junk and
out-of-turn moves refused without change, views JSON) and checked for leaks (no hidden card in
any view; the table with everything hidden from one viewer changed looks the same to it before
and after the next move): the first DENSE_GAMES densely, the rest at a sparser interval, so the
whole set stays within its CPU budget (README, "Tests"). Table sizes by seed % 6 (333 games of
2 and of 3 players, 167 of 4 and of 5); random policies by seed // 6 % 16: 6 in 16 games
`hasty` (uniform over the listed moves, passing often), 10 in 16 `smuggling` (a random
smuggler: landings, tip-off windows, the customs and sales happen; when it leaves the choice to
the harness, that is uniform over the listed moves and the templates)."""

from __future__ import annotations

import pytest

from engine.smuggler import GAME
from engine.smuggler.content import LAND, MERCHANTS, SEA_LINKS
from tests.engine.playout import playout

from .helpers import invariants, invariants_and_views

GAMES = 1000
CHUNKS = 8
DENSE_GAMES = 8
DENSE_EVERY = 4  # dense games (seeds 0-7): probed and leak-checked every 4th move
SPARSE_EVERY = 80  # the other 992: every 80th move (the leak checks offset per seed)
JUNK = [
    {"type": "move_boat", "to": "atlantis", "pay": "influence"},
    {"type": "sell", "shape": "irish_0", "row": 3, "pay": "none"},
    {"type": "land", "shapes": {"irish_0": 1}, "hide": -1, "stash": 0},
    {"type": "hire", "card": "o_cutler"},
    {"type": "bribe", "officer": 9},
    {"type": "pass", "now": True},
    {"type": "tipoff"},
]


def hasty(rng, legal, state):
    """Uniform over the listed moves, but passing 7 times in 10 when it may: shorter games."""
    passes = [m for m in legal if m["type"] == "pass"]
    if passes and rng.random() < 0.7:
        return passes[0]
    return rng.choice(legal)


def sea_steps(target: str) -> dict[str, int]:
    """Sea steps to `target` from every sea space (from the content's links)."""
    far, todo = {target: 0}, [target]
    for here in todo:
        for a, b in SEA_LINKS:
            for x, y in ((a, b), (b, a)):
                if x == here and y not in far:
                    far[y] = far[here] + 1
                    todo.append(y)
    return far


SEA_STEPS = {space: sea_steps(space) for link in SEA_LINKS for space in link}


def smuggling(rng, legal, state):
    """Still random, but a smuggler's random: sells, lands and buys when it can (and often
    raids, turns an officer, moves goods, stores them or bribes when it can), sails toward a
    merchant with an empty hold and toward a port of its own with a full one, often enough
    that landings, tip-off windows, the customs, sales and the track's end are all reached;
    passes 8 times in 10. None (the harness's uniform choice, templates included) otherwise."""
    by_type: dict[str, list[dict]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    ports = [m for m in by_type.get("place_pawn", []) if LAND[m["space"]][3] is not None]
    if ports and rng.random() < 0.7:  # a pawn on a port (or cove), to land there
        return rng.choice(ports)
    rare = (("raid", 0.5), ("play_turncoat", 0.5), ("move_goods", 0.3), ("stash", 0.3), ("bribe", 0.3))
    for kind, chance in (("sell", 0.7), ("land", 0.7), *rare, ("buy_goods", 0.5), ("hire", 0.1)):
        if by_type.get(kind) and rng.random() < chance:
            return rng.choice(by_type[kind])
    boats = by_type.get("move_boat")
    if boats and rng.random() < 0.5:
        seat = state["active"]
        loaded = any(s["where"] == "boat" and s["owner"] == seat for s in state["shapes"].values())
        targets = [p for p in state["pawns"][seat] if p in SEA_STEPS] if loaded else list(MERCHANTS)
        if targets:
            here = state["boats"][seat]["space"]
            target = min(targets, key=lambda t: (SEA_STEPS[t].get(here, 99), t))  # the nearest
            gain = [m for m in boats if SEA_STEPS[target].get(m["to"], 99) < SEA_STEPS[target].get(here, 99)]
            if gain:
                return rng.choice(gain)
    if by_type.get("pass") and rng.random() < 0.8:
        return by_type["pass"][0]
    return None


POLICIES = [hasty] * 6 + [smuggling] * 10  # by seed // 6 % 16


class Checks:
    """The invariants after every move; the leak checks every `every` moves from `offset`."""

    def __init__(self, every: int, offset: int) -> None:
        self.every, self.calls = every, offset

    def __call__(self, game, state: dict) -> None:
        if self.calls % self.every == 0:
            invariants_and_views(game, state)
        else:
            invariants(game, state)
        self.calls += 1


TABLES = [2, 3, 4, 5, 2, 3]  # by seed % 6: 333 games of 2 and of 3 players, 167 of 4 and of 5


def play_game(seed: int) -> None:
    every = DENSE_EVERY if seed < DENSE_GAMES else SPARSE_EVERY
    state, moves = playout(
        GAME,
        TABLES[seed % 6],
        seed,
        check=Checks(every, seed % every),
        policy=POLICIES[seed // 6 % 16],  # (seed % 6 gives the table size)
        probe_every=every,
        sample_legal=2,
        extra_junk=JUNK,
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert all(sum(part.values()) == score for part, score in zip(outcome.breakdown, outcome.scores))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_all_probed(chunk):
    for seed in range(chunk, GAMES, CHUNKS):
        play_game(seed)
