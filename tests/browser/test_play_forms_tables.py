"""A move template's form and the wide tables on a phone, in a real Chromium: the form checks the
template's bounds itself and says what is wrong in the page's language (not the server's field
names), keeps what was typed when the server refuses it or another seat's move redraws it (and the
box a player was typing in), and clears a stale message on the next attempt; a table wider than the
screen says that it scrolls sideways (a line above it and a shadow on the edge with more), in
English and in French, and says nothing when it fits (screenshots in var/screenshots/, named
play-review-*)."""

from __future__ import annotations

import json
import random
import time

import pytest

from tests.browser.test_play_boards import catan_offer_on_the_table, offer_one_for_one
from tests.browser.test_play_flow import created, open_seat, play_until, trade_match, unfold_trade
from tests.browser.test_play_web import DESKTOP, PHONE, api, fill_form, shoot, strongest_bot

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

HINT = {"en": "More columns: scroll sideways →", "fr": "Autres colonnes : faites défiler vers la droite →"}
LOCALE = {"en": "en-US", "fr": "fr-FR"}


def screen(browser, language: str, viewport: dict = PHONE):
    context = browser.new_context(viewport=viewport, locale=LOCALE[language])
    return context, context.new_page()


# --- a template's form ----------------------------------------------------------------------------


def trade_form(page, to: str = "Proposé à"):
    unfold_trade(page)
    return page.locator("form.template", has=page.locator("legend", has_text=to))


def counts_inputs(form, side: int):
    """The number boxes of the form's first (give) or second (get) fieldset."""
    return form.locator("fieldset").nth(side).locator("input[type=number]")


def test_a_trade_form_says_what_is_wrong_in_french_and_keeps_what_was_typed(browser, server_url, screenshots):
    """All counts at 0 posted the form: the page said the server's "give: La longueur doit être
    comprise entre 1 et 5.; get: …"; a refusal redrew the form with its first values; a later
    attempt stopped by the browser's own check left the old message on the screen."""
    match_id, seat, token, template = trade_match(server_url)
    give, get = template["params"]["give"], template["params"]["get"]
    context, page = screen(browser, "fr")
    posted: list[dict] = []
    page.on("request", lambda r: posted.append(r.post_data_json) if r.url.endswith("/moves") else None)
    # A route set while the page runs may not catch the next request yet: it is set before it opens.
    rewrite: dict = {}
    page.route(
        "**/moves", lambda route: route.continue_(post_data=json.dumps({**route.request.post_data_json, **rewrite}))
    )
    try:
        open_seat(page, server_url, match_id, token)
        form = trade_form(page)
        problem = form.locator(".form-problem")
        boxes = form.locator("input[type=number]")
        form.locator("button[type=submit]").click(force=True)  # held back: it says what the form lacks
        page.wait_for_timeout(200)
        assert posted == [], "the form posted counts the template does not allow"
        said = problem.inner_text()
        assert said == "Donnez au moins 1 carte.\nDemandez au moins 1 carte.\nProposez-le à au moins 1 joueur.", said
        for raw in ("give:", "get:", "mal formé", "longueur", ".;"):
            assert raw not in page.inner_text("body"), raw
        assert form.locator("fieldset[aria-invalid=true]").count() == 3
        page.screenshot(path=str(screenshots / "play-review-trade-form-empty-fr-375.png"), full_page=True)
        form.screenshot(path=str(screenshots / "play-review-trade-form-problem-fr-375.png"))

        # A count over its box's maximum: said in words, not a browser bubble.
        first_key, most = next(iter(give["max"].items()))
        counts_inputs(form, 0).first.fill(str(most + 3))
        form.locator("button[type=submit]").click(force=True)
        page.wait_for_timeout(200)
        assert posted == []
        assert f"Vous donnez : au plus {most} " in problem.inner_text(), problem.inner_text()
        assert f"(actuellement {most + 3})" in problem.inner_text()

        # A trade the shape allows, refused by the server: the form keeps what was typed. The match
        # changing between drawing and posting is stood in for by the request changed on its way (it
        # asks for more than the others hold): the server's own refusal comes back to the page.
        wanted = [k for k in get["max"] if k != first_key][-1]
        keys = list(get["max"])
        to = [s for s in template["params"]["to"]["of"] if s != seat][:1]
        fill_form(form, {"give": {first_key: 1}, "get": {wanted: 1}, "to": to})
        typed = [boxes.nth(n).input_value() for n in range(boxes.count())]

        rewrite["get"] = {wanted: get["max_total"] + 1}  # asks too much
        form.locator("button[type=submit]").click()
        page.wait_for_function("() => document.querySelector('#message').textContent.includes('au plus')")
        page.wait_for_timeout(300)  # the match read again and the screen redrawn
        rewrite.clear()
        assert "Vous pouvez demander au plus" in page.inner_text("#message")
        assert len(posted) == 1
        assert posted[0]["give"] == {first_key: 1} and posted[0]["get"] == {wanted: 1}, posted
        form = trade_form(page)
        boxes = form.locator("input[type=number]")
        assert [boxes.nth(n).input_value() for n in range(boxes.count())] == typed
        assert json.loads(form.locator("button[type=submit]").get_attribute("data-move"))["get"] == {wanted: 1}
        page.screenshot(path=str(screenshots / "play-review-trade-form-refused-fr-375.png"), full_page=True)

        # The next attempt, stopped by the form's own check: the server's old message goes.
        counts_inputs(form, 1).nth(keys.index(wanted)).fill(str(get["max"][wanted] + 1))
        form.locator("button[type=submit]").click(force=True)
        page.wait_for_timeout(200)
        assert page.inner_text("#message") == ""
        assert "Vous recevez : au plus" in form.locator(".form-problem").inner_text()
        assert len(posted) == 1
    finally:
        context.close()


