"""Rules a review found reached only by the random playouts, one focused test each, built through
the public contract (set-up, moves, a load of an edited dump) and quoting the text it checks:
placing a hired pawn anywhere (the card says so, or only Scilly pawns), John Carter's cove, an
empty character deck, the set-up's boats, leftover START warehouses and the character put back,
the discovery level and bribe cost further along the customs track, the track's end at 2, 4
and 5 players and the round cap, a sale with the secrets deck empty, Eddy Jenkin paid in gold.

The customs track and its ends are decided numbers (README, "Content": « discovery
7,7,7,6,6,6,5,5,5,5,4,4,4 [...], bribe 2,2,3,3,3,4,4,4,4,5,5,5,5 gold »; « 8 with 2 players,
10 with 3, 11 with 4, 12 with 5 »; the 12-round cap, « Departure from the rules »): they are
written out here from the README, not read from the engine's tables."""

from __future__ import annotations

import pytest

from engine.smuggler import GAME
from engine.smuggler.content import CHARACTERS, DECK_OF, LAND, MERCHANTS, SEA, START_WAREHOUSES
from tests.engine.playout import assert_refused

from .helpers import edited, face_up, no_hidden_card_in_views, play, started
from .test_examples import board_goods, boat_goods, others_passed

DISCOVERY = [7, 7, 7, 6, 6, 6, 5, 5, 5, 5, 4, 4, 4]  # README, by track step
BRIBE = [2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]  # README, gold, by track step
MADRON_PLACEMENTS = {"st_buryan", "st_just", "zennor", "penzance", "ludgvan", "scilly"}  # its neighbours + Scilly


def of_type(state, seat, move_type):
    return [m for m in GAME.legal_moves(state, seat) if m["type"] == move_type]


def track_at(step):
    """The customs marker on `step` (the golden wheel at START that many times), the officers
    waiting on steps up to it on the board, far from the south and north coasts' ports."""

    def change(d):
        d["track"], d["wheel"] = step, 8 * step
        for officer, space in zip(d["officers"][2:], ["sennen", "st_levan", "porthleven"]):
            if officer["step"] <= step:
                officer["space"] = space

    return change


def placements_after_hiring(state, seat, card):
    """The spaces offered for the new pawn once `card` is hired (on a copy)."""
    copy = GAME.load(GAME.dump(state))
    play(copy, seat, {"type": "hire", "card": card, "pay": "influence"})
    assert GAME.to_act(copy) == {seat} and GAME.view(copy, None)["deciding"] == "place_pawn"
    return {m["space"] for m in GAME.legal_moves(copy, seat)}, copy


# --- 1. hiring: the new pawn anywhere ---------------------------------------------------------
def test_a_card_that_says_so_places_its_pawn_anywhere():
    """p.12: « Les joueurs doivent placer le nouveau pion réseau dans un lieu qui est connecté à
    leur réseau existant, à moins que la carte personnage ne mentionne autre chose »; p.13:
    « (à moins que la carte personnage ne dise autre chose) ». Ned Kitto, the wrecker, says so
    (content: `anywhere`): from a network at Madron his pawn may go to Porthleven, To the North
    or Gwithian, far from it; another card hired from the same table may not."""

    def network(d):
        d["pawns"][0] = ["madron"]
        face_up(d, "u_kitto")
        face_up(d, "o_harbour")

    state = edited(started(), network)
    assert CHARACTERS["u_kitto"].get("anywhere") is True
    normal, _ = placements_after_hiring(state, 0, "o_harbour")
    assert normal == MADRON_PLACEMENTS
    anywhere, hired = placements_after_hiring(state, 0, "u_kitto")
    assert anywhere >= set(LAND) - {"madron"}
    assert {"porthleven", "north", "gwithian", "prussia_cove"} <= anywhere - normal
    play(hired, 0, {"type": "place_pawn", "space": "porthleven"})
    assert sorted(hired["pawns"][0]) == ["madron", "porthleven"]


