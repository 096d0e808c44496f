"""What a person playing on a phone tripped on, each checked in a real Chromium: English words
for one of a thing ("1 coin", not "1 coins"), Medici's ships and their room before they sail."""

from __future__ import annotations

import pytest

from tests.browser.test_play_forms_tables import screen
from tests.browser.test_play_i18n import calls
from tests.browser.test_play_web import api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SINGULAR = {  # what an English page writes for a count of one
    "{n} coins": "1 coin",
    "{n} workers": "1 worker",
    "{n} points now": "1 point now",
    "(at most {n} tiles)": "(at most 1 tile)",
    "{name}: {n} goods left to buy": "{name}: 1 good left to buy",
    "{name}: {n} moves, listed under the map": "{name}: 1 move, listed under the map",
    "On the map, in words ({n} spaces)": "On the map, in words (1 space)",
    "{kind} goods ({n} squares) of {seat}": "{kind} goods (1 square) of {seat}",
    "{n} squares": "1 square",
    "{n} choices": "1 choice",
    "{n} players": "2 players",  # n=2 below: the plural stays
}


def test_an_english_page_writes_one_of_a_thing_in_the_singular(page, server_url):
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#game")
    for text in SINGULAR:
        assert text in calls(), f"the client no longer says {text!r}"
    said = page.evaluate(
        """async (texts) => {
        const { t } = await import("/play/js/i18n.js");
        return Object.fromEntries(texts.map((text) => [text, t(text, { n: text === "{n} players" ? 2 : 1 })]));
    }""",
        list(SINGULAR),
    )
    assert said == SINGULAR


def test_medici_shows_each_sides_ships_and_their_room_before_they_sail(page, server_url):
    """Loading asks 'ship 3 at harbour 1?' while no ship of the seat is moored: the page named a ship
    only once it sat in a harbour, so a player could not tell that ship 3 takes 5 tiles and ship 1 only 3."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2})
    tokens = [s["token"] for s in match["seats"]]
    path = f"/v1/matches/{match['id']}/moves"
    api(server_url, "POST", path, {"type": "offer", "price": 0}, tokens[0])
    api(server_url, "POST", path, {"type": "buy"}, tokens[1])
    api(server_url, "POST", path, {"type": "load", "ship": 0, "harbour": 1}, tokens[1])
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(f"{server_url}/play/#match={match['id']}&token={tokens[0]}")
    page.wait_for_selector(".board.medici")
    fleets = page.locator(".board.medici .fleet")
    assert fleets.all_inner_texts() == [
        "Medici's ships (tiles/room): 1: 0/3 · 2: 0/4 · 3: 0/5",
        "Strozzi's ships (tiles/room): 1: 1/3 in harbour 2 · 2: 0/4 · 3: 0/5",
    ]


def test_medici_says_who_drew_the_lot_not_drawer(page, server_url):
    """'Round 1 of 3 · draw tiles · drawer Seat 0' read as a piece of furniture."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2})
    page.goto(f"{server_url}/play/#match={match['id']}&token={match['seats'][1]['token']}")
    status = page.locator(".board.medici > p").first
    status.wait_for()
    assert "lot drawn by Medici" in status.inner_text()  # the house, as the server's log says
    assert "drawer" not in status.inner_text()


def test_speicherstadt_shipping_says_what_a_move_brings_and_what_ending_it_loses(page, server_url):
    """'Put coffee from the ship on your market hall' and 'End your shipping' said neither what the
    market hall pays nor that the cubes left on the ship are lost."""
    match = api(server_url, "POST", "/v1/matches", {"game": "speicherstadt", "players": 3, "seed": 1})
    tokens = [s["token"] for s in match["seats"]]
    path = f"/v1/matches/{match['id']}"
    for _ in range(400):  # seat 0 buys every card offered to it, the others none: a ship comes soon
        seat = api(server_url, "GET", path)["to_act"][0]
        moves = api(server_url, "GET", path, token=tokens[seat])["legal_moves"]
        types = {m["type"] for m in moves}
        if seat == 0 and "done" in types and "to_market" in types:
            break
        pick = {"type": "done"} if "done" in types else moves[0]
        if "buy" in types:
            pick = {"type": "buy"} if seat == 0 else next(m for m in moves if m["type"] != "buy")
        api(server_url, "POST", f"{path}/moves", pick, tokens[seat])
    else:
        pytest.fail("seat 0 never had a cube to put on its market hall")
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(f"{server_url}/play/#match={match['id']}&token={tokens[0]}")
    page.wait_for_selector(".moves [data-move]", state="attached")  # a long list folds its kinds
    notes = page.locator(".moves .kind-note").all_text_contents()
    ending = "When you end your shipping, the cubes still on your ship go to the supply (lost); your market hall"
    assert any(note.startswith(ending) for note in notes), notes
    assert any("2 cubes sell for 1 coin" in note for note in notes)


