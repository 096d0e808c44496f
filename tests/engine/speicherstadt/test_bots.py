"""The greedy bot: clearly better than random, and it decides from view + legal moves only."""

import json
import random

from engine.bots import RandomBot, bots_for, get_bot
from engine.speicherstadt import GAME
from engine.speicherstadt.bots import GreedyBot


def play(bots, seed, through_json=False):
    rng = random.Random(seed)
    state = GAME.setup(len(bots), {}, seed)
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
        if through_json:  # exactly what an HTTP client would hold
            view, legal = json.loads(json.dumps(view)), json.loads(json.dumps(legal))
        before = json.dumps([view, legal])
        move = bots[seat].choose(view, legal, rng)
        assert json.dumps([view, legal]) == before, "the bot changed its inputs"
        assert move in legal
        GAME.apply(state, seat, move)
    return GAME.outcome(state)


def test_greedy_is_offered_for_speicherstadt():
    assert bots_for("speicherstadt") == {"random": RandomBot, "greedy": GreedyBot}
    assert get_bot("speicherstadt", "greedy").name == "greedy"


def test_greedy_wins_clearly_more_than_its_fair_share():
    won = fair = 0.0
    for seed in range(48):
        players = 2 + seed % 4
        seat = (seed // 4) % players
        bots = [RandomBot() for _ in range(players)]
        bots[seat] = GreedyBot()
        outcome = play(bots, 500 + seed)
        won += (seat in outcome.winners) / len(outcome.winners)
        fair += 1 / players
    assert won >= 1.5 * fair, (won, fair)


def test_greedy_needs_nothing_but_the_json_view_and_legal_moves():
    for players in (2, 5):
        bots = [GreedyBot() for _ in range(players)]
        direct = play(bots, 77)
        via_json = play(bots, 77, through_json=True)
        assert direct.to_json() == via_json.to_json()
