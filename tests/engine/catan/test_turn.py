"""The turn: roll, production (robber, bank shortage), the 7 (discards, robber, steal), end of turn."""

import pytest

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.core import IllegalMove, counts_param, default_value, fill
from engine.i18n import words_for
from tests.engine.catan.helpers import edited, empty_main, give, hand, play, put, roll_total, updated
from tests.typography import plain


def hex_with(state, number):
    return next(h for h in range(19) if state["numbers"][h] == number)


def roll_phase(players=4, seed=0, turn=0):
    return updated(empty_main(players, seed, turn), phase="roll", rolled=False, dice=None)


def test_roll_once_then_main_with_the_sum_of_two_dice():
    state = roll_phase()
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"roll"}
    for move in (
        {"type": "end_turn"},
        {"type": "build_road", "edge": 0},
        {"type": "maritime_trade", "give": "ore", "get": "wool"},
    ):
        with pytest.raises(IllegalMove):
            play(state, 0, move)
    events = play(state, 0, {"type": "roll"})
    a, b = state["dice"]
    assert 1 <= a <= 6 and 1 <= b <= 6 and events[0].data["total"] == a + b
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "roll"})


def test_dice_are_fair_and_come_from_the_state_rng():
    totals = []
    for seed in range(600):
        state = updated(roll_phase(seed=seed), rng=seed * 7919 + 1)
        play(state, 0, {"type": "roll"})
        totals.append(sum(state["dice"]))
    assert 60 <= totals.count(7) <= 150  # ~100 expected
    assert totals.count(2) < totals.count(7)
    again = updated(roll_phase(), rng=1)
    play(again, 0, {"type": "roll"})
    other = updated(roll_phase(), rng=1)
    play(other, 0, {"type": "roll"})
    assert again["dice"] == other["dice"]


def test_production_settlement_one_city_two_robber_blocks():
    state = empty_main()
    h = hex_with(state, 6)
    res = D.TERRAIN_RESOURCE[state["terrain"][h]]
    a, _, c, _, e, _ = B.HEX_NODES[h]
    state = put(state, 0, settlements=[a])
    state = put(state, 1, cities=[c])
    state = put(state, 2, settlements=[e])
    state, _ = roll_total(state, 6)
    assert state["hands"][0][res] == 1 and state["hands"][1][res] == 2 and state["hands"][2][res] == 1
    before = [row[:] for row in state["hands"]]
    state, _ = roll_total(state, 5)  # no building on a 5 here? only those hexes produce
    state = updated(state, robber=h)
    state, _ = roll_total(state, 6)
    for s in range(3):
        assert state["hands"][s][res] == before[s][res], "the robber's hex produces nothing"


def test_two_settlements_on_one_hex_earn_one_card_each():
    state = empty_main()
    h = hex_with(state, 8)
    res = D.TERRAIN_RESOURCE[state["terrain"][h]]
    a, _, c, _, _, _ = B.HEX_NODES[h]
    state = put(state, 0, settlements=[a, c])
    state, _ = roll_total(state, 8)
    assert state["hands"][0][res] == 2


def shortage_board(owners):
    """Buildings on the beginner map's two 6 hexes (hills=brick, fields=grain)."""
    state = empty_main()
    sixes = [h for h in range(19) if state["numbers"][h] == 6]
    corners = [B.HEX_NODES[h][0] for h in sixes] + [B.HEX_NODES[h][2] for h in sixes]
    for seat, node in zip(owners, corners):
        state = put(state, seat, cities=[node])
    return state, sixes


def test_bank_shortage_nobody_gets_the_resource_when_several_are_owed():
    state = empty_main()
    h = hex_with(state, 6)
    res = D.TERRAIN_RESOURCE[state["terrain"][h]]
    a, _, c, _, _, _ = B.HEX_NODES[h]
    state = put(state, 0, cities=[a])
    state = put(state, 1, cities=[c])
    state = bank_holds(state, res, 3)  # 4 owed in all; the bank holds only 3
    state, events = roll_total(state, 6)
    rolled = events[0].data
    gains, short = rolled["gains"], rolled["bank_short"]
    assert state["hands"][0][res] == state["hands"][1][res] == 0 and state["bank"][res] == 3
    assert short == [D.RESOURCES[res]] and gains[0] == gains[1] == {}


