"""Move labels name what a move costs, earns and loses, in English and French, and tell the
truth: in random playouts every listed move (and a filled-in landing) is applied on a copy and
the amounts its labels name, read back from the words, are the seat's gold, influence and
reputation gained and spent (its ledger). Then exact labels of a few situations."""

from __future__ import annotations

import random
import re

import pytest

from engine.core import IllegalMove, fill, random_value
from engine.i18n import words_for
from engine.smuggler import GAME, texts
from engine.smuggler.content import CHARACTERS
from engine.smuggler.labels import PARTS, label_key, priced
from engine.smuggler.state import RESOURCES
from tests.typography import plain

from .helpers import edited, officers_to_choose, play, started
from .test_examples import board_goods, boat_goods, others_passed
from .test_playouts import smuggling

# How each language says an amount, and the words after which an amount is spent or gained
# (a label starts with what it gains: "Buy 1 reputation for 4 gold").
READING = {
    "en": (
        r"(\d+) (gold|influence|reputation)\b",
        {"gold": "gold", "influence": "influence", "reputation": "reputation"},
        {"for": "spent", "pay": "spent", "lose": "spent", "earn": "gained", "gain": "gained", ":": "gained"},
    ),
    "fr": (
        r"(\d+) (pièces? d'or|influence|réputation)\b",
        {"pièce d'or": "gold", "pièces d'or": "gold", "influence": "influence", "réputation": "reputation"},
        {"pour": "spent", "payer": "spent", "perdre": "spent", "gagner": "gained", ":": "gained"},
    ),
}


def named(label: str, lang: str) -> dict[str, dict[str, int]]:
    """The amounts a label names, as {"gained": {resource: n}, "spent": {...}}."""
    amount, resources, modes = READING[lang]
    words = "|".join(re.escape(w) for w in modes if w != ":")
    said: dict[str, dict[str, int]] = {"gained": {}, "spent": {}}
    mode = "gained"
    for match in re.finditer(rf"{amount}|\b({words})\b|:", label):
        if match.group(1):
            resource = resources[match.group(2)]
            said[mode][resource] = said[mode].get(resource, 0) + int(match.group(1))
        else:
            mode = modes[match.group(3) or ":"]
    return said


def ledger_change(before: dict, after: dict, seat: int, events: list) -> dict[str, dict[str, int]]:
    """What the seat gained and spent by a move, the round's new influence (a pass's round end) left out."""
    change: dict[str, dict[str, int]] = {"gained": {}, "spent": {}}
    for res in RESOURCES:
        for column, side in enumerate(("gained", "spent")):
            n = after["ledger"][res][seat][column] - before["ledger"][res][seat][column]
            if res == "influence" and side == "gained":
                n -= sum(e.data["amount"] for e in events if e.type == "influence_received" and e.data["seat"] == seat)
            if n:
                change[side][res] = n
    return change


def check_labels(state: dict, seat: int, move: dict, seen: dict) -> None:
    copy = GAME.load(GAME.dump(state))
    try:
        events = GAME.apply(copy, seat, move)
    except IllegalMove:  # a filled-in landing the rules refuse
        return
    change = ledger_change(state, copy, seat, events)
    for lang in ("en", "fr"):
        label = GAME.move_label(state, seat, move, lang, strict=True)
        assert named(plain(label), lang) == change, (lang, label, move, change)
        assert not re.search(r"\b1 pièces\b|\b([02-9]|\d\d+) pièce\b|\d ors?\b|[{}]", label), label  # "3 pièces d'or"
    seen.setdefault(label_key(*priced(state, seat, move)), GAME.move_label(state, seat, move, "en"))


