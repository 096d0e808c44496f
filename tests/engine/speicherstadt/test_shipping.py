"""Phase 4, shipping: unloading ships onto contracts, traders, the warehouse, the market hall."""

from engine.speicherstadt import GAME
from tests.typography import plain

from .helpers import (
    check_invariants,
    dumped,
    edited,
    give,
    give_cubes,
    new_game,
    play,
    refused,
    set_row,
    start_shipping,
)

BLUE = 0


def shipping_state(players=2, seats=(0,)):
    state = new_game(players)
    return start_shipping(state, seats)


def cube(source, good):
    return {"from": source, "good": good}


def test_rulebook_example_blue_unloads_two_ships():
    state = shipping_state()
    state = give(state, BLUE, "contract_b1", "contract_b3", "tea_taster")  # left 5 VP, right 11 VP
    state = give_cubes(state, BLUE, "ship", ["rubber", "tea", "carpet", "rubber", "tea", "saffron"])

    def earlier(data):
        data["seats"][BLUE]["contracts"]["contract_b1"] = ["tea"]  # delivered in an earlier round
        data["bag"]["tea"] -= 1
        data["supply"]["coffee"] = 2
        data["bag"]["coffee"] -= 2

    state = edited(state, earlier)
    coins = dumped(state)["seats"][BLUE]["coins"]
    check_invariants(GAME, state)

    play(state, BLUE, "deliver", **cube("ship", "rubber"), contract="contract_b3")
    play(state, BLUE, "deliver", **cube("ship", "tea"), contract="contract_b3")
    # he could complete the left contract with the carpet...
    assert {"type": "deliver", **cube("ship", "carpet"), "contract": "contract_b1"} in GAME.legal_moves(state, BLUE)
    # ...but keeps it on his market hall for the 11-point contract
    play(state, BLUE, "to_market", **cube("ship", "carpet"))
    # he could convert rubber, tea and saffron into a coffee...
    for good in ("rubber", "tea", "saffron"):
        play(state, BLUE, "to_market", **cube("ship", good))
    assert {"type": "convert", "goods": ["rubber", "saffron", "tea"], "take": "coffee"} in GAME.legal_moves(state, BLUE)
    # ...but sells the tea to his tea taster and rubber + saffron at the market hall
    play(state, BLUE, "sell", **cube("market", "tea"))
    play(state, BLUE, "market_sell", goods=["rubber", "saffron"])
    me = dumped(state)["seats"][BLUE]
    assert me["coins"] == coins + 2
    assert me["market"] == ["carpet"] and me["ship"] == []
    assert me["contracts"]["contract_b3"] == ["rubber", "tea"]
    play(state, BLUE, "done")
    assert dumped(state)["phase"] != "shipping"
    assert dumped(state)["seats"][BLUE]["market"] == ["carpet"]  # kept for a later round
    check_invariants(GAME, state)


def coffee_in_the_supply(data):
    data["supply"]["coffee"] = 1
    data["bag"]["coffee"] -= 1


def test_rulebook_example_the_convert_branch_completes_the_right_contract():
    state = shipping_state()
    state = give(state, BLUE, "contract_b3")
    state = give_cubes(state, BLUE, "ship", ["rubber", "tea", "carpet", "rubber", "tea", "saffron"])
    state = edited(state, coffee_in_the_supply)
    for good in ("rubber", "tea", "carpet"):
        play(state, BLUE, "deliver", **cube("ship", good), contract="contract_b3")
    for good in ("rubber", "tea", "saffron"):
        play(state, BLUE, "to_market", **cube("ship", good))
    play(state, BLUE, "convert", goods=["rubber", "saffron", "tea"], take="coffee")
    assert dumped(state)["supply"]["coffee"] == 0
    play(state, BLUE, "deliver", **cube("market", "coffee"), contract="contract_b3")
    me = dumped(state)["seats"][BLUE]
    assert me["contracts"]["contract_b3"] == ["rubber", "tea", "carpet", "coffee"]
    assert GAME.view(state, BLUE)["seats"][BLUE]["breakdown"]["contracts"] == 11
    check_invariants(GAME, state)


