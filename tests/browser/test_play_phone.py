"""A user's walkthrough on a 375 px phone, checked in a real Chromium against a real server:
Cornish Smuggler's long move list folded by kind so the table shows under it, its map marking
where a move goes (a tap there plays it) and saying that it scrolls sideways, a line saying what a
move does or what comes after it; Catan's log naming a road by intersections that the map shows
(screenshots in var/screenshots/, named play-phone-*)."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tests.browser.test_play_flow import created, open_seat, play_until, read_french
from tests.browser.test_play_web import PHONE, api
from tests.typography import plain

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

FOLDED_KINDS = {
    "en-US": {"move_boat": "Sail your boat", "hire": "Hire a character"},
    "fr-FR": {"move_boat": "Naviguer", "hire": "Engager un personnage"},
}


def first_turn_of_play(server_url: str):
    """A 2-seat Smuggler match played through the API (first listed moves) to the first turn of
    its play phase, where the seat to act has some 29 moves of seven kinds."""
    match_id, tokens = created(server_url, "smuggler", 2)
    seat, mine = play_until(server_url, match_id, tokens, lambda s, m: m["view"]["phase"] == "play", preferred=())
    return match_id, tokens, seat, mine


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_smuggler_folds_a_long_move_list_by_kind_and_the_table_shows_under_it(browser, server_url, screenshots, locale):
    """29 moves were 16 buttons and a chooser: on a phone the round, the customs and the map came a
    screen and a half below them. Each kind of several moves is one line now, opened on a tap."""
    match_id, tokens, seat, mine = first_turn_of_play(server_url)
    resource = read_french(server_url, match_id, tokens[seat]) if locale == "fr-FR" else mine
    kinds = Counter(m["type"] for m in resource["legal_moves"])
    assert len(resource["legal_moves"]) > 20 and kinds["hire"] > 1 and kinds["move_boat"] > 1, kinds
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        moves = page.locator(".side .moves")
        # One line a kind: a kind of several moves as a line that opens, a lone move as its button.
        lines = moves.locator("details.kind > summary")
        lone = moves.locator(":scope > .move-group [data-move]")
        assert lines.count() == sum(1 for n in kinds.values() if n > 1)
        assert lone.count() == sum(1 for n in kinds.values() if n == 1)
        assert moves.locator("[data-move]:visible").count() == lone.count()
        # The table's state is on the first screen, under the moves.
        facts = page.locator(".smug-facts").bounding_box()
        assert facts and facts["y"] + facts["height"] <= PHONE["height"], facts
        page.screenshot(path=str(screenshots / f"play-phone-smuggler-moves-{locale}.png"))
        # A tap opens a kind: its moves in the server's words; another kind opened closes it.
        names = FOLDED_KINDS[locale]
        hire = moves.locator("details.kind", has=page.locator("summary", has_text=names["hire"]))
        assert hire.locator("summary").inner_text() == f"{names['hire']} ({kinds['hire']})"
        hire.locator("summary").click()
        labels = [
            label for move, label in zip(resource["legal_moves"], resource["move_labels"]) if move["type"] == "hire"
        ]
        assert hire.locator("[data-move]:visible").all_inner_texts() == plain(labels)
        page.screenshot(path=str(screenshots / f"play-phone-smuggler-hire-{locale}.png"))
        sail = moves.locator("details.kind", has=page.locator("summary", has_text=names["move_boat"]))
        sail.locator("summary").click()
        assert sail.locator("[data-move]:visible").count() == kinds["move_boat"]
        assert hire.locator("[data-move]:visible").count() == 0
        # A button in a kind plays its move, and only it.
        posted: list[dict] = []
        page.on("request", lambda r: posted.append(r.post_data_json) if r.url.endswith("/moves") else None)
        button = sail.locator("[data-move]").nth(1)
        move = json.loads(button.get_attribute("data-move"))
        assert move["type"] == "move_boat"
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            button.click()
        assert posted == [move]
    finally:
        context.close()


SAYS = {
    "en-US": {
        "action": "Choose your turn's one action.",
        "discover_secret": ("Discover a secret", "It is your turn's one action: free moves only after it."),
        "hire": ("Hire a character", "Then you place the new character's network pawn on the map."),
        "placing": "Place the network pawn of the character you hired.",
    },
    "fr-FR": {
        "action": "Choisissez l'action de votre tour.",
        "discover_secret": (
            "Découvrir un secret",
            "C'est l'action de votre tour : seulement des coups gratuits après elle.",
        ),
        "hire": ("Engager un personnage", "Ensuite, vous placez sur la carte le pion réseau du nouveau personnage."),
        "placing": "Placez le pion réseau du personnage engagé.",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_smuggler_says_what_a_move_leads_to_before_it_is_played(browser, server_url, screenshots, locale):
    """A hire went straight to placing a pawn, and "Discover a secret" ended the turn, with nothing
    on the page saying either (a user's walkthrough at 375 px)."""
    match_id, tokens, seat, mine = first_turn_of_play(server_url)
    says = SAYS[locale]
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        moves = page.locator(".side .moves")
        lead = moves.locator(".lead")
        assert lead.is_visible() and says["action"] in lead.inner_text()
        for kind in ("discover_secret", "hire"):
            name, note = SAYS[locale][kind]
            fold = moves.locator("details.kind", has=page.locator("summary", has_text=name))
            fold.locator("summary").click()
            shown = fold.locator(".kind-note")
            assert shown.is_visible() and note in shown.inner_text()
            # said above the moves it is about, on the screen with them
            assert shown.bounding_box()["y"] < fold.locator("[data-move]").first.bounding_box()["y"]
        page.screenshot(path=str(screenshots / f"play-phone-smuggler-notes-{locale}.png"))
        hire = moves.locator("details.kind[open] [data-move]").first
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            hire.click()
        # What the note said comes next: placing the new pawn, and the page says so.
        page.wait_for_selector(".side .moves [data-move*=place_pawn]", state="attached")
        assert moves.locator(".lead").inner_text() == says["placing"]
        page.screenshot(path=str(screenshots / f"play-phone-smuggler-after-hire-{locale}.png"))
    finally:
        context.close()


# Each mark's ring against the marker of the place it names (its first drawn shape), in map units.
MARKS_AT = """() => Array.from(document.querySelectorAll('.smug-map [data-spot]'), (mark) => {
  const ring = mark.querySelector('.spot');
  const space = `.smug-map [data-space="${mark.dataset.spot}"]`;
  const place = document.querySelector(`${space} :is(circle, rect, path)`).getBBox();
  return { spot: mark.dataset.spot, dx: Number(ring.getAttribute('cx')) - (place.x + place.width / 2),
    dy: Number(ring.getAttribute('cy')) - (place.y + place.height / 2) };
})"""
MAP_SAYS = {
    "en-US": (
        "A dashed ring marks where a move of yours goes: tap it to play it.",
        "More of the map: scroll sideways →",
    ),
    "fr-FR": (
        "Un cercle pointillé marque où va l'un de vos coups : touchez-le pour le jouer.",
        "Suite de la carte : faites défiler latéralement →",
    ),
}


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_smuggler_map_marks_where_a_pawn_may_go_and_a_tap_there_places_it(browser, server_url, screenshots, locale):
    """At 375 px the map scrolled sideways with nothing saying so, and showed none of the places
    where the pawn could go: they were a list of 26 names to pick from."""
    match_id, tokens = created(server_url, "smuggler", 2)
    seat, mine = play_until(
        server_url, match_id, tokens, lambda s, m: m["legal_moves"][0]["type"] == "place_pawn", preferred=()
    )
    spaces = [m["space"] for m in mine["legal_moves"]]
    note, hint = MAP_SAYS[locale]
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        marks = page.locator(".smug-map [data-spot]")
        assert sorted(marks.evaluate_all("ms => ms.map((m) => m.dataset.spot)")) == sorted(spaces)
        assert all(abs(m["dx"]) < 1 and abs(m["dy"]) < 1 for m in page.evaluate(MARKS_AT)), page.evaluate(MARKS_AT)
        assert page.locator(".map-note").inner_text() == note
        # Wider than the phone: the map says it scrolls, above it, on the screen.
        cue = page.locator(".scroll-wrap", has=page.locator(".smug-map")).locator(".scroll-hint")
        assert cue.is_visible() and cue.inner_text() == hint
        frame = page.locator(".map-scroll").bounding_box()
        assert frame["x"] >= 0 and frame["x"] + frame["width"] <= PHONE["width"], frame
        page.screenshot(path=str(screenshots / f"play-phone-smuggler-map-marks-{locale}.png"))
        # A place out of sight: scrolled to, and a tap there places the pawn.
        far = max(spaces, key=lambda s: page.locator(f".smug-map [data-spot={s}]").bounding_box()["x"])
        mark = page.locator(f".smug-map [data-spot={far}]")
        assert mark.bounding_box()["x"] > PHONE["width"]
        mark.scroll_into_view_if_needed()
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            mark.click()
        pawns = api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["players"][seat]["pawns"]
        assert pawns == [far]
    finally:
        context.close()


def test_smuggler_a_tap_on_a_place_with_several_moves_lists_them_under_the_map(page, server_url, screenshots):
    """Sailing to the Irish trader is two moves (paid in influence or in gold): the tap asks which."""
    match_id, tokens, seat, mine = first_turn_of_play(server_url)
    there = [
        (move, label) for move, label in zip(mine["legal_moves"], mine["move_labels"]) if move.get("to") == "irish"
    ]
    assert len(there) == 2, there
    page.set_viewport_size(PHONE)
    open_seat(page, server_url, match_id, tokens[seat])
    mark = page.locator(".smug-map [data-spot=irish]")
    assert mark.get_attribute("data-move") is None
    mark.scroll_into_view_if_needed()
    mark.click()
    choice = page.locator(".spot-choice")
    assert choice.locator("h3").inner_text() == "Irish trader:"
    buttons = choice.locator("[data-move]")
    assert buttons.all_inner_texts() == [label for _, label in there]
    box = buttons.last.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box  # brought into sight
    page.screenshot(path=str(screenshots / "play-phone-smuggler-map-choice-en-US.png"))
    with page.expect_response(lambda r: r.url.endswith("/moves")):
        buttons.last.click()
    boat = api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["players"][seat]["boat"]
    assert boat["space"] == "irish"


# The yellow road's ends and each number's middle, on the screen.
ROAD_ENDS = """() => {
  const line = document.querySelector('.map line.spotlight');
  const m = line.getScreenCTM();
  const end = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
  const at = (name) => +line.getAttribute(name);
  const ends = [end(at('x1'), at('y1')), end(at('x2'), at('y2'))];
  const badges = Array.from(document.querySelectorAll('.map .node-id'), (g) => {
    const r = g.getBoundingClientRect();
    return { text: g.querySelector('text').textContent, x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  return { ends, badges };
}"""
NOTE = {
    "en-US": ("Marked in yellow on the map: the road between intersections {a} and {b}.", "Show on the map"),
    "fr-FR": ("Marquée en jaune sur la carte : la route entre les intersections {a} et {b}.", "Voir sur la carte"),
}


def test_smuggler_says_what_the_character_draws_share_once_above_their_buttons(browser, server_url):
    """Ten buttons of two or three lines each read « Piocher des personnages dans les pioches :
    religieux, commerce », the same words ten times down a phone's screen: they are said once above
    buttons that say the decks, and each button keeps its whole label as its name."""
    match = api(
        server_url, "POST", "/v1/matches", {"game": "smuggler", "players": 2, "seed": 3, "bots": {"1": "greedy"}}
    )
    match_id, token = match["id"], match["seats"][0]["token"]
    mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=token)
    while not any(move["type"] == "draw_characters" for move in mine["legal_moves"]):  # the set-up's picks before
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], token)
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=token)
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, token)
        group = page.get_by_role("group", name="Piocher des personnages dans les pioches :")
        assert plain(group.locator(".kind-note").inner_text()) == "Piocher des personnages dans les pioches :"
        assert plain(group.locator("button").first.inner_text()) == "religieux, religieux"
        named = group.get_by_role("button", name="Piocher des personnages dans les pioches : religieux, commerce")
        assert named.count() == 1
        assert page.locator(".moves button").last.bounding_box()["y"] < PHONE["height"]  # every deck pair on one screen
    finally:
        context.close()


