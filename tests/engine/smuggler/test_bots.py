"""The smuggler bot: offered by the game, deciding from the view and listed moves only, and
winning clearly more than its fair share against random bots (a small version of
bench/smuggler_bots.py)."""

from __future__ import annotations

import json
import random

from engine.bots import RandomBot, bots_for, get_bot
from engine.core import matches_template
from engine.smuggler import GAME
from engine.smuggler.bots import SmugglerBot


def play(bots, seed, check_listed=False):
    rng = random.Random(seed)
    state = GAME.setup(len(bots), {}, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        view = json.loads(json.dumps(GAME.view(state, seat)))
        legal = json.loads(json.dumps(GAME.legal_moves(state, seat)))
        templates = json.loads(json.dumps(GAME.move_templates(state, seat)))
        move = bots[seat].choose(view, legal, rng, templates)
        if check_listed:
            assert move in legal or any(matches_template(t, move) for t in templates), move
        GAME.apply(state, seat, move)
    return GAME.outcome(state)


def test_the_smuggler_bot_is_offered():
    assert set(bots_for("smuggler")) == {"random", "greedy"}
    assert get_bot("smuggler", "greedy").name == "greedy"


def test_the_smuggler_bot_plays_only_listed_moves_at_every_table_size():
    for players in range(2, 6):
        outcome = play([SmugglerBot() for _ in range(players)], players, check_listed=True)
        assert len(outcome.scores) == players


def test_the_smuggler_bot_wins_at_least_twice_its_fair_share_against_random():
    games, share = 24, 0.0
    for seed in range(games):
        seat = seed % 3
        bots = [RandomBot(), RandomBot(), RandomBot()]
        bots[seat] = SmugglerBot()
        outcome = play(bots, 1000 + seed)
        if seat in outcome.winners:
            share += 1 / len(outcome.winners)
    assert share / games >= 2 / 3, share / games