def test_contracts_take_only_matching_goods_on_free_symbols_and_never_give_them_back():
    state = shipping_state()
    state = give(state, 0, "contract_a1")  # coffee, tea
    state = give_cubes(state, 0, "ship", ["coffee", "coffee", "rubber"])
    refused(state, 0, {"type": "deliver", **cube("ship", "rubber"), "contract": "contract_a1"})
    play(state, 0, "deliver", **cube("ship", "coffee"), contract="contract_a1")
    refused(state, 0, {"type": "deliver", **cube("ship", "coffee"), "contract": "contract_a1"})
    refused(state, 0, {"type": "deliver", **cube("ship", "coffee"), "contract": "contract_a2"})
    refused(state, 0, {"type": "deliver", **cube("ship", "tea"), "contract": "contract_a1"})
    sources = {m.get("from") for m in GAME.legal_moves(state, 0)}
    assert sources <= {"ship", "warehouse", "market", None}  # nothing comes off a contract


def test_a_refusal_names_the_good_as_a_detail_and_reads_in_french_with_the_good_translated():
    state = shipping_state()
    state = give(state, 0, "contract_a1")  # coffee, tea
    state = give_cubes(state, 0, "ship", ["rubber"])
    err = refused(state, 0, {"type": "deliver", **cube("ship", "rubber"), "contract": "contract_a1"})
    assert err.template == "That contract has no free {good} symbol."
    assert err.details == {"good": "rubber", "contract": "contract_a1"}
    assert err.message == GAME.refusal_text(err, "en") == "That contract has no free rubber symbol."
    assert GAME.refusal_text(err, "fr", strict=True) == "Ce contrat n'a plus de symbole caoutchouc libre."
    err = refused(state, 0, {"type": "store", **cube("market", "tea")})
    assert GAME.refusal_text(err, "fr", strict=True) == "Vous ne possédez pas d'entrepôt."
    err = refused(state, 0, {"type": "to_market", **cube("warehouse", "rubber")})
    assert err.message == "There is no rubber cube on your warehouse."
    assert GAME.refusal_text(err, "fr", strict=True) == "Votre entrepôt ne contient aucun cube de caoutchouc."


def test_traders_buy_their_own_good_for_1_coin_and_the_cube_goes_to_the_supply():
    state = shipping_state()
    state = give(state, 0, "coffee_roaster")
    state = give_cubes(state, 0, "ship", ["coffee", "coffee", "tea"])
    play(state, 0, "sell", **cube("ship", "coffee"))
    play(state, 0, "sell", **cube("ship", "coffee"))
    table = dumped(state)
    assert table["seats"][0]["coins"] == 7 and table["supply"]["coffee"] == 2
    assert table["bag"]["coffee"] == 7  # never back into the bag
    refused(state, 0, {"type": "sell", **cube("ship", "tea")})  # no tea taster
    check_invariants(GAME, state)


def test_warehouse_holds_at_most_4_and_cubes_may_leave_it_later():
    state = shipping_state()
    state = give(state, 0, "warehouse", "contract_a2")
    state = give_cubes(state, 0, "ship", ["tea", "tea", "rubber", "coffee", "carpet", "saffron"])
    for good in ("tea", "tea", "rubber", "coffee"):
        play(state, 0, "store", **cube("ship", good))
    refused(state, 0, {"type": "store", **cube("ship", "carpet")})
    assert all(m["type"] != "store" for m in GAME.legal_moves(state, 0))
    play(state, 0, "deliver", **cube("warehouse", "rubber"), contract="contract_a2")
    play(state, 0, "store", **cube("ship", "carpet"))
    assert sorted(dumped(state)["seats"][0]["warehouse"]) == ["carpet", "coffee", "tea", "tea"]
    refused(state, 0, {"type": "store", **cube("warehouse", "tea")})
    check_invariants(GAME, state)