def test_a_player_whose_pawns_are_all_on_scilly_places_the_next_one_anywhere():
    """p.21: « Si elles sont choisies comme lieu de départ, alors les joueurs peuvent choisir
    l'endroit où ils veulent placer leur prochain pion de réseau »; p.12: « ou qu'il soit placé
    sur l'île de Scilly (voir p21) ». Only Scilly pawns: every land space; one pawn on the
    mainland (Madron): its neighbours and Scilly only."""
    islander = edited(started(), lambda d: (d["pawns"].__setitem__(0, ["scilly"]), face_up(d, "o_harbour")))
    spaces, hired = placements_after_hiring(islander, 0, "o_harbour")
    assert spaces == set(LAND)
    play(hired, 0, {"type": "place_pawn", "space": "helston"})  # nowhere near Scilly
    assert sorted(hired["pawns"][0]) == ["helston", "scilly"]

    def mainland(d):
        d["pawns"][0] = ["scilly", "madron"]
        d["characters"][0].append("o_penrose")
        face_up(d, "o_harbour")

    spaces, _ = placements_after_hiring(edited(started(), mainland), 0, "o_harbour")
    assert spaces == MADRON_PLACEMENTS


# --- 2. a cove opened by a character ----------------------------------------------------------
def test_john_carter_opens_prussia_cove_without_a_secret():
    """p.6: « Les bateaux peuvent seulement y débarquer des formes de marchandises si le joueur
    possède la carte adéquate »; p.14: « les joueurs auront besoin d'une carte spéciale pour
    pouvoir y accéder ». John Carter, King of Prussia Cove (README: « John and Harry Carter of
    Prussia Cove »), is such a card: hired, his cove is open, no Smugglers' path played, and
    only that cove."""

    def at_the_cove(d):
        others_passed(d)
        d["boats"][0]["space"] = "prussia_cove"
        d["pawns"][0] = ["prussia_cove"]
        boat_goods(d, "irish_1", 0)  # an I2: risk 0 + 2, far below the discovery level
        face_up(d, "c_carter")

    state = edited(started(), at_the_cove)
    land = {"type": "land", "shapes": {"irish_1": 1}, "hide": 0, "stash": 0}
    assert GAME.move_templates(state, 0) == [] and not of_type(state, 0, "land")
    assert_refused(GAME, state, 0, land, "illegal_move")
    play(state, 0, {"type": "hire", "card": "c_carter", "pay": "influence"})
    play(state, 0, {"type": "place_pawn", "space": "breage"})
    assert GAME.to_act(state) == {0} and state["active"] == 0  # the others have passed: his turn again
    assert GAME.view(state, 1)["players"][0]["open_coves"] == ["prussia_cove"]  # not Gwithian, not Porthcurno
    assert state["coves_open"][0] == [] and state["secrets_played"] == []
    assert GAME.move_templates(state, 0) and of_type(state, 0, "land")
    play(state, 0, land)
    assert state["shapes"]["irish_1"] == {"where": "board", "owner": 0, "space": "prussia_cove", "warehouse": None}
    assert state["influence"][0] == 10 - 1 - 1  # the hire, the landing


