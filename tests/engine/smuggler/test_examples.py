"""The worked examples of the rule text, each as a situation built from the set-up, moves and
an edited dump: Honest Pete, Alice at St Ives, Bob at Gwithian, Porthleven's +3, the shape that
costs 4 gold, a size-5 shape in a size-3 town, the shape that will not fit a warehouse, the three
golden-wheel sales, the places where goods sell in one part of the board, the placement
example, hiring Allen Cutler and the extra warehouse a character brings, and Eve's sale with
three officers one step away."""

from __future__ import annotations

import pytest

from engine.smuggler import GAME
from engine.smuggler.content import PRICES, ROW_COST
from tests.engine.playout import assert_refused

from .helpers import edited, face_up, play, started


def board_goods(dump, sid, owner, space):
    dump["shapes"][sid].update(where="board", owner=owner, space=space)


def boat_goods(dump, sid, owner):
    dump["shapes"][sid].update(where="boat", owner=owner)


def landing_seat_2_may_tip_off(d) -> None:
    """Seat 0's boat at Hayle with a 4-square shape and its pawn there (risk 4 + 3 = 7: safe
    without a tip-off), seat 2 holding a Tip-off: for `edited`."""
    d["boats"][0]["space"] = "hayle"
    d["pawns"][0] = ["hayle"]
    boat_goods(d, "irish_4", 0)
    d["hands"][2] = ["tipoff1"]
    d["secrets_deck"].remove("tipoff1")


def others_passed(dump):
    dump["passed"] = [seat != 0 for seat in range(dump["players"])]


def test_honest_pete():
    def pete(d):
        d["reputation"][0], d["gold"][0] = 11, 1
        d["ledger"]["reputation"][0][0], d["ledger"]["gold"][0][1] = 11, 12
        boat_goods(d, "irish_3", 0)

    state = edited(started(), pete)
    play(state, 0, {"type": "honest_work"})
    assert state["reputation"][0] == 5  # 11 / 2 = 5.5, rounded down
    assert state["gold"][0] == 6  # 1 + (11 - 5 - 1)
    assert state["shapes"]["irish_3"]["where"] == "gone"
    assert state["active"] == 1
    # once per round
    state = edited(state, others_passed)
    state = edited(state, lambda d: d.update(active=0))
    assert {"type": "honest_work"} not in GAME.legal_moves(state, 0)
    assert_refused(GAME, state, 0, {"type": "honest_work"}, "illegal_move")


def alice_at(port, officers):
    def change(d):
        d["boats"][0]["space"] = port
        d["pawns"][0] = [port]
        d["officers"][0]["space"], d["officers"][1]["space"] = officers
        boat_goods(d, "irish_1", 0)  # a 2-square shape

    return change


def test_alice_lands_two_squares_at_st_ives_with_discovery_seven():
    state = edited(started(), alice_at("st_ives", ("penzance", "zennor")))
    assert GAME.view(state, 0)["customs"]["discovery"] == 7
    events = play(state, 0, {"type": "land", "shapes": {"irish_1": 1}, "hide": 0, "stash": 0})
    risk = next(e for e in events if e.type == "landing_risk")
    assert risk.data["risk"] == 5 + 2 == 7 and risk.data["moves"] == 0
    assert [o["space"] for o in state["officers"][:2]] == ["penzance", "zennor"]  # nobody noticed
    assert state["shapes"]["irish_1"]["where"] == "board" and state["shapes"]["irish_1"]["space"] == "st_ives"
    assert state["influence"][0] == 10 - 1


def bob_at_gwithian(d):
    d["boats"][0].update(space="gwithian", hold="brig")
    d["pawns"][0] = ["gwithian"]
    d["coves_open"][0] = ["gwithian"]
    d["officers"][1]["space"] = "lelant"
    for sid in ("irish_1", "irish_3", "irish_5"):  # 2 + 3 + 4 = 9 squares
        boat_goods(d, sid, 0)


def test_bob_lands_nine_squares_at_gwithian_and_is_seized():
    state = edited(started(), bob_at_gwithian)
    shapes = {"irish_1": 1, "irish_3": 1, "irish_5": 1}
    events = play(state, 0, {"type": "land", "shapes": shapes, "hide": 0, "stash": 0})
    assert next(e for e in events if e.type == "landing_risk").data["risk"] == 9 + 0
    assert state["officers"][1]["space"] == "gwithian"  # from Lelant, two steps
    moved = [e for e in events if e.type == "officer_moved"]
    assert [e.data["space"] for e in moved] == ["hayle", "gwithian"] and all(e.to is None for e in moved)
    assert all(state["shapes"][sid]["where"] == "customs" for sid in shapes)