def test_a_trade_form_in_english_names_a_resource_on_both_sides(browser, server_url, screenshots):
    match_id, _, token, template = trade_match(server_url)
    to = template["params"]["to"]["of"]
    key = next(iter(template["params"]["give"]["max"]))
    context, page = screen(browser, "en")
    posted: list[dict] = []
    page.on("request", lambda r: posted.append(r.post_data_json) if r.url.endswith("/moves") else None)
    # A route set while the page runs may not catch the next request yet: it is set before it opens.
    rewrite: dict = {}
    page.route(
        "**/moves", lambda route: route.continue_(post_data=json.dumps({**route.request.post_data_json, **rewrite}))
    )
    try:
        open_seat(page, server_url, match_id, token)
        form = trade_form(page, "Offered to")
        fill_form(form, {"give": {key: 1}, "get": {key: 1}, "to": to})
        assert form.locator("button[type=submit]").get_attribute("aria-disabled") == "true"
        form.locator("button[type=submit]").click(force=True)
        page.wait_for_timeout(200)
        assert posted == []
        said = form.locator(".form-problem").inner_text()
        assert f"{key.capitalize()} cannot be both in “You give” and in “You get”." == said, said
        form.screenshot(path=str(screenshots / "play-review-trade-form-both-sides-en-375.png"))
    finally:
        context.close()


def test_a_trade_form_starts_empty_says_what_it_lacks_and_posts_only_what_was_typed(browser, server_url, screenshots):
    """A tester meaning "2 wool for 1 ore" offered "1 brick, 2 wool for 1 lumber, 1 ore": the form
    showed the smallest trade the template allows, and what he typed came on top of it. It starts at
    zero with no seat ticked, says what it lacks, and its button takes no tap until it makes a trade."""
    match_id, seat, token, template = trade_match(server_url)
    give = list(template["params"]["give"]["max"])[-1]
    get = next(key for key in reversed(template["params"]["get"]["max"]) if key != give)
    to = template["params"]["to"]["of"][-1:]
    context, page = screen(browser, "en")
    posted: list[dict] = []
    page.on("request", lambda r: posted.append(r.post_data_json) if r.url.endswith("/moves") else None)
    try:
        open_seat(page, server_url, match_id, token)
        form = trade_form(page, "Offered to")
        button, lacking = form.locator("button[type=submit]"), form.locator(".form-problem")
        assert set(form.locator("input[type=number]").evaluate_all("bs => bs.map(b => b.value)")) == {"0"}
        assert form.locator("input[type=checkbox]:checked").count() == 0
        assert lacking.inner_text() == "Give at least 1 card.\nAsk for at least 1 card.\nOffer it to at least 1 player."
        assert button.get_attribute("aria-disabled") == "true" and button.get_attribute("data-move") is None
        assert button.get_attribute("aria-describedby") == lacking.get_attribute("id")  # read with the button
        form.screenshot(path=str(screenshots / "play-review-trade-form-lacking-en-375.png"))
        fill_form(form, {"give": {give: 2 if template["params"]["give"]["max"][give] > 1 else 1}})
        assert lacking.inner_text() == "Ask for at least 1 card.\nOffer it to at least 1 player."
        meant = {"give": {give: 1}, "get": {get: 1}, "to": to}
        fill_form(form, meant)
        assert lacking.inner_text() == "" and button.get_attribute("aria-disabled") is None
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            button.click()
        assert posted == [{"type": "offer_trade", **meant}], posted
    finally:
        context.close()