# How far each intersection's number lies inside a harbour's disc, on the screen (0: clear of all).
BADGES_INTO_HARBOURS = """() => Array.from(document.querySelectorAll('.map .node-id rect'), (badge) => {
  const b = badge.getBoundingClientRect();
  return Math.max(0, ...Array.from(document.querySelectorAll('.map .harbour circle:first-of-type'), (disc) => {
    const d = disc.getBoundingClientRect(), r = d.width / 2, [cx, cy] = [d.x + r, d.y + r];
    const [nx, ny] = [Math.min(Math.max(cx, b.left), b.right), Math.min(Math.max(cy, b.top), b.bottom)];
    return r - Math.hypot(cx - nx, cy - ny);
  }));
})"""


def test_catan_an_intersections_number_never_hides_a_harbour(browser, server_url, screenshots):
    """A settlement by a harbour had its number above it, on the harbour's disc: a « 1 » hid the
    « 3:1 » (seed 4's harbour of intersections 1 and 5 lies above intersection 1)."""
    match_id, tokens = created(server_url, "catan", 3, seed=4)
    api(server_url, "POST", f"/v1/matches/{match_id}/moves", {"type": "build_settlement", "node": 1}, tokens[0])
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[1])
        assert page.locator(".map .node-id text").all_text_contents() == ["1"]
        assert page.evaluate(BADGES_INTO_HARBOURS) == [0]
        page.locator(".map").screenshot(path=str(screenshots / "play-phone-catan-number-by-harbour.png"))
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_catan_log_names_a_road_by_intersections_the_map_shows(browser, server_url, screenshots, locale):
    """The log said "road between intersections 12 and 13", and no intersection on the web map had
    a number: the latest build is marked in yellow with its intersections' numbers, and any log
    line that names a place shows it there on a tap."""
    match_id, tokens = created(server_url, "catan", 3, seed=4)
    for _ in range(2):  # seat 0's first settlement, then its road
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[0])
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], tokens[0])
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[1])
        line = page.locator(".log li[value='2']").inner_text()
        a, b = (int(n) for n in re.search(r"intersections\W+(\d+)\D+(\d+)", line).groups())
        found = page.evaluate(ROAD_ENDS)
        assert sorted(int(badge["text"]) for badge in found["badges"]) == sorted([a, b])
        for badge in found["badges"]:  # each number by its end of the road, on the screen
            near = min(((badge["x"] - x) ** 2 + (badge["y"] - y) ** 2) ** 0.5 for x, y in found["ends"])
            assert near < 25 and 0 <= badge["x"] <= PHONE["width"], (badge, found["ends"])
        note, button = NOTE[locale]
        assert page.locator(".spotlight-note").inner_text().strip() == note.format(a=min(a, b), b=max(a, b))
        page.locator(".map").screenshot(path=str(screenshots / f"play-phone-catan-road-{locale}.png"))
        # The settlement's line, tapped: its intersection, on the screen (the log is below the map).
        settlement = page.locator(".log li[value='1']")
        node = int(re.search(r"(\d+)\s*$", settlement.inner_text().replace(button, "").strip()).group(1))
        settlement.get_by_role("button", name=button).click()
        assert page.locator(".map .node-id text").all_text_contents() == [str(node)]
        box = page.locator(".map").bounding_box()
        # Scrolled to its top: a fraction of a pixel over it (the page above ends between pixels).
        assert box["y"] > -1 and box["y"] + box["height"] <= PHONE["height"], box
        page.screenshot(path=str(screenshots / f"play-phone-catan-settlement-{locale}.png"))
    finally:
        context.close()


