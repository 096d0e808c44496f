"""Trade, only after the roll: maritime 4:1 / 3:1 / 2:1, and domestic offers."""

import pytest

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.core import IllegalMove
from tests.engine.catan.helpers import empty_main, give, hand, legal_types, play, put


def maritime(state, seat=0):
    return {(m["give"], m["get"]) for m in GAME.legal_moves(state, seat) if m["type"] == "maritime_trade"}


def test_maritime_4_to_1_without_a_harbour():
    state = give(empty_main(), 0, ore=4, wool=3)
    assert maritime(state) == {("ore", r) for r in ("lumber", "brick", "wool", "grain")}
    play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "brick"})
    assert hand(state, 0) == {"brick": 1, "wool": 3}
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "maritime_trade", "give": "wool", "get": "brick"})
    assert err.value.code == "cannot_afford"


def harbour_of(kind):
    i = D.HARBOUR_TILES.index(kind)  # beginner map: harbours in HARBOUR_TILES order
    return B.HARBOUR_NODES[i][0]


def test_generic_harbour_trades_3_to_1():
    state = put(give(empty_main(), 0, ore=3, wool=3), 0, settlements=[harbour_of(D.GENERIC)])
    assert ("ore", "grain") in maritime(state) and ("wool", "grain") in maritime(state)
    play(state, 0, {"type": "maritime_trade", "give": "wool", "get": "grain"})
    assert hand(state, 0) == {"ore": 3, "grain": 1}


def test_special_harbour_trades_its_resource_2_to_1_only():
    state = put(give(empty_main(), 0, brick=2, ore=3), 0, cities=[harbour_of(D.BRICK)])
    assert maritime(state) == {("brick", r) for r in ("lumber", "wool", "grain", "ore")}
    play(state, 0, {"type": "maritime_trade", "give": "brick", "get": "ore"})
    assert hand(state, 0) == {"ore": 4}


def test_maritime_refusals_same_resource_empty_bank_before_roll():
    state = give(empty_main(), 0, ore=8)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "ore"})
    state["hands"][1][D.WOOL], state["bank"][D.WOOL] = 19, 0
    assert ("ore", "wool") not in maritime(state)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "wool"})
    assert err.value.code == "bank_empty"
    state.update(phase="roll", rolled=False)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "grain"})


def draft(state, seat, give_=(), get=(), to=None):
    play(state, seat, {"type": "propose_trade"})
    for r in give_:
        play(state, seat, {"type": "offer_give", "resource": r})
    for r in get:
        play(state, seat, {"type": "offer_get", "resource": r})
    if to is not None:
        play(state, seat, {"type": "send_offer", "to": to})


def trade_table():
    state = empty_main()
    give(state, 0, brick=2, wool=1)
    give(state, 1, ore=2)
    give(state, 2, ore=1)
    give(state, 3, ore=3)
    return state


def test_domestic_offer_to_all_answers_then_confirm_with_one_accepter():
    state = trade_table()
    draft(state, 0, ["brick", "brick"], ["ore", "ore"], to=[1, 2, 3])
    assert state["phase"] == "trade"
    assert GAME.to_act(state) == {0, 1, 2, 3}, "every addressed player answers at once"
    assert legal_types(state, 2) == {"decline_offer"}, "seat 2 lacks the 2 ore asked for"
    with pytest.raises(IllegalMove) as err:
        play(state, 2, {"type": "accept_offer"})
    assert err.value.code == "cannot_afford"
    play(state, 1, {"type": "accept_offer"})
    play(state, 2, {"type": "decline_offer"})
    play(state, 3, {"type": "accept_offer"})
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "decline_offer"})  # answered already
    assert {m["seat"] for m in GAME.legal_moves(state, 0) if m["type"] == "confirm_trade"} == {1, 3}
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "confirm_trade", "seat": 2})
    play(state, 0, {"type": "confirm_trade", "seat": 3})
    assert hand(state, 0) == {"wool": 1, "ore": 2} and hand(state, 3) == {"brick": 2, "ore": 1}
    assert hand(state, 1) == {"ore": 2}
    assert state["phase"] == "main" and state["offer"] is None


def test_offer_to_chosen_players_only():
    state = trade_table()
    draft(state, 0, ["wool"], ["ore"], to=[3])
    assert GAME.to_act(state) == {0, 3}
    assert GAME.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "accept_offer"})
    targets = [m["to"] for m in GAME.legal_moves(empty_main(), 0) if m["type"] == "send_offer"]
    assert targets == []  # nothing drafted


