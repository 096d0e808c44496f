"""The web client's own words in the browser's language: French for a French browser, English
otherwise (the server's words, in its Accept-Language, are the server's business). A static check
that js/fr.js has French for every t("...") in the client and nothing more, then the lobby and
matches in a real Chromium with a French and an English locale (screenshots in var/screenshots/)."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.test_play_web import MOVES, api, shoot, strongest_bot, wait_for_text
from tests.typography import plain

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PLAY = Path(__file__).resolve().parents[2] / "service" / "web" / "static" / "play"
JS = sorted((PLAY / "js").rglob("*.js"))
STRING = r'"((?:[^"\\]|\\.)*)"'  # a double-quoted JS string literal, escapes kept
CALL = re.compile(r"(?<![\w$.])t\(\s*" + STRING)
# "English": "French", or "English {n}": ["French for 0 or 1", "French for more"],
ENTRY = re.compile(r"^\s*" + STRING + r":\s*(?:" + STRING + r"|\[" + STRING + r",\s*" + STRING + r"\]),\s*$")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def literal(text: str) -> str:
    return json.loads(f'"{text}"')  # the escapes the client uses (\", \\) read as JSON does


def code_lines():
    """Every line of the client's JS but its comment lines, with where it is."""
    for path in JS:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith(("//", "/*", "*")):
                yield f"{path.relative_to(PLAY)}:{n}", line


def calls() -> dict[str, list[str]]:
    """Every t("...") in the client: its English text, and where it is."""
    found: dict[str, list[str]] = {}
    for where, line in code_lines():
        for text in CALL.findall(line):
            found.setdefault(literal(text), []).append(where)
    return found


# The French dictionaries and the table each exports (i18n.js takes FR with the others added).
DICTIONARIES = {"fr.js": "FR", "fr-smuggler.js": "FR_SMUGGLER"}


def french() -> list[tuple[str, list[str]]]:
    """The French dictionaries of js/fr.js and js/fr-smuggler.js (`export const FR = { ... };`, one
    entry a line): each English text with its French forms (one, or two for a count: singular and
    plural)."""
    assert sorted(p.name for p in (PLAY / "js").glob("fr*.js")) == sorted(DICTIONARIES)
    lines = []
    for name, table in DICTIONARIES.items():
        source = (PLAY / "js" / name).read_text(encoding="utf-8")
        block = re.search(rf"^export const {table} = \{{\n(.*?)^\}};", source, re.S | re.M)
        assert block, f"js/{name} has no `export const {table} = {{` ... `}};` block"
        assert f"...{table}" in (PLAY / "js" / "i18n.js").read_text(encoding="utf-8") or table == "FR"
        lines += block.group(1).splitlines()
    entries = []
    for line in lines:
        if not line.strip() or line.strip().startswith("//"):
            continue
        entry = ENTRY.match(line)
        assert entry, f'not a "English": "French", line: {line!r}'
        english, one, singular, plural = entry.groups()
        forms = [one] if one is not None else [singular, plural]
        entries.append((literal(english), [literal(form) for form in forms]))
    return entries


def test_every_text_of_the_client_has_its_french_and_every_french_is_used():
    used = calls()
    entries = french()
    fr = dict(entries)
    assert len(used) > 200, f"only {len(used)} texts found: is the t(...) pattern still right?"
    # Every call is t("a literal"): a computed key (a variable, a template) would escape this check.
    for where, line in code_lines():
        for at in re.finditer(r"(?<!function )(?<![\w$.])t\(", line):
            assert CALL.match(line, at.start()), f"{where}: t() with no string literal"
    duplicates = sorted({english for english, _ in entries if sum(e == english for e, _ in entries) > 1})
    assert not duplicates, f"given twice (the second wins): {duplicates}"
    missing = {text: where for text, where in used.items() if text not in fr}
    assert not missing, f"no French for: {missing}"
    unused = sorted(set(fr) - set(used))
    assert not unused, f"French for texts the client no longer writes: {unused}"
    for english, forms in entries:
        assert len(forms) == 1 or "{n}" in english, f"singular and plural for {english!r}, which has no {{n}} to count"
        for translated in forms:
            assert translated.strip(), f"empty French for {english!r}"
            assert set(PLACEHOLDER.findall(english)) == set(PLACEHOLDER.findall(translated)), (english, translated)