def discard_match(server_url: str) -> tuple[str, int, str, dict]:
    """A 3-seat Catan match played through the API (roll, end the turn) until a 7 leaves a seat a
    discard to make (seed 4: 4 of its 4 brick and 4 grain): (match id, that seat, its token, its template)."""
    match_id, tokens = created(server_url, "catan", 3, seed=4)
    seat, mine = play_until(
        server_url, match_id, tokens, lambda s, m: any(t["move"]["type"] == "discard" for t in m["move_templates"])
    )
    return match_id, seat, tokens[seat], next(t for t in mine["move_templates"] if t["move"]["type"] == "discard")


HAND = {"en": "Your hand:", "fr": "Votre main"}
DISCARD_WORDS = {
    "en": ["Still 4 cards to discard.", "Still 1 card to discard.", "1 card too many: discard 4."],
    "fr": ["Encore 4 cartes à défausser.", "Encore 1 carte à défausser.", "1 carte de trop : défaussez-en 4."],
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_discard_after_a_7_starts_at_zero_and_says_how_many_are_still_owed(
    browser, server_url, screenshots, language
):
    """The discard's form showed the first cards held already chosen: a player typing the 4 he meant
    to give up discarded those as well, or was refused. It starts at zero and counts what is owed."""
    match_id, _, token, template = discard_match(server_url)
    assert template["params"]["cards"]["min_total"] == 4
    brick, grain = list(template["params"]["cards"]["max"])
    context, page = screen(browser, language)
    posted: list[dict] = []
    page.on("request", lambda r: posted.append(r.post_data_json) if r.url.endswith("/moves") else None)
    try:
        open_seat(page, server_url, match_id, token)
        form = page.locator("form.template")
        button, lacking = form.locator("button[type=submit]"), form.locator(".form-problem")
        said = lambda: lacking.inner_text().replace("\u00a0", " ")  # noqa: E731
        four, one, over = DISCARD_WORDS[language]
        assert set(form.locator("input[type=number]").evaluate_all("bs => bs.map(b => b.value)")) == {"0"}
        assert said() == four and button.get_attribute("aria-disabled") == "true"
        # The hand the cards come from, above the form (on a phone it was a screen below, under the map).
        hand = page.locator(".board p", has=page.locator("strong", has_text=HAND[language])).inner_text()
        assert page.locator(".moves .lead").inner_text() == hand
        page.screenshot(path=str(screenshots / f"play-review-catan-discard-{language}-375.png"))
        fill_form(form, {"cards": {brick: 3}})
        assert said() == one and button.get_attribute("data-move") is None
        fill_form(form, {"cards": {brick: 3, grain: 2}})
        assert said() == over and button.get_attribute("aria-disabled") == "true"
        button.click(force=True)
        page.wait_for_timeout(200)
        assert posted == [] and form.locator("fieldset[aria-invalid=true]").count() == 1
        fill_form(form, {"cards": {brick: 2, grain: 2}})
        assert said() == "" and button.get_attribute("aria-disabled") is None
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            button.click()
        assert posted == [{"type": "discard", "cards": {brick: 2, grain: 2}}], posted
    finally:
        context.close()


def hand_line(page, language: str) -> str:
    """The seat's hand as the board says it, under the map."""
    return page.locator(".board p", has=page.locator("strong", has_text=HAND[language])).inner_text()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_catan_trade_forms_say_the_hand_above_them(browser, server_url, screenshots, language):
    """A player offering a trade, trading with the bank or answering an offer with a counter-proposal
    on a phone had the hand a screen below, under the map: the line above the moves says it, as
    above a discard's form."""
    match_id, tokens = created(server_url, "catan", 3, seed=4)
    seat, mine = play_until(
        server_url, match_id, tokens, lambda s, m: any(move["type"] == "maritime_trade" for move in m["legal_moves"])
    )
    assert any(tmpl["move"]["type"] == "offer_trade" for tmpl in mine["move_templates"])
    context, page = screen(browser, language)
    try:
        open_seat(page, server_url, match_id, tokens[seat])
        assert page.locator(".moves .lead").count() == 1, "no line above the moves"
        assert page.locator(".moves .lead").inner_text() == hand_line(page, language)
        assert page.locator(".moves details[data-form=offer_trade]").count() == 1  # in the same column, below
        page.screenshot(path=str(screenshots / f"play-review-catan-trade-hand-{language}-375.png"))
        others = offer_one_for_one(server_url, match_id, tokens, seat, mine["view"]["you"]["hand"])
        open_seat(page, server_url, match_id, tokens[others[0]])
        page.locator("details[data-form=propose_trade]").wait_for()
        assert page.locator(".moves .lead").inner_text() == hand_line(page, language)
        page.screenshot(path=str(screenshots / f"play-review-catan-counter-hand-{language}-375.png"))
    finally:
        context.close()


def smuggler_landing_of_one_good(server_url: str) -> tuple[str, str, dict]:
    """A 2-seat Smuggler match whose seats play as its strongest bot would, through the API, until a
    seat is to land the one good its boat holds: (match id, that seat's token, its landing template)."""
    from engine.bots import get_bot

    bot = get_bot("smuggler", strongest_bot(server_url, "smuggler"))
    rng = random.Random(1)
    for seed in range(1, 6):
        match_id, tokens = created(server_url, "smuggler", 2, seed=seed)
        for _ in range(300):
            to_act = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"]
            if not to_act:
                break
            mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[to_act[0]])
            land = next((t for t in mine["move_templates"] if t["move"]["type"] == "land"), None)
            if land and len(land["params"]["shapes"]["max"]) == 1:
                return match_id, tokens[to_act[0]], land
            move = bot.choose(mine["view"], mine["legal_moves"], rng, mine["move_templates"])
            api(server_url, "POST", f"/v1/matches/{match_id}/moves", move, tokens[to_act[0]])
    raise AssertionError("no landing of one good")


