"""The actions and free moves without a worked example, each built through the public contract
(set-up, moves, a load of an edited dump) and quoting the rule text it checks: buying
reputation, discovering a secret, moving goods, pawns or both, the alternative payments,
abandoned goods, lost characters, the informer and the turncoat, motivating characters."""

from __future__ import annotations

import pytest

from engine.smuggler import GAME
from engine.smuggler.content import CHARACTERS
from tests.engine.playout import assert_refused

from .helpers import edited, play, started
from .test_examples import board_goods, boat_goods


def of_type(state, seat, move_type):
    return [m for m in GAME.legal_moves(state, seat) if m["type"] == move_type]


def hand(d, seat, *cards):
    d["hands"][seat] = list(cards)
    for card in cards:
        d["secrets_deck"].remove(card)


def test_buying_reputation_costs_4_gold_for_1():
    """p.10: « Acheter de la Réputation : Coût : 4 (<O>) (recevez 1 (<R>)) »."""
    state = edited(started(), lambda d: d["gold"].__setitem__(0, 5))
    reputation = state["reputation"][0]
    play(state, 0, {"type": "buy_reputation"})
    assert (state["gold"][0], state["reputation"][0], state["influence"][0]) == (1, reputation + 1, 10)
    assert state["active"] == 1  # it was the action of the turn
    state = edited(state, lambda d: d.update(active=0))
    assert not of_type(state, 0, "buy_reputation")  # 1 gold left
    assert_refused(GAME, state, 0, {"type": "buy_reputation"}, "illegal_move")


def test_discovering_a_secret_draws_one_for_2_influence_or_2_gold():
    """p.11: « Découvrir un Secret : Coût : 2 (<I>) ou 2 (<O>). Lorsqu'il choisit cette action,
    un joueur pioche une nouvelle carte Secrets. »"""
    state = started()
    top = state["secrets_deck"][0]
    events = play(state, 0, {"type": "discover_secret", "pay": "influence"})
    assert state["hands"][0] == [top] and (state["influence"][0], state["gold"][0]) == (8, 13)
    assert [e.to for e in events if e.type == "secret_drawn_privately"] == [frozenset({0})]
    assert all(top not in str(e.to_json()) for e in events if e.visible_to(1))
    play(state, 0, {"type": "end_turn"})  # a secret in hand: he might play it still this turn
    top = state["secrets_deck"][0]
    play(state, 1, {"type": "discover_secret", "pay": "gold"})
    assert state["hands"][1] == [top] and (state["influence"][1], state["gold"][1]) == (10, 11)
    play(state, 1, {"type": "end_turn"})
    # an empty deck: nothing to discover
    state = edited(state, lambda d: d.update(secrets_played=d["secrets_deck"], secrets_deck=[]))
    assert not of_type(state, 2, "discover_secret")
    assert_refused(GAME, state, 2, {"type": "discover_secret", "pay": "gold"}, "illegal_move")


def network(pawns, goods=None):
    def change(d):
        d["pawns"][0] = list(pawns)
        d["officers"][0]["space"] = "helston"  # away from Penzance
        if goods:
            board_goods(d, goods, 0, pawns[0])

    return change


def test_goods_move_one_space_from_one_of_your_pawns_to_another():
    """p.15: « un joueur peut dépenser 1 (<I>) ou 2 (<O>) pour déplacer une forme de marchandise
    d'un de ses pions de réseau vers un autre pion de réseau qui lui appartient »."""
    state = edited(started(), network(["madron", "penzance"], "irish_1"))
    goods = of_type(state, 0, "move_goods")
    assert {(m["to"], m["pay"]) for m in goods if m["shape"] == "irish_1"} == {
        ("penzance", "influence"),
        ("penzance", "gold"),
    }  # not to Ludgvan, St Just, Zennor or St Buryan: no pawn of his there
    assert_refused(
        GAME, state, 0, {"type": "move_goods", "shape": "irish_1", "to": "ludgvan", "pay": "gold"}, "illegal_move"
    )
    play(state, 0, {"type": "move_goods", "shape": "irish_1", "to": "penzance", "pay": "gold"})
    assert state["shapes"]["irish_1"]["space"] == "penzance" and state["gold"][0] == 11
    # his START warehouse could still take them this turn (p.21): he is asked, and declines
    assert GAME.legal_moves(state, 0)[0] == {"type": "end_turn"}
    play(state, 0, {"type": "end_turn"})
    assert state["pawns"][0] == ["madron", "penzance"] and state["active"] == 1