def test_the_static_check_sees_calls_across_a_line_and_with_escapes():
    # A guard on the regexes above, so a pattern that silently matches nothing cannot pass.
    assert CALL.findall('x = t("Seat {seat}", { seat }) + t( "say \\"hi\\"")') == ["Seat {seat}", 'say \\"hi\\"']
    assert literal('say \\"hi\\"') == 'say "hi"'
    assert ENTRY.match('  "Seat {seat}": "Siège {seat}",').groups() == ("Seat {seat}", "Siège {seat}", None, None)
    assert ENTRY.match('  "{n} coins": ["{n} pièce", "{n} pièces"],').groups()[2:] == ("{n} pièce", "{n} pièces")


@pytest.fixture
def french_page(browser):
    """A browser asking for French: navigator.languages and Accept-Language both say fr-FR
    (Playwright's per-context locale: what --lang=fr and the intl.accept_languages pref do)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    page = context.new_page()
    yield page
    context.close()


def visible_text(page) -> str:
    """What a person reads: the text, plus button names, placeholders, tooltips and aria-labels."""
    return page.evaluate(
        """() => [document.title, document.body.innerText,
          ...Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'), (n) =>
            ['aria-label', 'title', 'placeholder'].map((a) => n.getAttribute(a)).join(' '))].join('\\n')"""
    )


def assert_words(text: str, present: list[str], absent: list[str]) -> None:
    assert [w for w in present if w not in text] == [], "missing words"
    assert [w for w in absent if w in text] == [], "words in the wrong language"


LOBBY_FR = ["Jouer", "Nouvelle partie", "Jeu", "Joueurs", "Siège 0", "moi (ce navigateur)", "Créer et jouer"]
LOBBY_FR += ["Rejoindre une partie", "Votre nom", "Identifiant de la partie", "Parties du salon", "nom (facultatif)"]
LOBBY_CATAN_FR = ["Plateau", "Jetons numérotés", "Commerce et construction", "terrains mélangés"]
LOBBY_CATAN_EN = ["Map", "Number tokens", "Trading and building", "shuffled terrain", "beginner", "combined"]
LOBBY_EN = ["New match", "Game", "Players", "Seat 0", "me (this browser)", "Create and play", "Join a match"]
LOBBY_EN += ["Your name", "Match id", "Listed matches", "name (optional)", "Portside · play"]


def test_a_french_browser_gets_the_lobby_in_french(french_page, server_url, screenshots):
    page = french_page
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#listed h2")
    assert page.evaluate("navigator.languages") == ["fr-FR"]
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.title() == "Portside · jouer"
    assert_words(visible_text(page), LOBBY_FR, LOBBY_EN)
    page.select_option("#listed-status", "active")  # the lobby's list redrawn: still French
    page.locator("#listed-status option[selected][value=active]").wait_for(state="attached")
    assert page.locator("#listed-status option:checked").inner_text() == "en cours"
    assert_words(visible_text(page), ["Parties du salon"], ["Listed matches", "None right now."])
    page.select_option("#game", "catan")  # the game's options, from the server in French
    page.locator("#opt-map").wait_for()
    assert_words(visible_text(page), LOBBY_CATAN_FR, LOBBY_CATAN_EN)
    # Each choice in French too: they read « Plateau [variable] », « [spiral] », « [combined] », the values sent.
    choices = {key: page.locator(f"#opt-{key} option").all_inner_texts() for key in ("map", "numbers", "trade_order")}
    assert choices == {
        "map": ["débutant", "variable"],
        "numbers": ["en spirale", "au hasard"],
        "trade_order": ["combiné", "strict"],
    }
    assert page.locator("#opt-numbers").input_value() == "spiral"
    shoot(page, screenshots, "fr-lobby")


def test_french_says_the_article_of_an_unnamed_seat_after_a_preposition(french_page, server_url):
    """« bateau de Siège 2 », « soudoyé par Siège 2 », « au tour de Siège 2 »: an unnamed seat is
    « le siège 2 », contracted as the server's log does (« du siège 2 »); a named one stays as it is."""
    french_page.goto(f"{server_url}/play/")
    said = french_page.evaluate(
        """async () => {
          const { t } = await import('/play/js/i18n.js');
          const seat = t("Seat {seat}", { seat: 2 });
          return [t("{seat}'s boat", { seat }), t("{seat}'s boat", { seat: "Zoé" }),
            t("Customs officer {n}, bribed by {seat}", { n: 1, seat }), t("turn of {seat}", { seat }),
            t("{warehouse}, {seat}'s", { warehouse: "Sea cave", seat }),
            t("Waiting for {seats}", { seats: `${seat}, Zoé` })];
        }"""
    )
    assert said == [
        "bateau du siège 2",
        "bateau de Zoé",
        "Officier des douanes 1, soudoyé par le siège 2",
        "au tour du siège 2",
        "Sea cave, au siège 2",
        "En attente : Siège 2, Zoé",
    ]