def test_a_landing_of_the_one_good_aboard_starts_with_it(browser, server_url):
    """Forms start at zero, but a shape that allows one value only starts with it: a boat holding one
    good had its landing form ask the player to type the 1 it could only take."""
    match_id, token, template = smuggler_landing_of_one_good(server_url)
    (good,) = template["params"]["shapes"]["max"]
    context, page = screen(browser, "en")
    try:
        open_seat(page, server_url, match_id, token)
        form = page.locator("form.template")
        assert form.locator(f"[data-field='shapes:{good}']").input_value() == "1"
        assert form.locator(".form-problem").inner_text() == ""
        move = json.loads(form.locator("button[type=submit]").get_attribute("data-move"))
        assert move == {"type": "land", "shapes": {good: 1}, "hide": 0, "stash": 0}, move
    finally:
        context.close()


def medici_drawer(browser, server_url) -> tuple[str, object, object, list[dict]]:
    """A new Medici match open at its drawer's seat (English), with the moves it posts listed."""
    match_id, tokens = created(server_url, "medici", 2)
    context, page = screen(browser, "en")
    posted: list[dict] = []
    page.on("request", lambda r: posted.append(r.post_data_json) if r.url.endswith("/moves") else None)
    try:
        open_seat(page, server_url, match_id, tokens[0])
    except Exception:
        context.close()
        raise
    return match_id, context, page, posted


def test_a_price_over_its_maximum_is_said_in_words_and_not_posted(browser, server_url):
    """Medici's price (an integer param): the browser's own bubble said it, in its own language."""
    match_id, context, page, posted = medici_drawer(browser, server_url)
    try:
        price = page.locator("#param-price")
        top = int(price.get_attribute("max"))
        price.fill(str(top + 1))
        page.locator("form.template button[type=submit]").click(force=True)
        page.wait_for_timeout(200)
        assert posted == []
        assert (
            page.locator("form.template .form-problem").inner_text() == f"Price: enter a whole number from 0 to {top}."
        )
        assert price.get_attribute("aria-invalid") == "true"
    finally:
        context.close()


