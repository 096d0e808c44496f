"""The rules audits of 2026-11-27 and 2026-11-28 (the French text read end to end against the
engine): rules the engine kept but no test checked, and readings the text leaves open that the
engine had chosen without the README saying so (README, the checklist's « decided »). Each test
quotes its text."""

from __future__ import annotations

from engine.smuggler import GAME
from tests.engine.playout import assert_refused

from .helpers import edited, play, started
from .test_examples import board_goods, boat_goods, bob_at_gwithian, landing_seat_2_may_tip_off


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
        landing_seat_2_may_tip_off(d)
        d["passed"] = [False, False, True]

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


def test_a_port_that_is_a_village_lands_goods_but_sells_none():
    """p.15: « Les marchandises ne peuvent être vendues que dans des villes qui sont assez grandes
    (les villes qui affichent un nombre). Les lieux qui n'ont pas de nombre sont des villages ou
    des hameaux. Aucune marchandise ne peut y être vendue. » Decided (README): « vendre des
    marchandises dans les ports » means the ports that are towns; Mousehole is a village."""

    def mousehole(d):
        d["boats"][0].update(space="mousehole", hold="brig")
        d["pawns"][0] = ["mousehole"]
        d["officers"][0]["space"] = "helston"
        boat_goods(d, "irish_1", 0)

    state = edited(started(), mousehole)
    play(state, 0, {"type": "land", "shapes": {"irish_1": 1}, "hide": 0, "stash": 0})
    assert state["shapes"]["irish_1"] == {"where": "board", "owner": 0, "space": "mousehole", "warehouse": None}
    state = edited(state, lambda d: d.update(active=0))
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "sell"]
    assert_refused(GAME, state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"}, "illegal_move")


def test_the_poorest_player_is_counted_once_the_sale_has_paid():
    """p.14: the officers « sont déplacés par le joueur qui a le moins d'Or »; the quick reference
    (p.28) sells in this order: « 1. Choisir le prix 2. Payer le coût 3. Déplacer les douanes ».
    Decided (README): the poorest is counted when the choice comes, the seller's gold paid: seat 0,
    the poorest before its sale (2 gold), has 6 after it, and seat 1 (5 gold) chooses."""

    def eve(d):
        d["pawns"][0] = ["penzance"]
        board_goods(d, "irish_1", 0, "penzance")  # an I2: 4 gold on the top row
        for officer, space in zip(d["officers"], ["madron", "ludgvan", "marazion"]):
            officer["space"] = space  # three officers a step from Penzance
        d["gold"] = [2, 5, 9]

    state = edited(started(), eve)
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})
    assert state["gold"][0] == 6 and GAME.to_act(state) == {1}
    assert GAME.view(state, None)["deciding"] == "choose_officer"


def test_with_the_secrets_deck_short_a_sale_gives_its_cards_in_seat_order():
    """p.17: « tous les autres joueurs piochent une carte Secrets »; the text does not say in which
    order when the deck cannot give one to each. Decided (README): seat order, the seller left out:
    seat 1 sells with one card left, and seat 0 draws it, not seat 2."""

    def seller(d):
        d["active"] = 1
        d["pawns"][1] = ["north"]
        board_goods(d, "irish_0", 1, "north")
        d["officers"][0]["space"] = "helston"
        d["secrets_played"] = d["secrets_deck"][1:]
        d["secrets_deck"] = d["secrets_deck"][:1]

    state = edited(started(), seller)
    (last,) = state["secrets_deck"]
    play(state, 1, {"type": "sell", "shape": "irish_0", "row": 0, "pay": "none"})
    assert state["hands"] == [[last], [], []]


def test_goods_go_into_or_out_of_a_warehouse_where_their_owner_has_a_pawn():
    """p.21: « Faire rentrer ou sortir des formes de marchandises d'un entrepôt est gratuit [...] à
    n'importe quel moment pendant le tour d'un joueur »; the text names no other condition.
    Decided (README): the owner's network pawn on the space, as for every other thing done with
    goods on land (p.5: the characters are the network « qui va permettre à chaque joueur de faire
    rentrer dans le port, de déplacer, de cacher et de vendre ses marchandises »); goods without
    it are abandoned (p.19). Seat 0's pawn left Madron: its goods there stay out (and those in
    the crypt stay in) while no pawn of its is there."""

    def away(d):
        d["characters"][0].append("r_trewin")
        d["warehouses"]["w_r_trewin"]["owner"] = 0  # the church crypt at Madron
        d["pawns"][0] = ["ludgvan", "zennor"]
        board_goods(d, "irish_0", 0, "madron")  # a keg, abandoned
        d["shapes"]["irish_1"].update(where="warehouse", owner=0, space="madron", warehouse="w_r_trewin")
        d["officers"][0]["space"] = "helston"

    state = edited(started(), away)
    listed = {m["type"] for m in GAME.legal_moves(state, 0)}
    assert not listed & {"stash", "unstash"}
    assert_refused(GAME, state, 0, {"type": "stash", "shape": "irish_0", "warehouse": "w_r_trewin"}, "illegal_move")
    assert_refused(GAME, state, 0, {"type": "unstash", "shape": "irish_1"}, "illegal_move")
    state = edited(state, lambda d: d["pawns"][0].append("madron"))  # a pawn of seat 0 back at Madron
    assert {"type": "stash", "shape": "irish_0", "warehouse": "w_r_trewin"} in GAME.legal_moves(state, 0)
    assert {"type": "unstash", "shape": "irish_1"} in GAME.legal_moves(state, 0)


def test_an_officer_seizes_the_goods_he_only_passes_on_his_way_to_a_landing():
    """p.18: « Les douaniers qui n'ont pas été soudoyés par ce joueur saisissent TOUTES les formes de
    marchandises quand elles partagent la même case (peu importe si c'était brièvement) » (p.26 the
    same: « que ce soit brièvement ou pas »). Bob's landing at Gwithian (p.15) brings the Lelant
    officer two steps, through Hayle, where seat 1 left a shape: seized on the way."""

    def seat_1_at_hayle(d):
        bob_at_gwithian(d)
        d["pawns"][1] = ["hayle"]
        board_goods(d, "dutch_0", 1, "hayle")

    state = edited(started(), seat_1_at_hayle)
    play(state, 0, {"type": "land", "shapes": {"irish_1": 1, "irish_3": 1, "irish_5": 1}, "hide": 0, "stash": 0})
    assert state["officers"][1]["space"] == "gwithian"
    assert state["shapes"]["dutch_0"]["where"] == "customs"
