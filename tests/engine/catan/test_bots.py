"""The greedy Catan bot: it beats random play clearly and decides from view + legal moves only."""

import json
import random

from engine.bots import RandomBot, get_bot
from engine.catan import GAME
from engine.catan.bots import GreedyBot


def play_game(players, greedy_seat, seed):
    """One game, greedy in one seat, random bots elsewhere; the winner."""
    rng = random.Random(seed)
    bots = [GreedyBot() if s == greedy_seat else RandomBot() for s in range(players)]
    state = GAME.setup(players, GAME.load_options({}), seed)
    for _ in range(40000):
        if GAME.outcome(state) is not None:
            return GAME.outcome(state).winners[0]
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat), rng))
    raise AssertionError("no end")


def test_greedy_wins_well_over_the_fair_share_against_random_bots():
    games, players = 24, 4
    wins = sum(play_game(players, i % players, 500 + i) == i % players for i in range(games))
    assert wins / games >= 2 * (1 / players), f"greedy won {wins} of {games}"


def test_greedy_decides_from_the_json_view_and_legal_list_alone():
    bot = get_bot("catan", "greedy")
    assert bot.name == "greedy"
    rng = random.Random(4)
    for seed in (1, 2):
        state = GAME.setup(3, GAME.load_options({}), seed)
        seen = set()
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(sorted(GAME.to_act(state)))
            view = json.loads(json.dumps(GAME.view(state, seat)))
            view.pop("topology", None)
            legal = json.loads(json.dumps(GAME.legal_moves(state, seat)))
            move = bot.choose(view, legal, rng)
            assert move in legal
            seen.add(move["type"])
            GAME.apply(state, seat, move)
        assert GAME.outcome(state) is not None
        assert {"build_settlement", "build_road", "roll", "end_turn"} <= seen