def test_medicis_price_starts_empty_and_is_typed_before_the_lot_is_offered(browser, server_url, screenshots):
    """The price box showed 0 (the least the rules allow): one tap on "Name a price for the lot"
    offered it for free. It starts empty now, and its button posts nothing until a price is typed."""
    match_id, context, page, posted = medici_drawer(browser, server_url)
    try:
        price = page.locator("#param-price")
        button = page.locator("form.template button[type=submit]")
        assert price.input_value() == ""
        assert button.get_attribute("data-move") is None  # no move to post yet
        page.screenshot(path=str(screenshots / "play-review-medici-price-empty-en-375.png"))
        button.click(force=True)
        page.wait_for_timeout(200)
        assert posted == []
        assert page.locator("form.template .form-problem").inner_text() == "Price: enter a whole number from 0 to 1000."
        price.fill("12")
        assert json.loads(button.get_attribute("data-move")) == {"type": "offer", "price": 12}
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            button.click()
        assert posted == [{"type": "offer", "price": 12}]
        assert api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["price"] == 12
    finally:
        context.close()


def test_a_keyboard_player_lands_on_medicis_price_form_once_no_tile_is_left_to_draw(browser, server_url):
    """The price form's button has no move to post until a price is typed (no data-move), and the
    page took only controls with one for its moves: after a last draw by Enter, the focus fell out
    of the moves to the page itself, and a keyboard player tabbed from the top to name a price."""
    match_id, tokens = created(server_url, "medici", 2)
    context, page = screen(browser, "en")
    try:
        open_seat(page, server_url, match_id, tokens[0])
        page.locator(".moves [data-move*='\"draw\"']").focus()
        for version in range(2, 5):  # version 1: the set-up drew the first tile
            with page.expect_response(lambda r: r.url.endswith("/moves")):
                page.keyboard.press("Enter")
            page.locator(".muted", has_text=f" · version {version}").wait_for()
            if not api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[0])["legal_moves"]:
                break
            assert page.evaluate("document.activeElement.dataset.move") == '{"type":"draw"}'
        else:
            raise AssertionError("three draws and still a draw to make")
        focused = "document.activeElement.matches('.moves form.template button[type=submit]')"
        assert page.evaluate(focused), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
        page.keyboard.press("Shift+Tab")  # the price box, just before its button
        assert page.evaluate("document.activeElement.id") == "param-price"
    finally:
        context.close()


def test_a_trade_to_named_seats_reads_as_the_logs_french(browser, server_url):
    """The page wrote « pour : Ben, Cleo » where the server's log writes « à Ben, à Cleo »; a list of
    two reads « à Ben et à Cleo » now (the log still lists them with a comma: the engine's words)."""
    match_id, seat, token, template = trade_match(server_url)
    give = next(iter(template["params"]["give"]["max"]))
    get = next(key for key in template["params"]["get"]["max"] if key != give)
    context, page = screen(browser, "fr")
    try:
        open_seat(page, server_url, match_id, token)
        form = trade_form(page)
        fill_form(form, {"give": {give: 1}, "get": {get: 1}, "to": template["params"]["to"]["of"]})  # both others
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            form.locator("button[type=submit]").click()
        names = [name for s, name in enumerate(["Ana", "Ben", "Cleo"]) if s != seat]
        line = page.locator(".side .trade .offer")
        line.wait_for()
        assert line.inner_text().endswith(f" à {names[0]} et à {names[1]}"), line.inner_text()
    finally:
        context.close()


def test_catans_trade_offer_is_one_line_and_the_map_comes_on_the_first_screen(browser, server_url, screenshots):
    """On a phone the trade offer's form (three fieldsets of number boxes) came above the map: a
    player scrolled past it to see the board. It is one line now, opened on a tap."""
    match_id, _, token, template = trade_match(server_url)
    context, page = screen(browser, "en")
    try:
        open_seat(page, server_url, match_id, token)
        top = page.locator(".board .map").bounding_box()["y"]
        assert top < PHONE["height"] - 150, top  # the island's top third, at least, on the first screen
        fold = page.locator(".moves details[data-form=offer_trade]")
        assert fold.locator("summary").inner_text() == template["label"]
        assert not fold.locator("form.template").is_visible()
        page.screenshot(path=str(screenshots / "play-review-catan-trade-folded-en-375.png"))
        fold.locator("summary").click()
        form = fold.locator("form.template")
        assert form.is_visible() and form.locator("legend").last.inner_text() == "Offered to"
        page.screenshot(path=str(screenshots / "play-review-catan-trade-open-en-375.png"))
    finally:
        context.close()


