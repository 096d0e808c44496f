"""Phase 3, purchase: left to right; the lowest worker buys or declines."""

from engine.speicherstadt import GAME
from tests.typography import plain

from .helpers import check_invariants, dumped, edited, new_game, play, refused, set_row

BEIGE, ORANGE, VIOLET = 0, 1, 2


def place(state, cards):
    """The demand phase: each turn's worker goes above the next card of `cards`."""
    for card in cards:
        play(state, dumped(state)["turn"], "place_worker", card=card)
    assert dumped(state)["phase"] != "demand"


def with_coins(state, seat, coins):
    return edited(state, lambda data: data["seats"][seat].update(coins=coins))


def test_rulebook_example_beige_4_then_orange_3_then_beige_2_then_violet_1():
    state = set_row(new_game(3, start=BEIGE), ["office_a", "contract_a1", "warehouse", "fireman_a1"])
    # the example's column: Beige, Orange, Beige, Violet from the bottom
    #       Beige Orange Violet, Beige Orange Violet, Beige Orange Violet
    place(state, [0, 0, 1, 0, 1, 0, 2, 3, 3])
    assert dumped(state)["row"][0]["workers"] == [BEIGE, ORANGE, BEIGE, VIOLET]
    assert dumped(state)["phase"] == "purchase"
    prices, said = [], []
    for expected in (BEIGE, ORANGE, BEIGE):
        assert GAME.to_act(state) == {expected}
        prices.append(GAME.view(state, expected)["offer"]["price"])
        declined = [e for e in play(state, expected, "decline") if e.type == "purchase_declined"]
        said += [plain(GAME.event_text({"type": e.type, **e.data}, lang)) for e in declined for lang in ("en", "fr")]
    assert GAME.to_act(state) == {VIOLET}
    assert GAME.view(state, VIOLET)["offer"]["price"] == 1
    play(state, VIOLET, "buy")
    assert prices == [4, 3, 2]
    # Beige declines twice: the log tells the two apart by their prices
    assert said[0] == "Seat 0 did not buy the office A for 4 coins" and said[4].endswith("for 2 coins"), said
    assert said[1] == "Siège 0 n'achète pas le comptoir A pour 4 pièces", said
    assert "office_a" in dumped(state)["seats"][VIOLET]["cards"]
    assert dumped(state)["seats"][VIOLET]["coins"] == 5 - 1
    check_invariants(GAME, state)


def test_buying_pays_the_number_of_workers_and_returns_the_whole_column():
    state = new_game(2, start=0)
    place(state, [0, 0, 0, 1, 2, 2])  # card 0: seats 0, 1, 0
    card = dumped(state)["row"][0]["card"]
    events = play(state, 0, "buy")
    table = dumped(state)
    me = table["seats"][0]
    assert me["coins"] == 2 and card in me["cards"] and me["bought"] is True
    assert me["workers"] == 2 and table["seats"][1]["workers"] == 1  # column returned
    assert any(e.type == "card_bought" and e.data["price"] == 3 for e in events)
    assert table["row"][0] is None and GAME.to_act(state) == {1}  # next card: left to right
    check_invariants(GAME, state)


def test_a_player_who_cannot_pay_cannot_buy_and_is_passed_over():
    state = with_coins(new_game(2, start=0), 0, 1)
    place(state, [0, 0, 0, 0, 1, 2])  # card 0: seats 0, 1, 0, 1
    # seat 0 cannot pay 4: its worker goes back; seat 1 is asked at 3
    assert GAME.to_act(state) == {1}
    assert dumped(state)["row"][0]["workers"] == [1, 0, 1]
    play(state, 1, "decline")
    # seat 0 still cannot pay 2, so seat 1 is asked at 1
    assert GAME.to_act(state) == {1} and dumped(state)["row"][0]["workers"] == [1]
    play(state, 1, "buy")
    assert dumped(state)["seats"][1]["coins"] == 4


def test_buy_refused_when_the_price_exceeds_the_coins():
    state = new_game(2, start=0)
    place(state, [0, 0, 0, 1, 1, 2])
    state = with_coins(state, 0, 2)  # e.g. a state edited by hand
    err = refused(state, 0, {"type": "buy"}, code="cannot_afford")
    assert err.details == {"price": 3, "coins": 2}
    assert err.message == "The card costs 3 coins; you have 2."
    assert plain(GAME.refusal_text(err, "fr", strict=True)) == "Cette carte coûte 3 pièces ; vous en avez 2."


def test_unbought_cards_and_cards_without_workers_are_discarded():
    state = set_row(
        new_game(2, start=0),
        ["ship_b1", "office_a", "ship_b2"],
        [("tea", "tea", "coffee"), ("rubber", "rubber", "rubber")],
    )
    place(state, [0] * 6)
    while dumped(state)["phase"] == "purchase":
        play(state, next(iter(GAME.to_act(state))), "decline")
    table = dumped(state)
    assert table["discard"][-3:] == ["ship_b1", "office_a", "ship_b2"]
    assert table["supply"] == {"coffee": 1, "tea": 2, "saffron": 0, "rubber": 3, "carpet": 0}
    assert all(me["workers"] == 3 and me["cards"] == [] for me in table["seats"])
    check_invariants(GAME, state)


def test_legal_moves_in_purchase_are_buy_and_decline_for_the_lowest_worker_only():
    state = new_game(3, start=0)
    place(state, [0, 0, 0, 1, 1, 1, 2, 2, 2])  # each column reads 0, 1, 2
    assert GAME.legal_moves(state, 0) == [{"type": "buy"}, {"type": "decline"}]
    assert GAME.legal_moves(state, 1) == [] and GAME.legal_moves(state, 2) == []
    refused(state, 1, {"type": "buy"}, code="not_your_turn")
    refused(state, 0, {"type": "place_worker", "card": 0})
    refused(state, 0, {"type": "done"})