# The label forms (texts.MOVES keys) the playouts below need not reach: no card's ability is free
# but for a boat's and a secret's, and no card finding a secret has a cost (p.20); the carter is
# seldom hired, a raid seldom goes past its first shape or loses a mob card without reputation,
# abandoned goods seldom lie by another's pawn, the customs seldom ask which officer when a sale's
# step has two ways or which way when a landing's has more steps, and an officer's plain label is
# only for a choice no customs step waits for (each is checked by an exact label below).
UNREACHED = {
    "choose_officer",
    "choose_officer.step",
    "choose_officer.step.there",
    "choose_path",
    "choose_path.steps",
    "motivate_goods",
    "motivate_goods.no_cost",
    "motivate_officer.no_cost",
    "motivate_secret",
    "raid_card.stop",
    "raid_shape",
    "claim",
}
SEEDS = range(24)  # 2 to 5 players by seed % 4: about 35,000 moves, each labelled in both languages, in 4 s


def playout(seed: int, seen: dict) -> None:
    rng = random.Random(seed)
    state = GAME.setup(2 + seed % 4, {}, seed)
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            return
        seat = min(GAME.to_act(state))
        legal, templates = GAME.legal_moves(state, seat), GAME.move_templates(state, seat)
        by_type: dict[str, list[dict]] = {}
        for move in legal:
            by_type.setdefault(move["type"], []).append(move)
        for moves in by_type.values():  # up to three of each type, every one of the rarer ones
            for move in rng.sample(moves, min(3, len(moves))):
                check_labels(state, seat, move, seen)
        for tmpl in templates:  # a landing of some shapes, hiding some points
            check_labels(state, seat, fill(tmpl, lambda p: random_value(p, rng)), seen)
        move = smuggling(rng, legal, state) or rng.choice(legal)
        GAME.apply(state, seat, move)
    raise AssertionError("no end")


def test_every_label_names_what_its_move_costs_and_earns_in_both_languages():
    seen: dict[str, str] = {}
    for seed in SEEDS:
        playout(seed, seen)
    assert set(texts.MOVES) - set(seen) == UNREACHED, sorted(set(texts.MOVES) - set(seen))
    assert seen["pass"] == "Pass for this round"


def test_each_label_and_amount_has_french_words():
    ids = [
        *texts.MOVES.values(),
        *texts.TEMPLATES.values(),
        texts.AND,
        *(w for pair in texts.AMOUNTS.values() for w in pair),
        *texts.TOWARD.values(),
        texts.BRIBED,
    ]
    catalogue = words_for(GAME).catalogue
    assert [msgid for msgid in ids if catalogue.get(msgid, "fr") is None] == []
    # each variant of a move type's label names the same fields but for the parts it leaves out
    for key in texts.MOVES:
        kind, *absent = key.split(".")
        assert kind in texts.MOVES
        assert all(part.removeprefix("no_") in PARTS for part in absent if part.startswith("no_"))


# --- exact labels ------------------------------------------------------------------------------


def labels(state: dict, seat: int, move: dict) -> tuple[str, str]:
    """A move's label in English and in French, its words only (tests.typography)."""
    return plain(
        (GAME.move_label(state, seat, move, "en", strict=True), GAME.move_label(state, seat, move, "fr", strict=True))
    )


def at_penzance(d):
    others_passed(d)
    d["pawns"][0] = ["penzance"]
    board_goods(d, "irish_5", 0, "penzance")  # an O4 at a size-4 town
    board_goods(d, "irish_1", 0, "penzance")  # an I2


def test_sale_labels_say_the_cost_and_the_gold_and_reputation():
    state = edited(started(), at_penzance)
    legal = GAME.legal_moves(state, 0)
    move = {"type": "sell", "shape": "irish_5", "row": 1, "pay": "influence"}
    assert move in legal
    assert labels(state, 0, move) == (
        "Sell Irish trader #5 at price row 2 for 1 influence: 12 gold, 1 reputation",
        "Vendre la forme irlandaise n° 5 à la ligne de prix 2 pour 1 influence : 12 pièces d'or, 1 réputation",
    )
    assert labels(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"}) == (
        "Sell Irish trader #1 at price row 1: 4 gold, 1 reputation",  # size 2 in a size-4 town
        "Vendre la forme irlandaise n° 1 à la ligne de prix 1 : 4 pièces d'or, 1 réputation",
    )
    assert labels(state, 0, {"type": "sell", "shape": "irish_5", "row": 2, "pay": "influence"})[0] == (
        "Sell Irish trader #5 at price row 3 for 2 influence: 16 gold"  # no reputation on the bottom row
    )
    events = play(state, 0, move)
    sold = next(e for e in events if e.type == "goods_sold").to_json()
    assert GAME.event_text(sold, "en") == "Seat 0 sold Irish trader #5 at Penzance for 12 gold and 1 reputation"
    assert (
        plain(GAME.event_text(sold, "fr"))
        == "Siège 0 vend la forme irlandaise n° 5 à Penzance pour 12 pièces d'or et 1 réputation"
    )


