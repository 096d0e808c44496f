"""The free moves of a turn, before the action and after it: the warehouse moves (each shape in
once and out once a turn), the characters' abilities and the secrets after the action, the Witch
of St Levan on every boat move, and abandoned goods claimed where they lie."""

from __future__ import annotations

from engine.smuggler import GAME
from tests.engine.playout import assert_refused

from .helpers import edited, play, started
from .test_actions import hand
from .test_examples import board_goods, boat_goods


def of_type(state, seat, move_type):
    return [m for m in GAME.legal_moves(state, seat) if m["type"] == move_type]


def cave_at_madron(d):
    """Seat 0's one warehouse, the 1 x 4 cave, holds an I2 at Madron; pawns at Madron and
    Penzance, the Penzance officer away."""
    d["pawns"][0] = ["madron", "penzance"]
    d["characters"][0].append("o_penrose")
    d["officers"][0]["space"] = "helston"
    for w in d["warehouses"].values():
        if w["owner"] == 0:
            w["owner"] = -1
    d["warehouses"]["w_cave"].update(owner=0, space="madron")
    d["shapes"]["irish_1"].update(where="warehouse", owner=0, space="madron", warehouse="w_cave")


def test_goods_taken_out_carried_and_stored_again_in_one_turn():
    """p.21: « Faire rentrer ou sortir des formes de marchandises d'un entrepôt est gratuit, cela
    n'utilise pas d'action, et cela peut être fait à n'importe quel moment pendant le tour d'un
    joueur. » Out at Madron, carried to Penzance by the action, in again there (the cave, empty,
    stands nowhere until then)."""
    state = edited(started(), cave_at_madron)
    play(state, 0, {"type": "unstash", "shape": "irish_1"})
    assert state["warehouses"]["w_cave"]["space"] is None
    play(state, 0, {"type": "move_goods", "shape": "irish_1", "to": "penzance", "pay": "influence"})
    assert GAME.legal_moves(state, 0) == [
        {"type": "end_turn"},
        {"type": "stash", "shape": "irish_1", "warehouse": "w_cave"},
    ]
    play(state, 0, {"type": "stash", "shape": "irish_1", "warehouse": "w_cave"})
    assert state["shapes"]["irish_1"] == {"where": "warehouse", "owner": 0, "space": "penzance", "warehouse": "w_cave"}
    assert state["active"] == 1


def test_honest_work_frees_the_emptied_cave_for_another_space():
    """p.11, Travail Honnête: « Défaussez toutes les formes de marchandises »; a START warehouse
    is free again once empty (decided, README). After honest work the cave, emptied at Madron,
    takes goods carried to Penzance the next turn."""
    state = edited(started(), cave_at_madron)
    play(state, 0, {"type": "honest_work"})
    assert state["shapes"]["irish_1"]["where"] == "gone"
    assert state["warehouses"]["w_cave"]["space"] is None
    state = edited(
        state,
        lambda d: (
            d.update(active=0, turn_in=[], turn_out=[]),
            d["shapes"]["irish_0"].update(where="board", owner=0, space="penzance"),
        ),
    )
    assert {"type": "stash", "shape": "irish_0", "warehouse": "w_cave"} in GAME.legal_moves(state, 0)


def test_a_shape_goes_in_at_most_once_and_out_at_most_once_a_turn():
    """Decided (README): in either order, each at most once within its owner's turn, so that
    no loop of free moves is endless; the next turn counts afresh."""
    state = edited(started(), cave_at_madron)
    play(state, 0, {"type": "unstash", "shape": "irish_1"})
    assert not of_type(state, 0, "unstash")
    play(state, 0, {"type": "stash", "shape": "irish_1", "warehouse": "w_cave"})  # in again, the other way
    assert not of_type(state, 0, "stash") and not of_type(state, 0, "unstash")
    assert_refused(GAME, state, 0, {"type": "unstash", "shape": "irish_1"}, "illegal_move")
    # landed straight in, it may come out the same turn (to be sold), but not go back in
    state = edited(state, lambda d: d.update(active=0, turn_in=["irish_1"], turn_out=[]))
    play(state, 0, {"type": "unstash", "shape": "irish_1"})
    assert not of_type(state, 0, "stash")
    state = edited(state, lambda d: d.update(active=0, turn_in=[], turn_out=[]))  # a new turn
    assert of_type(state, 0, "stash") == [{"type": "stash", "shape": "irish_1", "warehouse": "w_cave"}]


