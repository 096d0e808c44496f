"""The rules beyond the worked examples: set-up, seizures and bribes, warehouses, Scilly,
raids, secrets and their windows, the Witch, the end and the score."""

from __future__ import annotations

from engine.smuggler import GAME
from engine.smuggler.content import BOATS, CHARACTERS, DECKS, START_WAREHOUSES
from tests.engine.playout import assert_refused

from .helpers import edited, play, started
from .test_examples import board_goods, boat_goods, others_passed


def test_set_up_drafts_characters_pawns_and_boats():
    state = GAME.setup(3, {}, 4)
    assert state["gold"] == [13] * 3 and state["influence"] == [10] * 3
    assert [o["space"] for o in state["officers"][:2]] == ["penzance", "st_ives"]
    order = []
    while state["phase"] == "setup":
        seat = next(iter(GAME.to_act(state)))
        move = GAME.legal_moves(state, seat)[-1]
        order.append((move["type"], seat))
        if move["type"] == "draw_characters":
            play(state, seat, move)
            drawn = state["setup_draw"][seat]
            assert len(drawn) == 2
            assert GAME.view(state, seat)["players"][seat]["setup_draw"] == drawn
            other = GAME.view(state, (seat + 1) % 3)
            assert other["players"][seat]["setup_draw"] == 2 and all(f'"{c}"' not in str(other) for c in drawn)
            continue
        play(state, seat, move)
    assert [s for t, s in order if t == "choose_boat"] == [0, 1, 2]  # clockwise from the first
    assert [s for t, s in order if t == "choose_warehouse"] == [2, 1, 0]  # counter-clockwise from the last
    assert len({b["hold"] for b in state["boats"]}) == 3 and all(b["hold"] in BOATS for b in state["boats"])
    owned = [w for w, info in state["warehouses"].items() if w in START_WAREHOUSES and info["owner"] in range(3)]
    assert len(owned) == 3
    for seat in range(3):
        (card,) = state["characters"][seat]
        assert state["reputation"][seat] == CHARACTERS[card]["reputation"]
        assert len(state["pawns"][seat]) == 1
    assert state["influence"] == [10] * 3  # no extra influence in the first round
    assert all(state["face_up"][deck] for deck in DECKS)
    assert state["phase"] == "play" and GAME.to_act(state) == {0}


def test_an_officer_reaching_goods_seizes_them_unless_bribed_by_their_owner():
    def goods(d):
        board_goods(d, "irish_1", 0, "madron")
        board_goods(d, "irish_2", 1, "madron")
        d["officers"][0]["bribed_by"] = 0

    state = edited(started(), goods)
    play(state, 0, {"type": "move_officer", "officer": 0, "to": "madron", "pay": "influence"})
    assert state["shapes"]["irish_1"]["where"] == "board"
    assert state["shapes"]["irish_2"]["where"] == "customs"
    assert state["influence"][0] == 10 - 4


def test_bribing_needs_a_pawn_there_and_costs_more_when_another_holds_him():
    state = edited(started(), lambda d: d["pawns"][0].append("penzance") or d["characters"][0].append("o_penrose"))
    play(state, 0, {"type": "bribe", "officer": 0})
    assert state["officers"][0]["bribed_by"] == 0
    assert (state["influence"][0], state["gold"][0]) == (9, 13 - 2)
    assert_refused(GAME, state, 1, {"type": "bribe", "officer": 0}, "illegal_move")  # no pawn at Penzance
    state = edited(state, lambda d: d["pawns"][1].append("penzance") or d["characters"][1].append("o_vivian"))
    play(state, 1, {"type": "bribe", "officer": 0})
    assert state["officers"][0]["bribed_by"] == 1 and state["gold"][1] == 13 - 3