def test_bank_shortage_single_player_gets_what_is_left():
    state = empty_main()
    h = hex_with(state, 6)
    res = D.TERRAIN_RESOURCE[state["terrain"][h]]
    state = put(state, 0, cities=[B.HEX_NODES[h][0]])
    state = bank_holds(state, res, 1)
    state, _ = roll_total(state, 6)
    assert state["hands"][0][res] == 1 and state["bank"][res] == 0


def test_shortage_of_one_resource_does_not_stop_another():
    state = empty_main()
    six = [h for h in range(19) if state["numbers"][h] == 6]
    res = [D.TERRAIN_RESOURCE[state["terrain"][h]] for h in six]
    assert res[0] != res[1]
    state = put(state, 0, settlements=[B.HEX_NODES[six[0]][0], B.HEX_NODES[six[1]][0]])
    state = put(state, 1, settlements=[B.HEX_NODES[six[0]][3]])
    state = bank_holds(state, res[0], 1)
    state, _ = roll_total(state, 6)
    assert state["hands"][0][res[0]] == 0 and state["hands"][1][res[0]] == 0  # two owed, one card: nobody
    assert state["hands"][0][res[1]] == 1


def bank_holds(state, res, left):
    """The bank down to `left` cards of `res`, the rest in seat 2's hand: a new state."""

    def change(data):
        data["hands"][2][res] += data["bank"][res] - left
        data["bank"][res] = left

    return edited(state, change)


def seven_state(hands):
    """Seat 0 has just rolled a 7; hands by seat as card totals (all ore, then grain)."""
    state = roll_phase()
    for seat, count in enumerate(hands):
        state = give(state, seat, ore=min(count, 9), grain=max(0, count - 9))
    state, _ = roll_total(state, 7)
    return state


def test_on_a_7_every_player_over_7_cards_discards_half_rounded_down_simultaneously():
    state = seven_state([9, 7, 8, 13])
    assert state["phase"] == "discard"
    assert state["discard"] == [4, 0, 4, 6]
    assert GAME.to_act(state) == {0, 2, 3}
    assert GAME.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "move_robber", "hex": 0, "victim": None})
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "discard", "cards": {"ore": 1}})
    with pytest.raises(IllegalMove) as err:
        play(state, 0, {"type": "discard", "cards": {"ore": 3, "wool": 1}})  # wool not held
    assert err.value.code == "cannot_afford"
    for wrong in (3, 5):
        with pytest.raises(IllegalMove) as err:
            play(state, 0, {"type": "discard", "cards": {"ore": wrong}})  # exactly half, rounded down
        assert err.value.code == "wrong_count" and err.value.details == {"owed": 4}
        assert err.value.message == "You discard exactly 4 cards (half your hand, rounded down)."
        assert plain(GAME.refusal_text(err.value, "fr", strict=True)) == (
            "Vous défaussez exactement 4 cartes (la moitié de votre main, arrondie à l'inférieur)."
        )
    assert GAME.move_templates(state, 3) == [
        {"move": {"type": "discard"}, "params": {"cards": counts_param({"grain": 4, "ore": 9}, 6, 6)}}
    ]
    for seat, owed in ((3, 6), (0, 4), (2, 4)):
        before = sum(state["hands"][seat])
        assert seat in GAME.to_act(state) and GAME.legal_moves(state, seat) == []
        events = play(state, seat, fill(GAME.move_templates(state, seat)[0], default_value))
        assert sum(events[0].data["cards"].values()) == owed and events[0].to is None, "one move, public"
        assert sum(state["hands"][seat]) == before - owed
        assert seat not in GAME.to_act(state)
    assert state["phase"] == "robber" and GAME.to_act(state) == {0}
    assert sum(state["bank"]) == 95 - sum(map(sum, state["hands"]))


def test_seven_without_big_hands_goes_straight_to_the_robber():
    state = seven_state([7, 0, 3, 7])
    assert state["phase"] == "robber"
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"move_robber"}


