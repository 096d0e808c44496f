"""Catan's log as a player reads it, a line per kind of event in English and in French (the web
page, the terminal and the API's `text` fields all show these): a review found "Ana played knight",
"took ore, ore from the bank", "for one lumber" where every other line writes "1 lumber", and
offers in the present among lines in the past ("Ana offers …" after "Ana built …")."""

from __future__ import annotations

from engine import registry
from engine.catan import texts
from tests.typography import plain

CATAN = registry.get("catan")
NAMES = {0: "Ana", 1: "Émile"}  # seat 2 goes unnamed: « au siège 2 »

# (event, English, French): every kind of event of texts.EVENTS, and the variants of two of them.
LINES = [
    ({"type": "settlement_built", "seat": 0, "node": 12}, "Ana built a settlement on intersection 12",
     "Ana construit une colonie sur l'intersection 12"),
    ({"type": "city_built", "seat": 2, "node": 7}, "Seat 2 built a city on intersection 7",
     "Siège 2 construit une ville sur l'intersection 7"),
    ({"type": "road_built", "seat": 0, "edge": 0, "free": False},
     "Ana built a road on path 0 (between intersections 0 and 3)",
     "Ana construit une route entre les intersections 0 et 3 (chemin 0)"),
    ({"type": "second_settlement_yield", "seat": 1, "gains": {"brick": 1, "ore": 2}},
     "Émile collected 1 brick, 2 ore", "Émile reçoit : 1 brique, 2 minerais"),
    ({"type": "dice_rolled", "seat": 0, "dice": [3, 4], "total": 7}, "Ana rolled 7", "Ana fait 7 aux dés"),
    ({"type": "dice_rolled", "seat": 0, "dice": [3, 5], "total": 8, "gains": [{}, {}, {}], "bank_short": []},
     "Ana rolled 8", "Ana fait 8 aux dés"),
    # Who the roll paid, as the map alone told it.
    ({"type": "dice_rolled", "seat": 0, "dice": [4, 5], "total": 9,
      "gains": [{"brick": 1, "wool": 1}, {}, {"ore": 2}], "bank_short": []},
     "Ana rolled 9: 1 brick, 1 wool for Ana, 2 ore for seat 2",
     "Ana fait 9 aux dés : 1 brique, 1 laine pour Ana, 2 minerais pour le siège 2"),
    # The bank short of ore: nobody paid it, or the one seat owed it what was left.
    ({"type": "dice_rolled", "seat": 1, "dice": [5, 5], "total": 10, "gains": [{}, {}, {}], "bank_short": ["ore"]},
     "Émile rolled 10; the bank ran short of ore", "Émile fait 10 aux dés ; la banque manque de minerai"),
    ({"type": "dice_rolled", "seat": 1, "dice": [5, 5], "total": 10,
      "gains": [{"ore": 1}, {}, {"wool": 1}], "bank_short": ["ore"]},
     "Émile rolled 10: 1 ore for Ana, 1 wool for seat 2; the bank ran short of ore",
     "Émile fait 10 aux dés : 1 minerai pour Ana, 1 laine pour le siège 2 ; la banque manque de minerai"),
    ({"type": "must_discard", "counts": [4, 0, 0]}, "Players holding more than 7 cards discard half",
     "Les joueurs qui ont plus de 7 cartes en défaussent la moitié"),
    ({"type": "discarded", "seat": 1, "cards": {"lumber": 2, "wool": 2}}, "Émile discarded 2 lumber, 2 wool",
     "Émile défausse 2 bois, 2 laines"),
    ({"type": "robber_moved", "seat": 0, "hex": 9, "victim": 1}, "Ana moved the robber to hex 9",
     "Ana déplace le voleur sur l'hexagone 9"),
    ({"type": "stolen", "thief": 0, "victim": 2}, "Ana stole a card from seat 2", "Ana vole une carte au siège 2"),
    ({"type": "stolen_card", "thief": 0, "victim": 1, "resource": "wool"}, "Ana stole a card from Émile: wool",
     "Ana vole une carte à Émile : laine"),
    ({"type": "development_bought", "seat": 0, "left": 20}, "Ana bought a development card",
     "Ana achète une carte Développement"),
    ({"type": "development_drawn", "seat": 0, "card": "victory_point"}, "Ana drew a Victory Point card",
     "Ana tire une carte Point de victoire"),
    ({"type": "development_played", "seat": 0, "card": "knight"}, "Ana played a Knight card",
     "Ana joue une carte Chevalier"),
    ({"type": "development_played", "seat": 1, "card": "road_building"}, "Émile played a Road Building card",
     "Émile joue une carte Construction de routes"),
    ({"type": "monopoly", "seat": 0, "resource": "ore", "taken": [0, 3, 2]},
     "Ana took 5 ore from the other players", "Ana prend 5 minerais aux autres joueurs"),
    ({"type": "monopoly", "seat": 0, "resource": "wool", "taken": [0, 0, 0]},
     "Ana took no wool: no other player held any",
     "Ana ne prend aucune carte de laine : aucun autre joueur n'en a"),
    ({"type": "year_of_plenty", "seat": 1, "resources": ["ore", "ore"]}, "Émile took 2 ore from the bank",
     "Émile prend 2 minerais à la banque"),
    ({"type": "year_of_plenty", "seat": 1, "resources": ["brick", "grain"]},
     "Émile took 1 brick, 1 grain from the bank", "Émile prend 1 brique, 1 blé à la banque"),
    ({"type": "largest_army", "seat": 2, "knights": 3}, "Seat 2 has the largest army (3 knights)",
     "Siège 2 a l'Armée la plus puissante (3 chevaliers)"),
    ({"type": "longest_road", "seat": 0, "length": 6, "previous": None}, "Ana has the longest road (6 roads)",
     "Ana a la Route la plus longue (6 routes)"),
    ({"type": "longest_road", "seat": None, "length": 5, "previous": 1},
     "Émile lost the longest road; nobody holds it now",
     "Émile perd la Route la plus longue ; personne ne la détient plus"),
    ({"type": "maritime_trade", "seat": 0, "give": "lumber", "get": "ore", "ratio": 4},
     "Ana traded 4 lumber with the bank for 1 ore", "Ana échange 4 bois contre 1 minerai avec la banque"),
    ({"type": "offer_made", "seat": 0, "give": {"wool": 1}, "get": {"brick": 2}, "addressed": [1, 2]},
     "Ana offered 1 wool for 2 brick to Émile and seat 2", "Ana offre 1 laine contre 2 briques à Émile et au siège 2"),
    ({"type": "proposals_called", "seat": 0, "asked": [1, 2]}, "Ana asked Émile and seat 2 for proposals",
     "Ana demande des propositions à Émile et au siège 2"),
    ({"type": "offer_accepted", "seat": 1, "partner": 0}, "Émile accepted the offer of Ana",
     "Émile accepte l'offre d'Ana"),
    ({"type": "trade_proposed", "seat": 2, "give": {"ore": 1}, "get": {"wool": 1}, "partner": 0},
     "Seat 2 proposed 1 ore for 1 wool to Ana", "Siège 2 propose 1 minerai contre 1 laine à Ana"),
    ({"type": "trade_declined", "seat": 2}, "Seat 2 declined to trade", "Siège 2 refuse l'échange"),
    ({"type": "offer_withdrawn", "seat": 0}, "Ana withdrew the offer", "Ana retire son offre"),
    ({"type": "proposal_withdrawn", "seat": 2, "partner": 0}, "Seat 2 withdrew the proposal to Ana",
     "Siège 2 retire sa proposition à Ana"),
    ({"type": "traded", "seat": 0, "partner": 1, "give": {"wool": 1}, "get": {"brick": 2}},
     "Ana traded 1 wool with Émile for 2 brick", "Ana échange 1 laine avec Émile contre 2 briques"),
    ({"type": "turn_ended", "seat": 0, "next": 1}, "Ana ended the turn; Émile plays",
     "Ana finit son tour ; à Émile de jouer"),
    ({"type": "game_over", "winner": 1, "points": [7, 10, 4], "victory_point_cards": [0, 1, 0]},
     "Game over: Émile won", "Fin de la partie, victoire : Émile"),
]  # fmt: skip