def test_town_size_caps_the_price_a_label_names():
    state = edited(
        started(), lambda d: (at_penzance(d), d["pawns"][0].append("madron"), board_goods(d, "irish_7", 0, "madron"))
    )
    assert labels(state, 0, {"type": "sell", "shape": "irish_7", "row": 0, "pay": "none"})[0] == (
        "Sell Irish trader #7 at price row 1: 2 gold, 1 reputation"  # a P5 at Madron, size 1
    )


def test_hire_labels_say_gold_the_way_of_paying_and_the_reputation_gained():
    def peters(d):
        d["face_up"]["commerce"] = "c_peters"
        d["decks"]["commerce"] = [c for c in d["decks"]["commerce"] if c != "c_peters"]
        d["reputation"][0], d["ledger"]["reputation"][0][0] = 2, d["ledger"]["reputation"][0][0] + 2
        others_passed(d)

    state = edited(started(), peters)
    assert CHARACTERS["c_peters"]["gold"] == 3 and CHARACTERS["c_peters"]["reputation"] == 2
    move = {"type": "hire", "card": "c_peters", "pay": "reputation"}
    assert move in GAME.legal_moves(state, 0)
    assert labels(state, 0, move) == (
        "Hire Silas Peters for 3 gold and 2 reputation: gain 2 reputation",  # gained, not paid (a user asked)
        "Engager Silas Peters pour 3 pièces d'or et 2 réputation : gagner 2 réputation",
    )
    assert (
        labels(state, 0, {**move, "pay": "influence"})[0]
        == "Hire Silas Peters for 3 gold and 1 influence: gain 2 reputation"
    )
    witch = {"type": "hire", "card": "r_witch", "pay": "influence"}  # gold 1, reputation 0
    assert labels(state, 0, witch) == (
        "Hire the Witch of St Levan for 1 gold and 1 influence",
        "Engager la Sorcière de St Levan pour 1 pièce d'or et 1 influence",
    )


def test_movement_and_secret_labels_say_their_price():
    state = started()
    assert labels(state, 0, {"type": "move_boat", "to": "gwithian", "pay": "influence"}) == (
        "Sail to Gwithian for 1 influence",
        "Naviguer vers Gwithian pour 1 influence",
    )
    assert labels(state, 0, {"type": "move_officer", "officer": 0, "to": "madron", "pay": "gold"}) == (
        "Move officer 1 to Madron for 6 gold",
        "Déplacer l'officier 1 vers Madron pour 6 pièces d'or",
    )
    assert labels(state, 0, {"type": "move_both", "shape": "irish_5", "to": "madron", "pay": "influence"})[0] == (
        "Move Irish trader #5 with your pawn to Madron for 3 influence"
    )
    assert labels(state, 0, {"type": "discover_secret", "pay": "gold"}) == (
        "Discover a secret for 2 gold",
        "Découvrir un secret pour 2 pièces d'or",
    )
    assert labels(state, 0, {"type": "buy_reputation"}) == (
        "Buy 1 reputation for 4 gold",
        "Acheter 1 réputation pour 4 pièces d'or",
    )
    assert (
        labels(state, 0, {"type": "buy_goods", "shape": "irish_7"})[0]
        == "Buy Irish trader #7 for 1 influence and 5 gold"
    )
    # moves without costs keep their labels
    assert labels(state, 0, {"type": "motivate_goods", "card": "u_harry", "shape": "irish_5", "to": "madron"}) == (
        "Harry Carter moves Irish trader #5 to Madron for 1 gold",
        "Harry Carter déplace la forme irlandaise n° 5 vers Madron pour 1 pièce d'or",
    )
    assert labels(state, 0, {"type": "motivate_boat", "card": "c_peters", "to": "mounts_bay"})[0] == (
        "Silas Peters sails your boat to Mount's Bay"  # his ability is free
    )
    assert labels(state, 0, {"type": "pass"}) == ("Pass for this round", "Passer pour ce tour")
    assert labels(state, 0, {"type": "play_favour", "secret": "favour1"})[0] == "Play a favour owed: gain 2 influence"