def test_robber_must_move_and_steal_from_an_adjacent_opponent_with_cards():
    state = seven_state([0, 0, 0, 0])
    h = 4  # inner ring (the centre is the desert, where the robber stands)
    a, b, c, *_ = B.HEX_NODES[h]
    state = put(state, 1, settlements=[a])
    state = put(state, 2, settlements=[c])
    state = put(state, 0, settlements=[B.HEX_NODES[h][4]])
    state = give(state, 1, wool=1)
    moves = [m for m in GAME.legal_moves(state, 0) if m["hex"] == h]
    assert moves == [{"type": "move_robber", "hex": h, "victim": 1}], "no self-steal, no empty hand"
    assert all(m["hex"] != state["robber"] for m in GAME.legal_moves(state, 0))
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "move_robber", "hex": state["robber"], "victim": None})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "move_robber", "hex": h, "victim": 2})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "move_robber", "hex": h, "victim": None})
    events = play(state, 0, {"type": "move_robber", "hex": h, "victim": 1})
    assert state["robber"] == h and hand(state, 0) == {"wool": 1} and hand(state, 1) == {}
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert all("resource" not in e.data for e in public)
    assert [(e.type, sorted(e.to), e.data["resource"]) for e in private] == [("stolen_card", [0, 1], "wool")]
    assert state["phase"] == "main"


def test_robber_to_a_hex_with_no_victim_steals_nothing():
    state = seven_state([0, 0, 0, 0])
    empty = [m for m in GAME.legal_moves(state, 0) if m["hex"] == 0]
    assert empty == [{"type": "move_robber", "hex": 0, "victim": None}]
    play(state, 0, empty[0])
    assert state["robber"] == 0 and state["phase"] == "main"


def test_steal_is_random_over_the_victims_cards():
    seen = set()
    for seed in range(40):
        state = updated(seven_state([0, 0, 0, 0]), rng=seed + 12345)
        state = put(state, 1, settlements=[B.HEX_NODES[4][0]])
        state = give(state, 1, wool=1, ore=1, brick=1)
        play(state, 0, {"type": "move_robber", "hex": 4, "victim": 1})
        seen.add(next(k for k, v in hand(state, 0).items() if v))
    assert seen == {"wool", "ore", "brick"}


def test_end_turn_passes_to_the_left_and_resets_the_turn():
    state = updated(empty_main(turn=3), dev_played=True, offers=2)
    play(state, 3, {"type": "end_turn"})
    assert state["turn"] == 0 and state["phase"] == "roll" and not state["rolled"]
    assert not state["dev_played"] and state["offers"] == 0 and state["fresh"] == [0] * 5
    assert GAME.to_act(state) == {0}


def test_a_robber_label_says_the_hexs_number_and_what_it_yields_in_both_languages():
    """A browser's board shows no hex ids: "Move the robber to hex 0" told a player nothing."""
    state = GAME.setup(3, GAME.load_options({"map": "beginner"}), 1)
    for h in range(B.N_HEXES):
        move = {"type": "move_robber", "hex": h, "victim": None}
        english = GAME.move_label(state, 0, move, "en", strict=True)
        french = GAME.move_label(state, 0, move, "fr", strict=True)
        resource = D.TERRAIN_RESOURCE[state["terrain"][h]]
        if resource is None:
            assert english == f"Move the robber to hex {h} (the desert), stealing from nobody"
            assert f"hexagone {h} (le désert)" in plain(french)
        else:
            word = D.RESOURCES[resource]
            assert english.startswith(f"Move the robber to hex {h} ({state['numbers'][h]}, {word}),")
            assert f"hexagone {h} ({state['numbers'][h]}, {words_for(GAME).word(word, 'fr', strict=True)})" in plain(
                french
            )
        # French: « sans voler personne » (« et voler personne » is not French); a victim: « et voler une carte à ».
        assert french.endswith("sans voler personne"), french
        robbing = GAME.move_label(state, 0, {**move, "victim": 2}, "fr", strict=True)
        assert plain(robbing).endswith("et voler une carte au siège 2"), robbing