# --- 3. an empty character deck ---------------------------------------------------------------
def test_an_empty_deck_hires_no_more_characters_of_its_kind():
    """p.12: « A chaque fois qu'un personnage est engagé, retournez une nouvelle carte face
    visible. S'il ne reste plus de cartes dans la pile, alors plus aucun personnage de cette
    sorte ne pourra être engagé. » The commerce deck is empty: its last face-up card hired,
    nothing replaces it, this round or the next; the other decks go on."""

    def last_merchant(d):
        others_passed(d)
        face_up(d, "c_carter")
        d["discarded"] += d["decks"]["commerce"]
        d["decks"]["commerce"] = []

    state = edited(started(), last_merchant)
    play(state, 0, {"type": "hire", "card": "c_carter", "pay": "influence"})
    assert state["face_up"]["commerce"] is None and GAME.view(state, 1)["deck_sizes"]["commerce"] == 0
    play(state, 0, GAME.legal_moves(state, 0)[0])  # his pawn
    assert state["active"] == 0
    hires = {m["card"] for m in of_type(state, 0, "hire")}
    assert hires and not any(DECK_OF[c] == "commerce" for c in hires)
    assert_refused(GAME, state, 0, {"type": "hire", "card": "c_annie", "pay": "influence"}, "illegal_move")
    tops = {deck: state["decks"][deck][0] for deck in ("religious", "unskilled", "officials")}
    play(state, 0, {"type": "pass"})  # a new round: unhired cards discarded, the next revealed
    assert state["round"] == 2 and state["face_up"] == {**tops, "commerce": None}
    state = edited(state, lambda d: d.update(active=0))
    assert {DECK_OF[m["card"]] for m in of_type(state, 0, "hire")} <= {"religious", "unskilled", "officials"}


# --- 4. set-up: boats, leftover warehouses, the character put back ----------------------------
def set_up_until(state, move_type):
    """Plays the set-up, every choice the first one listed, until `move_type` is asked."""
    while GAME.view(state, None)["deciding"] != move_type:
        seat = next(iter(GAME.to_act(state)))
        play(state, seat, GAME.legal_moves(state, seat)[0])
    (seat,) = GAME.to_act(state)
    return seat


def test_boats_start_on_a_sea_or_merchant_space():
    """p.8, set-up 16: « En commençant par le premier joueur, chaque joueur place un pion bateau
    sur une case de mer ou sur une case marchand. » Offered: the sea areas and the three
    merchants, not a port, a cove or any land space (README: « each boat on a sea or merchant
    space »). A boat put at a merchant may buy there on the first turn."""
    state = GAME.setup(3, {}, 7)
    for expected in (0, 1, 2):  # from the first player, clockwise
        seat = set_up_until(state, "place_boat")
        assert seat == expected
        offered = {m["space"] for m in GAME.legal_moves(state, seat)}
        assert offered == set(SEA) | set(MERCHANTS)
        assert not offered & set(LAND)  # no port (Penzance, St Ives...), no cove, no town
        assert_refused(GAME, state, seat, {"type": "place_boat", "space": "penzance"})
        assert_refused(GAME, state, seat, {"type": "place_boat", "space": "gwithian"})
        play(state, seat, {"type": "place_boat", "space": ["irish", "sea_cape", "dutch"][seat]})
    assert [b["space"] for b in state["boats"]] == ["irish", "sea_cape", "dutch"]
    assert state["phase"] == "play" and of_type(state, 0, "buy_goods")


@pytest.mark.parametrize("players", [2, 5])
def test_start_warehouses_left_after_the_draft_are_discarded(players):
    """p.8, set-up 12: « Donnez toutes les cartes entrepôt marquées 'START' au dernier joueur [...]
    Il en choisit une et passe les cartes restantes dans le sens antihoraire [...]. Défaussez les
    cartes restantes. » Six START cards (README): each player keeps one, the rest belong to
    nobody for the whole game; goods on the board are offered only their owner's warehouse."""
    state = GAME.setup(players, {}, 3)
    seat = set_up_until(state, "choose_warehouse")
    assert seat == players - 1 and len(GAME.legal_moves(state, seat)) == len(START_WAREHOUSES) == 6
    while state["phase"] == "setup":
        seat = next(iter(GAME.to_act(state)))
        play(state, seat, GAME.legal_moves(state, seat)[-1])
    owners = [state["warehouses"][w]["owner"] for w in START_WAREHOUSES]
    assert sorted(o for o in owners if o != -1) == list(range(players))
    assert owners.count(-1) == 6 - players  # discarded
    mine = next(w for w in START_WAREHOUSES if state["warehouses"][w]["owner"] == 0)

    def goods(d):
        d["pawns"][0] = ["madron"]
        board_goods(d, "irish_0", 0, "madron")  # a keg fits every START card

    state = edited(state, goods)
    assert of_type(state, 0, "stash") == [{"type": "stash", "shape": "irish_0", "warehouse": mine}]
    discarded = next(w for w, o in zip(START_WAREHOUSES, owners) if o == -1)
    assert_refused(GAME, state, 0, {"type": "stash", "shape": "irish_0", "warehouse": discarded}, "illegal_move")
    for _ in range(players):  # a round later, still nobody's
        play(state, state["active"], {"type": "pass"})
    assert state["round"] == 2
    assert [state["warehouses"][w]["owner"] for w in START_WAREHOUSES] == owners