def test_a_pawn_moves_one_space_and_may_leave_the_network():
    """p.13: « Les pions de réseau peuvent être déplacés pour 1 (<I>) ou 2 (<O>) [...] les pions
    de réseau déjà EXISTANT sont libres de se déplacer en dehors du réseau. »"""
    state = edited(started(), network(["madron"]))
    targets = {m["to"] for m in of_type(state, 0, "move_pawn")}
    assert targets == {"st_buryan", "st_just", "zennor", "penzance", "ludgvan"}
    play(state, 0, {"type": "move_pawn", "from": "madron", "to": "zennor", "pay": "influence"})
    assert state["pawns"][0] == ["zennor"] and state["influence"][0] == 9


def test_a_pawn_and_a_shape_on_its_space_move_together_for_3_influence_or_5_gold():
    """p.10: « Déplacer des Marchandises et un pion de réseau d'une case : Coût : 3 (<I>) or 5
    (<O>). Permet de déplacer, à la fois une forme de marchandise et un pion de réseau présents
    dans le même lieu, d'une case. »"""
    state = edited(started(), network(["madron"], "irish_1"))
    both = of_type(state, 0, "move_both")
    assert {m["to"] for m in both} == {"st_buryan", "st_just", "zennor", "penzance", "ludgvan"}
    play(state, 0, {"type": "move_both", "shape": "irish_1", "to": "ludgvan", "pay": "gold"})
    assert state["pawns"][0] == ["ludgvan"] and state["shapes"]["irish_1"]["space"] == "ludgvan"
    assert state["gold"][0] == 13 - 5
    play(state, 0, {"type": "end_turn"})  # not into his warehouse (p.21: he may, after the action)
    # into an unbribed officer's space: the goods are seized
    state = edited(state, lambda d: d.update(active=0) or d["officers"][1].update(space="st_ives"))
    play(state, 0, {"type": "move_both", "shape": "irish_1", "to": "st_ives", "pay": "influence"})
    assert state["influence"][0] == 10 - 3 and state["shapes"]["irish_1"]["where"] == "customs"


def test_gold_replaces_influence_where_the_text_allows_and_nowhere_else():
    """p.10-11: a boat 1 (<I>) ou 3 (<O>); goods or a pawn 1 (<I>) ou 2 (<O>); an officer 4 (<I>)
    ou 6 (<O>); a secret 2 (<I>) ou 2 (<O>); but landing costs 1 (<I>) and buying goods
    « 1 (<I>) + (<O>) »: with no influence, a player can neither land nor buy."""

    def broke(d):
        d["influence"][0] = 0
        d["boats"][0]["space"] = "hayle"
        d["pawns"][0] = ["hayle"]
        boat_goods(d, "irish_4", 0)

    state = edited(started(), broke)
    kinds = {(m["type"], m.get("pay")) for m in GAME.legal_moves(state, 0)}
    for move_type in ("move_boat", "move_pawn", "move_officer", "discover_secret"):
        assert (move_type, "gold") in kinds and (move_type, "influence") not in kinds
    assert not of_type(state, 0, "land") and GAME.move_templates(state, 0) == []
    land = {"type": "land", "shapes": {"irish_4": 1}, "hide": 0, "stash": 0}
    assert_refused(GAME, state, 0, land, "illegal_move")
    play(state, 0, {"type": "move_boat", "to": "st_ives_bay", "pay": "gold"})
    assert state["gold"][0] == 10
    state = edited(state, lambda d: d.update(active=0))
    play(state, 0, {"type": "move_officer", "officer": 1, "to": "zennor", "pay": "gold"})
    assert state["gold"][0] == 4
    at_merchant = edited(state, lambda d: d.update(active=0) or d["boats"][0].update(space="irish"))
    at_merchant = edited(at_merchant, lambda d: d["shapes"]["irish_4"].update(where="sold", owner=None))
    assert not of_type(at_merchant, 0, "buy_goods")


