"""What the boards show, checked on the page: Cornish Smuggler's sale prices, customs track and
goods count; Catan's trade on the table beside the moves and its harbour labels; the resources'
and goods' names in French (screenshots in var/screenshots/)."""

from __future__ import annotations

import pytest

from engine.smuggler import GAME as SMUGGLER
from tests.browser.test_play_i18n import assert_words, visible_text
from tests.browser.test_play_web import DESKTOP, PHONE, api, shoot, wait_for_text
from tests.engine.smuggler.helpers import edited, officers_to_choose
from tests.service.helpers import stored_state
from tests.typography import plain

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def open_seat(page, server_url: str, match_id: str, token: str) -> None:
    page.goto(f"{server_url}/play/#match={match_id}&token={token}")
    page.wait_for_selector("[data-status=active]")
    page.wait_for_selector(".board")


def create(server_url: str, game: str, players: int, seed: int = 11) -> dict:
    """A match with every seat a person's (nobody moves unless the test does)."""
    return api(server_url, "POST", "/v1/matches", {"game": game, "players": players, "seed": seed})


# --- Cornish Smuggler ------------------------------------------------------------------------


def test_smuggler_customs_rings_each_officer_the_seat_may_move_and_a_tap_there_chooses_him(
    browser, server_url, redis_client, screenshots
):
    """Asked which officer moves for a sale, the poorest seat saw the map mark neither officer (one
    was off the phone's screen): only the buttons under it said where each stood."""
    created = create(server_url, "smuggler", 3)
    with stored_state(redis_client, created["id"]) as raw:
        raw["game"] = SMUGGLER.dump(officers_to_choose())  # officer 1 at Hayle, officer 2 at Zennor
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, created["id"], created["seats"][1]["token"])
        marks = page.locator(".smug-map [data-spot]")
        assert sorted(marks.evaluate_all("ms => ms.map((m) => m.dataset.spot)")) == ["hayle", "zennor"]
        page.screenshot(path=str(screenshots / "play-boards-smuggler-customs-officers-375.png"))
        zennor = page.locator(".smug-map [data-spot=zennor]")
        zennor.scroll_into_view_if_needed()
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            zennor.click()
        mine = api(server_url, "GET", f"/v1/matches/{created['id']}", token=created["seats"][1]["token"])
        assert {m["type"] for m in mine["legal_moves"]} == {"choose_path"}  # officer 2 chosen: now his way
    finally:
        context.close()


def test_a_french_smuggler_page_names_the_places_that_say_what_they_are_in_french(browser, server_url, screenshots):
    """The map and its list in words named "To the North" and "Off Cape Cornwall" in English on a French
    page (the static data is the same in every language): the rules' « Vers le Nord »; towns stay."""
    created = create(server_url, "smuggler", 2)
    match_id = created["id"]

    def placed(route):  # seat 0's pawn To the North and boat off Cape Cornwall (a later turn's view)
        response = route.fetch()
        match = response.json()
        match["view"]["players"][0].update(pawns=["north", "penzance"])
        match["view"]["players"][0]["boat"]["space"] = "sea_cape"
        route.fulfill(response=response, json=match)

    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = context.new_page()
        page.route(f"**/v1/matches/{match_id}", placed)
        open_seat(page, server_url, match_id, created["seats"][0]["token"])
        names = page.locator(".smug-map .space-name, .smug-map .sea-name").all_text_contents()
        assert {"Vers le Nord", "Au large du cap Cornwall", "Îles de Scilly", "Baie de St Ives", "Penzance"} <= set(
            names
        )
        assert not {"To the North", "Off Cape Cornwall", "Isles of Scilly", "St Ives Bay"} & set(names)
        listed = page.locator(".where")
        listed.locator("summary").click()
        rows = listed.locator("li strong").all_text_contents()
        assert {"Vers le Nord :", "Au large du cap Cornwall :", "Penzance :"} <= set(rows), rows
        assert "To the North" not in listed.inner_text()
        towns = page.locator(".smug-prices tbody tr").evaluate_all(
            "rs => rs.map((r) => r.lastElementChild.textContent)"
        )
        assert "Îles de Scilly" in towns[0] and towns[-1] == "Vers le Nord", towns  # sizes 1 and 5
        shoot(page, screenshots, "fr-smuggler-places")
    finally:
        context.close()