def test_the_character_not_kept_goes_face_down_under_its_deck():
    """p.8, set-up 13: « chaque joueur pioche deux cartes personnage faces cachées (elles peuvent
    être prises dans différentes piles), choisissez en une que vous gardez et placez l'autre face
    cachée sous la pile personnage correspondante. » Seat 0 draws a religious and an official
    card and keeps the religious one: the official goes to the bottom of the officials' deck,
    unseen by the others, and is not the card revealed when play starts."""
    state = GAME.setup(3, {}, 5)
    set_up_until(state, "draw_characters")
    tops = state["decks"]["religious"][0], state["decks"]["officials"][0]
    officials = len(state["decks"]["officials"])
    play(state, 0, {"type": "draw_characters", "decks": ["religious", "officials"]})
    assert tuple(state["setup_draw"][0]) == tops  # the top card of each deck chosen
    kept, back = tops
    play(state, 0, {"type": "keep_character", "card": kept})
    assert state["characters"][0] == [kept] and state["reputation"][0] == CHARACTERS[kept]["reputation"]
    assert state["decks"]["officials"][-1] == back and len(state["decks"]["officials"]) == officials
    no_hidden_card_in_views(GAME, state)  # face down: only in the deck, named by no view
    assert GAME.view(state, 0)["players"][0]["setup_draw"] == []
    while state["phase"] == "setup":
        seat = next(iter(GAME.to_act(state)))
        play(state, seat, GAME.legal_moves(state, seat)[0])
    assert state["face_up"]["officials"] != back and state["decks"]["officials"][-1] == back
    assert all(back not in owned for owned in state["characters"])


# --- 5. the discovery level and the bribe cost along the track --------------------------------
def landing_at_hayle(d):
    """Seat 0 lands an I3 at Hayle (risk 4): risk 7. The St Ives officer two steps away (by
    Lelant), the Penzance one three (by Ludgvan and St Erth)."""
    d["boats"][0]["space"] = "hayle"
    d["pawns"][0] = ["hayle"]
    boat_goods(d, "irish_4", 0)


@pytest.mark.parametrize(
    ("step", "moves", "st_ives_officer", "penzance_officer", "seized"),
    [
        (2, 0, "st_ives", "penzance", False),  # discovery 7: unnoticed (as Alice, p.15)
        (3, 1, "lelant", "penzance", False),  # discovery 6: one step
        (6, 2, "hayle", "penzance", True),  # discovery 5: he arrives and seizes
        (10, 3, "hayle", "ludgvan", True),  # discovery 4: the next nearest moves with the point left
    ],
)
def test_the_discovery_level_falls_as_the_customs_track_advances(
    step, moves, st_ives_officer, penzance_officer, seized
):
    """p.14: « Si le risque de débarquement est plus grand que le niveau de découverte, alors
    l'officier des douanes le plus proche se déplacera d'une case vers ce lieu et ce pour chaque
    point qui dépassera le niveau de découverte. » « Le niveau de découverte en cours est inscrit
    sur le plateau de jeu »: the track's (README). The same landing, risk 7, further along."""
    state = edited(started(), lambda d: (track_at(step)(d), landing_at_hayle(d)))
    assert GAME.view(state, 1)["customs"]["discovery"] == DISCOVERY[step]
    events = play(state, 0, {"type": "land", "shapes": {"irish_4": 1}, "hide": 0, "stash": 0})
    assert next(e for e in events if e.type == "landing_risk").data == {
        "seat": 0,
        "space": "hayle",
        "risk": 7,
        "moves": moves,
    }
    assert (state["officers"][1]["space"], state["officers"][0]["space"]) == (st_ives_officer, penzance_officer)
    assert state["shapes"]["irish_4"]["where"] == ("customs" if seized else "board")


