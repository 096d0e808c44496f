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

from .helpers import edited, started
from .helpers import play as apply
from .test_examples import board_goods


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


def bot_move(state, seat):
    view = json.loads(json.dumps(GAME.view(state, seat)))
    legal = json.loads(json.dumps(GAME.legal_moves(state, seat)))
    move = SmugglerBot().choose(view, legal, random.Random(0), GAME.move_templates(state, seat))
    assert move in legal
    return move


def test_the_smuggler_bot_stores_goods_an_officer_can_reach_after_its_action():
    """p.21: storing is free at any time of the turn; after its action the bot stores goods an
    officer it has not bribed could reach soon, and else ends its turn."""

    def carried(officer_next_door):
        def change(d):
            d["pawns"][0] = ["madron", "penzance"]
            d["characters"][0].append("o_penrose")
            d["officers"][0]["space"] = "ludgvan" if officer_next_door else "helston"
            d["officers"][1]["space"] = "sennen"
            board_goods(d, "irish_1", 0, "madron")

        state = edited(started(), change)
        apply(state, 0, {"type": "move_goods", "shape": "irish_1", "to": "penzance", "pay": "influence"})
        return state

    assert bot_move(carried(True), 0) == {"type": "stash", "shape": "irish_1", "warehouse": "w_cave"}
    assert bot_move(carried(False), 0) == {"type": "end_turn"}


def test_the_smuggler_bot_chooses_a_path_that_spares_its_goods():
    def sale(d):
        d["officers"][0]["space"] = "lelant"  # to Marazion by St Ives or St Erth
        d["officers"][1]["space"] = "sennen"
        d["pawns"][0] = ["marazion"]
        board_goods(d, "irish_1", 0, "marazion")
        board_goods(d, "irish_2", 1, "st_ives")  # the poorest player's goods, on one of the ways

    state = edited(started(), sale)
    apply(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})
    (poorest,) = GAME.to_act(state)
    assert poorest == 1 and GAME.view(state, 1)["deciding"] == "choose_path"
    assert bot_move(state, 1) == {"type": "choose_path", "officer": 0, "space": "st_erth"}


def test_the_smuggler_bot_spends_nothing_after_its_action_but_claims_abandoned_goods():
    """After its action the bot may still motivate characters and play secrets (p.12, free moves
    of the turn); it keeps them for the start of a turn, where it plays those worth their price,
    and ends the turn, but it claims abandoned goods lying by its pawn with no officer there."""

    def crew(d, abandoned=False):
        d["characters"][0] += ["u_eddy", "o_tregear"]  # a boat move for 1 gold, an officer's for 3 influence
        d["pawns"][0] += ["madron", "hayle"]
        d["boats"][0].update(space="irish", hold="brig")
        d["hands"][0] = ["decoy1", "tipoff1"]
        for card in d["hands"][0]:
            d["secrets_deck"].remove(card)
        if abandoned:
            board_goods(d, "irish_2", 1, "hayle")

    for abandoned in (False, True):
        state = edited(started(), lambda d, abandoned=abandoned: crew(d, abandoned))
        apply(state, 0, {"type": "buy_goods", "shape": "irish_0"})
        listed = {m["type"] for m in GAME.legal_moves(state, 0)}
        assert {"end_turn", "motivate_boat", "motivate_officer", "play_decoy"} <= listed
        expected = {"type": "claim", "shape": "irish_2"} if abandoned else {"type": "end_turn"}
        assert bot_move(state, 0) == expected


def test_inside_a_raid_the_smuggler_bot_sends_its_cheapest_mob_for_the_biggest_shape():
    def mob(d):
        d["characters"][0] = ["u_jack", "u_kitto", "c_annie"]  # reputation 1, 0, 1
        d["pawns"][0] = ["penzance", "madron", "madron"]
        d["officers"][0]["space"] = "helston"
        for sid in ("irish_0", "irish_5"):  # a keg and an O4
            d["shapes"][sid].update(where="customs", owner=1)

    state = edited(started(), mob)
    apply(state, 0, {"type": "raid"})
    assert bot_move(state, 0) == {"type": "raid_card", "card": "u_kitto"}  # no reputation lost
    apply(state, 0, {"type": "raid_card", "card": "u_kitto"})
    assert bot_move(state, 0) == {"type": "raid_shape", "shape": "irish_5"}
    apply(state, 0, {"type": "raid_shape", "shape": "irish_5"})
    assert bot_move(state, 0) == {"type": "raid_card", "card": None}  # a keg is not worth a card
