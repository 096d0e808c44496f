"""The greedy bot: it beats random clearly, and it decides from the view and legal moves only."""

from __future__ import annotations

import copy
import json
import random

from engine.bots import RandomBot, bots_for, get_bot
from engine.core import matches_template
from engine.medici import GAME
from engine.medici.bots import GreedyBot


def play(bots, seed):
    rng = random.Random(seed)
    state = GAME.setup(2, {}, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        view = json.loads(json.dumps(GAME.view(state, seat)))
        legal = json.loads(json.dumps(GAME.legal_moves(state, seat)))
        templates = json.loads(json.dumps(GAME.move_templates(state, seat)))
        GAME.apply(state, seat, bots[seat].choose(view, legal, rng, templates))
    return GAME.outcome(state)


def is_listed(move, legal, templates):
    return move in legal or any(matches_template(t, move) for t in templates)


def test_greedy_is_offered_for_medici():
    assert set(bots_for("medici")) == {"random", "greedy"}
    assert get_bot("medici", "greedy").name == "greedy"


def test_greedy_wins_clearly_more_than_the_fair_share_against_random():
    games, wins = 20, 0
    for seed in range(games):
        seat = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = GreedyBot()
        wins += play(bots, 1000 + seed).winners == [seat]
    assert wins / games >= 0.8, f"greedy won {wins} of {games}"


def test_greedy_decides_from_the_json_view_and_legal_list_alone():
    bot = GreedyBot()
    for seed in range(2):
        state = GAME.setup(2, {}, seed)
        while GAME.outcome(state) is None:
            (seat,) = GAME.to_act(state)
            view = json.loads(json.dumps(GAME.view(state, seat)))
            legal = json.loads(json.dumps(GAME.legal_moves(state, seat)))
            templates = json.loads(json.dumps(GAME.move_templates(state, seat)))
            frozen = copy.deepcopy((view, legal, templates))
            move = bot.choose(view, legal, random.Random(seed), templates)
            assert (view, legal, templates) == frozen  # reads, never writes
            assert is_listed(move, legal, templates), move
            # The same view and list give the same move whatever the hidden RNG holds.
            hidden = GAME.dump(state)
            hidden["rng"] ^= 0xDEADBEEF
            other = GAME.load(hidden)
            assert (
                bot.choose(
                    GAME.view(other, seat),
                    GAME.legal_moves(other, seat),
                    random.Random(seed),
                    GAME.move_templates(other, seat),
                )
                == move
            )
            GAME.apply(state, seat, move)