@pytest.mark.parametrize("step", [0, 2, 5, 9, 12])
def test_the_bribe_cost_is_the_one_beside_the_tracks_step(step):
    """p.18: « Les joueurs peuvent soudoyer les douaniers en payant le coût en cours indiqué sur
    la piste des douanes. » « Le coût du pot-de-vin se trouve à côté du niveau de découverte. »
    « Si un douanier a déjà été soudoyé par un autre joueur, alors le coût du pot-de-vin sera
    augmenté de 1 (<O>) par rapport au prix affiché. » One gold short, no bribe."""
    cost = BRIBE[step]

    def at_penzance(gold, held_by=None):
        def change(d):
            track_at(step)(d)
            d["pawns"][0] = ["penzance"]
            d["gold"][0] = gold
            d["officers"][0]["bribed_by"] = held_by

        return change

    state = edited(started(), at_penzance(cost - 1))
    assert GAME.view(state, 0)["customs"]["bribe"] == cost
    assert not of_type(state, 0, "bribe")
    assert_refused(GAME, state, 0, {"type": "bribe", "officer": 0}, "illegal_move")
    state = edited(started(), at_penzance(cost))
    play(state, 0, {"type": "bribe", "officer": 0})
    assert state["officers"][0]["bribed_by"] == 0 and (state["gold"][0], state["influence"][0]) == (0, 9)
    held = edited(started(), at_penzance(cost, held_by=1))
    assert not of_type(held, 0, "bribe")  # held by another: one gold more
    held = edited(started(), at_penzance(cost + 1, held_by=1))
    play(held, 0, {"type": "bribe", "officer": 0})
    assert held["officers"][0]["bribed_by"] == 0 and held["gold"][0] == 0


def test_a_sale_moving_the_track_on_makes_the_next_landing_riskier():
    """p.17: « Lorsque le pion doré des douanes atteint ou passe sur 'START', avancez le pion des
    douanes d'une case sur la piste des douanes. » At step 2 (discovery 7) a sale reaches START:
    step 3, discovery 6 (README). Seat 1's landing of risk 7 at Hayle, safe a moment before, now
    moves the officer at Lelant onto the beach, who seizes the goods (p.14)."""

    def table(d):
        track_at(2)(d)
        d["wheel"] = 8 * 2 + 6  # two gold short of START
        d["officers"][2]["space"] = "helston"  # one step from the North: he answers the sale
        d["officers"][1]["space"] = "lelant"  # one step from Hayle
        d["pawns"][0] = ["north"]
        board_goods(d, "irish_0", 0, "north")  # a keg: 2 gold on the top row
        d["boats"][1]["space"] = "hayle"
        d["pawns"][1] = ["hayle"]
        boat_goods(d, "irish_4", 1)  # an I3: Hayle 4 + 3 = 7
        d["secrets_deck"] = sorted(d["secrets_deck"], key=lambda c: not c.startswith("favour"))

    state = edited(started(), table)
    assert GAME.view(state, None)["customs"]["discovery"] == 7  # the landing would be unnoticed
    play(state, 0, {"type": "sell", "shape": "irish_0", "row": 0, "pay": "none"})
    assert state["track"] == 3 and GAME.view(state, None)["customs"]["discovery"] == 6
    assert state["officers"][2]["space"] == "north"
    assert GAME.to_act(state) == {1} and state["active"] == 1
    play(state, 1, {"type": "land", "shapes": {"irish_4": 1}, "hide": 0, "stash": 0})
    assert GAME.to_act(state) == {2}  # seat 2 drew a secret at the sale: its tip-off window
    events = play(state, 2, {"type": "tipoff", "play": False})
    assert next(e for e in events if e.type == "landing_risk").data["moves"] == 1
    assert state["officers"][1]["space"] == "hayle" and state["shapes"]["irish_4"]["where"] == "customs"