def test_french_elides_de_before_a_name_that_starts_with_a_vowel(french_page, page, server_url):
    """« au tour de Ana », « bateau de Émile »: « de » before a vowel is « d' » (accented too), as
    the server's log says it; before a consonant or an unnamed seat it stays, and English is as is."""
    script = """async () => {
      const { t } = await import('/play/js/i18n.js');
      return [t("turn of {seat}", { seat: "Ana" }), t("{seat}'s boat", { seat: "Émile" }),
        t("{name}'s ships (tiles/room):", { name: "Yves" }), t("{seat}'s pawn", { seat: "Hugo" }),
        t("{seat}'s boat", { seat: t("Seat {seat}", { seat: 2 }) }),
        t("{n} of your moves are on the board: choose a marked place there.", { n: 3 })];
    }"""
    french_page.goto(f"{server_url}/play/")
    assert french_page.evaluate(script) == [
        "au tour d'Ana",
        "bateau d'Émile",
        "Navires d'Yves (tuiles/place) :",
        "pion de Hugo",
        "bateau du siège 2",
        "3 de vos coups se jouent sur le plateau : choisissez un emplacement marqué.",
    ]
    page.goto(f"{server_url}/play/")
    assert page.evaluate(script)[:3] == ["turn of Ana", "Émile's boat", "Yves's ships (tiles/room):"]


def test_french_counts_a_negative_score_in_the_plural(french_page, server_url):
    """A Speicherstadt seat the fires had cost 6 points read « -6 point à ce stade »: French is
    singular under 2 either side of 0 (« -1 point », « 1 point »), plural from 2 on (« -6 points »)."""
    french_page.goto(f"{server_url}/play/")
    said = french_page.evaluate(
        """async () => {
          const { t } = await import('/play/js/i18n.js');
          return [-6, -1, 0, 1, 2].map((n) => t("{n} points now", { n }));
        }"""
    )
    assert said == [
        "-6 points à ce stade",
        "-1 point à ce stade",
        "0 point à ce stade",
        "1 point à ce stade",
        "2 points à ce stade",
    ]


def test_an_english_or_other_browser_gets_the_lobby_in_english(page, browser, server_url):
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#listed h2")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.title() == "Portside · play"
    assert_words(visible_text(page), LOBBY_EN, LOBBY_FR)
    # German is neither: English, as the server answers it.
    context = browser.new_context(locale="de-DE")
    try:
        german = context.new_page()
        german.goto(f"{server_url}/play/")
        german.wait_for_selector("#listed h2")
        assert german.evaluate("document.documentElement.lang") == "en"
        assert_words(visible_text(german), LOBBY_EN, LOBBY_FR)
        # The choice itself: the first fr or en by primary tag, in the browser's order.
        chosen = german.evaluate(
            """async () => {
              const { choose } = await import('/play/js/i18n.js');
              const lists = [['de-DE', 'fr-CA', 'en'], ['en-GB', 'fr'], ['FR'], ['de'], []];
              return lists.map(choose);
            }"""
        )
        assert chosen == ["fr", "en", "fr", "en", "en"]
    finally:
        context.close()


def open_match(page, server_url: str, game: str, players: int, bots: bool = True) -> tuple[str, str]:
    body = {"game": game, "players": players, "seed": 11}
    if bots:
        body["bots"] = {str(s): strongest_bot(server_url, game) for s in range(1, players)}
    created = api(server_url, "POST", "/v1/matches", body)
    match_id, token = created["id"], created["seats"][0]["token"]
    page.goto(f"{server_url}/play/#match={match_id}&token={token}")
    page.wait_for_selector("[data-status=active]")
    page.wait_for_selector(".board, .generic")
    return match_id, token