def test_bob_hides_one_point_and_keeps_his_goods():
    state = edited(started(), bob_at_gwithian)
    shapes = {"irish_1": 1, "irish_3": 1, "irish_5": 1}
    play(state, 0, {"type": "land", "shapes": shapes, "hide": 1, "stash": 0})
    assert state["officers"][1]["space"] == "hayle"  # one step only
    assert all(state["shapes"][sid]["where"] == "board" for sid in shapes)
    assert state["influence"][0] == 10 - 2


def test_a_secret_cove_needs_an_opened_cove():
    state = edited(started(), lambda d: (bob_at_gwithian(d), d.update(coves_open=[[], [], []])))
    assert GAME.move_templates(state, 0) == []
    assert_refused(GAME, state, 0, {"type": "land", "shapes": {"irish_1": 1}, "hide": 0, "stash": 0}, "illegal_move")


def test_this_shape_costs_four_gold():
    """p.13: « Cette forme de marchandises = 4 (<O>) » (a 4-square shape), p.11: « 1 (<I>) plus
    1 (<O>) pour chaque carré »."""
    state = edited(started(), lambda d: d["boats"][0].update(space="irish", hold="brig"))
    play(state, 0, {"type": "buy_goods", "shape": "irish_5"})  # an O4
    assert state["shapes"]["irish_5"]["where"] == "boat" and state["shapes"]["irish_5"]["owner"] == 0
    assert (state["gold"][0], state["influence"][0]) == (13 - 4, 10 - 1)


@pytest.mark.parametrize(
    ("shapes", "risk", "steps"), [({"irish_5": 1}, 3 + 4, 0), ({"irish_5": 1, "irish_0": 1}, 3 + 5, 1)]
)
def test_porthleven_adds_three_to_the_landing_risk(shapes, risk, steps):
    """p.14: « Le risque de débarquement de marchandises à Porthleven est de +3. » An O4 there is
    risk 7, not above the discovery level 7: nobody moves; with a keg besides, 8: the nearest
    officer (Penzance, four steps away) comes one step, to Marazion."""

    def at_porthleven(d):
        d["boats"][0].update(space="porthleven", hold="brig")
        d["pawns"][0] = ["porthleven"]
        boat_goods(d, "irish_5", 0)
        boat_goods(d, "irish_0", 0)

    state = edited(started(), at_porthleven)
    events = play(state, 0, {"type": "land", "shapes": shapes, "hide": 0, "stash": 0})
    landing = next(e for e in events if e.type == "landing_risk")
    assert (landing.data["risk"], landing.data["moves"]) == (risk, steps)
    assert state["officers"][0]["space"] == ("marazion" if steps else "penzance")


@pytest.mark.parametrize("row", [0, 1, 2])
def test_a_five_square_shape_sold_in_a_size_three_town_gets_the_size_three_prices(row):
    """p.16: « Vendre une forme de marchandises de taille 5 dans une ville de taille 3, signifie que
    le joueur ne pourra choisir que dans des prix de taille 3. » A P5 at St Ives (size 3)."""

    def at_st_ives(d):
        d["pawns"][0] = ["st_ives"]
        d["officers"][1]["space"] = "zennor"
        board_goods(d, "irish_7", 0, "st_ives")  # a P5

    state = edited(started(), at_st_ives)
    gold, reputation = state["gold"][0], state["reputation"][0]
    play(state, 0, {"type": "sell", "shape": "irish_7", "row": row, "pay": "influence" if row else "none"})
    assert (state["gold"][0] - gold, state["reputation"][0] - reputation) == PRICES[3][row] != PRICES[5][row]
    assert state["influence"][0] == 10 - ROW_COST[row]


def test_this_shape_will_not_fit_this_warehouse():
    """p.20, « Marchandises et Entrepôts »: « Cette forme ne pourra pas s'ajuster à cet entrepôt. »
    The Sea cave is one row of four: an I3 goes in, an L3 does not."""

    def at_madron(d):
        d["pawns"][0] = ["madron"]
        d["warehouses"]["w_cave"]["owner"] = 0
        for wid, w in d["warehouses"].items():
            if w["owner"] == 0 and wid != "w_cave":
                w["owner"] = -1
        board_goods(d, "irish_3", 0, "madron")  # an L3
        board_goods(d, "irish_4", 0, "madron")  # an I3

    state = edited(started(), at_madron)
    stash = {m["shape"] for m in GAME.legal_moves(state, 0) if m["type"] == "stash"}
    assert stash == {"irish_4"}
    assert_refused(GAME, state, 0, {"type": "stash", "shape": "irish_3", "warehouse": "w_cave"}, "illegal_move")