# --- 6. the end of the track by the number of players, and the round cap ----------------------
def sale_at_the_north(step):
    def change(d):
        others_passed(d)
        track_at(step)(d)
        d["wheel"] = 8 * step + 7  # one gold short of START
        for officer, space in zip(d["officers"], ["sennen", "hayle", "st_just", "mousehole", "st_levan"]):
            officer["space"] = space  # Hayle, two steps away, the nearest to the North
        d["pawns"][0] = ["north"]
        board_goods(d, "irish_0", 0, "north")  # a keg: 2 gold on the top row

    return change


@pytest.mark.parametrize(("players", "end"), [(2, 8), (4, 11), (5, 12)])
def test_the_customs_track_ends_the_game_at_its_step_for_the_table(players, end):
    """p.2: « La fin de la partie est déclenchée par [...] 1) Le pion de la douane a atteint la
    fin de la piste de la douane. [...] les joueurs ont jusqu'à la FIN de ce TOUR »; the end step
    by the number of players (README: « 8 with 2 players, 10 with 3, 11 with 4, 12 with 5 »).
    Reaching the step before it ends nothing; reaching it ends the game after the round."""
    state = edited(started(players), sale_at_the_north(end - 2))
    assert GAME.view(state, None)["customs"]["track_end"] == end
    play(state, 0, {"type": "sell", "shape": "irish_0", "row": 0, "pay": "none"})
    assert state["track"] == end - 1 and state["ending"] is None
    play(state, 0, {"type": "pass"})
    assert state["round"] == 2 and GAME.outcome(state) is None

    state = edited(started(players), sale_at_the_north(end - 1))
    events = play(state, 0, {"type": "sell", "shape": "irish_0", "row": 0, "pay": "none"})
    assert state["track"] == end and state["ending"] == "customs_track"
    assert [e.data for e in events if e.type == "end_triggered"] == [{"reason": "customs_track"}]
    assert GAME.outcome(state) is None and GAME.to_act(state) == {0}  # the round is finished first
    play(state, 0, {"type": "pass"})
    outcome = GAME.outcome(state)
    assert outcome is not None and state["round"] == 1 and not GAME.to_act(state)
    assert outcome.scores == [state["gold"][s] + state["reputation"][s] for s in range(players)]


def test_the_game_ends_after_round_12_at_the_latest():
    """README, « Departure from the rules: a 12-round cap (`ROUND_LIMIT`) »: « The engine also
    ends it after round 12, scored as above [...] `game_over` then reads `round_limit` ». Round
    11 ends into round 12; round 12 ends the game, the track far from its end."""
    state = edited(started(), lambda d: (others_passed(d), d.update(round=11)))
    play(state, 0, {"type": "pass"})
    assert state["round"] == 12 and GAME.outcome(state) is None and state["ending"] is None
    state = edited(state, others_passed)
    state = edited(state, lambda d: d.update(active=0))
    events = play(state, 0, {"type": "pass"})
    assert [e.data for e in events if e.type == "game_over"] == [{"reason": "round_limit"}]
    assert state["track"] == 0 and GAME.view(state, None)["ending"] == "round_limit"
    outcome = GAME.outcome(state)
    assert outcome is not None and not GAME.to_act(state)
    assert outcome.scores == [state["gold"][s] + state["reputation"][s] for s in range(3)]