def test_a_game_saved_before_the_count_each_way_loads_with_its_shapes_blocked_both_ways():
    dump = GAME.dump(edited(started(), cave_at_madron))
    del dump["turn_in"], dump["turn_out"]
    dump["shuttled"] = ["irish_1"]
    state = GAME.load(dump)
    assert state["turn_in"] == state["turn_out"] == ["irish_1"] and "shuttled" not in state
    assert not of_type(state, 0, "unstash")


def peters_and_a_false_trail(d):
    d["characters"][0].append("c_peters")  # the shipwright: a free boat move
    d["pawns"][0].append("madron")
    d["boats"][0].update(space="irish", hold="brig")
    hand(d, 0, "decoy1", "tipoff1")


def test_abilities_and_secrets_may_be_used_after_the_action_before_the_turn_passes():
    """p.12: « Certains personnages ont des capacités spéciales que les joueurs peuvent utiliser
    pendant les tours »; secrets are played on your turn. After buying goods, Silas Peters
    sails the boat and a false trail moves an officer; `end_turn` lets the turn pass."""
    state = edited(started(), peters_and_a_false_trail)
    play(state, 0, {"type": "buy_goods", "shape": "irish_0"})
    assert GAME.to_act(state) == {0} and GAME.view(state, 1)["deciding"] == "end_turn"
    listed = {m["type"] for m in GAME.legal_moves(state, 0)}
    assert {"end_turn", "motivate_boat", "play_decoy"} <= listed
    assert not listed & {"buy_goods", "move_boat", "pass", "unstash"}  # the action is spent
    play(state, 0, {"type": "motivate_boat", "card": "c_peters", "to": "sea_north"})
    assert state["boats"][0]["space"] == "sea_north" and GAME.to_act(state) == {0}
    play(state, 0, {"type": "play_decoy", "secret": "decoy1", "officer": 1, "to": "lelant"})
    assert state["officers"][1]["space"] == "lelant"
    # a Tip-off is not played on one's turn, but to the others the seat could hold anything:
    # the question stays, with nothing but the end of the turn (see test_hidden)
    assert GAME.legal_moves(state, 0) == [{"type": "end_turn"}]
    play(state, 0, {"type": "end_turn"})
    assert state["active"] == 1


def test_with_no_free_move_and_no_secret_in_hand_the_turn_passes_at_once():
    state = edited(started(), lambda d: d["boats"][0].update(space="irish", hold="brig"))
    play(state, 0, {"type": "buy_goods", "shape": "irish_0"})
    assert state["active"] == 1 and state["pending"] is None