def test_medici_says_what_declining_a_lot_and_loading_a_ship_lead_to(page, server_url):
    """'Decline the lot at 37' did not say that the drawer must then buy it at 37, nor did 'Load the
    lot on ship 3 in harbour 1' say that the ship stays there and what a harbour pays."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2})
    tokens = [s["token"] for s in match["seats"]]
    path = f"/v1/matches/{match['id']}/moves"
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(f"{server_url}/play/#match={match['id']}&token={tokens[0]}")
    lead = page.locator(".moves .lead")
    lead.wait_for()
    price = "Strozzi buys the lot at the price you name, or declines it and you must buy it at that price."
    assert price in lead.inner_text()
    api(server_url, "POST", path, {"type": "offer", "price": 37}, tokens[0])
    page.goto(f"{server_url}/play/#match={match['id']}&token={tokens[1]}")
    answer = "Buy at this price, or decline: Medici must then buy the lot at that price."
    page.locator(".moves .lead", has_text=answer).wait_for()
    api(server_url, "POST", path, {"type": "buy"}, tokens[1])
    page.locator(".moves .lead", has_text="A ship stays in the harbour it is first loaded in").wait_for()


def test_the_lobbys_show_label_sits_beside_its_list_not_beside_the_heading(page, server_url):
    """At 375 px the lobby read 'Listed matches  Show' on one line and the list of statuses below it."""
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#listed-status")
    label = page.locator("label[for=listed-status]").bounding_box()
    pick = page.locator("#listed-status").bounding_box()
    heading = page.locator("#listed h2").bounding_box()
    assert label["y"] >= heading["y"] + heading["height"]
    assert abs((label["y"] + label["height"] / 2) - (pick["y"] + pick["height"] / 2)) < 8


def test_medicis_players_table_gives_purchases_as_money_paid_out(page, server_url):
    """The live table said 'Purchases 37' beside 'Harbours 20', as if earned; the final scores say -37."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2})
    tokens = [s["token"] for s in match["seats"]]
    api(server_url, "POST", f"/v1/matches/{match['id']}/moves", {"type": "offer", "price": 37}, tokens[0])
    api(server_url, "POST", f"/v1/matches/{match['id']}/moves", {"type": "buy"}, tokens[1])
    page.goto(f"{server_url}/play/#match={match['id']}&token={tokens[0]}")
    page.wait_for_selector(".board.medici table")
    rows = page.evaluate(
        """() => {
        const table = document.querySelector('.board.medici table');
        const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
        const at = heads.indexOf('Purchases');
        return [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[at].textContent.trim());
    }"""
    )
    assert rows == ["0", "-37"]


