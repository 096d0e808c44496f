"""The web client at /play/ in a real Chromium against a real gunicorn: a person's whole
match of every game by clicking the move controls, a reload that resumes the seat, the
lobby (create, list, join, a refusal in the server's words), hot-seat, the rematch, and
screenshots at phone and desktop widths (kept in var/screenshots/)."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE, DESKTOP = {"width": 375, "height": 800}, {"width": 1280, "height": 900}
# The order a hurried Catan player clicks in: build and develop first, end the turn rather than
# trade. Other games' moves all rank as "roll": a random one is clicked. Only the test chooses
# this way; the page offers every listed move.
PREFERENCE = [
    "build_city",
    "build_settlement",
    "build_road",
    "buy_development",
    "play_knight",
    "play_road_building",
    "play_year_of_plenty",
    "play_monopoly",
    "move_robber",
    "discard",
    "roll",
    "decline_trade",
    "withdraw_offer",
    "end_turn",
    "maritime_trade",
    "accept_offer",
    "accept_proposal",
    "confirm_trade",
    "propose_trade",
    "call_for_proposals",
    "offer_trade",
]
MOVES = "[data-move]:not([aria-disabled])"


def api(base: str, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as response:
        return json.load(response)


def undocumented_calls(base: str, requests: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (method, path) pairs the page sent to the server that are neither a file of the web client
    nor an operation of the server's OpenAPI document (README: "built on the public API only")."""
    document = api(base, "GET", "/v1/openapi.json")
    operations = [
        (method.upper(), re.compile(re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"))
        for path, item in document["paths"].items()
        for method in item
    ]
    return [
        (method, path)
        for method, path in requests
        if not path.startswith("/play/") and not any(m == method and p.match(path) for m, p in operations)
    ]


def strongest_bot(base: str, game: str) -> str:
    """A server bot that plays to win (the games end sooner than with random play)."""
    names = api(base, "GET", f"/v1/games/{game}")["bots"]
    return next((name for name in names if name != "random"), "random")


def stream_on(base: str, match_id: str, token: str) -> bool:
    try:
        api(base, "POST", f"/v1/matches/{match_id}/stream-ticket", {}, token)
    except urllib.error.HTTPError as err:
        if err.code in (404, 405):
            return False
        raise
    return True


def rank(move: dict) -> int:
    return PREFERENCE.index(move["type"]) if move["type"] in PREFERENCE else PREFERENCE.index("roll")


def click_a_move(page, rng: random.Random, folded: list | None = None) -> str | None:
    """Click one enabled move control (a random one of the most wanted type); its data-move, or None
    when there was none to click. `folded` collects the moves clicked inside an opened kind."""
    fill_the_forms(page, rng)  # before the wait: a lone form not filled yet has no move to click
    try:
        page.wait_for_selector(MOVES, state="attached", timeout=5000)
    except Exception:
        return None  # not our turn yet, or the page is between two drawings
    unfold_a_kind(page, rng)
    controls = [(c, c.get_attribute("data-move")) for c in page.query_selector_all(MOVES)]
    controls = [(c, m) for c, m in controls if m and c.is_visible()]
    if not controls:
        return None
    best = min(rank(json.loads(m)) for _, m in controls)
    control, move = rng.choice([(c, m) for c, m in controls if rank(json.loads(m)) == best])
    if folded is not None and control.evaluate("c => !!c.closest('details.kind')"):
        folded.append(move)
    try:
        control.click(timeout=2000)
    except Exception:
        pass  # redrawn under the pointer by another seat's move (the click may still have landed)
    return move


def unfold_a_kind(page, rng: random.Random) -> None:
    """Open one folded kind of moves at random (a long list folds each kind to a line, moves.js), as
    a player would: otherwise only the kinds of a single move would ever be clicked."""
    folded = page.query_selector_all(".moves details.kind:not([open]) > summary")
    if folded and rng.random() < 0.7:
        try:
            rng.choice(folded).click(timeout=2000)
        except Exception:
            pass  # redrawn under the pointer: the next click tries again


def fill_the_forms(page, rng: random.Random) -> None:
    """Fill each form in sight whose button has no move yet (its counts start at zero, its seats
    unticked, Medici's price empty), as a player who means a move: a low price, the fewest cards the
    template allows, its two sides apart, the first seat. The page's seat's templates are read from
    the server with the token the page keeps; a box the page filled itself is left as it is."""
    forms = page.locator("form.template")
    try:
        wanting = [forms.nth(n) for n in range(forms.count())]
        wanting = [f for f in wanting if f.is_visible() and f.locator("[type=submit][data-move]").count() == 0]
        if not wanting:
            return
        templates = seat_resource(page)["move_templates"]
        for form in wanting:
            move, names = json.loads(form.get_attribute("data-template"))
            tmpl = next((t for t in templates if t["move"] == move and list(t["params"]) == names), None)
            if tmpl:
                values = meant_values(tmpl, rng)
                kept = {
                    n
                    for n in names
                    if form.locator(f"[data-field='{n}']").count() and form.locator(f"[data-field='{n}']").input_value()
                }
                fill_form(form, {n: v for n, v in values.items() if n not in kept})
    except Exception:
        pass  # redrawn meanwhile: the next click fills again


def seat_resource(page) -> dict:
    """The match resource of the seat the page shows, read with the token it keeps."""
    where = address(page)
    token = page.evaluate("JSON.parse(localStorage.getItem('portside.seats'))")[where["match"]]["seats"][where["seat"]]
    base = page.evaluate("location.origin")
    return api(base, "GET", f"/v1/matches/{where['match']}", token=token)


def meant_values(tmpl: dict, rng: random.Random) -> dict:
    """A move a player means from a template: a low integer, the fewest cards its counts allow
    (a `disjoint` group's later sides from keys the earlier left), the first seats it allows."""
    from engine.core import default_value

    apart = {name for group in tmpl.get("disjoint", []) for name in group}
    values: dict = {}
    taken: set[str] = set()
    for name, param in tmpl["params"].items():
        if param["kind"] == "integer":
            values[name] = rng.randint(param["min"], min(param["max"], param["min"] + 20))
        elif param["kind"] == "counts" and name in apart:
            values[name] = default_value({**param, "max": {k: n for k, n in param["max"].items() if k not in taken}})
            taken |= set(values[name])
        else:
            values[name] = default_value(param)
    return values


def fill_form(form, values: dict) -> None:
    """Type a template's values in its form (a locator), as a player who means them: each counts
    box its count (0 for a key left out), each seat ticked or not, each integer box its number."""
    for name, value in values.items():
        if isinstance(value, (dict, list)):
            boxes = form.locator(f"[data-field^='{name}:']")
            for n in range(boxes.count()):
                box = boxes.nth(n)
                key = box.get_attribute("data-field").split(":", 1)[1]
                if isinstance(value, dict):
                    box.fill(str(value.get(key, 0)), timeout=2000)
                else:
                    box.set_checked(int(key) in value, timeout=2000)
        else:
            form.locator(f"[data-field='{name}']").fill(str(value), timeout=2000)


def play_to_the_end(page, rng: random.Random, clicks: int = 1500, on_click=None, folded=None) -> set[str]:
    clicked: set[str] = set()
    for n in range(clicks):
        if page.get_attribute("[data-status]", "data-status") == "finished":
            return clicked
        move = click_a_move(page, rng, folded)
        if move:
            clicked.add(move)
            if on_click:
                on_click(n)
    raise AssertionError(f"not finished after {clicks} clicks")


def next_version(base: str, match_id: str, version: int, seconds: float = 10) -> dict:
    """The match once the server has taken a move past `version` (a spectator's read)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        match = api(base, "GET", f"/v1/matches/{match_id}")
        if match["version"] > version:
            return match
        time.sleep(0.05)
    raise AssertionError(f"the match stayed at version {version} after a click")


def click_until_taken(page, rng: random.Random, base: str, match_id: str, version: int, seconds: float = 30) -> dict:
    """Click a move as the page shows it until the server has taken one past `version`. A click
    can fall on a control the page is just replacing (a redraw, a hot-seat hand-over): then
    nothing is posted, and the page is clicked again (a second post of a move already taken is
    refused as stale by its If-Match). Fails when no click is taken within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        click_a_move(page, rng)
        try:
            return next_version(base, match_id, version, seconds=3)
        except AssertionError:
            continue
    raise AssertionError(f"the match stayed at version {version}: no click was taken in {seconds} s")


def wait_for_text(page, selector: str, text: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while text not in (page.text_content(selector) or ""):
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} never said {text!r}: {page.text_content(selector)!r}")
        time.sleep(0.05)


def address(page) -> dict[str, str]:
    """The page's fragment (#match=...&seat=...) as a dict."""
    return {k: v[0] for k, v in parse_qs(page.evaluate("location.hash").lstrip("#")).items()}


def wait_for_address(page, seconds: float = 10, **wanted: str) -> dict[str, str]:
    """The fragment once it has the wanted values (the page names a seat once it is drawn)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:  # polled here, so a failure can say what the address was
        found = address(page)
        if all(found.get(k) == v for k, v in wanted.items()):
            return found
        page.wait_for_timeout(50)
    raise AssertionError(f"the address is {address(page)}, not {wanted}")


def shoot(page, screenshots, name: str) -> None:
    for size, label in ((PHONE, "375"), (DESKTOP, "1280")):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name}: the page is {width} px wide at {size['width']} px"
        page.screenshot(path=str(screenshots / f"play-{name}-{label}.png"), full_page=True)


@pytest.mark.parametrize("game,players", [("medici", 2), ("speicherstadt", 2), ("catan", 3), ("smuggler", 2)])
def test_a_person_plays_a_whole_match_by_clicking_against_server_bots(
    page,
    screenshots,
    server_url,
    game,
    players,
):
    created = api(
        server_url,
        "POST",
        "/v1/matches",
        {
            "game": game,
            "players": players,
            "seed": 11,
            "bots": {str(s): strongest_bot(server_url, game) for s in range(1, players)},
        },
    )
    match_id, token = created["id"], created["seats"][0]["token"]
    sent: list[tuple[str, str]] = []
    page.on(
        "request", lambda r: sent.append((r.method, urlsplit(r.url).path)) if r.url.startswith(server_url) else None
    )
    page.goto(f"{server_url}/play/#match={match_id}&token={token}")
    page.wait_for_selector("[data-status=active]")
    # The token went to storage, out of the address bar.
    assert page.evaluate("location.hash") == f"#match={match_id}&seat=0"
    expected_mode = "stream" if stream_on(server_url, match_id, token) else "long-poll"
    # Polled from here: the page's CSP (no 'unsafe-eval') refuses wait_for_function's string predicate
    # whenever it is not true at once, which is how this failed on a loaded machine.
    wait_for_text(page, "#conn", expected_mode)

    mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=token)
    if 0 in mine["to_act"] and mine["version"] == 0:
        # The controls are exactly the listed moves, and say them in the server's words when it has them.
        page.wait_for_selector(MOVES, state="attached")
        shown = [json.loads(m) for m in page.eval_on_selector_all("[data-move]", "cs => cs.map(c => c.dataset.move)")]
        assert all(
            m in mine["legal_moves"] or any(m["type"] == t["move"]["type"] for t in mine["move_templates"])
            for m in shown
        )
        words = page.eval_on_selector_all(
            "[data-move], option", "cs => cs.map(c => c.getAttribute('aria-label') || c.textContent.trim())"
        )
        assert all(label in words for label in mine.get("move_labels", []))
        if game == "catan":  # setup: every move is a spot on the map, and the moves panel says so
            hint = page.locator(".moves .hint")
            assert hint.get_attribute("data-on-board") == str(len(mine["legal_moves"]))
            assert "on the board: choose a marked place" in hint.inner_text()  # a tap, a click or Enter

    rng = random.Random(3)
    state = {"reloaded": False}
    clicked: set[str] = set()
    if game == "catan":  # the map is keyboard-usable: Tab reaches a spot, Enter builds there
        target = page.locator("svg [data-move]").first
        target.focus()
        clicked.add(target.get_attribute("data-move"))
        page.keyboard.press("Enter")
        page.wait_for_selector(".log li")

    def midway(n: int) -> None:
        if n == 12 and not state["reloaded"]:
            shoot(page, screenshots, f"{game}-midway")
            page.reload()  # the fragment has no token now: the seat comes back from storage
            page.wait_for_selector("[data-status]")
            assert page.evaluate("location.hash") == f"#match={match_id}&seat=0"
            assert page.locator(".tab.current").inner_text().startswith("Seat 0")
            state["reloaded"] = True

    folded: list[str] = []
    clicked |= play_to_the_end(page, rng, on_click=midway, folded=folded)
    assert state["reloaded"]
    if game == "smuggler":  # its long lists fold by kind: moves inside an opened kind were clicked too
        assert len({json.loads(m)["type"] for m in folded}) >= 2, folded

    final = api(server_url, "GET", f"/v1/matches/{match_id}")
    assert final["status"] == "finished"
    replay = api(server_url, "GET", f"/v1/matches/{match_id}/replay")
    ours = [m["move"] for m in replay["moves"] if m["seat"] == 0]
    assert ours, "seat 0 made no move"
    assert all(json.dumps(m, separators=(",", ":")) in clicked for m in ours), "a move was posted that was not clicked"
    # The final scores on the page are the server's.
    table = page.locator(".outcome table")
    for seat, score in enumerate(final["outcome"]["scores"]):
        row = table.locator("tbody tr").nth(seat).locator("td")
        assert row.nth(2).inner_text() == str(score)
        assert row.nth(1).inner_text() == str(final["outcome"]["ranks"][seat])
    # The log in words, up to the last entry (the stream may bring it just after the final drawing).
    page.wait_for_selector(f".log li[value='{final['version']}']", state="attached")
    assert page.locator(".log li").count() == min(final["version"], 150)
    shoot(page, screenshots, f"{game}-finished")
    assert any(path.startswith("/v1/") for _, path in sent) and not undocumented_calls(server_url, sent)


def test_a_creation_whose_answer_was_lost_opens_the_match_it_made(page, server_url):
    """The network dropped a creation's answer: the page said the server could not be reached, and
    the tap again made a second match (the first stayed open in the lobby, its tokens lost). The
    page sends it again with its key, and a tap again (the network still down) does the same."""
    made = []

    def lose_the_answer(route):
        made.append(route.fetch().json()["id"])  # the server created the match; the phone never hears
        route.abort()

    page.route("**/v1/matches", lose_the_answer, times=3)  # the page's three tries
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#create")
    page.select_option("#game", "medici")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "me")
    page.click("#create button[type=submit]")
    page.locator("#create", has_text="The server cannot be reached.").wait_for()
    page.click("#create button[type=submit]")
    page.wait_for_selector("[data-status=active]")
    assert page.evaluate("new URLSearchParams(location.hash.slice(1)).get('match')") == made[0]
    assert made == made[:1] * 3  # each try answered with the same match
    assert page.locator(".tabs .tab").count() == 2  # both seats' tokens, as the first answer held


def test_the_key_that_claims_a_creation_is_random_where_the_browser_has_no_random_uuid(page, server_url):
    """A creation's Idempotency-Key is the bearer of its seats (sent again within five minutes, it gets
    their tokens back), and a join's of its seat. Browsers have crypto.randomUUID only over HTTPS or on
    localhost: on a server at http://192.168.1.10/play/ the page sent String(Math.random()), 52 bits
    of a generator that is no secret. Every key is 128 bits of crypto.getRandomValues now."""
    page.add_init_script("delete Crypto.prototype.randomUUID")  # as on a page served over plain HTTP
    keys = []
    page.on("request", lambda request: keys.append(request.headers.get("idempotency-key")))
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#create")
    page.select_option("#game", "medici")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "me")
    page.click("#create button[type=submit]")
    page.wait_for_selector("[data-status=active]")
    sent = [key for key in keys if key]
    assert sent and all(re.fullmatch(r"[0-9a-f]{32}", key) for key in sent), sent


def test_the_lobby_creates_a_hot_seat_match_and_hands_the_device_over(page, screenshots, server_url):
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#create")
    first_load = sum(len(r.body()) for r in responses if "/play/" in r.url and r.ok)
    assert 0 < first_load < 200_000, f"first load {first_load} bytes"
    shoot(page, screenshots, "lobby")

    page.select_option("#game", "medici")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "me")
    page.fill("#name-0", "Ana")
    page.fill("#name-1", "Ben")
    page.click("#create button[type=submit]")
    page.wait_for_selector("[data-status=active]")
    match_id = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('match')")
    kept = page.evaluate("JSON.parse(localStorage.getItem('portside.seats'))")
    assert sorted(kept[match_id]["seats"]) == ["0", "1"]
    # Each tab with its name, as the board says it ("Ana buys the lot"): two people on one phone
    # read "Seat 1 •" and had to work out which of them it was.
    assert page.locator(".tabs .tab").all_inner_texts() == ["Seat 0 · Ana •", "Seat 1 · Ben"]

    # Click as whichever seat the page shows until the server says seat 1 alone is to act; after
    # each click, wait for the server to take the move (clicking again if the click fell on a
    # control being redrawn) so the next check never races the page.
    rng = random.Random(5)
    match = api(server_url, "GET", f"/v1/matches/{match_id}")
    for _ in range(30):
        if match["to_act"] == [1]:
            break
        match = click_until_taken(page, rng, server_url, match_id, match["version"])
    assert match["to_act"] == [1]
    # The page hands over: it names seat 1 in the address once seat 1's view is drawn, and what
    # it shows is seat 1's (not a late answer fetched with seat 0's token).
    wait_for_address(page, match=match_id, seat="1")
    page.locator(".tab.current", has_text="Seat 1").wait_for(timeout=10000)
    page.locator("[data-status]", has_text="Your move").wait_for(timeout=10000)
    assert page.locator(".tab.current").inner_text().startswith("Seat 1")
    assert page.locator("[data-status]").inner_text() == "Your move"
    assert page.locator("#message").inner_text() == "Seat 1 (Ben) to play: pass the device."
    mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=kept[match_id]["seats"]["1"])
    shown = [json.loads(m) for m in page.eval_on_selector_all(MOVES, "cs => cs.map(c => c.dataset.move)")]
    templates = {t["move"]["type"] for t in mine["move_templates"]}
    assert shown and all(m in mine["legal_moves"] or m["type"] in templates for m in shown), "seat 1's moves"
    # Each seat's tab shows that seat's own view, however often the same version is read with
    # either token (a browser cache revalidating another seat's copy must not answer).
    for _ in range(2):
        page.click(".tabs .tab:has-text('Seat 0')")
        page.locator(".tab.current", has_text="Seat 0").wait_for(timeout=10000)
        page.locator("[data-status]", has_text="Waiting for").wait_for(timeout=10000)
        assert page.locator(MOVES).count() == 0
        page.click(".tabs .tab:has-text('Seat 1')")
        page.locator(".tab.current", has_text="Seat 1").wait_for(timeout=10000)
        page.locator(MOVES).first.wait_for(state="attached", timeout=10000)
        again = [json.loads(m) for m in page.eval_on_selector_all(MOVES, "cs => cs.map(c => c.dataset.move)")]
        assert again == shown


@pytest.mark.parametrize(
    ("locale", "named", "unnamed"),
    [("en-US", "Seat 0 · Ana (you)", "Seat 0 (you)"), ("fr-FR", "Siège 0 · Ana (vous)", "Siège 0 (vous)")],
)
def test_a_page_holding_one_seat_names_its_player_as_hot_seat_tabs_do(
    browser, server_url, screenshots, locale, named, unnamed
):
    """A lone seat's tab read "Seat 0 (you)" where a hot-seat page's tabs, the board and the log
    said Ana: it says "Seat 0 · Ana (you)" now; a seat without a name stays "Seat 0 (you)"."""
    bot = {"1": strongest_bot(server_url, "medici")}
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    try:
        for names, said in (({"0": "Ana"}, named), ({}, unnamed)):
            created = api(
                server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "bots": bot, "names": names}
            )
            page = context.new_page()  # a page of its own: a hash change would show the last match a while
            page.goto(f"{server_url}/play/#match={created['id']}&token={created['seats'][0]['token']}")
            page.wait_for_selector("[data-status=active]")
            assert page.locator(".tab.lone").inner_text() == said
            if names:
                page.screenshot(path=str(screenshots / f"play-lone-seat-named-{locale}.png"))
    finally:
        context.close()


def test_a_token_that_is_not_a_seat_shows_a_message_not_a_blank_page(page, server_url):
    created = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2})
    page.goto(f"{server_url}/play/#match={created['id']}&token=pst_not_a_token")
    alert = page.locator("[role=alert]").first
    alert.wait_for()
    assert alert.inner_text()
    assert page.locator("a[href='#']").count()


def create_in_the_lobby(
    page, server_url: str, game: str, seats: list[str], names=(), listed: bool = False, undo: bool = False
):
    """Fill the lobby's form (a seat is "me", "open" or "bot:<name>") and submit it."""
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    if listed:
        page.check("#list-in-lobby")
    if undo:
        page.check("#undo-own-move")
    page.click("#create button[type=submit]")


def finish_by_resigning(page, server_url: str, match_id: str) -> None:
    """Resign as the seat shown (two players: the match ends at once)."""
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".operations button:has-text('Resign')")
    page.wait_for_selector("[data-status=finished]")
    assert api(server_url, "GET", f"/v1/matches/{match_id}")["status"] == "finished"