def test_reputation_replaces_influence_for_hiring_and_the_dearer_sale_rows():
    """p.10: « Engager un Personnage : Coût : 1 (<I>) or 2 (<R>) (+ coût sur la carte) » (CONTENT.md);
    p.16: « RANGEE DU MILIEU = 1 (<I>) ou 1 (<R>) »."""

    def rich_in_reputation(d):
        d["reputation"][0], d["influence"][0] = 6, 0
        d["pawns"][0] = ["hayle"]
        board_goods(d, "irish_1", 0, "hayle")

    state = edited(started(), rich_in_reputation)
    card = next(c for c in state["face_up"].values() if c)
    hires = of_type(state, 0, "hire")
    assert hires and {m["pay"] for m in hires} == {"reputation"}
    sells = {(m["row"], m["pay"]) for m in of_type(state, 0, "sell")}
    assert sells == {(0, "none"), (1, "reputation"), (2, "reputation")}
    play(state, 0, {"type": "hire", "card": card, "pay": "reputation"})
    assert state["reputation"][0] == 6 - 2 + CHARACTERS[card]["reputation"] and state["influence"][0] == 0
    state = edited(started(), rich_in_reputation)
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 1, "pay": "reputation"})
    assert state["reputation"][0] == 6 - 1 + 1 and state["gold"][0] == 13 + 6  # size 2, middle row (6, 1)


def test_abandoned_goods_may_be_taken_by_another_players_pawn_on_their_space():
    """p.19: « Toutes les marchandises qui sont laissées sans surveillance (c'est-à-dire sans pion
    de réseau) sont considérées comme des cibles légitimes et elles peuvent être prises par
    n'importe quel autre pion (douanes ou réseau) de ce lieu. »"""

    def left(d):
        board_goods(d, "irish_1", 1, "madron")
        d["pawns"][1] = ["st_just"]
        d["pawns"][0] = ["madron", "ludgvan"]

    state = edited(started(), left)
    events = play(state, 0, {"type": "move_goods", "shape": "irish_1", "to": "ludgvan", "pay": "influence"})
    assert state["shapes"]["irish_1"]["owner"] == 0 and state["shapes"]["irish_1"]["space"] == "ludgvan"
    assert next(e for e in events if e.type == "goods_moved").data["claimed"] is True
    play(state, 0, {"type": "end_turn"})  # his now: his warehouse could take them this turn
    # guarded by its owner's pawn, it is not another's to take
    state = edited(state, lambda d: d.update(active=1) or d["pawns"][1].append("ludgvan"))
    assert not [m for m in GAME.legal_moves(state, 1) if m.get("shape") == "irish_1"]
    assert_refused(
        GAME, state, 1, {"type": "move_goods", "shape": "irish_1", "to": "madron", "pay": "influence"}, "illegal_move"
    )