def test_a_keyboard_user_keeps_a_visible_focus_when_the_folded_moves_are_redrawn(browser, server_url):
    """A redraw put the focus on the first move, which now sits in a closed kind: focus() failed and
    the keyboard user was left on the page's body (a reviewer's find, after a stale move's 409)."""
    match_id, tokens, seat, mine = first_turn_of_play(server_url)
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        # The table changes first: the server refuses with 409. A route set while the page runs may
        # not catch the next request yet (the move went through, 1 run in 10): it is set before.
        stale: dict[str, str] = {}
        page.route("**/moves", lambda route: route.continue_(headers={**route.request.headers, **stale}))
        open_seat(page, server_url, match_id, tokens[seat])
        hire = page.locator(".side .moves details.kind[data-kind=hire] > summary")
        hire.focus()
        page.keyboard.press("Enter")  # opens the kind
        page.keyboard.press("Tab")  # onto its first move
        assert page.evaluate("!!document.activeElement.closest('details.kind[data-kind=hire]')")
        assert page.evaluate("document.activeElement.dataset.move") is not None
        stale["if-match"] = '"0"'
        with page.expect_response("**/moves", timeout=10_000) as answer:
            page.keyboard.press("Enter")
        assert answer.value.status == 409, answer.value.text()
        page.wait_for_function("() => document.querySelector('#message').textContent.length > 0")
        page.wait_for_timeout(300)  # the match read again and the screen redrawn
        focused = page.evaluate(
            "() => { const a = document.activeElement;"
            " return [a.tagName, !!a.closest('.moves'), a.checkVisibility()]; }"
        )
        assert focused[1:] == [True, True], focused
    finally:
        context.close()


