"""The rules audit of 2026-11-27 (the French text read end to end against the engine): rules the
engine kept but no test checked. Each test quotes its text."""

from __future__ import annotations

from engine.smuggler import GAME

from .helpers import edited, play, started
from .test_examples import board_goods, boat_goods


def test_a_raid_with_an_unbribed_officer_at_penzance_is_seized_again():
    """p.19: « Cette action est inutile si des douaniers non-soudoyés sont dans Penzance lorsque les
    marchandises sont libérées, étant donné que cette forme de marchandise sera immédiatement
    saisie. » The mob character is lost all the same (card, pawn, reputation); a raider whose
    reputation was spent loses what he has left (decided: never below nothing)."""

    def mob(d):
        d["characters"][0] = ["u_jack", "c_annie"]
        d["pawns"][0] = ["penzance", "madron"]
        d["reputation"][0] = 0  # spent: Tinner Jack's 1 reputation is no longer there to lose
        d["shapes"]["irish_5"].update(where="customs", owner=1)
        assert d["officers"][0] == {"space": "penzance", "bribed_by": None}

    state = edited(started(), mob)
    play(state, 0, {"type": "raid"})
    events = play(state, 0, {"type": "raid_card", "card": "u_jack"})
    assert [e.type for e in events][:3] == ["character_lost", "customs_raided", "goods_seized"]
    assert state["shapes"]["irish_5"]["where"] == "customs"
    assert state["characters"][0] == ["c_annie"] and state["reputation"][0] == 0
    play(state, 0, {"type": "raid_card", "card": None})  # enough: Annie stays
    play(state, 0, {"type": "remove_pawn", "space": "madron"})
    assert state["pawns"][0] == ["penzance"] and state["active"] == 1


def test_a_player_who_has_passed_may_still_play_a_tip_off():
    """p.11: « Dès qu'un joueur passe, il ne peut plus réaliser d'actions pendant ce tour, mais il
    peut toujours jouer des cartes appropriées en dehors du tour (par exemple certaines cartes
    secrets). »"""

    def landing(d):
        d["passed"] = [False, False, True]
        d["boats"][0]["space"] = "hayle"
        d["pawns"][0] = ["hayle"]
        boat_goods(d, "irish_4", 0)  # risk 4 + 3 = 7: safe without the tip-off
        d["hands"][2] = ["tipoff1"]
        d["secrets_deck"].remove("tipoff1")

    state = edited(started(), landing)
    play(state, 0, {"type": "land", "shapes": {"irish_4": 1}, "hide": 0, "stash": 0})
    assert GAME.to_act(state) == {2}
    play(state, 2, {"type": "tipoff", "play": True})
    assert state["shapes"]["irish_4"]["where"] == "customs"  # 9 against 7: St Ives' officer, two steps
    assert state["active"] == 1 and state["passed"] == [False, False, True]


def test_only_the_gold_of_a_sale_turns_the_golden_wheel():
    """p.6: « Le pion d'or des douanes se déplace d'une case dans le sens horaire pour chaque « un
    Or » gagné lors d'une vente »: Honest Pete's 5 gold move nothing; a sale's 4 gold move it 4."""

    def pete(d):
        d["reputation"][0], d["gold"][0] = 11, 1
        d["pawns"][1] = ["north"]
        board_goods(d, "irish_1", 1, "north")  # an I2: 4 gold on the top row
        d["officers"][0]["space"] = "helston"

    state = edited(started(), pete)
    play(state, 0, {"type": "honest_work"})
    assert state["gold"][0] == 6 and (state["wheel"], state["track"]) == (0, 0)
    play(state, 1, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})
    assert (state["wheel"], state["track"]) == (4, 0)
