"""The round's frame, each rule built through the public contract and quoting its text: the
start of a round, the end on the customs track, and the tie order for choices."""

from __future__ import annotations

import pytest

from engine.smuggler import GAME
from engine.smuggler.content import CHARACTERS, DECKS, TRACK_END

from .helpers import edited, play, started
from .test_examples import board_goods, others_passed


def test_a_round_starts_with_new_characters_influence_from_reputation_and_cards_turned_back():
    """p.3: « Défaussez les personnages faces visibles qui n'ont pas été engagés et révélez-en de
    nouveaux. » « Chaque joueur gagne de l'influence (<I>) égal au total de la réputation (<R>)
    qu'ils ont. A ce moment du jeu, certains personnages donnent de l'influence (<I>)
    supplémentaire. » « Toutes les cartes qui ont été tournées faces cachées (Motivées) pendant
    le tour précédent doivent être à nouveau retournées faces visibles. »"""

    def end_of_round(d):
        others_passed(d)
        d["characters"] = [["r_hosking", "r_morwenna"], ["c_annie"], ["u_jack"]]  # the preacher: +1 influence
        d["reputation"] = [6, 2, 0]
        d["influence"] = [3, 4, 5]
        d["motivated"] = ["r_morwenna"]

    state = edited(started(), end_of_round)
    unhired = dict(state["face_up"])
    tops = {deck: state["decks"][deck][0] for deck in DECKS}
    events = play(state, 0, {"type": "pass"})
    assert state["round"] == 2
    assert sorted(state["discarded"]) == sorted(unhired.values())
    assert state["face_up"] == tops
    assert [e.data["card"] for e in events if e.type == "character_revealed"] == [tops[d] for d in DECKS]
    assert state["influence"] == [3 + 6 + 1, 4 + 2, 5 + 0]
    assert state["motivated"] == [] and state["passed"] == [False] * 3
    state = edited(state, lambda d: d.update(active=0))
    assert {"type": "motivate_secret", "card": "r_morwenna"} in GAME.legal_moves(state, 0)


def near_the_end(d):
    end = TRACK_END[d["players"]]  # the last step at this table
    d["track"], d["wheel"] = end - 1, 8 * (end - 1) + 7  # one gold short of START
    for officer, space in zip(d["officers"], ["sennen", "hayle", "st_just", "mousehole", "st_levan"]):
        officer["space"] = space  # Hayle, two steps away (by Gwithian only), is the nearest to the North
    d["pawns"][0] = ["north"]
    board_goods(d, "irish_0", 0, "north")  # a keg: 2 gold on the top row


def test_the_customs_track_at_its_end_finishes_the_round_then_gold_plus_reputation_scores():
    """p.2: « Le pion de la douane a atteint la fin de la piste de la douane. Lorsqu'un de ces
    événements se produit, les joueurs ont jusqu'à la FIN de ce TOUR pour dépenser leurs
    ressources restantes [...], après quoi la partie se termine. » « le trafiquant qui aura le
    score le PLUS ELEVE (Or + Réputation) l'emportera »."""
    state = edited(started(), near_the_end)
    events = play(state, 0, {"type": "sell", "shape": "irish_0", "row": 0, "pay": "none"})
    assert state["track"] == TRACK_END[3] and state["ending"] == "customs_track"
    assert any(e.type == "end_triggered" for e in events) and GAME.outcome(state) is None
    # the round goes on: seat 1 still spends its gold, then everyone passes
    assert GAME.to_act(state) == {1}
    play(state, 1, {"type": "buy_reputation"})
    play(state, 1, {"type": "end_turn"})  # the secret the sale gave him could still be played
    for seat in (2, 0, 1):
        assert GAME.to_act(state) == {seat}
        play(state, seat, {"type": "pass"})
    outcome = GAME.outcome(state)
    assert outcome is not None and not GAME.to_act(state) and state["round"] == 1
    assert outcome.scores == [state["gold"][s] + state["reputation"][s] for s in range(3)]
    assert GAME.view(state, None)["phase"] == "over"


def sale_at_penzance(gold, reputation, characters, first=0):
    """Eve's sale (p.19): three officers one step from Penzance, the poorest player chooses."""

    def change(d):
        d["pawns"][0] = ["penzance"]
        board_goods(d, "irish_1", 0, "penzance")
        for officer, space in zip(d["officers"], ["madron", "ludgvan", "marazion"]):
            officer["space"] = space
        d["gold"], d["reputation"], d["first"] = list(gold), list(reputation), first
        d["characters"] = [list(CHARACTERS)[:count] for count in characters]

    state = edited(started(), change)
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})
    (chooser,) = GAME.to_act(state)
    assert GAME.view(state, None)["deciding"] == "choose_officer"
    return chooser


@pytest.mark.parametrize(
    ("gold", "reputation", "characters", "first", "chooser"),
    [
        ([30, 5, 6], [0, 9, 0], [1, 1, 1], 0, 1),  # least gold (after the sale: 34, 5, 6)
        ([30, 5, 5], [0, 3, 2], [1, 1, 1], 0, 2),  # then least reputation
        ([30, 5, 5], [0, 2, 2], [1, 2, 1], 0, 2),  # then fewest characters
        ([30, 5, 5], [0, 2, 2], [1, 1, 1], 2, 2),  # then the first player
        ([30, 5, 5], [0, 2, 2], [1, 1, 1], 1, 1),
        ([30, 5, 5], [0, 2, 2], [1, 1, 1], 0, 1),  # the first player not tied: round the table from him
    ],
)
def test_ties_for_choices_go_to_least_gold_then_least_reputation_fewest_characters_first_player(
    gold, reputation, characters, first, chooser
):
    """p.21: « la personne qui a le moins d'(<O>) choisira. Si plusieurs joueurs ont le même
    niveau d'(<O>), alors le joueur qui a la plus petite (<R>) choisit. S'il y a toujours égalité
    alors le joueur qui a le moins de personnages choisit et enfin s'il y a encore égalité alors
    le premier joueur choisit. »"""
    assert sale_at_penzance(gold, reputation, characters, first) == chooser