def test_goods_landed_straight_into_a_warehouse_are_safe_from_arriving_officers():
    def landing(d):
        d["boats"][0]["space"] = "hayle"
        d["pawns"][0] = ["hayle"]
        d["warehouses"]["w_cave"]["owner"] = 0  # a 1 x 4 cave
        boat_goods(d, "irish_4", 0)  # i3
        d["officers"][1]["space"] = "lelant"

    state = edited(started(), landing)
    play(state, 0, {"type": "land", "shapes": {"irish_4": 1}, "hide": 0, "stash": 1})  # risk 4 + 3 = 7: no move
    assert state["shapes"]["irish_4"]["where"] == "warehouse"
    state = edited(state, lambda d: d.update(active=1))
    play(state, 1, {"type": "move_officer", "officer": 1, "to": "hayle", "pay": "influence"})
    assert state["shapes"]["irish_4"]["where"] == "warehouse"
    # taking them out under the officer's nose loses them
    state = edited(state, lambda d: d.update(active=0))
    play(state, 0, {"type": "unstash", "shape": "irish_4"})
    assert state["shapes"]["irish_4"]["where"] == "customs"


def test_no_stashing_when_an_unbribed_officer_is_already_at_the_port():
    def landing(d):
        d["boats"][0]["space"] = "st_ives"
        d["pawns"][0] = ["st_ives"]
        boat_goods(d, "irish_1", 0)

    state = edited(started(), landing)
    play(state, 0, {"type": "land", "shapes": {"irish_1": 1}, "hide": 0, "stash": 1})
    assert state["shapes"]["irish_1"]["where"] == "customs"


def test_officers_never_move_for_landings_or_sales_on_scilly():
    def scilly(d):
        d["boats"][0].update(space="scilly", hold="brig")
        for sid in ("irish_5", "irish_7"):  # 4 + 5 squares: risk 2 + 9 = 11
            boat_goods(d, sid, 0)

    state = edited(started(), scilly)
    before = [o["space"] for o in state["officers"]]
    play(state, 0, {"type": "land", "shapes": {"irish_5": 1, "irish_7": 1}, "hide": 0, "stash": 0})
    state = edited(state, lambda d: d.update(active=0))
    play(state, 0, {"type": "sell", "shape": "irish_5", "row": 2, "pay": "influence"})
    assert [o["space"] for o in state["officers"]] == before
    # a sale on Scilly is capped at its size 1
    assert state["gold"][0] == 13 + 4