def test_a_smuggler_page_says_where_a_boat_is_and_its_goods_in_running_words(browser, server_url, screenshots):
    """The seat's panel read "At Off Cape Cornwall · hold …" (the map's title after a preposition),
    and the French « marchandises Tonnelet de Siège 0 » (a capital in running French). The boat's
    place is said as the server's sentences say it (the static data's `where`, from the engine's
    words); a keg is « tonnelet » in running words."""
    created = create(server_url, "smuggler", 2)
    set_up_by_api(server_url, created, {0: "sea_cape", 1: "irish"})

    def keg_ashore(route):  # a keg of seat 0's landed at Penzance
        response = route.fetch()
        match = response.json()
        keg = next(sid for sid, g in match["view"]["goods"].items() if g["kind"] == "keg")
        match["view"]["goods"][keg].update(where="board", space="penzance", owner=0)
        route.fulfill(response=response, json=match)

    said = {
        "en-US": ["In the waters off Cape Cornwall · hold 0 of", "At the Irish trader · hold 0 of", "Seat 0"],
        "fr-FR": ["Au large du cap Cornwall · cale : 0 sur", "Auprès du marchand irlandais · cale : 0 sur", "Siège 0"],
    }
    goods = {
        "en-US": ("keg goods of ", "Keg goods ("),
        "fr-FR": ("marchandises tonnelet du ", "Marchandises tonnelet ("),
    }
    for locale, (cape, trader, first) in said.items():
        seated = first.lower() if locale == "fr-FR" else first  # « du siège 0 »
        for size in (PHONE, DESKTOP):
            for seat, where in ((0, cape), (1, trader)):
                context = browser.new_context(viewport=size, locale=locale)  # a browser a seat: no hot-seat
                try:
                    page = context.new_page()
                    page.route(f"**/v1/matches/{created['id']}", keg_ashore)
                    open_seat(page, server_url, created["id"], created["seats"][seat]["token"])
                    assert page.locator(".yours .hold p").first.inner_text().startswith(where)
                    listed = page.locator(".where")
                    listed.locator("summary").click()
                    assert listed.locator("li", has_text="Penzance").inner_text().endswith(goods[locale][0] + seated)
                    titles = page.locator(".smug-map title").all_text_contents()
                    assert any(title.startswith(goods[locale][1]) for title in titles), titles
                    name = f"play-smuggler-boat-words-{locale[:2]}-seat{seat}-{size['width']}.png"
                    page.locator(".yours").screenshot(path=str(screenshots / name))
                finally:
                    context.close()


def set_up_by_api(server_url: str, created: dict, boats: dict[int, str]) -> None:
    """Seat by seat, the first listed set-up choice, but each seat's boat put where `boats` says."""
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    path = f"/v1/matches/{created['id']}"
    while api(server_url, "GET", path)["view"]["phase"] == "setup":
        seat = api(server_url, "GET", path)["to_act"][0]
        move = api(server_url, "GET", path, token=tokens[seat])["legal_moves"][0]
        if move["type"] == "place_boat":
            move = {"type": "place_boat", "space": boats[seat]}
        api(server_url, "POST", f"{path}/moves", move, tokens[seat])


def test_smugglers_players_table_says_where_each_boat_is_in_english_words(page, server_url, screenshots):
    """The Boat column read "Brig at Off St Levan" and "Sloop at Irish trader": a space's name is
    no place after "at". It says the place in brackets, as the French page does."""
    created = create(server_url, "smuggler", 2)
    set_up_by_api(server_url, created, {0: "irish", 1: "st_ives_bay"})
    open_seat(page, server_url, created["id"], created["seats"][0]["token"])
    table = page.locator("table", has=page.locator("caption", has_text="Players"))
    boats = table.locator("tbody tr").evaluate_all("rows => rows.map((r) => r.cells[5].textContent)")
    assert [b for b in boats if " at " in b] == [], boats
    assert boats[0].endswith(" (Irish trader)") and boats[1].endswith(" (St Ives Bay)"), boats
    table.screenshot(path=str(screenshots / "play-smuggler-players-boats-en.png"))