def test_catans_counter_proposal_is_one_line_and_the_map_comes_on_the_first_screen(browser, server_url, screenshots):
    """A seat asked to answer an offer had its counter-proposal's form (two fieldsets of number
    boxes) above the map on a phone, as the offer's own form had: folded the same way now."""
    created, offer = catan_offer_on_the_table(server_url)
    match_id, asked = created["id"], offer["to"][0]
    token = next(s["token"] for s in created["seats"] if s["seat"] == asked)
    context, page = screen(browser, "fr")
    try:
        open_seat(page, server_url, match_id, token)
        page.locator(".side .trade").wait_for()
        top = page.locator(".board .map").bounding_box()["y"]
        assert top < PHONE["height"] - 150, top  # the island's top third, at least, on the first screen
        fold = page.locator(".moves details[data-form=propose_trade]")
        assert fold.locator("summary").inner_text() == "Faire une proposition"  # the server's label
        assert not fold.locator("form.template").is_visible()
        page.screenshot(path=str(screenshots / "play-review-catan-proposal-folded-fr-375.png"))
        fold.locator("summary").click()
        form = fold.locator("form.template")
        assert form.is_visible()
        assert [legend.split(" (")[0] for legend in form.locator("legend").all_inner_texts()] == [
            "Vous donnez",
            "Vous recevez",
        ]
        page.screenshot(path=str(screenshots / "play-review-catan-proposal-open-fr-375.png"))
        # The opened form posts as an unfolded one did: the proposal shows on the table.
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=token)
        params = next(t for t in mine["move_templates"] if t["move"]["type"] == "propose_trade")["params"]
        give = next(iter(params["give"]["max"]))
        get = next(key for key in params["get"]["max"] if key != give)
        fill_form(form, {"give": {give: 1}, "get": {get: 1}})
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            form.locator("button[type=submit]").click()
        page.locator(".side .trade .proposal").wait_for(timeout=10000)
    finally:
        context.close()


def test_a_form_being_typed_keeps_its_box_and_values_when_another_seat_moves(browser, server_url):
    """Another seat's move redraws the page: a player typing a counter-proposal lost the box he was
    in (the focus went to the first move button) and what he had typed (the first values came back)."""
    created, offer = catan_offer_on_the_table(server_url)
    match_id, (asked, other) = created["id"], offer["to"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[asked])
    params = next(t for t in mine["move_templates"] if t["move"]["type"] == "propose_trade")["params"]
    context, page = screen(browser, "en", DESKTOP)
    try:
        open_seat(page, server_url, match_id, tokens[asked])
        fold = page.locator(".moves details[data-form=propose_trade]")
        fold.locator("summary").click()
        form = fold.locator("form.template")
        gets = list(params["get"]["max"])
        give = next(iter(params["give"]["max"]))
        get = next(i for i, k in enumerate(gets) if params["get"]["max"][k] and k != give)
        fill_form(form, {"give": {give: 1}})
        counts_inputs(form, 1).nth(get).fill("1")  # the focus stays in this box
        boxes = form.locator("input[type=number]")
        typed = [boxes.nth(n).input_value() for n in range(boxes.count())]
        version = mine["version"]
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", {"type": "decline_trade"}, tokens[other])
        page.locator(".muted", has_text=f" · version {version + 1}").wait_for(timeout=10000)
        page.wait_for_timeout(200)
        assert fold.get_attribute("open") is not None, "the opened form folded again"
        assert [boxes.nth(n).input_value() for n in range(boxes.count())] == typed
        focused = page.evaluate(
            "() => { const a = document.activeElement, fs = a.closest('fieldset');"
            " return [a.closest('details') && a.closest('details').dataset.form,"
            " fs && [...fs.parentNode.querySelectorAll('fieldset')].indexOf(fs),"
            " fs && [...fs.querySelectorAll('input')].indexOf(a)]; }"
        )
        assert focused == ["propose_trade", 1, get], focused
        page.keyboard.press("Backspace")
        page.keyboard.type("2")  # typing goes on in the box
        assert counts_inputs(form, 1).nth(get).input_value() == "2"
        assert json.loads(form.locator("button[type=submit]").get_attribute("data-move"))["get"][gets[get]] == 2
    finally:
        context.close()


# --- wide tables on a phone -----------------------------------------------------------------------


FIND = (  # the caption's words: French holds some of its spaces with no-break ones
    "[...document.querySelectorAll('table')]"
    ".find((t) => t.caption && t.caption.textContent.replaceAll('\\u00a0', ' ') === caption)"
)
NOTHING = {"cut": False, "hint": "", "left": False, "right": False}


