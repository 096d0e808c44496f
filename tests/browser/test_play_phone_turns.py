"""Turns of each game played against the server's bots on a 375 px phone, in English and French,
checked in a real Chromium against a real server: what a player met that read wrong (screenshots
in var/screenshots/, named play-turns-*)."""

from __future__ import annotations

import contextlib
from collections import Counter

import pytest

from tests.browser.test_play_flow import created, open_seat, play_until, read_french, trade_match
from tests.browser.test_play_web import PHONE, api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

# The board's own text, outside any element: a stray word (a null appended) shows as a line.
LOOSE_TEXT = """(board) => Array.from(board.childNodes,
  (n) => n.nodeType === Node.TEXT_NODE ? n.textContent.trim() : '').filter(Boolean)"""


def test_smuggler_map_without_marks_has_no_stray_null_above_it(browser, server_url, screenshots):
    """Choosing a boat (no place on the map to mark), a line read "null" between the boats and the
    map: the note about marked places was appended as null when there was none."""
    match_id, tokens = created(server_url, "smuggler", 2)
    seat, mine = play_until(server_url, match_id, tokens, lambda s, m: m["legal_moves"][0]["type"] == "choose_boat")
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        board = page.locator(".board.smuggler")
        assert page.locator(".smug-map").count() == 1 and page.locator(".map-note").count() == 0
        assert board.evaluate(LOOSE_TEXT) == []
        assert "null" not in board.inner_text().split()
        page.screenshot(path=str(screenshots / "play-turns-smuggler-boats-en-US.png"))
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_medici_ships_to_load_stay_buttons_beside_discard(browser, server_url, screenshots, locale):
    """Loading the lot bought, the 9 ships were folded into one line to tap open, and the one
    button in sight was "Discard the lot": one kind of several moves has nothing to fold it from."""
    match_id, tokens = created(server_url, "medici", 2)

    def bought(seat, mine):
        return {m["type"] for m in mine["legal_moves"]} == {"load", "discard"}

    for _ in range(20):  # seat to draw names a price for one tile, the other buys it
        seat = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
        if bought(seat, mine):
            break
        types = [m["type"] for m in mine["legal_moves"]]
        move = {"type": "buy"} if "buy" in types else {"type": "offer", "price": 0}
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", move, tokens[seat])
    assert bought(seat, mine), mine["legal_moves"]
    loads = [label for move, label in zip(mine["legal_moves"], mine["move_labels"]) if move["type"] == "load"]
    assert len(loads) > 8
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        moves = page.locator(".side .moves")
        assert moves.locator("details.kind").count() == 0
        shown = moves.locator("[data-move*='\"load\"']:visible")
        assert shown.count() == len(loads)
        if locale == "en-US":
            assert shown.all_inner_texts() == loads
        assert moves.locator("[data-move*='\"discard\"']:visible").count() == 1
        # Above the ships, the lot they are for (its tiles were a screen down, under the nine ships).
        tiles = ", ".join(f"{x['kind']} {x['value']}" for x in mine["view"]["lot"])  # English words: the kinds
        lead = moves.locator(".lead").inner_text()
        assert lead.startswith({"en-US": f"The lot: {tiles}. ", "fr-FR": "Le lot : "}[locale]), lead
        page.screenshot(path=str(screenshots / f"play-turns-medici-load-{locale}.png"))
    finally:
        context.close()


SHIPPING_KINDS = {
    "en-US": {
        "deliver": "Deliver to a contract",
        "sell": "Sell to your trader",
        "store": "Store in your warehouse",
        "to_market": "Put on your market hall",
        "market_sell": "Sell from your market hall",
        "convert": "Convert goods",
    },
    "fr-FR": {
        "deliver": "Livrer pour un contrat",
        "sell": "Vendre à votre négociant",
        "store": "Stocker dans votre entrepôt",
        "to_market": "Poser sur votre halle",
        "market_sell": "Vendre de votre halle",
        "convert": "Échanger des marchandises",
    },
}