def test_a_french_smuggler_page_names_goods_boats_warehouses_and_the_witch_in_french(
    browser, server_url, redis_client, screenshots
):
    """A French page read « Acheter Irish trader #0 », « Engager The Witch of St Levan », « Lugger »,
    « Inn cellar (Tamsin Rowe) » and « Keg » (the cards' English), and a boat put « à la baie de St
    Ives »: a name that says what its thing is reads in French, a person's name as printed."""
    created = create(server_url, "smuggler", 2)
    match_id, token = created["id"], created["seats"][0]["token"]
    set_up_by_api(server_url, created, {0: "irish", 1: "st_ives_bay"})  # seat 0's boat at a merchant

    def tamsin(d):  # seat 0 hired Tamsin Rowe: her pawn at Penzance, a Roscoff keg in her Inn cellar
        d["decks"]["commerce"].remove("c_rowe")
        d["characters"][0].append("c_rowe")
        d["pawns"][0].append("penzance")
        d["warehouses"]["w_c_rowe"]["owner"] = 0
        d["shapes"]["roscoff_7"].update(where="warehouse", owner=0, space="penzance", warehouse="w_c_rowe")

    with stored_state(redis_client, match_id) as raw:
        raw["game"] = SMUGGLER.dump(edited(SMUGGLER.load(raw["game"]), tamsin))
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, token)
        log = page.locator(".log")
        assert "Siège 0 place son bateau auprès du marchand irlandais" in log.inner_text()
        assert "Siège 1 place son bateau dans la baie de St Ives" in plain(log.inner_text())
        labels = plain(page.eval_on_selector_all("[data-move], option", "cs => cs.map(c => c.textContent.trim())"))
        assert "Acheter la forme irlandaise n° 0 pour 1 influence et 1 pièce d'or" in labels, labels
        assert "Engager la Sorcière de St Levan pour 1 pièce d'or et 1 influence" in labels, labels
        text = visible_text(page)
        assert_words(
            text,
            ["Marchand irlandais :", "Lougre de Roscoff :", "n° 0", "Votre bateau : Lougre", "Tonnelet (1 carré)"]
            + ["Cave de l'auberge (Tamsin Rowe) (Penzance)", "La Sorcière de St Levan, Guérisseuse", "Tamsin Rowe"],
            ["Irish trader", "Roscoff lugger", "Dutch merchantman", "Lugger", "Inn cellar", "Keg", "Witch", "#0"],
        )
        # A landing's boxes name each shape as the server does, without the article: a box, not a sentence.
        boxes = page.evaluate(
            "async () => ['irish_3', 'roscoff_0'].map((await import('/play/js/boards/smuggler.js')).term)"
        )
        assert boxes == ["forme irlandaise n° 3", "forme de Roscoff n° 0"]
        witch = {"type": "hire", "card": "r_witch", "pay": "influence"}
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", witch, token)
        wait_for_text(page, ".log", "Siège 0 engage la Sorcière de St Levan")
        yours = page.locator(".yours").inner_text()
        assert "La Sorcière de St Levan (Guérisseuse" in yours and "Tamsin Rowe (Aubergiste" in yours, yours
        shoot(page, screenshots, "fr-smuggler-names")
    finally:
        context.close()


def test_smuggler_shows_the_sale_prices_with_the_towns_of_each_size(page, server_url, screenshots):
    created = create(server_url, "smuggler", 2)
    open_seat(page, server_url, created["id"], created["seats"][0]["token"])
    view = api(server_url, "GET", f"/v1/matches/{created['id']}")["view"]
    land = api(server_url, "GET", "/v1/games/smuggler/static")["land"]
    table = page.locator(".smug-prices table")
    assert table.locator("caption").inner_text() == "Sale prices: gold / reputation"
    headings = ["Size", "Row 1\nfree", "Row 2\npay 1", "Row 3\npay 2", "Towns"]  # full words: test_play_phone_headings
    assert table.locator("thead th").all_inner_texts() == headings
    rows = table.locator("tbody tr")
    assert rows.count() == len(view["prices"])
    for n, (size, prices) in enumerate(sorted(view["prices"].items(), key=lambda item: int(item[0]))):
        cells = rows.nth(n).locator("th, td").all_inner_texts()
        towns = sorted(s["name"] for s in land.values() if s["size"] == int(size))
        assert cells[0] == size
        assert cells[1:4] == [f"{gold} / {reputation}" for gold, reputation in prices]
        assert sorted(cells[4].split(", ")) == (towns or ["–"])
    assert "Penzance" in rows.nth(3).inner_text()  # size 4
    # Compact: the whole table fits a phone's width, no sideways scrolling.
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    box = table.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    table.screenshot(path=str(screenshots / "play-smuggler-price-table-375.png"))
    page.set_viewport_size(DESKTOP)
    shoot(page, screenshots, "smuggler-prices")


def test_smuggler_customs_track_stops_at_this_tables_end(page, server_url):
    created = create(server_url, "smuggler", 3)
    open_seat(page, server_url, created["id"], created["seats"][0]["token"])
    end = api(server_url, "GET", f"/v1/matches/{created['id']}")["view"]["customs"]["track_end"]
    assert end == 10
    steps = page.locator(".track-steps .cstep")
    assert steps.count() == end + 1  # steps 0 to the end, none beyond
    assert steps.last.locator(".n").inner_text() == "end"
    assert [steps.nth(i).locator(".n").inner_text() for i in range(end)] == [str(i) for i in range(end)]