def test_a_bribe_label_says_the_track_cost_plus_one_for_an_officer_someone_holds():
    def bribers(d):
        d["pawns"][0] = ["penzance"]
        d["officers"][0].update(space="penzance", bribed_by=1)

    state = edited(started(), bribers)
    move = {"type": "bribe", "officer": 0}
    assert move in GAME.legal_moves(state, 0)
    assert labels(state, 0, move) == (
        "Bribe officer 1 for 1 influence and 3 gold",  # 2 at step 0, +1: seat 1 holds him
        "Soudoyer l'officier 1 pour 1 influence et 3 pièces d'or",
    )


def test_honest_work_label_says_the_wage_and_the_reputation_lost():
    def pete(d):
        d["reputation"][0], d["gold"][0] = 11, 1
        d["ledger"]["reputation"][0][0], d["ledger"]["gold"][0][1] = 11, 12

    state = edited(started(), pete)
    assert labels(state, 0, {"type": "honest_work"}) == (
        "Do honest work: earn 5 gold, lose 6 reputation",  # Honest Pete: 11 - 5 - 1 = 5
        "Faire un travail honnête : gagner 5 pièces d'or, perdre 6 réputation",
    )
    assert labels(started(), 0, {"type": "honest_work"})[0] == "Do honest work"  # 13 gold, no reputation
    goods = edited(state, lambda d: d["shapes"]["irish_1"].update(where="boat", owner=0))  # p.11: « défaussez »
    assert labels(goods, 0, {"type": "honest_work"}) == (
        "Do honest work: earn 5 gold, lose 6 reputation and 1 shape of goods",
        "Faire un travail honnête : gagner 5 pièces d'or, perdre 6 réputation et 1 forme de marchandises",
    )


@pytest.mark.parametrize(
    "card, english",
    [("u_jack", "lose Tinner Jack, 1 network pawn and 1 reputation"), ("u_kitto", "lose Ned Kitto, 1 network pawn")],
)
def test_raid_labels_say_the_influence_then_the_card_and_reputation_each_shape_costs(card, english):
    def mob(d):
        d["reputation"][0] = 3
        d["ledger"]["reputation"][0][0] += 3
        d["characters"][0] += ["u_jack", "u_kitto"]
        d["pawns"][0] += ["penzance", "penzance"]
        for sid in ("irish_5", "irish_1"):
            d["shapes"][sid].update(where="customs", owner=None, space=None)

    state = edited(started(), mob)
    assert labels(state, 0, {"type": "raid"}) == (
        "Raid the customs warehouse for 1 influence",
        "Faire une descente sur l'entrepôt des douanes pour 1 influence",
    )
    play(state, 0, {"type": "raid"})
    label, french = labels(state, 0, {"type": "raid_card", "card": card})
    assert label == f"Send {CHARACTERS[card]['name']} for a shape: {english}"
    assert french.startswith(f"Envoyer {CHARACTERS[card]['name']} chercher une forme : perdre ")
    play(state, 0, {"type": "raid_card", "card": card})
    assert labels(state, 0, {"type": "raid_shape", "shape": "irish_5"}) == (
        "Bring back Irish trader #5",
        "Rapporter la forme irlandaise n° 5",
    )
    play(state, 0, {"type": "raid_shape", "shape": "irish_5"})
    assert labels(state, 0, {"type": "raid_card", "card": None}) == ("End the raid", "Mettre fin à la descente")