def seat_of(server_url: str, match_id: str, token: str) -> int | None:
    return api(server_url, "GET", f"/v1/matches/{match_id}", token=token)["seat"]


def test_a_rematch_opens_the_new_match_on_the_new_seat_with_the_new_token(page, server_url):
    create_in_the_lobby(page, server_url, "medici", ["me", "bot:random"], names=["Ana"])
    page.wait_for_selector("[data-status=active]")
    old_id = wait_for_address(page, seat="0")["match"]
    old_token = page.evaluate("JSON.parse(localStorage.getItem('portside.seats'))")[old_id]["seats"]["0"]
    finish_by_resigning(page, server_url, old_id)

    page.click("#rematch")
    deadline = time.monotonic() + 10
    while address(page).get("match") == old_id and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    new_id, new_seat = address(page)["match"], address(page).get("seat")
    assert new_id != old_id
    assert api(server_url, "GET", f"/v1/matches/{old_id}")["rematch"] == new_id
    # Seats rotate: the former seat 0 plays seat 1; the page says so and holds that seat's new token.
    assert new_seat == "1"
    page.locator(".tab.current", has_text="Seat 1").wait_for(timeout=10000)
    page.locator(f".match-head >> text=Match {new_id}").wait_for(timeout=10000)
    kept = page.evaluate("JSON.parse(localStorage.getItem('portside.seats'))")
    assert sorted(kept[new_id]["seats"]) == ["1"]
    new_token = kept[new_id]["seats"]["1"]
    assert new_token != old_token
    assert seat_of(server_url, new_id, new_token) == 1
    with pytest.raises(urllib.error.HTTPError):  # the old token is no seat of the rematch
        seat_of(server_url, new_id, old_token)
    match = api(server_url, "GET", f"/v1/matches/{new_id}")
    assert [(s["seat"], s["status"], s["name"]) for s in match["seats"]] == [(0, "bot", None), (1, "taken", "Ana")]
    # The new token plays: the page's move controls post with it.
    deadline = time.monotonic() + 10
    while 1 not in (match := api(server_url, "GET", f"/v1/matches/{new_id}"))["to_act"]:
        assert time.monotonic() < deadline, f"seat 1 never to act: {match['to_act']}"
        time.sleep(0.05)
    page.locator("[data-status]", has_text="Your move").wait_for(timeout=10000)
    click_until_taken(page, random.Random(1), server_url, new_id, match["version"])
    assert any(entry["seat"] == 1 for entry in events_of(server_url, new_id, new_token))