# --- 7. a sale with the secrets deck empty ----------------------------------------------------
def seller_at_the_north(deck_left):
    def change(d):
        d["pawns"][0] = ["north"]
        board_goods(d, "irish_0", 0, "north")
        d["officers"][0]["space"] = "helston"  # the one nearest officer, one step away
        d["secrets_played"] = d["secrets_deck"][deck_left:]
        d["secrets_deck"] = d["secrets_deck"][:deck_left]

    return change


def test_a_sale_with_the_secrets_deck_empty_gives_the_others_nothing():
    """p.17: « A tous moments où un joueur vend une forme de marchandises, tous les autres joueurs
    piochent une carte Secrets »; with no card left there is nothing to draw: the sale pays as
    usual and play goes on. With one card left, one other player gets it, the seller never."""
    state = edited(started(), seller_at_the_north(0))
    events = play(state, 0, {"type": "sell", "shape": "irish_0", "row": 0, "pay": "none"})
    assert state["gold"][0] == 13 + 2 and state["shapes"]["irish_0"]["where"] == "sold"  # a keg, top row
    assert state["hands"] == [[], [], []] and not [e for e in events if e.type.startswith("secret_drawn")]
    assert state["officers"][0]["space"] == "north"
    assert GAME.to_act(state) == {1} and state["active"] == 1 and state["pending"] is None
    play(state, 1, {"type": "pass"})  # play goes on
    assert GAME.to_act(state) == {2}

    state = edited(started(), seller_at_the_north(1))
    (last,) = state["secrets_deck"]
    play(state, 0, {"type": "sell", "shape": "irish_0", "row": 0, "pay": "none"})
    assert state["secrets_deck"] == [] and state["hands"][0] == []
    assert sorted(state["hands"][1] + state["hands"][2]) == [last]


# --- 8. Eddy Jenkin, paid in gold -------------------------------------------------------------
def test_eddy_jenkin_moves_the_boat_for_gold_without_influence():
    """p.12: « Certains personnages ont des capacités spéciales que les joueurs peuvent utiliser
    pendant les tours. Pour le faire, payez le coût et retournez la carte personnage face
    cachée »; p.13: « certains personnages permettent un déplacement de bateau supplémentaire ».
    Eddy Jenkin's card asks 1 gold (content): with no influence and 1 gold, the boat action
    (1 influence or 3 gold) is out of reach but Eddy moves it, for his gold, once a round."""
    assert CHARACTERS["u_eddy"]["ability"] == {"kind": "boat", "cost": {"gold": 1}}

    def fisherman(gold):
        def change(d):
            d["characters"][0] = ["u_eddy"]
            d["influence"][0], d["gold"][0] = 0, gold
            d["boats"][0]["space"] = "sea_north"

        return change

    state = edited(started(), fisherman(1))
    assert not of_type(state, 0, "move_boat")
    assert {m["to"] for m in of_type(state, 0, "motivate_boat")} == {"irish", "st_ives_bay", "sea_cape"}
    play(state, 0, {"type": "motivate_boat", "card": "u_eddy", "to": "irish"})
    assert state["boats"][0]["space"] == "irish"
    assert (state["gold"][0], state["influence"][0]) == (0, 0) and state["ledger"]["gold"][0][1] == 1
    assert state["motivated"] == ["u_eddy"] and state["active"] == 0  # face down; the action still to come
    assert not of_type(state, 0, "motivate_boat")
    assert_refused(GAME, state, 0, {"type": "motivate_boat", "card": "u_eddy", "to": "sea_north"}, "illegal_move")

    broke = edited(started(), fisherman(0))
    assert not of_type(broke, 0, "motivate_boat")
    assert_refused(GAME, broke, 0, {"type": "motivate_boat", "card": "u_eddy", "to": "irish"}, "illegal_move")