def test_a_boat_moved_by_a_character_passes_the_witch_too():
    """CONTENT.md: the Witch of St Levan « takes cargo from boats passing the sea area off
    St Levan », however the boat got there: Silas Peters's free move, before the action or
    after it, as the paid one."""

    def sail(d):
        d["characters"][1] = ["r_witch"]
        d["boats"][1]["hold"] = "brig"
        d["boats"][0]["space"] = "sea_cape"
        boat_goods(d, "irish_1", 0)
        d["characters"][0].append("c_peters")
        d["pawns"][0].append("madron")

    state = edited(started(), sail)
    play(state, 0, {"type": "motivate_boat", "card": "c_peters", "to": "off_st_levan"})
    assert GAME.to_act(state) == {1} and GAME.view(state, 0)["deciding"] == "witch"
    play(state, 1, {"type": "witch", "shape": "irish_1"})
    assert state["shapes"]["irish_1"]["owner"] == 1 and GAME.to_act(state) == {0} and state["active"] == 0
    # after the action, from the end of the turn's question: the Witch first, then the question again
    state = edited(started(), lambda d: sail(d) or hand(d, 0, "favour1"))
    play(state, 0, {"type": "discover_secret", "pay": "influence"})
    play(state, 0, {"type": "motivate_boat", "card": "c_peters", "to": "off_st_levan"})
    assert GAME.to_act(state) == {1}
    play(state, 1, {"type": "witch", "shape": None})
    assert GAME.to_act(state) == {0} and GAME.view(state, 1)["deciding"] == "end_turn"


def abandoned_at_hayle(d):
    board_goods(d, "irish_1", 1, "hayle")  # seat 1 has no pawn there: abandoned
    d["pawns"][0] = ["hayle"]
    d["pawns"][1] = ["madron"]


def test_abandoned_goods_are_claimed_where_they_lie():
    """p.19: « Toutes les marchandises qui sont laissées sans surveillance (c'est-à-dire sans
    pion de réseau) […] peuvent être prises par n'importe quel autre pion (douanes ou réseau) de
    ce lieu »; p.15: « n'importe quel joueur peut déplacer un pion réseau sur cette case et il
    peut la réclamer ». Free, on the claimer's turn, without moving them."""
    state = edited(started(), abandoned_at_hayle)
    assert of_type(state, 0, "claim") == [{"type": "claim", "shape": "irish_1"}]
    events = play(state, 0, {"type": "claim", "shape": "irish_1"})
    assert [e.type for e in events] == ["goods_claimed"] and events[0].data["victim"] == 1
    assert state["shapes"]["irish_1"] == {"where": "board", "owner": 0, "space": "hayle", "warehouse": None}
    assert state["active"] == 0 and not of_type(state, 0, "claim")  # free; guarded now by his pawn
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})  # his to sell (Hayle: size 2)
    assert state["shapes"]["irish_1"]["where"] == "sold"


def test_claimed_goods_are_seized_by_an_officer_there_the_claimer_has_not_bribed():
    """p.18: the officers not bribed by a player seize his goods on their space; an officer
    bribed by the former owner was leaving them alone."""

    def watched(d):
        abandoned_at_hayle(d)
        d["officers"][1].update(space="hayle", bribed_by=1)

    state = edited(started(), watched)
    events = play(state, 0, {"type": "claim", "shape": "irish_1"})
    assert [e.type for e in events] == ["goods_claimed", "goods_seized"]
    assert state["shapes"]["irish_1"]["where"] == "customs"


def test_goods_guarded_by_their_owner_or_without_a_pawn_of_the_claimer_cannot_be_claimed():
    state = edited(started(), lambda d: abandoned_at_hayle(d) or d["pawns"][1].append("hayle"))
    assert not of_type(state, 0, "claim")
    assert_refused(GAME, state, 0, {"type": "claim", "shape": "irish_1"}, "illegal_move")
    state = edited(started(), lambda d: abandoned_at_hayle(d) or d["pawns"].__setitem__(0, ["madron"]))
    assert not of_type(state, 0, "claim")


def test_the_seller_needs_a_pawn_on_the_space_of_the_goods():
    """Kept (README): p.5, « Ces personnages forment le réseau qui va permettre à chaque joueur
    de faire rentrer dans le port, de déplacer, de cacher et de vendre ses marchandises »; goods
    without their owner's pawn are abandoned (p.19), anyone's to claim, not his to sell."""
    state = edited(started(), lambda d: abandoned_at_hayle(d) or d.update(active=1))
    assert not of_type(state, 1, "sell")
    assert_refused(GAME, state, 1, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"}, "illegal_move")