def table_cue(page, caption: str) -> dict:
    """What a person sees of the table with this caption: whether it is cut off (its box scrolls),
    the line above it, and the shadows on its left and right edges."""
    return page.evaluate(
        f"""(caption) => {{
          const table = {FIND};
          const box = table.closest('.scroll'), around = table.closest('.scroll-wrap') || box;
          const shown = (node) =>
            Boolean(node) && node.getBoundingClientRect().width > 0 && getComputedStyle(node).display !== 'none';
          const hint = around.querySelector('.scroll-hint');
          return {{ cut: box.scrollWidth > box.clientWidth, hint: shown(hint) ? hint.innerText : '',
            left: shown(around.querySelector('.shade.left')), right: shown(around.querySelector('.shade.right')) }};
        }}""",
        caption,
    )


def cue_becomes(page, caption: str, *wanted: dict, seconds: float = 3) -> dict:
    """The table's cue once it is one of `wanted` (it follows a resize or a scroll a frame later)."""
    deadline = time.monotonic() + seconds
    while (cue := table_cue(page, caption)) not in wanted and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    return cue


def scroll_table(page, caption: str, to_the_end: bool) -> None:
    page.evaluate(
        f"""([caption, end]) => {{
          const box = {FIND}.closest('.scroll');
          box.scrollLeft = end ? box.scrollWidth : 0;
        }}""",
        [caption, to_the_end],
    )


def assert_cue(page, caption: str, language: str, fits_wide: bool = True) -> None:
    """Cut off at 375 px: the line says so and the right edge is shaded; scrolled to its end, the
    shade is on the left; at 1280 px the table fits and nothing is said (or, when it is still
    cut off there, it says so as on a phone)."""
    more_right = {"cut": True, "hint": HINT[language], "left": False, "right": True}
    more_left = {"cut": True, "hint": HINT[language], "left": True, "right": False}
    page.set_viewport_size(PHONE)
    cue = cue_becomes(page, caption, more_right)
    assert cue == more_right, cue
    scroll_table(page, caption, to_the_end=True)
    cue = cue_becomes(page, caption, more_left)
    assert cue == more_left, cue
    scroll_table(page, caption, to_the_end=False)
    page.set_viewport_size(DESKTOP)
    wide = (NOTHING,) if fits_wide else (NOTHING, more_right)
    cue = cue_becomes(page, caption, *wide)
    assert cue in wide, cue
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game,players", [("medici", 2), ("catan", 3)])
def test_a_players_table_cut_off_on_a_phone_says_it_scrolls(browser, server_url, screenshots, game, players, language):
    """At 375 px Medici's Monopolies/Bonuses and Catan's Knights/Road/Army were cut off unsaid."""
    match_id, tokens = created(server_url, game, players)
    context, page = screen(browser, language)
    try:
        open_seat(page, server_url, match_id, tokens[0])
        caption = "Players" if language == "en" else "Joueurs"
        assert_cue(page, caption, language)
        shoot(page, screenshots, f"review-{game}-players-{language}")
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_smugglers_price_table_says_it_scrolls_only_when_cut_off(browser, server_url, screenshots, language):
    match_id, tokens = created(server_url, "smuggler", 2)
    context, page = screen(browser, language)
    try:
        open_seat(page, server_url, match_id, tokens[0])
        caption = "Sale prices: gold / reputation" if language == "en" else "Prix de vente : or / réputation"
        cue = cue_becomes(page, caption, NOTHING, {"cut": True, "hint": HINT[language], "left": False, "right": True})
        if cue["cut"]:  # the French headings are the longer
            assert_cue(page, caption, language)
        else:  # it fits a phone: no line, no shade
            assert cue == NOTHING, cue
        # The players' table (its goods ashore and in warehouses) is the wider one.
        assert_cue(page, "Players" if language == "en" else "Joueurs", language)
        page.locator(".smug-prices").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"play-review-smuggler-prices-{language}-375.png"))
        shoot(page, screenshots, f"review-smuggler-{language}")
    finally:
        context.close()


def played_to_its_end(server_url: str, game: str, players: int) -> tuple[str, str]:
    """A match its seat 0 played through the API (its first listed move each time) against the
    server's bots to its end: its id and seat 0's token."""
    bots = {str(s): strongest_bot(server_url, game) for s in range(1, players)}
    match = api(server_url, "POST", "/v1/matches", {"game": game, "players": players, "seed": 11, "bots": bots})
    match_id, token = match["id"], match["seats"][0]["token"]
    deadline = time.monotonic() + 120
    while (mine := api(server_url, "GET", f"/v1/matches/{match_id}", token=token))["status"] != "finished":
        assert time.monotonic() < deadline, "the match never finished"
        if 0 in mine["to_act"]:
            api(server_url, "POST", f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], token)
        else:
            time.sleep(0.05)
    return match_id, token