def test_no_warehouse_card_no_storing():
    state = shipping_state()
    state = give_cubes(state, 0, "ship", ["tea"])
    refused(state, 0, {"type": "store", **cube("ship", "tea")})


def test_market_hall_sells_2_for_1_coin_and_converts_3_into_1_from_the_supply_only():
    state = shipping_state()
    state = give_cubes(state, 0, "ship", ["tea", "tea", "rubber", "coffee", "carpet"])
    for good in ("tea", "tea", "rubber", "coffee"):
        play(state, 0, "to_market", **cube("ship", good))
    # the supply is empty: no conversion is possible (never from the bag)
    assert all(m["type"] != "convert" for m in GAME.legal_moves(state, 0))
    refused(state, 0, {"type": "convert", "goods": ["tea", "tea", "rubber"], "take": "saffron"})
    play(state, 0, "market_sell", goods=["tea", "tea"])
    table = dumped(state)
    assert table["seats"][0]["coins"] == 6 and table["supply"]["tea"] == 2
    play(state, 0, "to_market", **cube("ship", "carpet"))
    # the supply now holds tea: 3 cubes can become one tea
    assert {"type": "convert", "goods": ["carpet", "coffee", "rubber"], "take": "tea"} in GAME.legal_moves(state, 0)
    play(state, 0, "convert", goods=["rubber", "coffee", "carpet"], take="tea")
    table = dumped(state)
    assert table["seats"][0]["market"] == ["tea"]
    assert table["supply"] == {"coffee": 1, "tea": 1, "saffron": 0, "rubber": 1, "carpet": 1}
    refused(state, 0, {"type": "market_sell", "goods": ["tea", "tea"]})  # only one tea there
    check_invariants(GAME, state)


def test_market_hall_holds_at_most_4_cubes_while_shipping():
    state = shipping_state()
    state = give_cubes(state, 0, "ship", ["tea", "tea", "rubber", "coffee", "carpet"])
    for good in ("tea", "tea", "rubber", "coffee"):
        play(state, 0, "to_market", **cube("ship", good))
    assert all(m["type"] != "to_market" for m in GAME.legal_moves(state, 0))
    refused(state, 0, {"type": "to_market", **cube("ship", "carpet")})


def test_the_converted_cube_cannot_be_one_just_handed_in():
    state = shipping_state()
    state = give_cubes(state, 0, "market", ["tea", "tea", "rubber"])
    refused(state, 0, {"type": "convert", "goods": ["rubber", "tea", "tea"], "take": "tea"})


def test_the_market_hall_keeps_at_most_1_cube_after_shipping():
    state = shipping_state()
    state = give_cubes(state, 0, "ship", ["tea", "rubber"])
    play(state, 0, "to_market", **cube("ship", "tea"))
    play(state, 0, "to_market", **cube("ship", "rubber"))
    assert {"type": "done"} not in GAME.legal_moves(state, 0)
    refused(state, 0, {"type": "done"})
    play(state, 0, "market_sell", goods=["rubber", "tea"])
    play(state, 0, "done")


def test_cubes_left_on_ships_go_to_the_supply_not_the_bag():
    state = shipping_state()
    state = give_cubes(state, 0, "ship", ["tea", "rubber", "rubber"])
    bag = dict(dumped(state)["bag"])
    events = play(state, 0, "done")
    table = dumped(state)
    assert table["supply"]["rubber"] == 2 and table["supply"]["tea"] == 1
    assert table["seats"][0]["ship"] == []
    assert table["bag"] == {g: n - sum(s["cubes"].count(g) for s in table["row"]) for g, n in bag.items()}
    assert events[0].type == "shipping_done" and events[0].data["lost"] == ["tea", "rubber", "rubber"]
    check_invariants(GAME, state)