def test_smuggler_players_table_counts_goods_in_warehouses(page, server_url):
    created = create(server_url, "smuggler", 2)
    match_id = created["id"]
    start = api(server_url, "GET", "/v1/games/smuggler/static")["start_warehouses"]
    warehouse = sorted(start)[0]

    def stored(route):
        # The match as the server sends it, with one of seat 0's goods in its warehouse at Penzance
        # (the view of a later turn: goods bought, landed and stored).
        response = route.fetch()
        match = response.json()
        view = match["view"]
        view["warehouses"][warehouse].update(owner=0, space="penzance")
        goods = sorted(sid for sid, g in view["goods"].items() if g["where"] == "merchant")
        view["goods"][goods[0]].update(where="warehouse", owner=0, space="penzance", warehouse=warehouse)
        view["goods"][goods[1]].update(where="boat", owner=0)
        route.fulfill(response=response, json=match)

    page.route(f"**/v1/matches/{match_id}", stored)
    open_seat(page, server_url, match_id, created["seats"][0]["token"])
    table = page.locator("table", has=page.locator("caption", has_text="Players"))
    seat0 = table.locator("tbody tr").first
    goods = table.locator("thead th").all_inner_texts().index("Goods")
    assert seat0.locator("td").nth(goods).inner_text() == "1 in hold, 0 ashore, 1 in warehouses"
    assert table.locator("tbody tr").nth(1).locator("td").nth(goods).inner_text() == (
        "0 in hold, 0 ashore, 0 in warehouses"
    )


def test_smuggler_draws_the_hold_of_each_boat_and_warehouse_to_choose_from(page, server_url, screenshots):
    """Choosing a boat or a warehouse listed names only: how many squares each holds, and in what
    shape, was nowhere on the page (a player's review)."""
    created = create(server_url, "smuggler", 2)
    match_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    static = api(server_url, "GET", "/v1/games/smuggler/static")
    for kind, key, title in (("choose_boat", "boat", "Boats"), ("choose_warehouse", "warehouse", "Warehouses")):
        for _ in range(10):  # each seat plays its first listed move until one chooses this kind
            seat = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
            mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
            if mine["legal_moves"][0]["type"] == kind:
                break
            api(server_url, "POST", f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], token=tokens[seat])
        options = [move[key] for move in mine["legal_moves"]]
        shapes = [
            static["boats"][o]["hold"] if kind == "choose_boat" else static["start_warehouses"][o]["grid"]
            for o in options
        ]
        page.goto("about:blank")  # a new page for this seat (a hash change alone keeps the last one's)
        open_seat(page, server_url, match_id, tokens[seat])
        section = page.locator(f"section.smug-choosing[aria-label='{title} to choose from']")
        items = section.locator("li")
        assert items.count() == len(options)
        for i, rows in enumerate(shapes):
            squares = "".join(rows).count(".")
            assert f"{squares} square{'' if squares == 1 else 's'}" in items.nth(i).inner_text()
            assert items.nth(i).locator("svg.grid rect").count() == sum(len(row) for row in rows)
        if kind == "choose_boat":
            shoot(page, screenshots, "smuggler-choose-boat")


def test_smuggler_shows_what_each_character_brings_when_keeping_one_and_when_hiring(page, server_url, screenshots):
    """The cards drawn to keep one were named only, and the characters for hire by their price: a
    player chose without seeing their abilities (a player's review)."""
    created = create(server_url, "smuggler", 2)
    match_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    for _ in range(40):  # each seat plays its first listed move until one is to keep a character
        seat = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
        if mine["legal_moves"][0]["type"] == "keep_character":
            break
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], token=tokens[seat])
    else:
        raise AssertionError("no seat came to keep a character")
    characters = api(server_url, "GET", "/v1/games/smuggler/static")["characters"]
    drawn = [move["card"] for move in mine["legal_moves"]]
    open_seat(page, server_url, match_id, tokens[seat])
    cards = page.locator("ul.cards.drawn li").all_inner_texts()
    shoot(page, screenshots, "smuggler-keep-character")
    assert len(cards) == len(drawn)
    brings = {"ability": "ability:", "influence": "influence a round", "mob": "mob", "cove": "opens"}
    for cid, text in zip(drawn, cards):
        assert text.startswith(characters[cid]["name"])
        for feature, said in brings.items():
            assert (said in text) == bool(characters[cid].get(feature)), (feature, text)
    for _ in range(200):  # on until a character with an ability is for hire
        match = api(server_url, "GET", f"/v1/matches/{match_id}")
        if any(characters.get(cid or "", {}).get("ability") for cid in match["view"]["face_up"].values()):
            break
        seat = match["to_act"][0]
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], token=tokens[seat])
    page.reload()
    page.wait_for_selector(".smug-market")
    hire = page.locator(".smug-market li").all_inner_texts()
    skilled = [line for line in hire if any(c["name"] in line and c.get("ability") for c in characters.values())]
    assert skilled and all("ability:" in line for line in skilled), hire


