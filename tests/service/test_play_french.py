"""`portside play` in French without a server: every text the terminal says has its French in the
service's catalogue, every term its tables show from a game's views has French words, and the
language comes from --lang or the locale as a terminal user expects. The client in French against a
real server, in a real terminal: tests/e2e/test_play_terminal_french.py."""

from __future__ import annotations

import ast
import io
import json
import os
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine import registry
from engine.bots import get_bot
from service import playmenu, playprompt, playscore, playtext, playwords
from tests.service.test_play_client import prompted_twice, smuggler_seat_holding_cards
from tests.typography import plain

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "service" / "locale" / "fr" / "LC_MESSAGES" / "messages.po"


@pytest.fixture
def french():
    playwords.missing().clear()
    yield
    playwords.use(playwords.DEFAULT)
    playwords.missing().clear()


def terminal_texts() -> tuple[set[str], dict[str, str], list[str]]:
    """The msgids of the client's files (`t("…")`, `tn("…", "… plural", n)`): the texts, the plural
    ones with their plural, and the calls whose text is no literal (which no one could check)."""
    texts, plurals, unread = set(), {}, []
    for path in sorted((ROOT / "service").glob("play*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("t", "tn")):
                continue
            literal = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if node.func.id == "t" and literal:
                texts.add(literal[0])
            elif node.func.id == "tn" and len(literal) == 2:
                plurals[literal[0]] = literal[1]
            else:
                unread.append(f"{path.name}:{node.lineno}")
    return texts, plurals, unread


def test_every_text_the_terminal_says_has_its_french_in_the_catalogue():
    texts, plurals, unread = terminal_texts()
    assert len(texts) > 100 and plurals, (len(texts), plurals)
    assert not unread, f"a text that is not a literal cannot be checked: {unread}"
    with CATALOGUE.open("rb") as po:
        catalog = read_po(po, locale="fr")
    french = {m.id: m.string for m in catalog if m.id}
    singular = {m.id[0]: (m.id[1], m.string) for m in catalog if isinstance(m.id, tuple)}
    assert not [text for text in sorted(texts) if not french.get(text)], "texts without French"
    for text, plural in plurals.items():
        assert text in singular, f"no plural forms for {text!r}"
        assert singular[text][0] == plural and all(singular[text][1]), (text, singular[text])


def views_of_a_playout(game_id: str, players: int, seed: int, steps: int = 400):
    """Each seat's view (with the game's static data, as the prompt shows it) and templates along a
    random playout, then the outcome."""
    game = registry.get(game_id)
    static = json.loads(json.dumps(game.static() or {}))
    state, rng, bot = game.setup(players, game.load_options({}), seed), random.Random(seed), get_bot(game_id, "random")
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        for seat in range(players) if step % 10 == 0 else ():  # the others' tables now and then
            yield seat, {**static, **json.loads(json.dumps(game.view(state, seat)))}, []
        seat = rng.choice(sorted(game.to_act(state)))
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        yield seat, {**static, **json.loads(json.dumps(game.view(state, seat)))}, templates
        try:
            game.apply(state, seat, bot.choose(game.view(state, seat), legal, rng, templates))
        except Exception:  # noqa: BLE001 (a template the rules refuse: the playout goes on)
            pass
    return game.outcome(state)


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_every_word_of_a_games_tables_moves_values_and_scores_has_french(game_id, french):
    """What the tables show of a view (a phase, a terrain, a card, a column), the values a template asks
    for and the final scores: a word without French read in English in the middle of French."""
    playwords.use("fr", game_id)
    game, seen = registry.get(game_id), []
    for players in (game.min_players, game.max_players):
        playout = views_of_a_playout(game_id, players, seed=players)
        while True:
            try:
                seat, view, templates = next(playout)
            except StopIteration as end:
                outcome = end.value
                break
            seen.append(playtext.render(game_id, view, seat))
            seen += [line for _, lines in playprompt.DECISIONS.get(game_id, lambda v: [])(view) for line in lines]
            for tmpl in templates:
                asked = playprompt.PARAMS[game_id](view, tmpl) if game_id in playprompt.PARAMS else {}
                for name, param in tmpl["params"].items():
                    seen += [playmenu.param_words(name, param), playwords.term(name), playwords.term(param["kind"])]
                    if name not in asked:
                        seen += [playprompt.hint_for(param), playprompt.bounds(param)]
        if outcome is not None:
            final = {"id": "m", "game": game_id, "version": 1, "outcome": json.loads(json.dumps(outcome.to_json()))}
            seen.append(playscore.format_outcome(final, {}))
    assert seen and not playwords.missing(), sorted(playwords.missing())


def test_a_french_table_reads_french():
    playwords.use("fr", "catan")
    try:
        game = registry.get("catan")
        state = game.setup(3, game.load_options({}), 11)
        text = playtext.render("catan", {**game.static(), **game.view(state, 0)}, 0)
    finally:
        playwords.use(playwords.DEFAULT)
    assert "Catan · mise en place · au tour du siège 0" in text, text
    assert "C0/V0 : colonie/ville du siège 0" in text, text
    assert "votre main : vide · développement : aucune en main" in text, text
    assert "bois" in text and "lumber" not in text, text  # a hex by what it yields


def test_a_french_text_elides_de_before_a_name_that_starts_with_a_vowel(french):
    """Medici's ships read « navire 1 de Ana »: « de » before a vowel is « d' », as the server says it."""
    playwords.use("fr", "medici")
    ships = [playwords.t("{name}'s ship {n}", name=name, n=1) for name in ("Ana", "Émile", "Medici")]
    assert plain(ships) == ["navire 1 d'Ana", "navire 1 d'Émile", "navire 1 de Medici"]
    playwords.use("en", "medici")
    assert playwords.t("{name}'s ship {n}", name="Ana", n=1) == "Ana's ship 1"


@pytest.mark.parametrize(
    ("asked", "environ", "lang"),
    [
        ("fr", {}, "fr"),
        ("fr_CA.UTF-8", {}, "fr"),
        ("en", {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
        (None, {"LC_MESSAGES": "fr_BE", "LANG": "en_GB.UTF-8"}, "fr"),
        (None, {"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "fr_FR"}, "en"),
        (None, {"LC_ALL": "", "LANG": "fr_FR@euro"}, "fr"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        ("de", {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_language_is_the_one_asked_for_else_the_locales_else_english(asked, environ, lang):
    assert playwords.language(asked, environ) == lang


def test_smugglers_table_says_a_descriptive_name_in_french_and_a_persons_as_printed(french):
    """The server's labels said « la Sorcière de St Levan », « le lougre », « le marchand irlandais »
    while the table beside them said "The Witch of St Levan", "Lugger @Irish trader"."""
    from service import playsmuggler

    playwords.use("fr", "smuggler")
    view = {
        "merchants": {"irish": {"name": "Irish trader"}},
        "boats": {"lugger": {"name": "Lugger"}},
        "goods": {"irish_3": {"kind": "keg"}},
    }
    cards = {"r_witch": {"name": "The Witch of St Levan"}, "o_cutler": {"name": "Allen Cutler"}}
    boat = playsmuggler.hold_text({"hold": "lugger", "space": "irish"}, [], view)
    assert boat.startswith("Lougre @Marchand irlandais")
    assert [playsmuggler.card_name(c, cards) for c in cards] == ["La Sorcière de St Levan", "Allen Cutler"]
    assert playsmuggler.goods_name("irish_3", view) == "la forme irlandaise n° 3 (tonnelet)"
    assert not playwords.missing()


def catan_at(phase: str, seed: int = 5) -> tuple[dict, int]:
    """A 3-seat match's state when a random playout first reaches `phase`, and the seat to act."""
    game, rng, bot = registry.get("catan"), random.Random(seed), get_bot("catan", "random")
    state = game.setup(3, game.load_options({}), seed)
    while state["phase"] != phase:
        seat = rng.choice(sorted(game.to_act(state)))
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        game.apply(state, seat, bot.choose(game.view(state, seat), legal, rng, templates))
    return state, sorted(game.to_act(state))[0]


def catan_view_at(phase: str) -> tuple[int, dict]:
    """The seat to act and its view (with the static data, as the prompt shows it) at `phase` (catan_at)."""
    game, (state, seat) = registry.get("catan"), catan_at(phase)
    return seat, {**game.static(), **json.loads(json.dumps(game.view(state, seat)))}


def test_catans_robber_phase_reads_as_what_is_to_be_done_and_the_map_marks_the_robber(french):
    """The status said « Catan · voleur · au tour du siège 1 »: a bare name where the other phases say
    what is done (« mise en place », « défausse »)."""
    playwords.use("fr", "catan")
    seat, view = catan_view_at("robber")
    text = playtext.render("catan", view, seat)
    assert f"Catan · déplacement du voleur · au tour du siège {view['turn']}" in text, text
    assert len(re.findall(rf"#{view['board']['robber']}\* ", text)) == 1, text  # the map's mark
    assert " · voleur · " not in text and not playwords.missing()
    playwords.use("en", "catan")  # English says the view's word, as for every phase
    assert f"Catan · robber · turn of seat {view['turn']}" in playtext.render("catan", view, seat)


def test_smugglers_table_names_goods_as_the_servers_french_labels_do_and_their_kinds_in_french(french):
    """The French table listed the merchants' goods as `#0 keg x` and a boat's as « Marchand irlandais
    n° 1 (keg) » beside labels saying « Acheter la forme irlandaise n° 1 »."""
    from engine.i18n import words_for
    from service import playsmuggler

    playwords.use("fr", "smuggler")
    game = registry.get("smuggler")
    labels, seen = words_for(game), 0
    for seat, view, _ in views_of_a_playout("smuggler", 3, seed=2, steps=120):
        table = playtext.render("smuggler", view, seat) + "\n".join(
            line for _, lines in playsmuggler.decision_parts(view) for line in lines
        )
        assert not re.search(r"\bkeg\b", table), table
        for gid, good in view["goods"].items():
            if good["where"] in ("boat", "merchant"):
                said = plain(labels.event_text({"type": "goods_bought", "seat": seat, "shape": gid}, "fr"))
                assert plain(playsmuggler.goods_label(gid, view)) in said, (gid, said)
            if good["where"] == "boat":
                assert playsmuggler.goods_name(gid, view) in table, table
                seen += 1
    merchants = playsmuggler.merchant_goods(view)[0]
    assert "Marchand irlandais : n° 0 tonnelet x, n° 1 i2 xx" in merchants.replace("\xa0", " "), merchants
    assert seen and not playwords.missing()


def test_a_french_menu_lists_one_family_of_moves_as_one_group_whatever_their_articles(french):
    """The boats to take read « Prendre le … [0] lougre [1] cotre » then « Prendre … [2] la yole de
    pilote [3] le ketch … »: the shared start stopped at the article of the first two."""
    playwords.use("fr", "smuggler")
    game = registry.get("smuggler")
    state = game.setup(3, game.load_options({}), 4)
    legal = game.legal_moves(state, 0)
    labels = [game.move_label(state, 0, move, "fr") for move in legal]
    lines = playmenu.menu(legal, labels, [], width=400).lines
    assert lines == [
        "  Prendre … [0] le lougre  [1] le cotre  [2] la yole de pilote  [3] le ketch  [4] le sloop  [5] le yawl"
        "  [6] la pinasse  [7] le brick  [8] le chalutier à voile  [9] la galère"
    ], lines


def test_a_french_player_types_carte_retour_and_quitter_as_the_help_lines_say(french):
    """The prompt took only the English `map`, `back` and `q`/`quit`, and the French help said « tapez
    map », « « back » revient aux coups »."""
    playwords.use("fr", "catan")
    game, (state, seat) = registry.get("catan"), catan_at("main")
    legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
    resource = {
        "game": "catan",
        "version": 9,
        "seat": seat,
        "view": game.view(state, seat),
        "legal_moves": legal,
        "move_labels": [game.move_label(state, seat, move, "fr") for move in legal],
        "move_templates": templates,
    }
    choices = playmenu.menu(legal, resource["move_labels"], templates).choices
    out, shown = io.StringIO(), {}
    fill = next(n for n, choice in enumerate(choices) if isinstance(choice, playmenu.Fill))
    typed = io.StringIO(f"{fill}\nretour\ncarte\n0\n")
    move = playprompt.choose_prompt(resource, stdin=typed, out=out, static=game.static(), shown=shown)
    assert move == choices[0], move
    text = plain(out.getvalue())
    assert "(une ligne vide ou « retour » revient aux coups, q arrête)" in text, text
    assert text.count("coups :\n") == 3 and text.count("C0/V0 : colonie") == 2, text  # back, then the map again
    again = io.StringIO()
    with pytest.raises(playprompt.Quit):
        playprompt.choose_prompt(resource, stdin=io.StringIO("quitter\n"), out=again, static=game.static(), shown=shown)
    assert again.getvalue().count("C0/V0 : colonie") == 1 and "voir plus haut" not in again.getvalue()


def test_smugglers_table_says_the_warehouses_and_the_witch_for_hire_in_french(french):
    """The French table read « à engager : The Witch of St Levan (Guérisseuse : …) » and « entrepôts :
    Pub cellar (siège 0): vide » beside labels saying « la Sorcière », « la cave du pub »."""
    from service import playsmuggler

    playwords.use("fr", "smuggler")
    static = registry.get("smuggler").static()
    view = {
        **static,
        "goods": {"irish_0": {"kind": "keg", "where": "warehouse", "warehouse": "w_c_rowe", "owner": 1}},
        "warehouses": {"w_cellar": {"owner": 0, "space": None}, "w_c_rowe": {"owner": 1, "space": "penzance"}},
    }
    held = playsmuggler.goods_lines(view)[0].replace("\xa0", " ")
    assert held == (
        "entrepôts : Cave du pub (siège 0) : vide ; Cave de l'auberge (siège 1, Penzance) :"
        " la forme irlandaise n° 0 (tonnelet)"
    ), held
    assert playsmuggler.card_text("r_witch", static["characters"], view).startswith("La Sorcière de St Levan (")
    assert not playwords.missing()


@pytest.mark.parametrize("width", [60, 80, 100])
def test_a_french_line_is_never_broken_before_its_colon_or_semicolon(french, width):
    """French sets « : » and « ; » apart with a space, and a line was broken there: the merchants' goods
    read « … Marchand irlandais » and, on the next line, « : n° 1 i2 xx »."""
    playwords.use("fr", "smuggler")
    broken = [
        line
        for seat, view, _ in views_of_a_playout("smuggler", 3, seed=2, steps=120)
        for line in playtext.render("smuggler", view, seat, width).splitlines()
        + playtext.fit([line for _, lines in playprompt.DECISIONS["smuggler"](view) for line in lines], width)
        if re.match(r"\s*[:;!?»]", line)
    ]
    assert not broken, broken


def test_at_80x24_in_french_a_smuggler_turn_of_six_moves_keeps_the_others_moves_on_screen(monkeypatch, french):
    """Five parts of the table unchanged were named in a notice of three rows in French (« personnages,
    marchandises et entrepôts, … : sans changement, voir plus haut ; … »): with the status and six moves,
    the others' moves were off a 24-row screen. A notice too long for a row says « le reste de la table »."""
    monkeypatch.setattr(playprompt, "_terminal_size", lambda stream: os.terminal_size((80, 24)))
    playwords.use("fr", "smuggler")
    game, state, view = smuggler_seat_holding_cards()
    said = ["v41    siège 2 server:random   Siège 2 passe"]
    screen = prompted_twice(game, state, view, 6, said)
    assert said[0] in screen, "\n".join(screen)
    assert "(le reste de la table : comme plus haut ; tapez carte pour le réafficher)" in screen, "\n".join(screen)


def test_a_kind_of_two_moves_is_not_folded_into_a_section_as_tall_as_its_own_line(french):
    """At 80x24 a French turn folded « Naviguer vers le large de la côte nord pour … [0] 1 influence
    [1] 3 pièces d'or » (two rows) into « [0] Naviguer vers le large de la côte nord pour … (2 coups,
    affichés quand vous le choisissez) », two rows too: nothing saved, one more choice to make."""
    playwords.use("fr", "smuggler")
    sail = "Naviguer vers le large de la côte nord pour"
    legal = [{"type": "sail", "to": "north", "pay": pay} for pay in ("influence", "gold")]
    labels = [f"{sail} 1 influence", f"{sail} 3 pièces d'or"]
    legal += [{"type": "move_officer", "officer": 1, "to": n} for n in range(12)]
    labels += [f"Déplacer l'officier 1 vers l'espace {n} pour 4 influence" for n in range(12)]
    listed = playmenu.menu(legal, labels, [], width=80, rows=3)
    assert not any(isinstance(choice, playmenu.Section) and "côte nord" in choice.heading for choice in listed.choices)
    assert [len(choice.legal) for choice in listed.choices if isinstance(choice, playmenu.Section)] == [12]


def test_a_french_turns_kinds_listed_when_chosen_each_take_one_row_at_80_columns(french):
    """At 80x24 a French Cornish Smuggler turn's « Déplacer votre pion de St Just vers … (8 coups, affichés
    quand vous le choisissez) » took two rows, four such lines eight, and the turn's first line went off
    the screen. « (8 coups, listés une fois choisis) » keeps each on a row."""
    playwords.use("fr", "smuggler")
    places = ["Lelant", "Ludgvan", "Madron", "Marazion", "Mousehole", "Zennor", "Sennen", "Breage"]
    kinds = ["Déplacer votre pion de St Just vers", "Justice Borlase déplace l'officier"]
    legal = [{"type": f"kind_{k}", "to": place} for k in range(2) for place in places]
    labels = [f"{kinds[k]} {place} ({n} pas)" for k in range(2) for n, place in enumerate(places)]
    listed = playmenu.menu(legal, labels, [], width=80, rows=2)
    assert [len(choice.legal) for choice in listed.choices] == [8, 8], listed.lines
    assert listed.lines == [
        "  [0] Déplacer votre pion de St Just vers … (8 coups, listés une fois choisis)",
        "  [1] Justice Borlase déplace l'officier … (8 coups, listés une fois choisis)",
    ], listed.lines


def test_the_seats_kinds_are_said_in_french_but_kept_as_labels_in_the_json(french):
    """A French terminal read « en attente du siège 1 (person) » and « siège 0 human » in its log."""
    from service.play import seat_kind

    playwords.use("fr", "medici")
    assert [seat_kind(label) for label in ("human", "person", "open")] == ["humain", "joueur", "libre"]
    assert seat_kind("server:greedy") == "server:greedy"  # a bot's name, as typed after --seat
    final = {"id": "m", "game": "medici", "version": 9, "outcome": {"scores": [3, 1], "ranks": [1, 2], "winners": [0]}}
    assert json.loads(playscore.as_json(final, {0: "human", 1: "person"}))["seats"] == {"0": "human", "1": "person"}


def test_a_french_line_keeps_a_card_with_its_code_and_its_colon_and_prints_plain_spaces(french):
    """A French move read « … le contrat » and, on the next line, « C2 »: the server's French holds
    a card's code with a no-break space (one column), which fit never breaks at and prints as a space."""
    playwords.use("fr", "speicherstadt")
    said = registry.get("speicherstadt").event_text({"type": "card_discarded", "card": "contract_c2"}, "fr")
    line = "[1] " + "mot " * 12 + said
    lines = playtext.fit([line, playwords.labelled(playwords.t("price"), 35)], len(line) - 2)
    assert lines[1].endswith(" contrat C2") and lines[-1].endswith(" : 35"), lines
    assert not [text for text in lines if "\xa0" in text or re.match(r"\s*(C2|:)", text)], lines


def test_a_five_seat_speicherstadt_row_fits_80_columns_in_french_with_every_card_kind_and_good(french):
    """The row's table was 85 to 90 columns in French at five seats (« chambre de commerce » as card and
    kind beside a ship's three goods) and wrapped every row at 80; each card keeps its kind and goods."""
    playwords.use("fr", "speicherstadt")
    game = registry.get("speicherstadt")
    view = game.view(game.setup(5, game.load_options({}), 1), 0)
    slot = {"season": "D", "price": 3, "cubes": [], "workers": [0, 1, 2, 3, 4]}
    view["row"] = [
        {**slot, "position": 0, "card": "chamber_of_commerce", "kind": "chamber"},
        {**slot, "position": 1, "card": "ship_d5", "kind": "ship", "cubes": ["rubber", "rubber", "saffron"]},
        {**slot, "position": 2, "card": "contract_c4", "kind": "contract", "goods": ["rubber", "saffron"], "vp": 11},
        {**slot, "position": 3, "card": "carpet_trader", "kind": "trader", "good": "carpet"},
        {**slot, "position": 4, "card": "st_michaelis", "kind": "church", "vp": 4},
        {**slot, "position": 5, "card": "fireman_d5", "kind": "fireman", "value": 5},
    ]
    lines = [plain(line) for line in playtext.speicherstadt(view, 0)[1:8]]
    assert all(len(line) <= 80 for line in lines), lines
    said = " ".join(" ".join(lines).split())
    for words in (
        "1 0,1,2,3,4 3 chambre de commerce",
        "navire D5 : caoutchouc, caoutchouc, safran",
        "contrat C4 : caoutchouc, safran 11 PV",
        "marchand de tapis (négociant) : tapis",
        "Saint-Michel (église) : 4 PV",
        "pompier D5 : valeur 5",  # it said « pompier D5 : 5 »
    ):
        assert words in said, (words, lines)


def test_a_five_seat_french_final_score_is_a_table_at_80_columns_each_seats_kind_said_above_it(french):
    """At five seats the French table (« chambre de commerce » beside five `server:greedy` columns) was 96
    columns wide, and the scores came as a line per seat, ten categories each to read along. Each seat's kind
    is said above the table instead; narrower than the table even so, each category keeps its value."""
    playwords.use("fr", "speicherstadt")
    parts = {"chamber": 0, "churches": 4, "contracts": 0, "fires": 10, "offices": 0, "port": 0, "traders": 1}
    outcome = {"scores": [3, 15, 13, 1, 12], "ranks": [4, 1, 2, 5, 3], "winners": [1], "breakdown": [parts] * 5}
    final = {"id": "m", "game": "speicherstadt", "version": 220, "outcome": outcome}
    labels = {0: "humain", **dict.fromkeys(range(1, 5), "server:greedy")}
    lines = [plain(line) for line in playscore.format_outcome(final, labels, 80).splitlines()]
    assert all(len(line) <= 80 for line in lines), lines
    assert "qui : 0 humain, 1 server:greedy, 2 server:greedy, 3 server:greedy," in lines, lines
    rows = [" ".join(line.split()) for line in lines]
    assert {"siège 0 1 2 3 4", "score 3 15 13 1 12", "chambre de commerce 0 0 0 0 0"} <= set(rows), lines
    narrow = playscore.format_outcome(final, labels, 36).splitlines()
    assert all(len(line) <= 36 for line in narrow), narrow
    assert not [line for line in narrow if line.endswith(":") or re.match(r"\s*\d+ ;", line)], narrow
    assert sum("chambre de commerce : 0 ;" in line for line in narrow) == 5, narrow


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_80_columns_what_speicherstadt_has_on_offer_is_a_line_of_its_own(french, lang):
    """After the round and the phase, what is on offer made a line 95 (a chamber of commerce) to 103 columns
    (« église des bateliers ») wide, which broke at 80 within the offer: « … en position 6 » / « pour 12 »."""
    from engine.speicherstadt.data import CARDS

    playwords.use(lang, "speicherstadt")
    game = registry.get("speicherstadt")
    view = {**game.view(game.setup(5, game.load_options({}), 1), 0), "round": 10, "last_round": True}
    slot = {"season": "D", "price": 12, "workers": [0, 1], "position": 5}
    for card in ("chamber_of_commerce", "boatmen_church"):
        row = [*view["row"][:5], {**slot, "card": card, "kind": CARDS[card]["kind"]}]
        late = {**view, "phase": "purchase", "row": row, "offer": {"position": 5, "price": 12}}
        lines = playtext.render("speicherstadt", late, 0, 80).splitlines()
        name = playtext.card_words(card)
        said = playwords.t("on offer: {card} at position {position} for {price}", card=name, position=6, price=12)
        assert plain(lines[1]) == plain(said) and all(len(line) <= 80 for line in lines), lines


def test_at_45_columns_a_french_smuggler_warehouse_to_choose_breaks_between_words(french):
    """« Galerie de la vieille mine xxx/x.. (4 carrés) » was held on one line, wider than a phone's
    45-column terminal, which broke it inside a word (« vie » / « ille »)."""
    from service import playsmuggler

    playwords.use("fr", "smuggler")
    static = registry.get("smuggler").static()
    view = {**static, "deciding": "choose_warehouse", "warehouses": {}}
    lines = playtext.fit(playsmuggler.choices(view), 45)
    assert all(len(line) <= 45 for line in lines), lines
    assert "Galerie de la vieille mine xxx/x.. (4 carrés)" in plain(" ".join(" ".join(lines).split())), lines
    assert any("Grotte marine xxxx (4 carrés)" in plain(line) for line in lines), lines  # held whole if it fits


def test_at_48_columns_a_french_turn_that_ends_by_itself_says_so_broken_between_words(french, monkeypatch):
    """« --- siège 0 : plus rien à faire ce tour-ci ; il se termine. », 59 characters, was printed whole and
    a phone's 48-column terminal broke it inside « tour-ci »."""
    playwords.use("fr", "smuggler")
    monkeypatch.setattr(playprompt, "_terminal_size", lambda stream: os.terminal_size((48, 24)))
    mine = {"game": "smuggler", "version": 9, "seat": 0, "view": {}, "legal_moves": [{"type": "end_turn"}]}
    out = io.StringIO()
    assert playprompt.choose_prompt(mine, stdin=io.StringIO(""), out=out) == {"type": "end_turn"}
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 48 for line in lines) and "plus rien à faire ce tour-ci ;" in plain(lines[1]), lines


def test_a_french_catan_hand_and_trade_count_their_cards_as_the_log_does(french):
    """The table read « votre main : bois 4, minerai 2 » and « offre du siège 2 au siège 0, 1, 3 : donne
    brique 1, demande laine 1 » under log lines saying « 2 minerais »: a count now comes before its word,
    in the plural it takes, and an offer to several seats is to « aux sièges »."""
    playwords.use("fr", "catan")
    view = {
        "phase": "trade",
        "turn": 2,
        "dice": None,
        "board": {"robber": 0},
        "players": [],
        "settlements": [],
        "cities": [],
        "you": {
            "hand": {"lumber": 4, "brick": 0, "wool": 1, "grain": 0, "ore": 2},
            "development_cards": {"knight": 2, "monopoly": 1},
            "trade_ratios": {},
        },
        "trade": {
            "offer": {"from": 2, "to": [0, 1, 3], "give": {"brick": 1}, "get": {"wool": 2}},
            "proposals": [{"from": 1, "give": {"ore": 2, "grain": 1}, "get": {"lumber": 1}}],
            "asked": [0],
        },
    }
    said = [plain(line) for line in playtext.catan_status(view, 0)]
    hand = "votre main : 4 bois, 1 laine, 2 minerais · développement : 2 Chevaliers, 1 Monopole · "
    assert said[1].startswith(hand), said
    assert "offre du siège 2 aux sièges 0, 1, 3 : donne 1 brique, demande 2 laines" in said, said
    assert "proposition du siège 1 : donne 2 minerais, 1 blé, demande 1 bois" in said, said


def test_a_line_is_never_broken_before_the_dot_between_its_parts(french):
    """At 80 columns a French Catan hand read « … · développement : aucune en main » and, on the next row,
    « · colonies : 17, 50 ; villes : rien », a row opening on a bullet: the dot stays with the part before it."""
    playwords.use("fr", "catan")
    hand = {"lumber": 1, "brick": 4, "wool": 1, "grain": 1, "ore": 0}
    view = {"phase": "main", "turn": 0, "dice": None, "board": {"robber": 0}, "players": [], "cities": []}
    view |= {"settlements": [[17, 0], [50, 0]], "you": {"hand": hand, "development_cards": {}, "trade_ratios": {}}}
    rows = playtext.fit(playtext.catan_status(view, 0), 80)
    assert len(rows) == 3 and rows[2].endswith(" colonies : 17, 50 ; villes : rien"), rows
    assert not [row for row in rows if row.lstrip().startswith("·") or len(row) > 80], rows


def test_a_french_discard_takes_ble_typed_without_its_accent_and_says_an_unknown_word_is_not_read(french):
    """A French player discarding after a 7 typed `ble=2,bois=2,laine=1` on a keyboard without accents and
    read « sort de ce que ce coup permet : bois : 0 à 4, … », the right counts said out of bounds."""
    playwords.use("fr", "catan")
    param = {"kind": "counts", "max": {"lumber": 4, "wool": 3, "grain": 4}, "min_total": 5, "max_total": 5}
    out = io.StringIO()
    typed = io.StringIO("bl=5\nble=2,bois=2,laine=1\n")
    assert playprompt.ask_value("cards", param, typed, out) == {"grain": 2, "lumber": 2, "wool": 1}
    said = plain(" ".join(out.getvalue().split()))
    assert "'bl=5' est illisible : tapez nom=nombre parmi bois, laine, blé" in said, said


def test_an_english_line_never_ends_in_seat_with_its_number_on_the_next():
    """French holds « siège 2 » together; English broke Smuggler's status line « … active seat » / « 0 · … »."""
    playwords.use("en", "smuggler")
    broken = []
    for seat, view, _ in views_of_a_playout("smuggler", 3, seed=2, steps=120):
        for width in (40, 48, 60):
            lines = playtext.render("smuggler", view, seat, width).splitlines()
            lines += playtext.fit([line for _, part in playprompt.DECISIONS["smuggler"](view) for line in part], width)
            broken += [
                (a, b) for a, b in zip(lines, lines[1:]) if re.search(r"(?i)\bseats?$", a) and re.match(r"\s*\d", b)
            ]
    assert not broken, broken[:5]


def test_the_terminal_and_the_web_client_hold_the_same_english_words_to_their_numbers():
    """Two copies of one list (Python and JavaScript): a word held on one screen and broken on the other."""
    from service import playlines

    script = (Path(__file__).parents[2] / "service/web/static/play/js/i18n.js").read_text()
    web = re.search(r"const NUMBERED_EN = /\(\?<!\\p\{L\}\)\(\(\?:([a-z|]+)\)s\?\)", script)
    terminal = re.search(r"\(\?:([a-z|]+)\)s\?", playlines._NUMBERED.pattern)
    assert web and terminal and set(web[1].split("|")) == set(terminal[1].split("|"))


def test_a_log_line_holds_an_english_seat_or_officer_to_its_number():
    """A whole Smuggler match at 48 columns (tmux, 28 Nov) read « … at St Levan. Seat » / « 1 drew a secret »
    and « Officer » / « 2 moved to Breage »: log lines are wrapped apart from the tables."""
    said = (
        "Seat 2 placed officer 4 at St Levan. Seat 1 drew a secret. The customs track moves to step 4. Officer 2 moved"
    )
    for width in range(30, 60):
        lines = playtext.log_line("v152  ", said, width).splitlines()
        assert not [line for line in lines if re.search(r"(?i)\b(seat|officer)$", line)], (width, lines)