def events_of(server_url: str, match_id: str, token: str) -> list[dict]:
    return api(server_url, "GET", f"/v1/matches/{match_id}/events?after=0", token=token)["entries"]


def test_a_hot_seat_rematch_claims_every_seat_held_in_this_browser(page, server_url):
    create_in_the_lobby(page, server_url, "medici", ["me", "me"])
    page.wait_for_selector("[data-status=active]")
    old_id = address(page)["match"]
    old = page.evaluate("JSON.parse(localStorage.getItem('portside.seats'))")[old_id]["seats"]
    finish_by_resigning(page, server_url, old_id)

    page.click("#rematch")
    deadline = time.monotonic() + 10
    while address(page).get("match") == old_id and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    new_id = address(page)["match"]
    assert new_id != old_id
    page.wait_for_selector("[data-status=active]")
    kept = page.evaluate("JSON.parse(localStorage.getItem('portside.seats'))")[new_id]["seats"]
    assert sorted(kept) == ["0", "1"]
    for seat, token in kept.items():
        assert token not in old.values()
        assert seat_of(server_url, new_id, token) == int(seat)
    # The page shows the seat to act (hot-seat hands over), with that seat's token.
    match = api(server_url, "GET", f"/v1/matches/{new_id}")
    to_act = str(match["to_act"][0])
    wait_for_address(page, match=new_id, seat=to_act)
    page.locator(".tab.current", has_text=f"Seat {to_act}").wait_for(timeout=10000)
    click_until_taken(page, random.Random(2), server_url, new_id, match["version"])