# --- Catan -------------------------------------------------------------------------------------


def offer_one_for_one(server_url: str, match_id: str, tokens: dict, seat: int, hand: dict) -> list[int]:
    """`seat` offers one card it holds for one of another resource to every other seat; those seats."""
    give = next(r for r, n in hand.items() if n)
    get = next(r for r in hand if r != give)
    others = [s for s in tokens if s != seat]
    move = {"type": "offer_trade", "give": {give: 1}, "get": {get: 1}, "to": others}
    api(server_url, "POST", f"/v1/matches/{match_id}/moves", move, tokens[seat])
    return others


def catan_offer_on_the_table(server_url: str) -> tuple[dict, dict]:
    """A 3-seat Catan match (every seat a person's) played through the API to its first turn's
    main phase, where the seat to play offers one card for another to both others. The match
    created and the offer as the view has it."""
    created = api(server_url, "POST", "/v1/matches", {"game": "catan", "players": 3, "seed": 4})
    match_id = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    for _ in range(40):
        match = api(server_url, "GET", f"/v1/matches/{match_id}")
        view = match["view"]
        seat = match["to_act"][0]
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
        if view["phase"] == "main":
            offer_one_for_one(server_url, match_id, tokens, seat, mine["view"]["you"]["hand"])
            return created, api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["trade"]["offer"]
        types = [m["type"] for m in mine["legal_moves"]]
        assert view["phase"] in ("setup", "roll"), f"seed 4 was to roll no 7: {view['phase']}, {types}"
        move = mine["legal_moves"][types.index("roll")] if "roll" in types else mine["legal_moves"][0]
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", move, tokens[seat])
    raise AssertionError("no main phase after 40 moves")


def test_catan_shows_the_trade_on_the_table_beside_the_moves(page, browser, server_url, screenshots):
    created, offer = catan_offer_on_the_table(server_url)
    match_id = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    assert len(offer["give"]) == len(offer["get"]) == 1
    give, get = next(iter(offer["give"])), next(iter(offer["get"]))
    asked = offer["to"][0]
    open_seat(page, server_url, match_id, tokens[asked])
    trade = page.locator(".side .trade")
    trade.wait_for()
    # Beside the moves that answer it: above "Decline to trade", in the same column.
    assert page.locator(".side .trade + h2 + .moves").count() == 1
    other = next(s for s in offer["to"] if s != asked)
    to = f"you and Seat {other}"  # it read "to Seat 0, Seat 2", a list of labels, the reader one of them
    # Seed 4's seat asked holds no card of what the offer asks: no Accept, and the line says why.
    assert not api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[asked])["view"]["you"]["hand"][get]
    lacks = f" · you do not hold 1 {get}"
    assert trade.locator(".offer").inner_text() == f"Seat {offer['from']} offers 1 {give} for 1 {get} to {to}{lacks}"
    # The reader is one of the seats asked: named as "you", not as "Seat N" (a reviewer's find).
    others = ", ".join(f"Seat {s}" for s in offer["to"] if s != asked)
    assert trade.locator(".muted").inner_text() == f"Waiting for answers from you and {others}"
    shoot(page, screenshots, "catan-trade")
    # Another seat answers with a counter-proposal: it shows as it comes.
    counter = {"type": "propose_trade", "give": {get: 1}, "get": {give: 2}}
    api(server_url, "POST", f"/v1/matches/{match_id}/moves", counter, tokens[other])
    page.locator(".side .trade .proposal").wait_for(timeout=10000)
    assert page.locator(".side .trade .proposal").inner_text() == (
        f"Seat {other} proposes 1 {get} for 2 {give} to Seat {offer['from']}"
    )
    assert trade.locator(".muted").inner_text() == "Waiting for your answer"

    # In French, with the resources in the server's French words.
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        french = context.new_page()
        open_seat(french, server_url, match_id, tokens[asked])
        words = {"lumber": "bois", "brick": "brique", "wool": "laine", "grain": "blé", "ore": "minerai"}
        line = french.locator(".side .trade .offer").inner_text()
        # « à vous et au siège 2 » (it read « pour : Siège 0, Siège 2 », then « au siège 0, au siège 2 »).
        seats = f"à vous et au siège {other}"
        said = f"Siège {offer['from']} offre 1 {words[give]} contre 1 {words[get]} {seats}"
        assert line == f"{said} · vous n'avez pas 1 {words[get]}"
        assert french.locator(".side .trade .muted").inner_text() == "Votre réponse est attendue"
        assert french.locator(".side .trade h3").inner_text() == "Échange sur la table"
        french.screenshot(path=str(screenshots / "play-fr-catan-trade-375.png"), full_page=True)
    finally:
        context.close()