def test_the_three_golden_wheel_sales():
    def sellers(d):
        others_passed(d)
        d["pawns"][0] = ["north"]
        d["influence"][0] = 10
        for sid in ("irish_1", "irish_2", "irish_5"):  # i2, i2, o4
            board_goods(d, sid, 0, "north")
        d["officers"][0]["space"] = "madron"  # the nearest, on one shortest way (Ludgvan, St Erth, Leedstown)
        d["officers"][1]["space"] = "zennor"
        d["warehouses"]["w_cave"]["owner"] = -1  # no warehouse to store the goods left: no question after a sale

    state = edited(started(), sellers)
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})  # size 2, top row: 4 gold
    assert (state["wheel"] % 8, state["track"]) == (4, 0)
    play(state, 0, {"type": "sell", "shape": "irish_2", "row": 1, "pay": "influence"})  # size 2, middle: 6 gold
    assert (state["wheel"] % 8, state["track"]) == (2, 1)  # START reached once
    events = play(state, 0, {"type": "sell", "shape": "irish_5", "row": 2, "pay": "influence"})  # size 4, bottom: 16
    assert next(e for e in events if e.type == "goods_sold").data["gold"] == 16
    assert (state["wheel"] % 8, state["track"]) == (2, 3)  # START reached twice
    # a new officer waited at step 2: the poorest player places him on an empty village or town
    poorest = GAME.view(state, None)["customs"]["poorest"]
    assert poorest != 0 and GAME.to_act(state) == {poorest}
    spaces = {m["space"] for m in GAME.legal_moves(state, poorest)}
    assert "north" not in spaces and "zennor" not in spaces and "gwithian" not in spaces
    play(state, poorest, {"type": "place_officer", "space": "st_just"})
    assert state["officers"][2]["space"] == "st_just"
    assert GAME.to_act(state) == {0}  # the seller continues
    # every other player drew a secret at each sale; the seller none
    assert [len(h) for h in state["hands"]] == [0, 3, 3]


def test_where_goods_sell_in_that_part_of_the_board():
    """p.16, « Où vous pouvez vendre des marchandises »: « Dans cette partie du plateau, un joueur ne
    peut vendre des formes de marchandises que dans St Ives, Madron, Penzance et Marazion. » A shape
    of seat 0's on each space of that part, its pawn beside it, the officers away."""
    region = ["st_ives", "madron", "penzance", "marazion", "lelant", "ludgvan", "zennor", "perranuthnoe"]

    def goods_everywhere(d):
        d["pawns"][0] = list(region)
        d["officers"][0]["space"], d["officers"][1]["space"] = "helston", "sennen"
        for n, space in enumerate(region):
            board_goods(d, f"irish_{n}", 0, space)

    state = edited(started(), goods_everywhere)
    sold_at = {state["shapes"][m["shape"]]["space"] for m in GAME.legal_moves(state, 0) if m["type"] == "sell"}
    assert sold_at == {"st_ives", "madron", "penzance", "marazion"}
    assert_refused(GAME, state, 0, {"type": "sell", "shape": "irish_4", "row": 0, "pay": "none"}, "illegal_move")


def test_a_hired_character_brings_an_extra_warehouse():
    """p.20, « Entrepôts Supplémentaires »: « Des entrepôts supplémentaires peuvent être fournis en
    engageant des personnages » (the example of p.21). Seat 0, its START warehouse gone, has a
    shape at Penzance by its pawn: nowhere to store it until it hires Tamsin Rowe, whose inn
    cellar is at Penzance; then it may store it there before its turn passes."""

    def at_penzance(d):
        face_up(d, "c_rowe")
        d["pawns"][0] = ["penzance"]
        d["officers"][0]["space"] = "madron"
        board_goods(d, "irish_1", 0, "penzance")
        for w in d["warehouses"].values():
            if w["owner"] == 0:
                w["owner"] = -1

    state = edited(started(), at_penzance)
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "stash"]
    play(state, 0, {"type": "hire", "card": "c_rowe", "pay": "influence"})
    assert state["warehouses"]["w_c_rowe"]["owner"] == 0
    play(state, 0, {"type": "place_pawn", "space": "scilly"})
    stash = {"type": "stash", "shape": "irish_1", "warehouse": "w_c_rowe"}
    assert GAME.to_act(state) == {0} and stash in GAME.legal_moves(state, 0)
    play(state, 0, stash)
    assert state["shapes"]["irish_1"]["where"] == "warehouse"