def test_a_listed_match_shows_in_the_lobby_and_another_browser_joins_its_open_seat(page, browser, server_url):
    """And a join whose answer was lost, tapped again, gets its seat: it was 409 "Seat 1 is not open"."""
    create_in_the_lobby(page, server_url, "medici", ["me", "open"], names=["Ana"], listed=True)
    page.wait_for_selector("[data-status]")
    match_id = address(page)["match"]
    listed = api(server_url, "GET", "/v1/matches?status=open&limit=100")["matches"]
    assert match_id in [m["id"] for m in listed]

    other = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        guest = other.new_page()
        guest.goto(f"{server_url}/play/")
        entry = guest.locator(".listed-match", has=guest.locator(f"[data-join='{match_id}:1']"))
        entry.wait_for(timeout=10000)
        assert "Seat 0: Ana" in entry.inner_text()
        # Only open seats have a Join button: seat 0 is taken.
        assert guest.locator(f"[data-join='{match_id}:0']").count() == 0
        guest.fill("#join-name", "Ben")
        # The network drops the join's answer (the seat is taken by it): sent again, it gets that seat.
        guest.route("**/join", lambda route: (route.fetch(), route.abort()), times=1)
        guest.click(f"[data-join='{match_id}:1']")
        guest.wait_for_selector("[data-status]")
        assert address(guest) == {"match": match_id, "seat": "1"}
        seats = api(server_url, "GET", f"/v1/matches/{match_id}")["seats"]
        assert [(s["status"], s["name"]) for s in seats] == [("taken", "Ana"), ("taken", "Ben")]
        # Full now: the lobby's default list (open matches) has it no more.
        guest.goto(f"{server_url}/play/#")
        guest.wait_for_selector("#listed h2")  # drawn once the server has answered
        assert guest.locator(f"[data-join^='{match_id}:']").count() == 0
    finally:
        other.close()