def test_the_seat_that_offered_reads_that_answers_are_awaited_from_each_seat_asked(browser, server_url, screenshots):
    """The seat that offered to two seats read "Waiting for an answer from Seat 1, Seat 2" (« Réponse
    attendue de : Siège 1, Siège 2 »): one answer awaited of two seats, where each of them reads
    "answers"; and the seats as one says them, "seats 1 and 2" (« des sièges 1 et 2 »)."""
    created, offer = catan_offer_on_the_table(server_url)
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    said = {}
    for locale in ("en-US", "fr-FR"):
        context = browser.new_context(viewport=PHONE, locale=locale)
        try:
            page = context.new_page()
            page.goto(f"{server_url}/play/#match={created['id']}&token={tokens[offer['from']]}")
            page.locator(".side .trade .muted").wait_for()
            said[locale] = page.locator(".side .trade .muted").inner_text()
            page.locator(".side .trade").screenshot(path=str(screenshots / f"play-catan-trade-offerer-{locale}.png"))
        finally:
            context.close()
    assert len(offer["to"]) == 2
    assert said == {
        "en-US": "Waiting for answers from seats {} and {}".format(*offer["to"]),
        "fr-FR": "Réponses attendues des sièges {} et {}".format(*offer["to"]),
    }


# Each harbour's texts (its ratio, the resource of a 2:1) against the white disc they are written on
# (the group's smallest circle): the width of the text against the disc's width at the text's middle.
HARBOUR_FIT = """() => Array.from(document.querySelectorAll('.map text.port'), (ratio) => {
  const g = ratio.parentNode;
  const r = Math.min(...Array.from(g.querySelectorAll('circle'), (c) => Number(c.getAttribute('r'))));
  const disc = Array.from(g.querySelectorAll('circle')).find((c) => Number(c.getAttribute('r')) === r);
  const [cx, cy] = ['cx', 'cy'].map((a) => Number(disc.getAttribute(a)));
  return Array.from(g.querySelectorAll('text'), (text) => {
    const box = text.getBBox();
    const middle = box.y + box.height / 2 - cy;
    return { text: text.textContent, width: box.width, room: 2 * Math.sqrt(r * r - middle * middle),
      left: box.x, centre: cx, px: text.getBoundingClientRect().height };
  });
}).flat()"""


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_catan_harbour_labels_fit_inside_their_harbours(browser, server_url, screenshots, locale):
    created = create(server_url, "catan", 3)
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, created["id"], created["seats"][0]["token"])
        harbours = api(server_url, "GET", f"/v1/matches/{created['id']}")["view"]["board"]["harbours"]
        for size, width in ((PHONE, "375"), (DESKTOP, "1280")):
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            labels = page.evaluate(HARBOUR_FIT)
            # a 2:1 harbour says its ratio and its resource, a 3:1 its ratio alone
            assert len(labels) == sum(1 if h["kind"] == "any" else 2 for h in harbours), labels
            spilled = [f["text"] for f in labels if f["width"] > f["room"]]
            assert not spilled, f"wider than their harbour's disc at {width} px: {spilled}"
            assert all(abs(f["left"] + f["width"] / 2 - f["centre"]) < 1 for f in labels), labels
            # and not shrunk out of reading: a line at least 7 px tall on a phone, 14 on a desktop
            small = [f["text"] for f in labels if f["px"] < (7 if size is PHONE else 14)]
            assert not small, f"too small at {width} px: {small}"
            page.locator(".map").screenshot(path=str(screenshots / f"play-catan-harbours-{locale}-{width}.png"))
    finally:
        context.close()