def test_selling_needs_a_town_with_a_size_and_your_pawn():
    state = edited(started(), lambda d: (board_goods(d, "irish_1", 0, "ludgvan"), d["pawns"][0].append("ludgvan")))
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "sell"]
    assert_refused(GAME, state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"}, "illegal_move")


def test_a_raid_costs_a_mob_character_its_reputation_and_a_pawn():
    def mob(d):
        d["characters"][0] = ["u_jack", "c_annie"]
        d["pawns"][0] = ["penzance", "madron"]
        d["reputation"][0] = 2
        d["shapes"]["irish_5"].update(where="customs", owner=1)
        d["officers"][0]["bribed_by"] = 0

    state = edited(started(), mob)
    play(state, 0, {"type": "raid", "shape": "irish_5", "card": "u_jack"})
    assert state["characters"][0] == ["c_annie"] and state["reputation"][0] == 1
    assert state["shapes"]["irish_5"] == {"where": "board", "owner": 0, "space": "penzance", "warehouse": None}
    assert GAME.to_act(state) == {0} and {m["space"] for m in GAME.legal_moves(state, 0)} == {"penzance", "madron"}
    play(state, 0, {"type": "remove_pawn", "space": "madron"})
    assert state["pawns"][0] == ["penzance"] and state["active"] == 1


def test_a_tip_off_is_another_seats_move_inside_the_landing():
    def landing(d):
        d["boats"][0]["space"] = "hayle"
        d["pawns"][0] = ["hayle"]
        boat_goods(d, "irish_4", 0)  # risk 4 + 3 = 7: safe without the tip-off
        d["hands"][2] = ["tipoff1"]
        d["secrets_deck"].remove("tipoff1")

    state = edited(started(), landing)
    play(state, 0, {"type": "land", "shapes": {"irish_4": 1}, "hide": 0, "stash": 0})
    assert GAME.to_act(state) == {2}
    assert GAME.legal_moves(state, 2) == [{"type": "tipoff", "play": True}, {"type": "tipoff", "play": False}]
    events = play(state, 2, {"type": "tipoff", "play": True})
    assert next(e for e in events if e.type == "landing_risk").data["risk"] == 9
    assert state["officers"][1]["space"] == "hayle"  # St Ives -> Lelant -> Hayle
    assert state["shapes"]["irish_4"]["where"] == "customs"
    assert GAME.to_act(state) == {1}


def test_the_witch_of_st_levan_takes_cargo_from_a_boat_in_her_waters():
    def sail(d):
        d["characters"][1] = ["r_witch"]
        d["boats"][0]["space"] = "sea_cape"
        boat_goods(d, "irish_1", 0)

    state = edited(started(), sail)
    play(state, 0, {"type": "move_boat", "to": "off_st_levan", "pay": "influence"})
    assert GAME.to_act(state) == {1}
    play(state, 1, {"type": "witch", "shape": "irish_1"})
    assert state["shapes"]["irish_1"]["owner"] == 1 and "r_witch" in state["motivated"]
    assert state["influence"][1] == 9 and state["active"] == 1


def test_secrets_on_your_turn_are_free_and_do_not_end_it():
    def hand(d):
        d["hands"][0] = ["favour1", "decoy1", "cove1"]
        for card in d["hands"][0]:
            d["secrets_deck"].remove(card)

    state = edited(started(), hand)
    play(state, 0, {"type": "play_favour", "secret": "favour1"})
    play(state, 0, {"type": "play_decoy", "secret": "decoy1", "officer": 0, "to": "madron"})
    play(state, 0, {"type": "play_cove", "secret": "cove1", "cove": "gwithian"})
    assert state["influence"][0] == 12 and state["officers"][0]["space"] == "madron"
    assert GAME.view(state, 0)["players"][0]["open_coves"] == ["gwithian"]
    assert state["active"] == 0 and state["secrets_played"] == ["favour1", "decoy1", "cove1"]


def test_the_last_goods_bought_ends_the_game_after_the_round():
    def last(d):
        for sid, shape in d["shapes"].items():
            if sid != "irish_0":
                shape.update(where="sold")
        d["boats"][0]["space"] = "irish"
        d["passed"] = [False, True, True]

    state = edited(started(), last)
    play(state, 0, {"type": "buy_goods", "shape": "irish_0"})
    assert state["ending"] == "last_goods" and GAME.outcome(state) is None
    play(state, 0, {"type": "pass"})
    outcome = GAME.outcome(state)
    assert outcome is not None and not GAME.to_act(state)
    assert outcome.scores == [state["gold"][s] + state["reputation"][s] for s in range(3)]


def test_ties_go_to_the_most_gold_then_are_shared():
    def tied(d):
        d["gold"], d["reputation"] = [10, 8, 10], [2, 4, 2]
        d["phase"] = "over"

    outcome = GAME.outcome(edited(started(), tied))
    assert outcome.scores == [12, 12, 12] and outcome.winners == [0, 2] and outcome.ranks == [1, 3, 1]


def test_buying_goods_needs_room_in_the_hold():
    def full(d):
        d["boats"][0].update(space="irish", hold="lugger")
        for sid in ("irish_5", "irish_6"):  # o4 + t4 in a 10-cell hold
            boat_goods(d, sid, 0)

    state = edited(started(), full)
    buys = {m["shape"] for m in GAME.legal_moves(state, 0) if m["type"] == "buy_goods"}
    assert "irish_7" not in buys and "irish_0" in buys  # a 5-square P does not fit, a keg does
    assert_refused(GAME, state, 0, {"type": "buy_goods", "shape": "irish_7"}, "illegal_move")


def test_passed_players_take_no_more_actions_and_the_first_player_moves_on():
    state = edited(started(), others_passed)
    play(state, 0, {"type": "pass"})
    assert state["round"] == 2 and state["first"] == 1 and GAME.to_act(state) == {1}
