"""Trade, only after the roll: maritime 4:1 / 3:1 / 2:1, and the domestic negotiation as at the table."""

import pytest

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.core import IllegalMove
from tests.engine.catan.helpers import edited, empty_main, give, hand, legal_types, play, put, updated
from tests.typography import plain


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
    assert err.value.template == "You need {ratio} {give} for this trade."
    assert err.value.details == {"ratio": 4, "give": "wool"}
    assert err.value.message == GAME.refusal_text(err.value, "en") == "You need 4 wool for this trade."
    assert plain(GAME.refusal_text(err.value, "fr", strict=True)) == "Il vous faut 4 cartes de laine pour cet échange."


def harbour_of(kind):
    i = D.BEGINNER_HARBOURS.index(kind)  # beginner map: harbours in BEGINNER_HARBOURS order
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


def test_a_bank_trades_label_says_how_many_cards_go_by_the_seats_harbours():
    """The label said "Trade wool to the bank for one brick" whether 4, 3 or 2 wool went."""
    trade = {"type": "maritime_trade", "give": "wool", "get": "brick"}
    said = [
        (GAME.move_label(state, 0, trade, "en"), plain(GAME.move_label(state, 0, trade, "fr")))
        for state in (
            empty_main(),
            put(empty_main(), 0, settlements=[harbour_of(D.GENERIC)]),
            put(empty_main(), 0, cities=[harbour_of(D.WOOL)]),
        )
    ]
    assert said == [
        ("Trade 4 wool to the bank for 1 brick", "Échanger 4 laines contre 1 brique avec la banque"),
        ("Trade 3 wool to the bank for 1 brick", "Échanger 3 laines contre 1 brique avec la banque"),
        ("Trade 2 wool to the bank for 1 brick", "Échanger 2 laines contre 1 brique avec la banque"),
    ]


def test_maritime_refusals_same_resource_empty_bank_before_roll():
    state = give(empty_main(), 0, ore=8)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "ore"})

    def all_wool_in_seat_1s_hand(data):
        data["hands"][1][D.WOOL], data["bank"][D.WOOL] = 19, 0

    state = edited(state, all_wool_in_seat_1s_hand)
    assert ("ore", "wool") not in maritime(state)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "wool"})
    assert err.value.code == "bank_empty"
    state = updated(state, phase="roll", rolled=False)
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "grain"})


def offer(state, give_, get, to, seat=0):
    return play(state, seat, {"type": "offer_trade", "give": give_, "get": get, "to": to})


def propose(state, seat, give_, get):
    return play(state, seat, {"type": "propose_trade", "give": give_, "get": get})


def refused(state, seat, move, code=None):
    before = GAME.dump(state)
    with pytest.raises(IllegalMove) as err:
        play(state, seat, move)
    assert code is None or err.value.code == code, err.value.code
    assert GAME.dump(state) == before
    return err.value


def trade_table():
    return give(give(give(give(empty_main(), 0, brick=2, wool=1), 1, ore=2), 2, ore=1), 3, ore=3)


def test_offer_to_all_answers_then_confirm_with_one_of_two_accepters():
    state = trade_table()
    offer(state, {"brick": 2}, {"ore": 2}, [1, 2, 3])
    assert state["phase"] == "trade"
    assert GAME.to_act(state) == {1, 2, 3}, "every player asked answers at once; the active player waits"
    assert GAME.legal_moves(state, 0) == [] and GAME.move_templates(state, 0) == []
    assert legal_types(state, 2) == {"decline_trade"}, "seat 2 lacks the 2 ore asked for"
    refused(state, 2, {"type": "accept_offer"}, "cannot_afford")
    play(state, 1, {"type": "accept_offer"})
    play(state, 2, {"type": "decline_trade"})
    assert GAME.to_act(state) == {3}
    play(state, 3, {"type": "accept_offer"})
    refused(state, 1, {"type": "decline_trade"}, "not_your_turn")  # answered already
    assert GAME.to_act(state) == {0} and state["phase"] == "main"
    assert {m["seat"] for m in GAME.legal_moves(state, 0) if m["type"] == "confirm_trade"} == {1, 3}
    refused(state, 0, {"type": "confirm_trade", "seat": 2})
    play(state, 0, {"type": "confirm_trade", "seat": 3})
    assert hand(state, 0) == {"wool": 1, "ore": 2} and hand(state, 3) == {"brick": 2, "ore": 1}
    assert hand(state, 1) == {"ore": 2}
    assert state["phase"] == "main" and state["offer"] is None and GAME.view(state, 1)["trade"]["offer"] is None