def test_everyone_with_something_to_decide_acts_at_once_in_any_order():
    state = new_game(3, start=0)
    state = set_row(
        state,
        ["ship_b1", "ship_b2", "office_a", "contract_a1"],
        [("tea", "coffee", "carpet"), ("rubber", "rubber", "saffron")],
    )
    # seat 0 buys ship 1, seat 1 buys ship 2, seat 2 buys the office
    for card in [0, 1, 2, 3, 3, 3, 3, 3, 3]:
        play(state, dumped(state)["turn"], "place_worker", card=card)
    while dumped(state)["phase"] == "purchase":
        (seat,) = GAME.to_act(state)
        play(state, seat, "buy" if dumped(state)["offer"] < 3 else "decline")
    assert dumped(state)["phase"] == "shipping"
    assert GAME.to_act(state) == {0, 1}  # seat 2 has no cube: not asked
    assert GAME.legal_moves(state, 2) == []
    assert dumped(state)["seats"][0]["ship"] == ["tea", "coffee", "carpet"]
    play(state, 1, "done")
    assert GAME.to_act(state) == {0}
    refused(state, 1, {"type": "done"}, code="not_your_turn")
    play(state, 0, "to_market", **cube("ship", "tea"))
    play(state, 0, "done")
    assert dumped(state)["phase"] == "demand"  # income paid, next round under way
    check_invariants(GAME, state)


def test_no_shipping_phase_while_nobody_has_a_cube():
    state = new_game(2, start=0)
    for _ in range(6):
        play(state, dumped(state)["turn"], "place_worker", card=0)
    while dumped(state)["phase"] == "purchase":
        play(state, next(iter(GAME.to_act(state))), "buy")
    table = dumped(state)
    assert table["phase"] == "demand" and table["round"] == 2


def test_a_warehouse_cube_brings_its_owner_into_later_shipping_phases():
    state = new_game(2, start=0)
    state = give(state, 1, "warehouse")
    state = give_cubes(state, 1, "warehouse", ["tea"])
    for _ in range(6):
        play(state, dumped(state)["turn"], "place_worker", card=0)
    while dumped(state)["phase"] == "purchase":
        play(state, next(iter(GAME.to_act(state))), "decline")
    assert dumped(state)["phase"] == "shipping" and GAME.to_act(state) == {1}
    assert GAME.legal_moves(state, 1) == [{"type": "to_market", "from": "warehouse", "good": "tea"}, {"type": "done"}]


def test_wrong_source_and_junk_are_refused_without_change():
    state = shipping_state()
    state = give_cubes(state, 0, "ship", ["tea"])
    refused(state, 0, {"type": "to_market", **cube("warehouse", "tea")})
    refused(state, 0, {"type": "to_market", **cube("ship", "coffee")})
    refused(state, 0, {"type": "to_market", **cube("market", "tea")})
    refused(state, 0, {"type": "to_market", "from": "hold", "good": "tea"}, "validation_error")
    refused(state, 0, {"type": "to_market", "from": "ship", "good": "gold"}, "validation_error")
    refused(state, 0, {"type": "market_sell", "goods": ["tea"]}, "validation_error")
    refused(state, 0, {"type": "place_worker", "card": 0})
    refused(state, 0, {"type": "buy"})
    refused(state, 1, {"type": "done"}, "not_your_turn")


def test_the_end_of_shipping_reads_well_in_french_whether_or_not_cubes_were_lost():
    """ "Seat 0 termine son déchargement et perd rien" was the French line when nothing was lost."""
    done = {"type": "shipping_done", "seat": 0, "lost": []}
    assert plain(GAME.event_text(done, "fr", strict=True)) == "Siège 0 termine son déchargement ; cubes perdus : aucun"
    lost = {**done, "lost": ["tea", "tea"]}
    assert plain(GAME.event_text(lost, "fr", strict=True)) == "Siège 0 termine son déchargement ; cubes perdus : 2 thés"