def test_offer_targets_are_every_set_of_opponents():
    state = trade_table()
    draft(state, 0, ["wool"], ["ore"])
    targets = sorted(m["to"] for m in GAME.legal_moves(state, 0) if m["type"] == "send_offer")
    assert targets == sorted([[1], [2], [3], [1, 2], [1, 3], [2, 3], [1, 2, 3]])
    for bad in ([0], [1, 1], [4]):
        with pytest.raises(IllegalMove):
            play(state, 0, {"type": "send_offer", "to": bad})


def test_both_sides_must_give_something():
    state = trade_table()
    draft(state, 0, ["brick"], [])
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "send_offer", "to": [1]})
    assert "send_offer" not in legal_types(state, 0)
    play(state, 0, {"type": "cancel_offer"})
    draft(state, 0, [], ["ore"])
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "send_offer", "to": [1]})


def test_cards_offered_must_be_held():
    state = trade_table()
    draft(state, 0, ["brick", "brick"])
    assert {"type": "offer_give", "resource": "brick"} not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "offer_give", "resource": "brick"})
    assert err.value.code == "cannot_afford"
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "offer_get", "resource": "brick"})  # same resource both ways


def test_cards_must_still_be_held_at_confirmation():
    state = trade_table()
    draft(state, 0, ["wool"], ["ore"], to=[1])
    play(state, 1, {"type": "accept_offer"})
    state["hands"][1][D.ORE] = 0  # (cannot happen in play; the check still guards it)
    state["hands"][2][D.ORE] += 2
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "confirm_trade"]
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "confirm_trade", "seat": 1})
    assert err.value.code == "cannot_afford"


def test_cancel_and_the_offer_cap():
    state = trade_table()
    for _ in range(D.MAX_OFFERS_PER_TURN):
        draft(state, 0, ["wool"], ["ore"], to=[1, 2])
        play(state, 0, {"type": "cancel_offer"})
        assert state["phase"] == "main" and state["offer"] is None
    assert "propose_trade" not in legal_types(state, 0)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "propose_trade"})
    assert err.value.code == "too_many_offers"
    play(state, 0, {"type": "end_turn"})
    assert state["offers"] == 0


def test_only_the_active_player_trades_and_only_after_rolling():
    state = trade_table()
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "propose_trade"})
    state.update(phase="roll", rolled=False)
    assert "propose_trade" not in legal_types(state, 0)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "propose_trade"})


def test_offer_size_is_capped():
    state = trade_table()
    draft(state, 0, ["wool"], ["ore"] * D.MAX_OFFER_CARDS)
    assert "offer_get" not in legal_types(state, 0)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "offer_get", "resource": "grain"})


def test_nothing_else_while_an_offer_waits():
    state = trade_table()
    draft(state, 0, ["wool"], ["ore"], to=[1])
    assert legal_types(state, 0) == {"cancel_offer"}
    for move in (
        {"type": "end_turn"},
        {"type": "maritime_trade", "give": "brick", "get": "ore"},
        {"type": "propose_trade"},
    ):
        with pytest.raises(IllegalMove):
            play(state, 0, move)


def test_combined_order_trades_after_building():
    state = give(empty_main(), 0, lumber=1, brick=1, ore=4)
    put(state, 0, settlements=[20])
    play(state, 0, {"type": "build_road", "edge": B.NODE_EDGES[20][0]})
    assert ("ore", "wool") in maritime(state) and "propose_trade" in legal_types(state, 0)


def test_strict_order_no_trade_once_built_or_bought():
    state = give(empty_main(trade_order="strict"), 0, lumber=1, brick=1, ore=5, wool=1, grain=1)
    put(state, 0, settlements=[20])
    play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "wool"})  # trading first is fine
    play(state, 0, {"type": "build_road", "edge": B.NODE_EDGES[20][0]})
    assert not maritime(state) and "propose_trade" not in legal_types(state, 0)
    for move in ({"type": "maritime_trade", "give": "ore", "get": "wool"}, {"type": "propose_trade"}):
        with pytest.raises(IllegalMove):
            play(state, 0, move)
    assert GAME.view(state, 1)["built_this_turn"] and GAME.view(state, 1)["trade_order"] == "strict"
    play(state, 0, {"type": "end_turn"})
    assert not state["built"]
    state2 = give(empty_main(trade_order="strict"), 0, wool=1, grain=1, ore=5)
    play(state2, 0, {"type": "buy_development"})
    assert not maritime(state2)