def test_offer_to_chosen_players_only():
    state = trade_table()
    offer(state, {"wool": 1}, {"ore": 1}, [3])
    assert GAME.to_act(state) == {3}
    assert GAME.legal_moves(state, 1) == [] and GAME.move_templates(state, 1) == []
    refused(state, 1, {"type": "accept_offer"}, "not_your_turn")
    for bad in ([0], [1, 1], [2, 1]):
        refused(trade_table(), 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}, "to": bad})


def test_a_proposal_by_a_player_not_addressed_is_accepted():
    state = trade_table()
    play(state, 0, {"type": "call_for_proposals"})
    assert GAME.to_act(state) == {1, 2, 3}
    assert [t["move"]["type"] for t in GAME.move_templates(state, 2)] == ["propose_trade"]
    play(state, 1, {"type": "decline_trade"})
    propose(state, 2, {"ore": 1}, {"wool": 1})
    play(state, 3, {"type": "decline_trade"})
    assert GAME.to_act(state) == {0}
    assert {"type": "accept_proposal", "seat": 2} in GAME.legal_moves(state, 0)
    events = play(state, 0, {"type": "accept_proposal", "seat": 2})
    assert events[-1].type == "traded" and events[-1].data["partner"] == 2
    assert hand(state, 0) == {"brick": 2, "ore": 1} and hand(state, 2) == {"wool": 1}


def test_a_counter_proposal_is_accepted():
    state = trade_table()
    offer(state, {"brick": 1}, {"ore": 2}, [1])
    events = propose(state, 1, {"ore": 1}, {"brick": 1})
    assert events[0].type == "trade_proposed" and events[0].data["counter"] is True
    assert GAME.to_act(state) == {0}
    play(state, 0, {"type": "accept_proposal", "seat": 1})
    assert hand(state, 0) == {"brick": 1, "wool": 1, "ore": 1} and hand(state, 1) == {"brick": 1, "ore": 1}


def test_a_new_offer_replaces_the_old_and_asks_again():
    state = trade_table()
    offer(state, {"brick": 1}, {"ore": 2}, [1, 3])
    play(state, 1, {"type": "accept_offer"})
    play(state, 3, {"type": "decline_trade"})
    offer(state, {"wool": 1}, {"ore": 1}, [3])
    assert state["offer"]["give"] == [0, 0, 1, 0, 0] and GAME.to_act(state) == {3}
    play(state, 3, {"type": "decline_trade"})
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "confirm_trade"], "seat 1 accepted the old terms"
    play(state, 0, {"type": "withdraw_offer"})
    assert state["offer"] is None and "withdraw_offer" not in legal_types(state, 0)


def test_proposals_only_when_asked():
    state = trade_table()
    assert GAME.move_templates(state, 1) == [] and GAME.legal_moves(state, 1) == []
    refused(state, 1, {"type": "propose_trade", "give": {"ore": 1}, "get": {"wool": 1}}, "not_your_turn")


def test_like_for_like_and_gifts_refused():
    state = trade_table()
    refused(
        state,
        0,
        {"type": "offer_trade", "give": {"brick": 1}, "get": {"brick": 1, "ore": 1}, "to": [1]},
        "like_for_like",
    )
    refused(state, 0, {"type": "offer_trade", "give": {"brick": 1}, "get": {"ore": 0}, "to": [1]}, "no_gifts")
    refused(state, 0, {"type": "offer_trade", "give": {}, "get": {"ore": 1}, "to": [1]}, "validation_error")
    play(state, 0, {"type": "call_for_proposals"})
    refused(state, 1, {"type": "propose_trade", "give": {"ore": 1}, "get": {"ore": 1}}, "like_for_like")
    refused(state, 1, {"type": "propose_trade", "give": {"ore": 0}, "get": {"wool": 1}}, "no_gifts")


def test_a_trade_asks_no_more_cards_than_the_other_side_holds():
    """As the templates say: an offer asks at most what the other players hold together, a
    proposal at most what the active player holds; more could never be accepted."""
    state = trade_table()  # the others hold 2 + 1 + 3 ore; seat 0 holds 3 cards
    assert GAME.move_templates(state, 0)[0]["params"]["get"]["max_total"] == 6
    refused(state, 0, {"type": "offer_trade", "give": {"brick": 1}, "get": {"ore": 7}, "to": [3]}, "asks_too_much")
    offer(state, {"brick": 1}, {"ore": 6}, [3])
    play(state, 3, {"type": "decline_trade"})
    play(state, 0, {"type": "call_for_proposals"})
    assert GAME.move_templates(state, 1)[0]["params"]["get"]["max_total"] == 3
    refused(state, 1, {"type": "propose_trade", "give": {"ore": 1}, "get": {"brick": 2, "wool": 2}}, "asks_too_much")
    play(state, 1, {"type": "propose_trade", "give": {"ore": 1}, "get": {"brick": 2, "wool": 1}})