# Per game: words of the board that must be French, and their English that must be gone.
BOARDS = {
    "medici": (
        [
            "Pistes de monopole",
            "Valeur des cargaisons",
            "Manche 1 sur",
            "Argent",
            "Port 1 : ",
            "teinture",
            "tirage",
            "Achats",
        ],
        ["Monopoly tracks", "Cargo value", "Round 1", "Harbour 1", "dye", "Draw", "Purchases"],
    ),
    "catan": (  # the resources in the server's French words (the bank, the harbours)
        [
            "L'île",
            "Votre main :",
            "Banque :",
            "Chevaliers",
            "au tour du siège",
            "19 bois",
            "19 briques",
            "minerai",
            "mise en place",
        ],
        ["The island", "Your hand", "Bank:", "Knights", "lumber", "brick", "wool", "Setup"],
    ),
    "speicherstadt": (  # the goods in the server's French words (the legend, the bag)
        [
            "La rangée de cartes",
            "premier joueur : Siège",
            "Pioche par saison",
            "pièces",
            "café",
            "safran",
            "tapis",
            "demande",
        ],
        ["The row of cards", "Deck by season", "coins", "coffee", "saffron", "rubber", "carpet", "Demand", "Season"],
    ),
    "smuggler": (
        [
            "Piste des douanes",
            "Vos personnages",
            "Personnages à engager",
            "crique secrète",
            "Tonnelet (1 carré)",
            "(2 carrés)",
            "mise en place",
            "décision : ",
            "Officiels :",
        ],
        # "(1 carrés", " 1 carrés": a wrong singular, not "11 carrés"
        ["Customs track", "Your characters", "secret cove", "(1 carrés", " 1 carrés", "squares", "Setup", "Officials"]
        + ["Choose boat", "Keg", "Irish trader", "Dutch merchantman", "Roscoff lugger", "The Witch of", "#1"],
    ),
}
MATCH_FR = ["Partie ", "Journal", "Abandonner", "Salon", "Siège 0 (vous)", "Plateau", "en direct"]
MATCH_EN = ["Match ", "Your move", "Waiting for", "Resign", "Lobby", "Your seats", "Seat 0", "Board", "live (", "Log"]


@pytest.mark.parametrize("game,players", [("medici", 2), ("catan", 3), ("speicherstadt", 2), ("smuggler", 2)])
def test_a_french_browser_gets_a_match_in_french(french_page, server_url, screenshots, game, players):
    page = french_page
    match_id, token = open_match(page, server_url, game, players)
    wait_for_text(page, "#conn", "en direct")
    assert page.evaluate("document.documentElement.lang") == "fr"
    status = page.locator("[data-status]").inner_text()
    assert status == "À vous de jouer" or status.startswith("En attente : "), status
    present, absent = BOARDS[game]
    assert_words(visible_text(page), MATCH_FR + present, MATCH_EN + absent)
    # The server's words come in French too (its Accept-Language): the move buttons say them as sent.
    french, english, shown = labels_as_drawn(page, server_url, match_id, token)
    if french:
        assert all(label in shown for label in french), (french, shown)
        assert not set(english) & set(shown) - set(french), "an English move label on the French page"
    shoot(page, screenshots, f"fr-{game}")