def test_the_lobby_finds_an_open_match_behind_more_listed_matches_than_a_page_looks_at(page, redis_url, tmp_path):
    """A lobby page looks at SCAN_LIMIT listed matches at most and may come back short with a
    `next`: the page follows it, so an open match behind many full ones still shows."""
    from service.lobby import SCAN_LIMIT
    from tests.e2e.conftest import gunicorn

    with gunicorn(redis_url, tmp_path, RATE_LIMIT_PER_MINUTE="0") as (url, _):
        wanted = api(url, "POST", "/v1/matches", {"game": "medici", "players": 2, "seats": "one", "listed": True})
        for _ in range(SCAN_LIMIT + 20):  # newer and full: the first page looks at them only
            api(url, "POST", "/v1/matches", {"game": "medici", "players": 2, "listed": True})
        first = api(url, "GET", "/v1/matches?status=open&limit=20")
        assert wanted["id"] not in [m["id"] for m in first["matches"]] and first["next"]
        page.goto(f"{url}/play/")
        page.locator(f"[data-join='{wanted['id']}:1']").wait_for(timeout=10000)


def test_changing_the_number_of_players_keeps_what_was_typed_for_the_seats(page, server_url):
    """The seat rows were drawn anew when "Players" changed, wiping names already typed (an
    integrator filled seat 0's name, then the player count, and the match was created nameless); and
    a seat's box tapped just after typing the count was replaced under the tap."""
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#create")
    page.select_option("#game", "speicherstadt")
    page.fill("#name-1", "Ben")
    page.select_option("#seat-1", "open")
    # As a person does: type the number, then tap seat 0's name box. "Players" changes as it loses
    # the focus, and the rows were drawn anew under the tap: the name typed next went nowhere.
    page.click("#players")
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.click("#name-0")
    page.keyboard.type("Ana")
    assert page.locator(".seat-choice").count() == 4
    assert page.input_value("#name-0") == "Ana"
    assert page.input_value("#name-1") == "Ben" and page.input_value("#seat-1") == "open"
    page.fill("#name-3", "Dee")
    page.click("#create button[type=submit]")
    page.wait_for_selector("[data-status]")
    match_id = address(page)["match"]
    seats = api(server_url, "GET", f"/v1/matches/{match_id}")["seats"]
    assert len(seats) == 4 and seats[0]["name"] == "Ana" and seats[1]["status"] == "open"
    assert seats[3]["name"] == "Dee"