def test_cards_offered_must_be_held():
    state = trade_table()
    refused(state, 0, {"type": "offer_trade", "give": {"brick": 3}, "get": {"ore": 1}, "to": [1]}, "cannot_afford")
    tmpl = GAME.move_templates(state, 0)[0]
    assert tmpl["params"]["give"]["max"] == {"brick": 2, "wool": 1}
    assert tmpl["params"]["to"]["of"] == [1, 2, 3]
    play(state, 0, {"type": "call_for_proposals"})
    refused(state, 2, {"type": "propose_trade", "give": {"ore": 2}, "get": {"wool": 1}}, "cannot_afford")


def test_cards_no_longer_held_at_the_exchange_are_refused():
    state = trade_table()
    offer(state, {"wool": 1}, {"ore": 1}, [1])
    play(state, 1, {"type": "accept_offer"})
    dump = GAME.dump(state)
    dump["hands"][1][D.ORE], dump["hands"][2][D.ORE] = 0, dump["hands"][2][D.ORE] + 2  # as after a monopoly
    state = GAME.load(dump)
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "confirm_trade"]
    refused(state, 0, {"type": "confirm_trade", "seat": 1}, "cannot_afford")
    state = trade_table()
    play(state, 0, {"type": "call_for_proposals"})
    propose(state, 3, {"ore": 3}, {"brick": 2})
    play(state, 1, {"type": "decline_trade"})
    play(state, 2, {"type": "decline_trade"})
    dump = GAME.dump(state)
    dump["hands"][0][D.BRICK], dump["bank"][D.BRICK] = 1, dump["bank"][D.BRICK] + 1
    state = GAME.load(dump)
    assert "accept_proposal" not in legal_types(state, 0)
    refused(state, 0, {"type": "accept_proposal", "seat": 3}, "cannot_afford")


def test_more_than_three_offers_in_a_turn_and_the_house_cap():
    state = trade_table()
    for _ in range(5):
        offer(state, {"wool": 1}, {"ore": 1}, [1, 2])
        play(state, 1, {"type": "decline_trade"})
        play(state, 2, {"type": "decline_trade"})
    assert state["offers"] == 5 and GAME.move_templates(state, 0)
    play(state, 0, {"type": "end_turn"})
    assert state["offers"] == 0 and state["offer"] is None
    capped = give(empty_main(max_offers=1), 0, wool=1)
    capped = give(capped, 1, ore=1)
    play(capped, 0, {"type": "call_for_proposals"})
    play(capped, 1, {"type": "decline_trade"})
    play(capped, 2, {"type": "decline_trade"})
    play(capped, 3, {"type": "decline_trade"})
    assert GAME.move_templates(capped, 0) == [] and "call_for_proposals" not in legal_types(capped, 0)
    err = refused(
        capped, 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}, "to": [1]}, "too_many_offers"
    )
    assert err.message == "At most 1 offers per turn at this table." and err.details == {"max_offers": 1}
    assert plain(GAME.refusal_text(err, "fr", strict=True)) == "Cette table limite les offres à 1 par tour."
    assert GAME.view(capped, None)["trade"]["max_offers"] == 1