def test_catan_does_not_mark_a_build_that_was_undone(browser, server_url):
    """The latest build was read from the log, where an undone one stays: the map marked a settlement
    that was no longer there, and its log line offered to show it (a reviewer's find)."""
    match = api(server_url, "POST", "/v1/matches", {"game": "catan", "players": 3, "seed": 4, "undo": "own_move"})
    match_id, token = match["id"], match["seats"][0]["token"]
    mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=token)
    api(server_url, "POST", f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], token)
    api(server_url, "POST", f"/v1/matches/{match_id}/undo", {}, token)
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, token)
        page.wait_for_selector(".log li[value='2']")
        assert page.locator(".map .spotlight").count() == 0
        assert page.locator(".spotlight-note").count() == 0
        assert page.locator(".log li[value='1'] button.locate").count() == 0
    finally:
        context.close()


def test_smugglers_goods_at_the_merchants_are_numbered_as_the_moves_name_them(browser, server_url):
    """ "Buy Irish trader #3" named goods the page listed as shapes alone: a player counted from 0 to
    find #3 (a walkthrough's find). Each good at a merchant now carries its number."""
    match_id, tokens, seat, mine = first_turn_of_play(server_url)
    names = {m: data["name"] for m, data in api(server_url, "GET", "/v1/games/smuggler/static")["merchants"].items()}
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        for merchant, name in names.items():
            line = page.locator(".smug-merchants p", has_text=f"{name}:").inner_text()
            held = [
                gid
                for gid, g in mine["view"]["goods"].items()
                if g["where"] == "merchant" and g["merchant"] == merchant
            ]
            assert re.findall(r"#(\d+)", line) == [gid.rpartition("_")[2] for gid in held], (line, held)
    finally:
        context.close()