def test_catan_map_numbers_each_hex_as_the_log_names_it(page, server_url, screenshots):
    """The log said "moved the robber to hex 7", and nothing on the map said which hex was 7 (a
    user's review): each hex shows its number, inside its own outline."""
    created = create(server_url, "catan", 3)
    open_seat(page, server_url, created["id"], created["seats"][0]["token"])
    found = page.evaluate(
        """() => [...document.querySelectorAll('.map text.hex-id')].map((text) => {
            const box = text.getBBox();
            const x = box.x + box.width / 2, y = box.y + box.height / 2;
            const inside = [...document.querySelectorAll('.map polygon')].findIndex((hex) => {
                const point = hex.ownerSVGElement.createSVGPoint();
                point.x = x; point.y = y;
                return hex.isPointInFill(point);
            });
            return [text.textContent, inside];
        })"""
    )
    assert found and [label for label, _ in found] == [f"#{h}" for h in range(len(found))]
    assert all(inside == h for h, (_, inside) in enumerate(found)), found
    page.locator(".map").screenshot(path=str(screenshots / "play-catan-hex-numbers.png"))


def test_catan_counts_a_seats_hidden_victory_point_cards_in_its_own_points(browser, server_url, redis_client):
    """A seat holding a victory point card read its public points in its row (the server's view of
    it, `you.points`, went unshown): it had to add its cards up itself. Its own row says its points
    with them and what the others see; another seat's page shows only what it may see."""
    created = create(server_url, "catan", 3)
    match_id = created["id"]
    with stored_state(redis_client, match_id) as raw:
        raw["game"]["devs"][0][1] = 1  # DEV_CARDS[1]: a victory point card in seat 0's hand
    for seat, said in ((0, "1 (others see 0)"), (1, "0")):  # a browser each: one holding both switches
        context = browser.new_context(viewport=DESKTOP, locale="en-US")
        try:
            page = context.new_page()
            open_seat(page, server_url, match_id, created["seats"][seat]["token"])
            row = page.locator("table", has=page.locator("caption", has_text="Players")).locator("tbody tr").first
            assert row.locator("td").nth(1).inner_text() == said
        finally:
            context.close()


# The lines each cell of a table or a row takes (a Range's client rects: one per line of its text).
CELL_LINES = """(box) => Array.from(box.querySelectorAll('td'), (td) => {
  const range = document.createRange();
  range.selectNodeContents(td);
  return [td.textContent, new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size];
})"""


def test_catan_players_table_keeps_each_cell_on_one_line_on_a_phone(browser, server_url, redis_client, screenshots):
    """At a match's end on a phone, the seat with the longest road and the largest army read
    « 7 (la plus / longue) » and « la plus / grande », each row two lines high in a table that scrolls
    sideways anyway: a short cell keeps to one line."""
    created = create(server_url, "catan", 3)
    with stored_state(redis_client, created["id"]) as raw:
        raw["game"]["longest"] = raw["game"]["army"] = 1
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, created["id"], created["seats"][0]["token"])
        players = page.locator("table", has=page.locator("caption", has_text="Joueurs"))
        lines = dict(players.evaluate(CELL_LINES))
        assert "la plus grande" in lines and any(cell.endswith("(la plus longue)") for cell in lines), lines
        assert {cell: n for cell, n in lines.items() if n > 1} == {}
        players.screenshot(path=str(screenshots / "play-catan-players-one-line-fr-375.png"))
    finally:
        context.close()


# Each character's name in the players' table: on how many lines it stands.
NAME_LINES = """(td) => {
  const text = td.firstChild.textContent;
  let at = 0;
  return text.split(', ').map((name) => {
    const range = document.createRange();
    range.setStart(td.firstChild, text.indexOf(name, at));
    range.setEnd(td.firstChild, (at = text.indexOf(name, at) + name.length));
    return [name, new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size];
  });
}"""


def test_smuggler_players_table_breaks_lines_between_characters_only(browser, server_url, redis_client, screenshots):
    """At a match's end a seat's row of the players' table stood nine lines high on a phone: its goods
    « 0 in hold, 0 / ashore, 0 in / warehouses » and its characters broken inside their names
    ("Squire / Godolphin", "Humphry / Davy Snr"). The goods keep to one line, the names whole."""
    created = create(server_url, "smuggler", 2)

    def hired(d):
        for cid in ("c_peters", "r_morwenna", "r_hosking", "r_witch", "r_pascoe"):
            for deck in d["decks"].values():
                if cid in deck:
                    deck.remove(cid)
            d["characters"][0].append(cid)

    with stored_state(redis_client, created["id"]) as raw:
        raw["game"] = SMUGGLER.dump(edited(SMUGGLER.load(raw["game"]), hired))
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, created["id"], created["seats"][0]["token"])
        players = page.locator("table", has=page.locator("caption", has_text="Players"))
        cells = dict(
            players.locator("tbody tr").first.evaluate(
                CELL_LINES.replace("table.querySelectorAll('tbody td')", "table.querySelectorAll('td')")
            )
        )
        goods = next(cell for cell in cells if "in hold" in cell)
        assert cells[goods] == 1, cells
        names = dict(players.locator("tbody tr").first.locator("td.wraps").evaluate(NAME_LINES))
        assert len(names) == 5 and set(names.values()) == {1}, names
        players.locator("tbody tr").first.screenshot(path=str(screenshots / "play-smuggler-players-row-375.png"))
    finally:
        context.close()