def test_only_the_active_player_offers_and_only_after_rolling():
    state = trade_table()
    refused(state, 1, {"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}, "to": [0]}, "not_your_turn")
    refused(state, 1, {"type": "call_for_proposals"}, "not_your_turn")
    state = updated(state, phase="roll", rolled=False)
    assert "call_for_proposals" not in legal_types(state, 0) and GAME.move_templates(state, 0) == []
    refused(state, 0, {"type": "call_for_proposals"})


def test_offers_and_proposals_are_public_to_every_seat_and_spectators():
    state = trade_table()
    events = offer(state, {"brick": 1}, {"ore": 1}, [1])
    events += propose(state, 1, {"ore": 1}, {"wool": 1})
    for ev in events:
        assert all(ev.visible_to(v) for v in (None, 0, 1, 2, 3)), ev.type
    assert [ev.type for ev in events] == ["offer_made", "trade_proposed"]
    for viewer in (None, 0, 2, 3):
        table = GAME.view(state, viewer)["trade"]
        assert table["offer"] == {"from": 0, "give": {"brick": 1}, "get": {"ore": 1}, "to": [1], "accepted": []}
        assert table["proposals"] == [{"from": 1, "give": {"ore": 1}, "get": {"wool": 1}}]
    assert state["phase"] == "main", "seat 1 answered with its proposal"
    withdrawn = play(state, 0, {"type": "withdraw_offer"})
    assert [(ev.type, ev.to) for ev in withdrawn] == [("offer_withdrawn", None)]


def test_the_active_player_waits_while_answers_are_awaited():
    state = trade_table()
    offer(state, {"wool": 1}, {"ore": 1}, [1])
    for move in (
        {"type": "end_turn"},
        {"type": "maritime_trade", "give": "brick", "get": "ore"},
        {"type": "call_for_proposals"},
        {"type": "withdraw_offer"},
        {"type": "offer_trade", "give": {"brick": 1}, "get": {"ore": 1}, "to": [2]},
    ):
        refused(state, 0, move, "not_your_turn")
    assert GAME.legal_moves(state, 0) == [] and GAME.move_templates(state, 0) == []


def test_the_active_player_withdraws_his_offer_in_one_move_once_the_answers_are_in():
    state = trade_table()
    offer(state, {"brick": 1}, {"ore": 1}, [1, 2])
    play(state, 1, {"type": "accept_offer"})
    assert GAME.to_act(state) == {2}
    play(state, 2, {"type": "decline_trade"})
    assert GAME.to_act(state) == {0} and state["phase"] == "main"
    events = play(state, 0, {"type": "withdraw_offer"})
    assert [(e.type, e.to) for e in events] == [("offer_withdrawn", None)]
    table = GAME.view(state, None)["trade"]
    assert table["offer"] is None and table["asked"] == [] and state["phase"] == "main"
    assert GAME.to_act(state) == {0}, "nobody owes an answer to an offer withdrawn"
    refused(state, 2, {"type": "accept_offer"}, "not_your_turn")
    refused(state, 0, {"type": "confirm_trade", "seat": 1})
    refused(state, 0, {"type": "withdraw_offer"})
    assert "end_turn" in legal_types(state, 0)


def test_the_active_player_replaces_his_offer_in_one_move():
    state = trade_table()
    offer(state, {"brick": 1}, {"ore": 1}, [1, 2])
    play(state, 1, {"type": "accept_offer"})
    play(state, 2, {"type": "decline_trade"})
    events = offer(state, {"wool": 1}, {"ore": 2}, [3])
    assert [e.type for e in events] == ["offer_made"]
    table = GAME.view(state, None)["trade"]
    assert table["offer"] == {"from": 0, "give": {"wool": 1}, "get": {"ore": 2}, "to": [3], "accepted": []}
    assert table["asked"] == [3] and table["offers_made"] == 2
    assert GAME.to_act(state) == {3}, "the old offer's players are no longer asked"
    refused(state, 2, {"type": "decline_trade"}, "not_your_turn")
    play(state, 3, {"type": "accept_offer"})
    refused(state, 0, {"type": "confirm_trade", "seat": 1})  # seat 1 accepted the old terms only
    play(state, 0, {"type": "confirm_trade", "seat": 3})
    assert hand(state, 0) == {"brick": 2, "ore": 2} and hand(state, 3) == {"wool": 1, "ore": 1}


def test_the_proposals_made_to_a_call_stand_once_the_answers_are_in():
    state = trade_table()
    play(state, 0, {"type": "call_for_proposals"})
    propose(state, 2, {"ore": 1}, {"wool": 1})
    play(state, 1, {"type": "decline_trade"})
    play(state, 3, {"type": "decline_trade"})
    assert "accept_proposal" in legal_types(state, 0)
    assert GAME.to_act(state) == {0} and GAME.view(state, 3)["trade"]["proposals"][0]["from"] == 2
    play(state, 0, {"type": "accept_proposal", "seat": 2})
    assert hand(state, 0) == {"brick": 2, "ore": 1} and hand(state, 2) == {"wool": 1}


def test_a_proposal_stands_until_its_maker_withdraws_or_replaces_it_in_one_move():
    state = trade_table()
    play(state, 0, {"type": "call_for_proposals"})
    propose(state, 1, {"ore": 1}, {"wool": 1})
    play(state, 2, {"type": "decline_trade"})
    play(state, 3, {"type": "decline_trade"})
    refused(state, 1, {"type": "withdraw_proposal"}, "not_your_turn")  # not asked: not to act
    offer(state, {"brick": 1}, {"ore": 2}, [1])
    assert GAME.view(state, 0)["trade"]["proposals"] == [{"from": 1, "give": {"ore": 1}, "get": {"wool": 1}}]
    assert legal_types(state, 1) == {"accept_offer", "decline_trade", "withdraw_proposal"}
    events = propose(state, 1, {"ore": 2}, {"brick": 1})  # replaces the earlier one, and answers
    assert GAME.view(state, 2)["trade"]["proposals"] == [{"from": 1, "give": {"ore": 2}, "get": {"brick": 1}}]
    assert events[0].data["counter"] is True
    offer(state, {"wool": 1}, {"ore": 1}, [1])
    play(state, 1, {"type": "decline_trade"})
    assert GAME.view(state, 0)["trade"]["proposals"][0]["give"] == {"ore": 2}, "declining keeps one's proposal"
    offer(state, {"brick": 2}, {"ore": 2}, [1])
    events = play(state, 1, {"type": "withdraw_proposal"})
    assert [(e.type, e.to, e.data) for e in events] == [("proposal_withdrawn", None, {"seat": 1, "partner": 0})]
    assert GAME.view(state, None)["trade"]["proposals"] == [] and GAME.to_act(state) == {1}, "still to answer"
    refused(state, 1, {"type": "withdraw_proposal"})
    assert "withdraw_proposal" not in legal_types(state, 1)
    refused(state, 0, {"type": "withdraw_proposal"}, "not_your_turn")  # the active player waits for the answer
    play(state, 1, {"type": "accept_offer"})
    play(state, 0, {"type": "confirm_trade", "seat": 1})
    assert hand(state, 0) == {"wool": 1, "ore": 2} and hand(state, 1) == {"brick": 2}


def test_combined_order_trades_after_building():
    state = give(empty_main(), 0, lumber=1, brick=1, ore=4)
    state = put(state, 0, settlements=[20])
    play(state, 0, {"type": "build_road", "edge": B.NODE_EDGES[20][0]})
    assert ("ore", "wool") in maritime(state) and "call_for_proposals" in legal_types(state, 0)


def test_strict_order_no_trade_once_built_or_bought():
    state = give(empty_main(trade_order="strict"), 0, lumber=1, brick=1, ore=5, wool=1, grain=1)
    state = put(state, 0, settlements=[20])
    play(state, 0, {"type": "maritime_trade", "give": "ore", "get": "wool"})  # trading first is fine
    play(state, 0, {"type": "build_road", "edge": B.NODE_EDGES[20][0]})
    assert not maritime(state) and "call_for_proposals" not in legal_types(state, 0)
    assert GAME.move_templates(state, 0) == []
    for move in ({"type": "maritime_trade", "give": "ore", "get": "wool"}, {"type": "call_for_proposals"}):
        with pytest.raises(IllegalMove):
            play(state, 0, move)
    assert GAME.view(state, 1)["built_this_turn"] and GAME.view(state, 1)["trade_order"] == "strict"
    play(state, 0, {"type": "end_turn"})
    assert not state["built"]
    state2 = give(empty_main(trade_order="strict"), 0, wool=1, grain=1, ore=5)
    play(state2, 0, {"type": "buy_development"})
    assert not maritime(state2)


def test_trade_templates_keep_give_and_get_apart_and_the_random_bot_fills_them_so():
    """Both trade templates say `disjoint: [["give", "get"]]` (the like-for-like rule), and a
    random fill of them draws again rather than offer a resource on both sides."""
    import random

    from engine.bots import random_fill
    from engine.core import overlapping

    state = trade_table()
    (offer_template,) = GAME.move_templates(state, 0)
    assert offer_template["disjoint"] == [["give", "get"]]
    offer(state, {"brick": 1}, {"ore": 1}, [1])
    (proposal_template,) = GAME.move_templates(state, 1)
    assert proposal_template["disjoint"] == [["give", "get"]]
    assert overlapping(offer_template, {"type": "offer_trade", "give": {"brick": 1}, "get": {"brick": 1}})
    assert not overlapping(offer_template, {"type": "offer_trade", "give": {"brick": 1, "ore": 0}, "get": {"ore": 1}})
    rng = random.Random(3)
    moves = [random_fill(offer_template, rng) for _ in range(500)]
    assert not any(overlapping(offer_template, move) for move in moves)
    for move in moves[:100]:
        trial = trade_table()
        play(trial, 0, move)  # the rules take every one of them