def test_smuggler_keeps_each_match_map_scroll_its_own(browser, server_url):
    """The map's sideways scroll was one for the page: a match opened after another showed its map
    where the last one was left (a reviewer's find). Each match keeps its own."""
    first, first_tokens = created(server_url, "smuggler", 2)
    second, second_tokens = created(server_url, "smuggler", 2)
    waiting = next(s for s in (0, 1) if s not in api(server_url, "GET", f"/v1/matches/{second}")["to_act"])
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_seat(page, server_url, first, first_tokens[0])
        page.locator(".map-scroll").evaluate("box => { box.scrollLeft = box.scrollWidth; }")
        page.wait_for_function("() => document.querySelector('.map-scroll').scrollLeft > 100")
        open_seat(page, server_url, second, second_tokens[waiting])  # no ring to bring in sight
        page.wait_for_timeout(200)  # the frame that sets the scroll
        assert page.locator(".smug-map [data-spot]").count() == 0
        assert page.locator(".map-scroll").evaluate("box => box.scrollLeft") == 0
        open_seat(page, server_url, first, first_tokens[0])
        page.wait_for_function("() => document.querySelector('.map-scroll').scrollLeft > 100")
    finally:
        context.close()


def test_smugglers_customs_track_keeps_each_line_of_a_step_whole_in_french(browser, server_url, screenshots):
    """On a 375 px phone a step of the customs track read « pot-de- / vin 2 », its word broken at
    a hyphen: each of its lines (the step, the search, the bribe) keeps whole."""
    match_id, tokens = created(server_url, "smuggler", 3)
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[0])
        lines = page.eval_on_selector_all(
            ".track-steps .cstep > span",
            """spans => spans.map((span) => {
              const range = document.createRange();
              range.selectNodeContents(span);
              return { text: span.textContent, lines: new Set(Array.from(range.getClientRects(), (r) => r.top)).size };
            })""",
        )
        assert any(line["text"].startswith("pot-de-vin") for line in lines), lines
        assert [line for line in lines if line["lines"] != 1] == [], lines
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.locator(".customs").screenshot(path=str(screenshots / "play-phone-smuggler-customs-fr.png"))
    finally:
        context.close()