def test_a_refused_create_shows_the_servers_words_and_creates_nothing(page, server_url):
    create_in_the_lobby(page, server_url, "medici", ["me", "bot:random"], names=["<b>Ana</b>"])
    error = page.locator("#create-error")
    error.wait_for()
    deadline = time.monotonic() + 10
    while not error.inner_text() and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert "A name is 1 to 32 printable characters" in error.inner_text()
    assert "names.0" in error.inner_text()
    assert "match" not in address(page)
    # The name field holds at most what the server takes.
    assert page.get_attribute("#name-0", "maxlength") == "32"


def test_the_pages_log_line_names_a_detailed_event_once(page, server_url):
    """The page's log joins an entry's events as the terminal does (service/playtext.entry_text)."""
    page.goto(f"{server_url}/play/")
    said = page.evaluate(
        """async () => {
            const { entryText } = await import("/play/js/words.js");
            return [
                entryText([{ text: "Ana drew a secret" }, { text: "Ana drew a secret: favour owed" }]),
                entryText([{ text: "Ana bought a card" }, { text: "Ana drew a knight" }]),
                entryText([{ text: "Bob discarded" }, { text: "Bob discarded" }]),
            ];
        }"""
    )
    assert said == [
        "Ana drew a secret: favour owed",
        "Ana bought a card. Ana drew a knight",
        "Bob discarded. Bob discarded",
    ]