def test_a_claim_label_names_the_abandoned_goods():
    state = edited(started(), lambda d: (board_goods(d, "irish_1", 1, "hayle"), d["pawns"][0].append("hayle")))
    assert labels(state, 0, {"type": "claim", "shape": "irish_1"}) == (
        "Claim the abandoned Irish trader #1",
        "Réclamer la forme irlandaise n° 1 abandonnée",
    )


def test_the_landing_template_says_its_price():
    state = edited(
        started(),
        lambda d: (d["boats"][0].update(space="st_ives"), d["pawns"][0].append("st_ives"), boat_goods(d, "irish_1", 0)),
    )
    (tmpl,) = GAME.move_templates(state, 0)
    assert GAME.template_label(state, 0, tmpl, "en") == "Land goods from your boat for 1 influence, +1 per point hidden"
    assert plain(GAME.template_label(state, 0, tmpl, "fr")) == (
        "Débarquer des marchandises de votre bateau pour 1 influence, +1 par point caché"
    )
    move = {"type": "land", "shapes": {"irish_1": 1}, "hide": 2, "stash": 0}
    assert labels(state, 0, move) == (
        "Land Irish trader #1 for 3 influence, hiding 2, onto the beach",
        "Débarquer la forme irlandaise n° 1 pour 3 influence, en cachant 2, sur la plage",
    )
    # The listed landing (hide 0) stashes: its label did not say so, beside a form that asks.
    (listed,) = [m for m in GAME.legal_moves(state, 0) if m["type"] == "land"]
    assert labels(state, 0, listed) == (
        "Land Irish trader #1 for 1 influence, hiding 0, into your warehouses",
        "Débarquer la forme irlandaise n° 1 pour 1 influence, en cachant 0, dans vos entrepôts",
    )


def test_an_officer_moved_for_a_sale_says_from_where_to_where_and_toward_what():
    """The poorest seat read `Move officer 1`, `Move officer 2`, then `Send officer 2 through St Ives`:
    neither where he stood, nor where he went, nor for what (the terminal client guessed it from the log)."""
    state = officers_to_choose()  # officer 1 at Hayle (one way), officer 2 at Zennor (two), bribed by seat 2
    assert GAME.to_act(state) == {1}
    hayle, zennor = GAME.legal_moves(state, 1)
    assert labels(state, 1, hayle) == (
        "Move officer 1 from Hayle to St Erth, a step toward the sale at Marazion",
        "Déplacer l'officier 1 de Hayle à St Erth, d'une case vers la vente à Marazion",
    )
    assert labels(state, 1, zennor) == (
        "Move officer 2 (bribed by seat 2) from Zennor a step toward the sale at Marazion",
        "Déplacer l'officier 2 (soudoyé par le siège 2) d'une case depuis Zennor vers la vente à Marazion",
    )
    assert GAME.move_label(state, 1, zennor, "en", names={2: "Ana"}).startswith("Move officer 2 (bribed by Ana) from")
    play(state, 1, zennor)
    madron, st_ives = GAME.legal_moves(state, 1)
    assert st_ives == {"type": "choose_path", "officer": 1, "space": "st_ives"}
    assert labels(state, 1, st_ives) == (
        "Send officer 2 to St Ives, from Zennor, a step toward the sale at Marazion",
        "Envoyer l'officier 2 à St Ives, depuis Zennor, d'une case vers la vente à Marazion",
    )
    assert labels(state, 1, madron)[0].startswith("Send officer 2 to Madron, from Zennor, ")
    state["queue"][0]["target"] = "north"  # a sale in the North: not "at the North"
    assert labels(state, 1, st_ives) == (
        "Send officer 2 to St Ives, from Zennor, a step toward the sale in the North",
        "Envoyer l'officier 2 à St Ives, depuis Zennor, d'une case vers la vente au Nord",
    )
    # a choice no customs step waits for keeps its plain label
    assert labels(started(), 0, hayle) == ("Move officer 1", "Déplacer l'officier 1")
    assert labels(started(), 0, st_ives) == ("Send officer 2 through St Ives", "Faire passer l'officier 2 par St Ives")


