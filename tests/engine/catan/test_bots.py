"""The Catan bots: greedy beats random play clearly, trades sensibly and decides from
view + legal moves + templates only; random bots' games (with trading) end."""

import json
import random

from engine.bots import RandomBot, fallback_move, get_bot
from engine.catan import GAME
from engine.catan.bots import GreedyBot
from engine.core import IllegalMove, matches_template


def play_game(players, greedy_seat, seed, watch=None):
    """One game, greedy in one seat (none: -1), Catan's bounded random bots elsewhere; the winner."""
    rng = random.Random(seed)
    bots = [GreedyBot() if s == greedy_seat else get_bot("catan", "random_bounded") for s in range(players)]
    state = GAME.setup(players, GAME.load_options({}), seed)
    for _ in range(40000):
        if GAME.outcome(state) is not None:
            return GAME.outcome(state).winners[0]
        seat = rng.choice(sorted(GAME.to_act(state)))
        view, legal, templates = GAME.view(state, seat), GAME.legal_moves(state, seat), GAME.move_templates(state, seat)
        move = bots[seat].choose(view, legal, rng, templates)
        if watch:
            watch(state, seat, move)
        GAME.apply(state, seat, move)
    raise AssertionError("no end")


def test_greedy_wins_well_over_the_fair_share_against_random_bots():
    games, players = 24, 4
    wins = sum(play_game(players, i % players, 500 + i) == i % players for i in range(games))
    assert wins / games >= 2 * (1 / players), f"greedy won {wins} of {games}"


def test_bounded_random_bots_trade_and_their_games_end():
    kinds: set = set()
    most_offers = []
    for seed in range(3):
        play_game(
            4,
            -1,
            900 + seed,
            watch=lambda state, seat, move: (kinds.add(move["type"]), most_offers.append(state["offers"])),
        )
    assert {"offer_trade", "call_for_proposals", "propose_trade", "decline_trade"} <= kinds
    assert max(most_offers) <= 2


def test_everyones_random_bot_trades_and_its_games_end():
    """The shared uniform random bot (Catan's `random` is bounded) fills offers at random, so some are like
    for like: refused, it draws again."""
    bot, kinds = RandomBot(), set()
    for seed in range(2):
        rng, state = random.Random(seed), GAME.setup(4, GAME.load_options({}), 700 + seed)
        for _ in range(40000):
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(sorted(GAME.to_act(state)))
            move = bot.choose(
                GAME.view(state, seat), GAME.legal_moves(state, seat), rng, GAME.move_templates(state, seat)
            )
            try:
                GAME.apply(state, seat, move)
            except IllegalMove as err:
                assert err.code in ("like_for_like", "no_gifts", "cannot_afford"), err
                continue
            kinds.add(move["type"])
        assert GAME.outcome(state) is not None
    assert {"offer_trade", "propose_trade", "confirm_trade"} & kinds


def test_a_random_bot_asks_a_player_who_declines_once_a_turn():
    """Seat 0 is a person who declines every trade; the server's `random` bots used to ask again after
    each refusal (a call and an offer are two of its three moves with few cards), up to ten times a turn."""
    rng, state = random.Random(3), GAME.setup(4, GAME.load_options({}), 41)
    bot, person, asked, turn = get_bot("catan", "random"), get_bot("catan", "random_bounded"), {}, 0
    while GAME.outcome(state) is None and turn < 400:
        seat = min(GAME.to_act(state))
        legal, templates = GAME.legal_moves(state, seat), GAME.move_templates(state, seat)
        if seat == 0:
            decline = [m for m in legal if m["type"] == "decline_trade"]
            move = decline[0] if decline else person.choose(GAME.view(state, 0), legal, rng, templates)
        else:
            move = bot.choose(GAME.view(state, seat), legal, rng, templates)
            if move["type"] == "call_for_proposals" or 0 in move.get("to", ()):
                asked[turn] = asked.get(turn, 0) + 1
        try:
            GAME.apply(state, seat, move)
        except IllegalMove:
            GAME.apply(state, seat, fallback_move(legal, templates, rng))
        turn += move["type"] == "end_turn"
    assert asked and max(asked.values()) == 1, asked
    assert GAME.outcome(state) is not None or turn == 400


def test_greedy_trades_but_never_with_a_player_near_the_win():
    trades = []

    def watch(state, seat, move):
        if move["type"] in ("confirm_trade", "accept_proposal"):
            trades.append(move["seat"])
            assert state["vp"][move["seat"]] < 8, "gave cards to a player near the win"
        if move["type"] in ("accept_offer", "propose_trade"):
            trades.append(seat)
            assert state["vp"][state["turn"]] < 8, "offered cards to a player near the win"

    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.setup(4, GAME.load_options({}), 300 + seed)
        bot = GreedyBot()
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            move = bot.choose(
                GAME.view(state, seat), GAME.legal_moves(state, seat), rng, GAME.move_templates(state, seat)
            )
            watch(state, seat, move)
            GAME.apply(state, seat, move)
    assert trades, "greedy bots never traded with each other"


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
            templates = json.loads(json.dumps(GAME.move_templates(state, seat)))
            move = bot.choose(view, legal, rng, templates)
            assert move in legal or any(matches_template(t, move) for t in templates)
            seen.add(move["type"])
            GAME.apply(state, seat, move)
        assert GAME.outcome(state) is not None
        assert {"build_settlement", "build_road", "roll", "end_turn"} <= seen