def test_catan_says_no_ones_turn_once_the_match_is_over(page, server_url, redis_client):
    """At the end the line under the map read "Phase: over · dice 4, 3 · turn of Seat 1": a turn
    that no longer is (Smuggler's says none once ended)."""
    created = create(server_url, "catan", 3)
    with stored_state(redis_client, created["id"]) as raw:
        raw["game"]["phase"] = "over"
    page.goto(f"{server_url}/play/#match={created['id']}&token={created['seats'][0]['token']}")
    page.wait_for_selector(".board .facts-block")
    assert page.locator(".board .facts-block p").first.inner_text() == "Phase: over"


@pytest.mark.parametrize(
    "locale,n,said",
    [
        ("en-US", 2, "Development cards: 2 Knights, 2 Victory Points, 1 Road Building"),
        ("fr-FR", 1, "Cartes de développement : 1 Chevalier, 1 Point de victoire, 1 Construction de routes"),
    ],
)
def test_catan_says_a_seats_development_cards_by_their_titles_in_the_plural(
    browser, server_url, redis_client, locale, n, said
):
    """A seat with 2 victory point cards and 2 knights read "2 knight, 2 victory point"; and beside a
    Road Building card « 1 chevalier, 1 Construction de routes », two cases in one line. The cards
    are titles, as the server's texts and the French rules write a card (« Route la Plus Longue »)."""
    created = create(server_url, "catan", 3)
    with stored_state(redis_client, created["id"]) as raw:
        raw["game"]["devs"][0][:3] = [n, n, 1]  # DEV_CARDS: knights, victory point cards, road building
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, created["id"], created["seats"][0]["token"])
        line = page.locator(".board p", has_text=said.split(":")[0]).inner_text()
        assert line == said, line
    finally:
        context.close()


def test_a_catan_seat_offered_cards_it_lacks_reads_why_it_cannot_accept(browser, server_url, redis_client):
    """A seat asked for a grain it did not hold read the offer, "Decline" and "Propose a trade", and
    no Accept, unsaid why: the offer's line says "you do not hold 1 grain"; a seat holding it reads
    no such words and has its Accept."""
    created, offer = catan_offer_on_the_table(server_url)
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    (get, _), (short, holding) = next(iter(offer["get"].items())), offer["to"]
    with stored_state(redis_client, created["id"]) as raw:
        resource = ["lumber", "brick", "wool", "grain", "ore"].index(get)  # the engine's hand order
        raw["game"]["hands"][short][resource], raw["game"]["hands"][holding][resource] = 0, 1
    for seat, said in ((short, f" · you do not hold 1 {get}"), (holding, "")):
        context = browser.new_context(viewport=PHONE, locale="en-US")
        try:
            page = context.new_page()
            open_seat(page, server_url, created["id"], tokens[seat])
            line = page.locator(".side .trade .offer").inner_text()
            assert (
                line
                == f"Seat {offer['from']} offers 1 {next(iter(offer['give']))} for 1 {get} to you and Seat "
                + str(holding if seat == short else short)
                + said
            ), line
            accept = page.locator(".moves [data-move*=accept_offer]")
            assert accept.count() == (0 if said else 1)
        finally:
            context.close()


def test_a_catan_set_up_says_which_piece_goes_on_the_marked_places(browser, server_url, screenshots):
    """The set-up's moves said "54 of your moves are on the board: choose a marked place there." and
    no more: neither that a settlement goes there, nor that a road follows. A line above them says so."""
    created = create(server_url, "catan", 3)
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, created["id"], created["seats"][0]["token"])
        lead = page.locator(".moves .lead")
        settlement = (
            "Placez une colonie : touchez une intersection marquée sur la carte. Une route à côté d'elle suivra."
        )
        assert lead.inner_text() == settlement
        page.screenshot(path=str(screenshots / "play-catan-set-up-lead-fr-375.png"))
        page.locator("svg [data-move]").first.click()
        page.locator(".moves .lead", has_text="Placez une route").wait_for(timeout=10000)
        assert lead.inner_text() == "Placez une route : touchez un chemin marqué sur la carte."
    finally:
        context.close()