def test_a_lost_character_takes_its_reputation_a_pawn_and_its_warehouse():
    """p.12: « si un joueur perd une carte personnage pour n'importe quelle raison, ce joueur doit
    aussi défausser les pions de (<R>) correspondants (ainsi que les lieux d'entrepôt
    spécifiquement associés avec ce personnage). Ils doivent aussi retirer un pion de leur pion
    réseau du plateau de jeu. »"""

    def raider(d):
        d["characters"][0] = ["r_pascoe", "u_jack"]  # the Sexton's vestry stands at Breage
        d["pawns"][0] = ["penzance", "breage"]
        d["reputation"][0] = 2
        d["warehouses"]["w_r_pascoe"]["owner"] = 0
        d["shapes"]["irish_0"].update(where="warehouse", owner=0, space="breage", warehouse="w_r_pascoe")
        d["shapes"]["irish_5"].update(where="customs", owner=1)
        d["officers"][0]["bribed_by"] = 0
        d["officers"][2]["space"] = "breage"

    state = edited(started(), raider)
    play(state, 0, {"type": "raid"})
    play(state, 0, {"type": "raid_card", "card": "r_pascoe"})
    assert state["characters"][0] == ["u_jack"] and state["reputation"][0] == 1
    assert state["warehouses"]["w_r_pascoe"]["owner"] == -1
    assert state["shapes"]["irish_0"]["where"] == "customs"  # fell out at Breage, under an officer
    play(state, 0, {"type": "raid_shape", "shape": "irish_5"})
    play(state, 0, {"type": "raid_card", "card": None})  # the raid ends: Jack stays
    assert GAME.to_act(state) == {0} and GAME.view(state, 1)["deciding"] == "remove_pawn"
    play(state, 0, {"type": "remove_pawn", "space": "breage"})
    assert state["pawns"][0] == ["penzance"] and state["active"] == 1


def test_the_informer_takes_a_random_secret_from_a_player_with_one():
    """Secrets (decided, README): « Informer: take one secret at random from another player »;
    p.20: « Les secrets restent cachés jusqu'à ce qu'ils soient joués »."""

    def hands(d):
        hand(d, 0, "informer1")
        hand(d, 1, "favour1", "cove1")

    state = edited(started(), hands)
    assert [m["seat"] for m in of_type(state, 0, "play_informer")] == [1]  # seat 2 has nothing
    events = play(state, 0, {"type": "play_informer", "secret": "informer1", "seat": 1})
    (taken,) = state["hands"][0]
    assert taken in ("favour1", "cove1") and state["hands"][1] == [c for c in ("favour1", "cove1") if c != taken]
    assert "informer1" in state["secrets_played"] and state["active"] == 0  # free, on his turn
    assert [e.to for e in events if e.type == "secret_stolen_privately"] == [frozenset({0, 1})]
    assert all(taken not in str(e.to_json()) for e in events if e.visible_to(2))


def test_the_turncoat_turns_an_officer_bribed_by_another_player():
    """Secrets (decided, README): « Turncoat: an officer bribed by another player is bribed by
    you instead »; p.18: « il appartiendra au nouveau joueur et il ne saisira pas les
    marchandises de ce nouveau joueur »."""

    def bribed(d):
        hand(d, 0, "turncoat1")
        d["officers"][0]["bribed_by"] = 1
        d["officers"][1]["bribed_by"] = 0

    state = edited(started(), bribed)
    assert [m["officer"] for m in of_type(state, 0, "play_turncoat")] == [0]  # not his own, not unbribed
    play(state, 0, {"type": "play_turncoat", "secret": "turncoat1", "officer": 0})
    assert state["officers"][0]["bribed_by"] == 0 and state["active"] == 0
    assert not of_type(state, 0, "play_turncoat")


def test_motivating_a_character_uses_its_ability_once_a_round_for_its_cost():
    """p.12: « Pour le faire, payez le coût et retournez la carte personnage face cachée pour
    montrer qu'elle a été encouragée. » The abilities (decided, README): the shipwright moves
    your boat (free), the carter your goods (1 gold), the constable an officer (3 influence),
    the almoner finds a secret (free, p.20)."""

    def crew(d):
        d["characters"][0] = ["c_peters", "u_harry", "o_tregear", "r_morwenna"]
        d["pawns"][0] = ["madron", "ludgvan"]
        board_goods(d, "irish_1", 0, "madron")

    state = edited(started(), crew)
    boat = state["boats"][0]["space"]
    to = of_type(state, 0, "motivate_boat")[0]["to"]
    play(state, 0, {"type": "motivate_boat", "card": "c_peters", "to": to})
    assert state["boats"][0]["space"] == to != boat and (state["gold"][0], state["influence"][0]) == (13, 10)
    play(state, 0, {"type": "motivate_goods", "card": "u_harry", "shape": "irish_1", "to": "ludgvan"})
    assert state["shapes"]["irish_1"]["space"] == "ludgvan" and state["gold"][0] == 12
    play(state, 0, {"type": "motivate_officer", "card": "o_tregear", "officer": 1, "to": "zennor"})
    assert state["officers"][1]["space"] == "zennor" and state["influence"][0] == 7
    top = state["secrets_deck"][0]
    play(state, 0, {"type": "motivate_secret", "card": "r_morwenna"})
    assert state["hands"][0] == [top] and state["influence"][0] == 7
    assert state["active"] == 0  # free: the turn's action is still to come
    assert sorted(state["motivated"]) == ["c_peters", "o_tregear", "r_morwenna", "u_harry"]
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"].startswith("motivate")]
    assert_refused(GAME, state, 0, {"type": "motivate_secret", "card": "r_morwenna"}, "illegal_move")