def test_every_log_line_of_catan_reads_as_a_sentence_in_english_and_in_french():
    said = {
        str(event): (
            CATAN.event_text(event, "en", NAMES, strict=True),
            plain(CATAN.event_text(event, "fr", NAMES, strict=True)),
        )
        for event, _, _ in LINES
    }
    assert said == {str(event): (english, french) for event, english, french in LINES}
    assert {texts.variant(event)["type"] for event, _, _ in LINES} == set(texts.EVENTS)


MOVES = [
    ({"type": "play_knight"}, "Play a Knight", "Jouer un Chevalier"),
    ({"type": "play_year_of_plenty", "resources": ["wool", "wool"]}, "Play Year of Plenty: 2 wool",
     "Jouer Invention : 2 laines"),
    ({"type": "play_year_of_plenty", "resources": ["lumber", "ore"]}, "Play Year of Plenty: 1 lumber, 1 ore",
     "Jouer Invention : 1 bois, 1 minerai"),
    ({"type": "play_monopoly", "resource": "grain"}, "Play Monopoly on grain", "Jouer Monopole : blé"),
    # Without a match's state (the seat's harbours), a bank trade's label cannot count what it gives.
    ({"type": "maritime_trade", "give": "wool", "get": "brick"}, "Trade wool to the bank for 1 brick",
     "Échanger des cartes de laine contre 1 brique avec la banque"),
]  # fmt: skip


def test_the_development_cards_and_the_bank_are_counted_in_move_labels_as_in_the_log():
    said = [
        (CATAN.move_label({}, 0, move, "en", strict=True), plain(CATAN.move_label({}, 0, move, "fr", strict=True)))
        for move, _, _ in MOVES
    ]
    assert said == [(english, french) for _, english, french in MOVES]