@pytest.mark.parametrize("language", ["en", "fr"])
def test_speicherstadts_final_scores_scroll_on_a_phone_and_say_what_they_add_up(
    browser, server_url, screenshots, language
):
    """A match played to its end (a resignation has no breakdown by category: a narrow table)."""
    match_id, token = played_to_its_end(server_url, "speicherstadt", 2)
    context, page = screen(browser, language)
    try:
        page.goto(f"{server_url}/play/#match={match_id}&token={token}")
        page.wait_for_selector("[data-status=finished]")
        page.wait_for_selector(".outcome table")
        # Its categories in French are wider than the board's column even at 1280 px.
        assert_cue(page, "Final scores" if language == "en" else "Scores finaux", language, fits_wide=language == "en")
        # The columns are the score's parts, in points: "Contracts 8" is not eight contracts (nor
        # Catan's "Cities 4" four cities), and the page says so.
        adds_up = {"en": "Each score is the sum of the columns after it.", "fr": SUM_FR}[language]
        assert adds_up in page.locator(".outcome").inner_text()
        shoot(page, screenshots, f"review-speicherstadt-final-{language}")
    finally:
        context.close()


SUM_FR = "Chaque score est la somme des colonnes qui le suivent."


# The cells (a selector) of the table with this caption, each as its lines: the distinct tops of its text.
CELL_LINES = """([caption, cells]) => Array.from(document.querySelectorAll('table'))
  .filter((table) => table.caption && table.caption.textContent === caption)
  .flatMap((table) => Array.from(table.querySelectorAll(cells), (cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
    return { text: cell.textContent, lines: tops.size };
  }))"""


@pytest.mark.parametrize("game,players", [("smuggler", 3), ("catan", 3), ("medici", 2)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_players_table_keeps_each_seat_on_one_line_on_a_phone(
    browser, server_url, screenshots, game, players, language
):
    """A players' table wider than a phone squeezed its first column to its longest word: the seat
    read "Seat / 1 / (you)" (« Siège / 1 / (vous) »), a line each, the number away from its word.
    The table scrolls sideways anyway: the seat's cell keeps to one line."""
    match_id, tokens = created(server_url, game, players)
    context, page = screen(browser, language)
    try:
        open_seat(page, server_url, match_id, tokens[1])
        caption = "Players" if language == "en" else "Joueurs"
        page.wait_for_function(
            "(c) => Array.from(document.querySelectorAll('caption')).some((x) => x.textContent === c)", arg=caption
        )
        cells = page.evaluate(CELL_LINES, [caption, "tbody tr > :first-child"])
        assert len(cells) == players, cells
        assert [cell for cell in cells if cell["lines"] != 1] == [], cells
        page.locator("table", has=page.locator("caption", has_text=caption)).screenshot(
            path=str(screenshots / f"play-review-{game}-players-seat-{language}-375.png")
        )
    finally:
        context.close()


@pytest.mark.parametrize("game,players", [("speicherstadt", 2), ("catan", 3)])
def test_the_final_scores_french_headings_keep_to_one_line_on_a_phone(browser, server_url, screenshots, game, players):
    """At 390 px « Chambre de commerce » (« Cartes point de victoire ») stood a word a line over a
    column of one-digit scores, the heading row three lines high and the others' headings floating
    on its top line. The table scrolls sideways anyway: each heading keeps to one line."""
    match_id, token = played_to_its_end(server_url, game, players)
    context, page = screen(browser, "fr", {"width": 390, "height": 844})
    try:
        page.goto(f"{server_url}/play/#match={match_id}&token={token}")
        page.wait_for_selector("[data-status=finished]")
        page.wait_for_selector(".outcome table")
        headings = page.evaluate(CELL_LINES, ["Scores finaux", "thead th"])
        assert len(headings) > 4, headings
        assert [h for h in headings if h["lines"] != 1] == [], headings
        page.locator(".outcome").screenshot(path=str(screenshots / f"play-review-{game}-final-headings-fr-390.png"))
    finally:
        context.close()