def test_placement_example():
    def networks(d):
        d["pawns"][0] = ["prussia_cove"]  # Chris
        d["pawns"][1] = ["st_hilary"]  # Alice
        d["gold"] = [13, 13, 13]

    state = edited(started(), networks)
    chris = {m["space"] for m in place_after_hire(state, 0)}
    assert chris == {"perranuthnoe", "breage", "scilly"}  # Scilly is always allowed (p.12, p.21)
    state = edited(state, lambda d: d.update(active=1))
    alice = {m["space"] for m in place_after_hire(state, 1)}
    assert alice == {"marazion", "leedstown", "breage", "godolphin", "scilly"}


def place_after_hire(state, seat):
    card = next(c for c in state["face_up"].values() if c)
    copy = GAME.load(GAME.dump(state))
    play(copy, seat, {"type": "hire", "card": card, "pay": "influence"})
    assert GAME.to_act(copy) == {seat}
    return GAME.legal_moves(copy, seat)


def test_hiring_allen_cutler():
    def charlie(d):
        d["face_up"]["officials"], d["decks"]["officials"] = (
            "o_cutler",
            [c for c in d["decks"]["officials"] + [d["face_up"]["officials"]] if c != "o_cutler"],
        )
        others_passed(d)

    state = edited(started(), charlie)
    before = {k: state[k][0] for k in ("gold", "influence", "reputation")}
    play(state, 0, {"type": "hire", "card": "o_cutler", "pay": "influence"})
    assert state["influence"][0] == before["influence"] - 1
    assert state["gold"][0] == before["gold"] - 2
    assert state["reputation"][0] == before["reputation"] + 3
    assert state["face_up"]["officials"] not in (None, "o_cutler")  # the next card is revealed
    assert GAME.to_act(state) == {0} and GAME.legal_moves(state, 0)[0]["type"] == "place_pawn"
    play(state, 0, GAME.legal_moves(state, 0)[0])
    assert len(state["pawns"][0]) == 2
    play(state, 0, {"type": "pass"})  # everyone has passed: next round, influence = reputation
    assert state["round"] == 2
    assert state["influence"][0] == before["influence"] - 1 + before["reputation"] + 3


def test_eve_sells_at_penzance_and_the_poorest_picks_among_three_officers():
    def eve(d):
        d["pawns"][0] = ["penzance"]
        board_goods(d, "irish_1", 0, "penzance")
        d["officers"][0]["space"] = "madron"
        d["officers"][1]["space"] = "ludgvan"
        d["officers"][2]["space"] = "marazion"
        d["gold"] = [30, 2, 5]

    state = edited(started(), eve)
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 2, "pay": "influence"})
    assert GAME.to_act(state) == {1}  # least gold
    assert {m["officer"] for m in GAME.legal_moves(state, 1)} == {0, 1, 2}
    assert_refused(GAME, state, 0, {"type": "pass"}, "not_your_turn")
    assert state["influence"][0] == 10 - 2  # « choisissant de payer 2 (<I>) »
    play(state, 1, {"type": "choose_officer", "officer": 2})
    assert state["officers"][2]["space"] == "penzance"
    assert GAME.to_act(state) == {1}  # Eve's action is over; seat 1's own turn


def test_a_landing_outside_its_template_says_which_value_and_within_what():
    """A landing outside the template's bounds read only the landing rule, the same words as a
    landing where none is possible: the caller could not tell its `hide` or a count was wrong."""
    import pytest

    from engine.core import IllegalMove

    state = edited(started(), alice_at("st_ives", ("penzance", "zennor")))
    (template,) = GAME.move_templates(state, 0)
    top = template["params"]["hide"]["max"]
    wrong = {
        "hide": ({"shapes": {"irish_1": 1}, "hide": top + 1, "stash": 0}, {"hide": [f"or equal to {top}."]}),
        "count": ({"shapes": {"irish_1": 2}, "hide": 0, "stash": 0}, {"shapes": {"irish_1": ["or equal to 1."]}}),
        "key": ({"shapes": {"dutch_0": 1}, "hide": 0, "stash": 0}, {"shapes": {"dutch_0": ["Unknown field."]}}),
        "none": ({"shapes": {"irish_1": 0}, "hide": 0, "stash": 0}, {"shapes": ["The counts add up to 1 to"]}),
    }
    for move, said in wrong.values():
        with pytest.raises(IllegalMove) as refused:
            play(state, 0, {"type": "land", **move})
        errors = refused.value.details["errors"]
        assert errors.keys() == said.keys(), errors
        for name, expected in said.items():
            got = errors[name]
            if isinstance(expected, dict):
                assert got.keys() == expected.keys(), got
                got, expected = [got[k][0] for k in expected], [expected[k][0] for k in expected]
            assert all(want in message for message, want in zip(got, expected, strict=True)), (got, expected)