def folded_shipping(seat, mine):
    kinds = Counter(m["type"] for m in mine["legal_moves"])
    return sum(1 for n in kinds.values() if n > 1) >= 2 and sum(kinds.values()) > 8


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_speicherstadt_shipping_folds_name_each_kind_in_the_page_language(browser, server_url, screenshots, locale):
    """Shipping's 10 moves fold by kind, and the lines read "Sell (3)", "To market (5)", "Deliver (2)":
    the move types, in English on a French page too. Each kind has its name in both languages now."""
    match_id, tokens = created(server_url, "speicherstadt", 3, seed=3)
    seat, mine = play_until(server_url, match_id, tokens, folded_shipping, preferred=("buy",))
    resource = read_french(server_url, match_id, tokens[seat]) if locale == "fr-FR" else mine
    kinds = Counter(m["type"] for m in resource["legal_moves"])
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        lines = page.locator(".side .moves details.kind")
        said = dict(
            zip(lines.evaluate_all("ds => ds.map((d) => d.dataset.kind)"), lines.locator("summary").all_inner_texts())
        )
        names = SHIPPING_KINDS[locale]
        assert said == {kind: f"{names[kind]} ({n})" for kind, n in kinds.items() if n > 1}
        page.screenshot(path=str(screenshots / f"play-turns-speicherstadt-shipping-{locale}.png"))
        # Opened, a kind shows its moves in the server's words.
        first = lines.first
        first.locator("summary").click()
        labels = [
            label
            for m, label in zip(resource["legal_moves"], resource["move_labels"])
            if m["type"] == first.get_attribute("data-kind")
        ]
        assert first.locator("[data-move]:visible").all_inner_texts() == labels
    finally:
        context.close()