def test_the_log_keeps_its_words_off_its_right_border(browser, server_url, screenshots):
    """A log line that filled its width ran into the box's right border (« Ana rolled 7. Players
    holding more than 7 » touched it): the box has room inside its right edge, as on its left."""
    match_id, tokens, seat, _ = first_turn_of_play(server_url)
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        page.wait_for_selector(".log li")
        room = page.evaluate(
            """() => {
              const ol = document.querySelector('.log ol');
              const inside = ol.getBoundingClientRect().left + ol.clientLeft + ol.clientWidth;
              return Array.from(ol.querySelectorAll('li'), (li) => {
                const range = document.createRange();
                range.selectNodeContents(li);
                return inside - Math.max(...Array.from(range.getClientRects(), (r) => r.right));
              });
            }"""
        )
        assert len(room) > 5 and min(room) >= 4, room
        page.locator(".log").screenshot(path=str(screenshots / "play-phone-log-edge-fr.png"))
    finally:
        context.close()


def test_a_finished_smuggler_match_names_no_seat_whose_turn_it_is(browser, server_url):
    """A web review: the match over, its facts still read "turn of Camille"."""
    match_id, tokens, seat, _ = first_turn_of_play(server_url)
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[1 - seat])
        assert "turn of" in page.locator(".smug-facts").inner_text()
        api(server_url, "POST", f"/v1/matches/{match_id}/resign", {}, tokens[seat])
        open_seat(page, server_url, match_id, tokens[1 - seat])
        page.wait_for_selector(".outcome")
        assert "turn of" not in page.locator(".smug-facts").inner_text()
    finally:
        context.close()


def test_the_log_shows_a_long_matchs_numbers_whole(browser, server_url, screenshots):
    """A 4-player Catan match played to its end had more than 1000 log lines: "1196." read "196.",
    its first digit cut off by the box's left edge."""
    match_id, tokens, seat, _ = first_turn_of_play(server_url)

    def long_ago(route):  # the same lines, numbered as in a long match
        response = route.fetch()
        history = response.json()
        for entry in history["entries"]:
            entry["version"] += 1000
        route.fulfill(response=response, json=history)

    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        page.route(f"**/v1/matches/{match_id}/events?after=0", long_ago)
        open_seat(page, server_url, match_id, tokens[seat])
        page.wait_for_selector(".log li[value='1001']")
        number, room = page.evaluate(
            """() => {
              const ol = document.querySelector('.log ol'), li = ol.querySelector('li');
              const pen = document.createElement('canvas').getContext('2d');
              pen.font = getComputedStyle(li).font;
              const number = `${li.value}. `;  // the marker, as Chromium writes it left of the line
              return [number, li.getBoundingClientRect().left - ol.getBoundingClientRect().left - ol.clientLeft
                - pen.measureText(number).width];
            }"""
        )
        assert number.startswith("10") and room >= 0, (number, room)
        page.locator(".log").screenshot(path=str(screenshots / "play-phone-log-long-numbers.png"))
    finally:
        context.close()


def test_the_random_bounded_bot_is_named_in_words(page, server_url):
    """The lobby offered "server bot: random_bounded", and the end of a match it won read
    "Winner: Seat 2 (random_bounded bot)": its id, not words."""
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#create")
    page.select_option("#game", "catan")
    assert "server bot: random bounded" in page.locator("#seat-1 option").all_inner_texts()