def test_a_saints_place_is_one_word_in_both_languages_labels():
    """« Faire passer l'officier 2 par St | Ives » broke inside the name at a narrow screen's edge."""
    st_ives = {"type": "choose_path", "officer": 1, "space": "st_ives"}
    said = [GAME.move_label(started(), 0, st_ives, lang, strict=True) for lang in ("en", "fr")]
    assert [text.endswith(" St\xa0Ives") for text in said] == [True, True], said
    bay = [GAME.move_label({}, 0, {"type": "place_boat", "space": "st_ives_bay"}, lang) for lang in ("en", "fr")]
    assert bay == ["Put your boat in St\xa0Ives Bay", "Placer votre bateau dans la baie de St\xa0Ives"], bay


def test_an_officer_moved_for_a_landing_says_how_many_steps_he_goes():
    """A landing's risk 3 above the discovery level: the officer chosen goes 3 steps toward it."""

    def landing(d):
        d["officers"][0]["space"] = "lelant"  # three steps from Penzance, by St Ives or St Erth
        d["officers"][1]["space"] = "sennen"  # three steps too
        d["boats"][0].update(space="penzance", hold="brig")
        d["pawns"][0] = ["penzance"]
        boat_goods(d, "irish_5", 0)  # risk 6 + 4 = 10
        board_goods(d, "irish_1", 1, "st_erth")  # seized on one of Lelant's ways: the way is asked

    state = edited(started(), landing)
    play(state, 0, {"type": "land", "shapes": {"irish_5": 1}, "hide": 0, "stash": 0})
    (seat,) = GAME.to_act(state)
    lelant, sennen = GAME.legal_moves(state, seat)
    assert labels(state, seat, lelant) == (
        "Move officer 1 from Lelant 3 steps toward the landing at Penzance",
        "Déplacer l'officier 1 de 3 cases depuis Lelant vers le débarquement à Penzance",
    )
    assert labels(state, seat, sennen)[0] == "Move officer 2 from Sennen Cove 3 steps toward the landing at Penzance"
    play(state, seat, lelant)
    assert [labels(state, seat, move) for move in GAME.legal_moves(state, seat)] == [
        (
            "Send officer 1 through St Ives, from Lelant, 3 steps toward the landing at Penzance",
            "Faire passer l'officier 1 par St Ives, depuis Lelant, sur 3 cases vers le débarquement à Penzance",
        ),
        (
            "Send officer 1 through St Erth, from Lelant, 3 steps toward the landing at Penzance",
            "Faire passer l'officier 1 par St Erth, depuis Lelant, sur 3 cases vers le débarquement à Penzance",
        ),
    ]


def test_an_officer_one_step_from_the_sale_is_said_to_go_there():
    """Two officers each a step from the sale: the label named the place twice ("Move officer 1 from
    Penzance to Marazion, a step toward the sale at Marazion")."""

    def next_to_the_sale(d):
        d["officers"][0]["space"] = "penzance"
        d["officers"][1]["space"] = "ludgvan"
        d["pawns"][0] = ["marazion"]
        d["shapes"]["irish_1"].update(where="board", owner=0, space="marazion")
        d["gold"] = [13, 5, 13]

    state = edited(started(), next_to_the_sale)
    play(state, 0, {"type": "sell", "shape": "irish_1", "row": 0, "pay": "none"})
    penzance, ludgvan = GAME.legal_moves(state, 1)
    assert labels(state, 1, penzance) == (
        "Move officer 1 from Penzance to the sale at Marazion",
        "Déplacer l'officier 1 de Penzance vers la vente à Marazion, à une case",
    )
    assert labels(state, 1, ludgvan)[0] == "Move officer 2 from Ludgvan to the sale at Marazion"


def test_a_tipoff_is_played_or_not_in_words_not_yes_and_no():
    """The seat asked in another's landing read "Play a Tip-off: yes" and "Play a Tip-off: no"."""
    state = started()
    assert labels(state, 0, {"type": "tipoff", "play": True}) == ("Play a Tip-off", "Jouer un Tuyau")
    assert labels(state, 0, {"type": "tipoff", "play": False}) == ("Play no Tip-off", "Ne pas jouer de Tuyau")