@contextlib.contextmanager
def lobby_page(browser, server_url: str, locale: str):
    """A phone's page at the lobby in `locale`: its modules can be imported and run with made-up data."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{server_url}/play/")
        page.wait_for_selector("#listed h2")
        yield page
    finally:
        context.close()


# Catan's moves of a turn with cards to spare, as the server lists and labels them in French: the
# bank's trades share only their first word, and a fold named them by the move type, in English.
CATAN_TURN = {
    "legal_moves": [
        {"type": "maritime_trade", "give": g, "get": r} for g in ("brick", "ore") for r in ("lumber", "wool", "grain")
    ]
    + [{"type": "play_monopoly", "resource": r} for r in ("lumber", "brick", "wool")]
    + [{"type": "buy_development"}, {"type": "end_turn"}],
    "move_labels": [
        f"Échanger 4 {g} contre 1 {r} avec la banque" for g in ("briques", "minerais") for r in ("bois", "laine", "blé")
    ]
    + [f"Jouer Monopole : {r}" for r in ("bois", "brique", "laine")]
    + ["Acheter une carte Développement", "Terminer votre tour"],
}


def test_catan_folded_kinds_are_named_in_french(browser, server_url):
    """A fold names a kind by its board's `kinds`: Catan's bank trades read "Maritime trade (6)" on a
    French page, the move type humanized, and its first word alone is too little for a name."""
    with lobby_page(browser, server_url, "fr-FR") as page:
        said = page.evaluate(
            """async (resource) => {
              const { renderMoves } = await import('/play/js/moves.js');
              const { kinds } = await import('/play/js/boards/catan.js');
              const box = renderMoves(resource, () => {}, { kinds });
              return Array.from(box.querySelectorAll('details.kind > summary'), (s) => s.textContent);
            }""",
            CATAN_TURN,
        )
        assert said == ["Échanger avec la banque (6)", "Jouer Monopole (3)"]


def test_smuggler_secrets_in_hand_read_with_french_punctuation(browser, server_url, screenshots):
    """A French page listed its secrets as "Faveur due: Gagnez 2 influence", the colon of the
    English, where everything else on the page reads " : "."""
    match_id, tokens = created(server_url, "smuggler", 2)
    seat, mine = play_until(
        server_url, match_id, tokens, lambda s, m: m["view"]["players"][s].get("hand"), preferred=("discover_secret",)
    )
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        block = page.locator(".mine-block", has=page.locator("h4", has_text="Vos secrets"))
        lines = block.locator("li").all_inner_texts()
        assert len(lines) == len(mine["view"]["players"][seat]["hand"]) and lines
        for line in lines:
            assert " : " in line and not any(c != " " and line[i + 1] == ":" for i, c in enumerate(line[:-1])), line
        block.screenshot(path=str(screenshots / "play-turns-smuggler-secrets-fr-FR.png"))
    finally:
        context.close()


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-US", "Seat 1 is landing goods. A Tip-off adds 2 to the landing's risk"),
        ("fr-FR", "Siège 1 débarque des marchandises. Un Tuyau ajoute 2 au risque du débarquement"),
    ],
)
def test_smugglers_tipoff_question_says_who_lands_and_what_a_tipoff_does(browser, server_url, locale, said):
    """A seat asked in another's landing saw only "Play a Tip-off: yes / no": the line above the moves
    now says who lands and what a Tip-off does (a tip-off window is rare in a scripted game: the
    seat's resource is written here as the server sends it)."""
    resource = {
        "view": {"phase": "play", "deciding": "tipoff", "active": 1, "seat": 0},
        "legal_moves": [{"type": "tipoff", "play": True}, {"type": "tipoff", "play": False}],
        "move_labels": ["Play a Tip-off", "Play no Tip-off"],
    }
    with lobby_page(browser, server_url, locale) as page:
        lead = page.evaluate(LEAD, resource)
        assert lead.startswith(said) and lead.endswith(("Play one, or pass.", "Jouez-en un, ou passez.")), lead
        # A seat with no Tip-off to play may only pass: the line does not offer one.
        passing = {**resource, "legal_moves": resource["legal_moves"][1:], "move_labels": resource["move_labels"][1:]}
        lead = page.evaluate(LEAD, passing)
        assert lead.endswith(("You hold none to play: pass.", "Vous n'en avez aucun à jouer : passez.")), lead


# The line above the moves as the page draws it for a resource (seats named as the page names them).
LEAD = """async (resource) => {
  const { renderMoves } = await import('/play/js/moves.js');
  const smuggler = await import('/play/js/boards/smuggler.js');
  const seatName = (s) => (document.documentElement.lang === 'fr' ? `Siège ${s}` : `Seat ${s}`);
  const box = renderMoves(resource, () => {}, { lead: smuggler.lead(resource, { seatName }) });
  return box.querySelector('.lead').textContent;
}"""


def test_a_server_bot_is_named_in_the_pages_language(browser, server_url):
    """A French page said "robot greedy", the bot's id, beside French words everywhere else."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "bots": {"1": "greedy"}})
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match["id"], match["seats"][0]["token"])
        text = page.locator("body").inner_text()
        assert "robot glouton" in text and "greedy" not in text, text
    finally:
        context.close()


def test_smugglers_characters_trades_read_in_french(browser, server_url):
    """A French page listed "Humphry Davy Snr (Banker, …)": the trades stayed in English. Every trade of
    the static data has its French words; a name stays as it is."""
    characters = api(server_url, "GET", "/v1/games/smuggler/static")["characters"]
    with lobby_page(browser, server_url, "fr-FR") as page:
        said = page.evaluate(
            """async (trades) => {
              const { t } = await import('/play/js/i18n.js');
              return trades.map((trade) => t(trade));
            }""",
            sorted({c["trade"] for c in characters.values()}),
        )
        english = sorted({c["trade"] for c in characters.values()})
        assert all(f != e for f, e in zip(said, english) if e != "Coroner"), list(zip(english, said))
        match_id, tokens = created(server_url, "smuggler", 2)
        seat, _ = play_until(server_url, match_id, tokens, lambda s, m: m["view"]["phase"] == "play")
        open_seat(page, server_url, match_id, tokens[seat])
        text = page.locator("body").inner_text()  # the characters kept and those for hire
        assert any(f"({f}," in text for f in said), text
        assert not any(f"({e}," in text for e in english if e != "Coroner"), text


def test_the_maps_places_to_tap_are_buttons_to_assistive_technology(browser, server_url):
    """Catan's and Smuggler's maps were role="img", whose children ARIA makes presentational: their
    places to tap, buttons to the mouse and the keyboard, were no buttons to a screen reader (a
    reviewer's find: Playwright's get_by_role found none). The maps are groups now."""
    match = api(server_url, "POST", "/v1/matches", {"game": "catan", "players": 3, "seed": 4})
    mine = api(server_url, "GET", f"/v1/matches/{match['id']}", token=match["seats"][0]["token"])
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_seat(page, server_url, match["id"], match["seats"][0]["token"])
        island = page.get_by_role("group", name="The island")
        spots = island.get_by_role("button")
        assert spots.count() == len(mine["legal_moves"]) > 0
        spots.first.click()
        page.wait_for_selector(".log li[value='1']")
    finally:
        context.close()


def test_speicherstadts_row_of_cards_lines_up_taken_cards_and_all(browser, server_url, screenshots):
    """On a phone the row wraps: a line of taken cards alone stood a fifth as tall as the next, a
    "(taken)" beside a card as tall as that card, and a lone last card wider than the rest."""
    match_id, tokens = created(server_url, "speicherstadt", 4, seed=3)
    for turn in range(60):  # the workers spread over the row, each card bought when offered
        seat = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
        if mine["view"]["phase"] == "purchase" and mine["view"]["row"].count(None) >= 3:
            break
        legal = mine["legal_moves"]
        move = next((m for m in legal if m["type"] == "buy"), legal[turn % len(legal)])
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", move, tokens[seat])
    assert mine["view"]["row"].count(None) >= 3
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        boxes = page.locator(".board.speicherstadt .row > li").evaluate_all(
            "cards => cards.map((c) => { const r = c.getBoundingClientRect(); return [r.left, r.width, r.height]; })"
        )
        assert len({round(height) for _, _, height in boxes}) == 1, boxes
        assert len({round(width) for _, width, _ in boxes}) == 1, boxes
        assert len({round(left) for left, _, _ in boxes}) == 2, "two columns on a phone"
        page.locator(".board.speicherstadt .row").screenshot(path=str(screenshots / "play-turns-speicherstadt-row.png"))
    finally:
        context.close()


def test_catans_end_of_turn_comes_after_every_other_move(browser, server_url, screenshots):
    """The rules list "End your turn" first, and the page showed it first: on a phone a player
    scrolling for his move passed the one that ends his turn on the way."""
    match_id, _, token, _ = trade_match(server_url)  # the main phase, trades on offer
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, token)
        controls = page.locator(".side .moves :is(button[data-move], details > summary)")
        assert controls.count() > 2
        assert controls.last.get_attribute("data-move") == '{"type":"end_turn"}', controls.all_inner_texts()
        assert controls.last.inner_text() == "End your turn"
        page.screenshot(path=str(screenshots / "play-turns-catan-end-of-turn-last-en-US.png"), full_page=True)
    finally:
        context.close()


def test_speicherstadt_says_which_card_is_offered_and_at_what_price_above_buy(browser, server_url, screenshots):
    """A seat asked to buy read "Buy the card" and "Decline the card", and in the line above the row
    « en vente : carte 3 pour 1 »: a place the row does not number, at a price in no unit; on a
    phone the card was a screen below, under the taken ones. Above the moves it now reads the card by
    its name and its price in coins, as the line above the row does."""
    match_id, tokens = created(server_url, "speicherstadt", 3, seed=3)
    seat, mine = play_until(server_url, match_id, tokens, lambda s, m: "buy" in {x["type"] for x in m["legal_moves"]})
    price = mine["view"]["offer"]["price"]
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        name = page.locator(".row .card.offered strong").inner_text()
        coins = f"{price} pièce{'s' if price > 1 else ''}"
        assert page.locator(".side .moves .lead").inner_text() == f"On vous propose : {name} pour {coins}"
        assert f"en vente : {name} pour {coins}" in page.locator(".board.speicherstadt > p").first.inner_text()
        page.screenshot(path=str(screenshots / "play-turns-speicherstadt-offer-fr-FR.png"))
    finally:
        context.close()