def test_the_turncoat_makes_the_officer_seize_the_former_bribers_goods_there():
    """p.18: once he belongs to the new player, « Les douaniers qui n'ont pas été soudoyés par ce
    joueur saisissent TOUTES les formes de marchandises quand elles partagent la même case »."""

    def bribed(d):
        hand(d, 0, "turncoat1")
        d["officers"][0]["bribed_by"] = 1  # at Penzance
        board_goods(d, "irish_1", 1, "penzance")
        board_goods(d, "irish_2", 0, "penzance")

    state = edited(started(), bribed)
    events = play(state, 0, {"type": "play_turncoat", "secret": "turncoat1", "officer": 0})
    assert state["shapes"]["irish_1"]["where"] == "customs" and state["shapes"]["irish_2"]["where"] == "board"
    assert [e.data["shape"] for e in events if e.type == "goods_seized"] == ["irish_1"]


SECRET_FINDERS = [cid for cid, info in CHARACTERS.items() if info.get("ability", {}).get("kind") == "secret"]


@pytest.mark.parametrize("card", SECRET_FINDERS)
def test_a_character_finds_a_secret_at_no_cost(card):
    """p.20: « Les cartes Secrets peuvent aussi être récupérées (sans aucun coût) par le biais de
    certains personnages. » The almoner and the excise clerk each cost 1 influence to motivate: a
    player with no influence and no gold could not use them, and one with influence paid it."""

    def broke(d):
        d["characters"][0] = [card]
        d["influence"][0], d["gold"][0] = 0, 0
        d["ledger"]["influence"][0][1], d["ledger"]["gold"][0][1] = 10, 13

    state = edited(started(), broke)
    top, reputation = state["secrets_deck"][0], state["reputation"][0]
    play(state, 0, {"type": "motivate_secret", "card": card})
    assert state["hands"][0] == [top]
    assert (state["gold"][0], state["influence"][0], state["reputation"][0]) == (0, 0, reputation)
    assert card in state["motivated"] and state["active"] == 0  # once a round; the action is still to come


def test_boats_and_network_pawns_may_share_a_space():
    """p.10: « Plusieurs bateaux peuvent occuper la même case. » « Plusieurs pions de réseau
    peuvent occuper la même case. » Seat 0 sails onto seat 1's boat and walks a pawn onto its own
    other pawn's space and onto seat 1's."""

    def crowded(d):
        d["boats"][0]["space"], d["boats"][1]["space"] = "mounts_bay_west", "mounts_bay"
        d["pawns"][0], d["pawns"][1] = ["madron", "ludgvan"], ["zennor"]
        d["characters"][0].append("c_annie")

    state = edited(started(), crowded)
    play(state, 0, {"type": "move_boat", "to": "mounts_bay", "pay": "influence"})
    assert state["boats"][0]["space"] == state["boats"][1]["space"] == "mounts_bay"
    state = edited(state, lambda d: d.update(active=0))
    play(state, 0, {"type": "move_pawn", "from": "ludgvan", "to": "madron", "pay": "influence"})
    state = edited(state, lambda d: d.update(active=0))
    play(state, 0, {"type": "move_pawn", "from": "madron", "to": "zennor", "pay": "influence"})
    assert sorted(state["pawns"][0]) == ["madron", "zennor"] and state["pawns"][1] == ["zennor"]