def test_speicherstadt_says_what_declining_a_card_leads_to(page, server_url):
    """'Decline the card' did not say that the next worker's owner then may buy it for a coin less."""
    match = api(server_url, "POST", "/v1/matches", {"game": "speicherstadt", "players": 3, "seed": 1})
    tokens = [s["token"] for s in match["seats"]]
    path = f"/v1/matches/{match['id']}"
    for _ in range(20):
        seat = api(server_url, "GET", path)["to_act"][0]
        moves = api(server_url, "GET", path, token=tokens[seat])["legal_moves"]
        if any(m["type"] == "decline" for m in moves):
            break
        api(server_url, "POST", f"{path}/moves", moves[0], tokens[seat])
    else:
        pytest.fail("no card was offered")
    page.goto(f"{server_url}/play/#match={match['id']}&token={tokens[seat]}")
    page.wait_for_selector(".moves [data-move]")
    assert page.locator(".moves .kind-note").all_inner_texts() == [
        "If you decline, your worker comes back and the next worker's owner, if any, may buy the card for 1 coin less."
    ]


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_speicherstadt_cards_say_what_they_do(browser, server_url, screenshots, locale):
    """Nothing on the page said what a card does for its buyer (a fireman's value, an office, the
    bank, the port): a new player bought blind (a walkthrough's find). Each card in the row says it."""
    match = api(server_url, "POST", "/v1/matches", {"game": "speicherstadt", "players": 3, "seed": 2})
    context = browser.new_context(viewport={"width": 375, "height": 740}, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{server_url}/play/#match={match['id']}&token={match['seats'][0]['token']}")
        page.wait_for_selector(".board.speicherstadt .row .card")
        cards = page.locator(".board.speicherstadt .row .card:not(.gone)")
        assert cards.count() == page.locator(".board.speicherstadt .row .card-use").count() > 0
        said = page.evaluate(
            """async () => {
            const { cardUse } = await import("/play/js/boards/speicherstadt.js");
            const kinds = ["contract", "fireman", "office", "ship", "trader", "warehouse", "bank", "chamber", "port"];
            return [...kinds.map((kind) => cardUse({ kind })), cardUse({ kind: "church", vp: 4 })];
        }"""
        )
        assert all(said) and len(set(said)) == len(said), said
        church, office = said[-1], said[2]
        if locale == "fr-FR":
            assert church == "4 PV à la fin." and office == "À la fin, 1/2/3/4 comptoirs rapportent 2/5/9/14 PV."
        else:
            assert church == "4 VP at the end." and office == "At the end, 1/2/3/4 offices score 2/5/9/14 VP."
        page.locator(".board.speicherstadt .row").screenshot(
            path=str(screenshots / f"play-speicherstadt-card-uses-{locale}.png")
        )
    finally:
        context.close()


def test_medicis_players_table_names_a_house_once(page, server_url):
    """With the houses as the seats' names, the table read "Medici (Medici) (you)" and
    "Strozzi (Strozzi (greedy bot))"; a named seat still shows its house beside its name."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "bots": {"1": "greedy"}})
    page.goto(f"{server_url}/play/#match={match['id']}&token={match['seats'][0]['token']}")
    page.locator(".board.medici table").first.wait_for()
    seats = page.evaluate(
        "() => [...document.querySelectorAll('.board.medici table tbody tr')].slice(0, 2)"
        ".map((tr) => tr.children[0].textContent.trim())"
    )
    assert seats == ["Medici (you)", "Strozzi (greedy bot)"], seats
    named = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "names": {"0": "Ana"}})
    page.goto(f"{server_url}/play/#match={named['id']}&token={named['seats'][0]['token']}")
    page.locator(".board.medici table tbody tr", has_text="Ana").first.wait_for()
    assert page.locator(".board.medici table tbody tr").first.inner_text().startswith("Medici (Ana, you)")


def test_a_new_matchs_log_says_nothing_was_played_yet(browser, server_url):
    """A new match showed "Journal" over a bare line (an empty list's border), then the first move's line.
    (Catan: its set-up shows nothing, so its log starts empty.)"""
    match = api(server_url, "POST", "/v1/matches", {"game": "catan", "players": 3})
    tokens = [s["token"] for s in match["seats"]]
    context, page = screen(browser, "fr")
    try:
        page.goto(f"{server_url}/play/#match={match['id']}&token={tokens[1]}")
        log = page.locator(".log")
        log.wait_for()
        assert [line for line in log.inner_text().splitlines() if line] == ["Journal", "Rien n'a encore été joué."]
        first = api(server_url, "GET", f"/v1/matches/{match['id']}", None, tokens[0])["legal_moves"][0]
        api(server_url, "POST", f"/v1/matches/{match['id']}/moves", first, tokens[0])
        page.locator(".log li[value='1']").wait_for(timeout=5000)
        assert "Rien n'a encore été joué." not in log.inner_text()
    finally:
        context.close()


def test_a_medici_log_opens_with_the_first_tile_the_set_up_drew(browser, server_url):
    """The lot held a tile from the start while the log said "Nothing played yet.": no line drew it."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "names": {"0": "Ana"}})
    tile = api(server_url, "GET", f"/v1/matches/{match['id']}")["view"]["lot"][0]
    context, page = screen(browser, "fr")
    try:
        page.goto(f"{server_url}/play/#match={match['id']}&token={match['seats'][1]['token']}")
        first = page.locator(".log li[value='1']")
        first.wait_for()
        said = first.inner_text()
        assert said.startswith("La manche 1 commence ; Ana pioche en premier"), said
        assert f"{tile['value']})" in said and "Rien n'a encore été joué." not in page.locator(".log").inner_text()
        assert first.locator(".who").count() == 0  # no seat's colour: the set-up is nobody's move
    finally:
        context.close()