def read_as(base: str, path: str, token: str, language: str) -> dict:
    request = urllib.request.Request(
        base + path, headers={"Authorization": f"Bearer {token}", "Accept-Language": language}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return plain(json.load(response))  # its words, as the tests read the page's (browser/conftest.py)


def labels_as_drawn(page, base: str, match_id: str, token: str, seconds: float = 10):
    """The move labels in French and in English of the version the page shows, and the labels on
    the page: read again while the bots move the match past what the page drew."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        french = read_as(base, f"/v1/matches/{match_id}", token, "fr-FR")
        english = read_as(base, f"/v1/matches/{match_id}", token, "en")
        drawn = page.locator(".match-head .muted").first.inner_text()
        if french["version"] == english["version"] and drawn.endswith(f"version {french['version']}"):
            if not french.get("move_labels"):
                return [], [], []
            page.wait_for_selector(MOVES, state="attached")
            shown = page.eval_on_selector_all(
                "[data-move], option", "cs => cs.map(c => c.getAttribute('aria-label') || c.textContent.trim())"
            )
            return french["move_labels"], english["move_labels"], shown
        page.wait_for_timeout(100)
    raise AssertionError("the page never showed the version the server has")


def test_a_french_resign_asks_in_french_and_the_outcome_is_french(french_page, server_url, screenshots):
    page = french_page
    match_id, _ = open_match(page, server_url, "medici", 2)
    asked: list[str] = []

    def answer(dialog):
        asked.append(plain(dialog.message))
        dialog.accept()

    page.once("dialog", answer)
    page.click(".operations button:has-text('Abandonner')")
    page.wait_for_selector("[data-status=finished]")
    assert asked == ["Abandonner cette partie ?"]
    assert page.locator("[data-status]").inner_text() == "Terminée"
    outcome = page.locator(".outcome")
    assert outcome.locator("h2").inner_text().startswith("Gagnant : ")
    assert outcome.locator("caption").inner_text() == "Scores finaux"
    assert outcome.locator("thead th").all_inner_texts() == ["Siège", "Rang", "Score", "Gagné par forfait"]
    # The engine's "Seat 0 left the game." said by the page, with the seat's name: Medici's is its house.
    assert "Medici a quitté la partie." in outcome.inner_text()
    assert "Strozzi (robot glouton)" in outcome.inner_text()
    assert page.locator("#rematch").inner_text() == "Proposer une revanche"
    text = visible_text(page)
    assert_words(
        text,
        ["Scores finaux", "Proposer une revanche", "Salon"],
        ["Final scores", "Winner", "Offer a rematch", "Rank", "Forfeit", "left the game"],
    )
    # The log's lines are the server's, in French: "siège 0 abandonne" (its own word for resign).
    page.locator(".log li", has_text="abandonne").first.wait_for(timeout=10000)
    shoot(page, screenshots, "fr-medici-finished")


def test_french_says_an_empty_supply_a_hand_and_a_card_without_workers_naturally(french_page, server_url, screenshots):
    """Nothing read « rien » after a colon: a card nobody queued at was « ouvriers : rien » to a screen
    reader, Speicherstadt's end « Pioche par saison : rien · sac : rien », Catan's setup « Votre main :
    rien » and « Cartes de développement : rien »."""
    from tests.browser.test_play_forms_tables import played_to_its_end

    page = french_page
    open_match(page, server_url, "speicherstadt", 2)
    labels = page.eval_on_selector_all(".card .workers", "ws => ws.map((w) => w.getAttribute('aria-label'))")
    assert labels and set(labels) == {"aucun ouvrier"}, labels

    match_id, token = played_to_its_end(server_url, "speicherstadt", 2)
    page.goto(f"{server_url}/play/#match={match_id}&token={token}")
    page.wait_for_selector("[data-status=finished]")
    page.wait_for_selector(".board")
    assert "Pioche par saison : vide" in page.inner_text(".board")
    assert "rien" not in visible_text(page)
    page.screenshot(path=str(screenshots / "play-review-speicherstadt-end-supply-fr.png"), full_page=True)

    open_match(page, server_url, "catan", 3)
    said = page.inner_text(".board")
    assert "Votre main : vide" in said and "Cartes de développement : aucune en main" in said, said
    assert "rien" not in visible_text(page)


SEAT_LISTS = """async () => {
  const { t } = await import('/play/js/i18n.js');
  const { seatsSaid } = await import('/play/js/words.js');
  const bot = t("Seat {seat} ({bot} bot)", { seat: 2, bot: t("greedy") });
  const names = [t("Seat {seat}", { seat: 0 }), "Ana", bot, "Émile", t("Seat {seat}", { seat: 4 }),
    t("Seat {seat} ({bot} bot)", { seat: 5, bot: t("random") })];
  const name = (seat) => names[seat];
  const offer = (to) => t("{seat} offers {give} for {get} to {to}",
    { seat: "Ana", give: "x", get: "y", to: seatsSaid(to, name, "à") });
  return [offer([0, 4]), offer([3, 0]), t("accepted by {seats}", { seats: seatsSaid([2, 5], name, "par") }),
    t("Waiting for {seats}", { seats: seatsSaid([0, 2], name) }),
    t("Waiting for answers from {seats}", { seats: seatsSaid([3, 0], name, "de", [t("you")]) }),
    t("Waiting for {seats}", { seats: seatsSaid([1, 3], name) })];
}"""


def test_seats_are_listed_as_a_sentence_says_them(french_page, page, server_url):
    """A trade offered to two seats read "to Seat 0, Seat 2" (« au siège 0, au siège 2 »), a list of
    labels: seats without a name are "seats 0 and 4" (« aux sièges 0 et 4 »), bots alike, names and the rest
    joined by "and" (« et »), each French item after its preposition again (« à Émile et au siège 0 »)."""
    page.goto(f"{server_url}/play/")
    assert page.evaluate(SEAT_LISTS) == [
        "Ana offers x for y to seats 0 and 4",
        "Ana offers x for y to Émile and Seat 0",
        "accepted by seats 2 (greedy bot) and 5 (random bot)",
        "Waiting for Seat 0 and Seat 2 (greedy bot)",
        "Waiting for answers from you, Émile and Seat 0",
        "Waiting for Ana and Émile",
    ]
    french_page.goto(f"{server_url}/play/")
    assert french_page.evaluate(SEAT_LISTS) == [
        "Ana offre x contre y aux sièges 0 et 4",
        "Ana offre x contre y à Émile et au siège 0",
        "acceptée par les sièges 2 (robot glouton) et 5 (robot au hasard)",
        "En attente : Siège 0 et Siège 2 (robot glouton)",
        "Réponses attendues de vous, d'Émile et du siège 0",
        "En attente : Ana et Émile",
    ]
