"""The web client as a screen reader and a keyboard meet it, in a real Chromium: axe-core (pinned in
tests/clients/package.json, `make test` installs it) over each game's pages in a live match, at
375 px and 1280 px, in English and French: the lobby, a spectator's join screen, a seat's turn with
its moves, board and log, the finished match. Then what axe cannot see: a polite
live region that says a move or the seat's turn once, and moves played from the keyboard with a
focus that shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_play_web import DESKTOP, PHONE, api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

AXE = Path(__file__).resolve().parents[1] / "clients" / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
LANGUAGES = {"en": "en-US", "fr": "fr-FR"}
GAMES = {"medici": 2, "catan": 3, "speicherstadt": 2, "smuggler": 2}


def axe_problems(page) -> list[str]:
    """The page's serious and critical violations of the WCAG 2 A/AA rules (and of heading-order, a
    best practice: headings that skip a level mislead a reader who moves by headings), one line per node."""
    if not AXE.exists():
        pytest.fail(f"no {AXE}: `make test` installs tests/clients' node packages (npm ci)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text())
    # Two frames: a wide table's box becomes focusable from its ResizeObserver (words.js sideways), which
    # runs at the first layout; a loaded full run checked before it had (scrollable-region-focusable).
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page.evaluate(
        """async (tags) => (await axe.run(document, { resultTypes: ["violations"] })).violations
          .filter((v) => v.id === "heading-order"
            || (["serious", "critical"].includes(v.impact) && v.tags.some((t) => tags.includes(t))))
          .flatMap((v) => v.nodes.map((n) =>
            `${v.id} (${v.impact}): ${n.target.join(" ")}: ${n.failureSummary.split("\\n").slice(1).join(" ")}`))""",
        WCAG,
    )


# Every sideways box that overflows is focusable (words.js sideways(), from its ResizeObserver).
SCROLLERS_SETTLED = """() => [...document.querySelectorAll('.scroll')]
  .every((box) => box.scrollWidth - box.clientWidth <= 1 || box.tabIndex === 0)"""


def checked(page, where: str, screenshots: Path | None = None) -> list[str]:
    """axe's findings at 375 px and at 1280 px, each said with where it was found."""
    problems = []
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        # Two frames: the page's ResizeObservers (a box that now overflows becomes focusable) have run,
        # however slow the machine (a fixed 100 ms was not always enough under a loaded CI).
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        # A redraw in those frames (the stream's news) brings new boxes whose observers run a frame later.
        page.wait_for_function(SCROLLERS_SETTLED, timeout=5000)
        problems += [f"{where} at {size['width']} px: {p}" for p in axe_problems(page)]
        if screenshots:
            page.screenshot(
                path=str(screenshots / f"play-a11y-{where.replace(' ', '-')}-{size['width']}.png"), full_page=True
            )
    return problems


def play_one(server_url: str, match_id: str, tokens: dict[int, str]) -> int:
    """One move through the API by the first seat to act (its first listed move, else its first
    template at its smallest values): that seat."""
    seat = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
    mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
    if mine["legal_moves"]:
        move = mine["legal_moves"][0]
    else:
        template = mine["move_templates"][0]
        move = {**template["move"], **{k: p["min"] for k, p in template["params"].items()}}
    api(server_url, "POST", f"/v1/matches/{match_id}/moves", move, tokens[seat])
    return seat


def play_some_moves(server_url: str, match_id: str, tokens: dict[int, str], count: int) -> int:
    """`count` moves, then on to a seat with moves listed (not a template alone): that seat."""
    for n in range(count + 50):
        seat = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
        if n >= count and api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])["legal_moves"]:
            return seat
        play_one(server_url, match_id, tokens)
    raise AssertionError("no seat with moves listed")


# The moves played before each seat's turn is checked: Catan's setup (every move a place on the map)
# and its main phase (the log's "Show on the map"); Smuggler's play (its moves folded by kind, a long log).
TURNS = {"medici": (8,), "catan": (0, 14), "speicherstadt": (6,), "smuggler": (12,)}


@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_nothing_serious_on_a_games_pages(browser, server_url, screenshots, game):
    """One match per game, seen in English and in French at both widths: the lobby (the game chosen
    in its form, the match listed with a seat to join), a spectator's join screen, a seat's turn (its
    moves, the board, the log), the end (a resignation ends a two-player match; with three a bot
    takes the seat over, so Catan's end is not checked here)."""
    players = GAMES[game]
    body = {"game": game, "players": players, "seats": "one", "listed": True}
    created = api(server_url, "POST", "/v1/matches", body)
    match_id, tokens = created["id"], {0: created["seats"][0]["token"]}
    pages = {
        language: browser.new_context(viewport=DESKTOP, locale=locale).new_page()
        for language, locale in LANGUAGES.items()
    }
    problems = []
    try:
        for language, page in pages.items():
            page.goto(f"{server_url}/play/")
            page.wait_for_selector(f"[data-join='{match_id}:1']")
            page.select_option("#game", game)
            problems += checked(page, f"{game} {language} lobby")
            page.goto(f"{server_url}/play/#match={match_id}")
            page.wait_for_selector(".open-seats button[data-join]")
            problems += checked(page, f"{game} {language} join screen")
        for seat in range(1, players):
            tokens[seat] = api(server_url, "POST", f"/v1/matches/{match_id}/join", {"seat": seat})["token"]
        played = 0
        for moves in TURNS[game]:
            seat = play_some_moves(server_url, match_id, tokens, moves - played)
            played = moves
            for language, page in pages.items():
                page.goto(f"{server_url}/play/#match={match_id}&token={tokens[seat]}")
                page.wait_for_selector("[data-status=active]")
                page.wait_for_selector(".moves [data-move], .board [data-move]", state="attached")
                problems += checked(page, f"{game} {language} turn {moves}", screenshots)
        if players == 2:
            api(server_url, "POST", f"/v1/matches/{match_id}/resign", {}, tokens[1 - seat])
            for language, page in pages.items():
                page.wait_for_selector("[data-status=finished]")
                problems += checked(page, f"{game} {language} finished")
    finally:
        for page in pages.values():
            page.context.close()
    assert not problems, "\n".join(problems)


def log_lines(page) -> dict[int, str]:
    """The log as the page shows it: each line's words by version."""
    return {
        int(li.get_attribute("value")): li.inner_text().removeprefix("●").strip()
        for li in page.locator(".log li").all()
    }


def sentences(lines: list[str]) -> str:
    return " ".join(line if line[-1] in ".!?…" else f"{line}." for line in lines)


def focus_shows(page, control) -> bool:
    """Whether the focused control looks otherwise than unfocused (its outline or fill), around it."""
    box = control.bounding_box()
    clip = {"x": box["x"] - 8, "y": box["y"] - 8, "width": box["width"] + 16, "height": box["height"] + 16}
    focused = page.screenshot(clip=clip)
    control.evaluate("c => c.blur()")
    unfocused = page.screenshot(clip=clip)
    control.focus()
    return focused != unfocused


def tab_to_a_move(page, most: int = 80):
    """Tab from the top of the page to the first control that posts a move; that control."""
    page.locator(".brand").focus()
    for _ in range(most):
        page.keyboard.press("Tab")
        move = page.evaluate("document.activeElement.dataset.move")
        if move:
            return page.locator(f"[data-move='{move}']")
    raise AssertionError("no move reached with the Tab key")


def test_a_screen_reader_hears_each_move_and_its_turn_once_and_plays_from_the_keyboard(
    browser, server_url, screenshots
):
    """A polite live region says each move that arrives, once, in order, then "Your move" when the
    turn comes (the log was no live region, and the status line is drawn anew at each move); what
    was in the log on opening is not said. Then the seat tabs to a move, sees where the focus is,
    plays it with Enter, and hears it taken."""
    created = api(server_url, "POST", "/v1/matches", {"game": "speicherstadt", "players": 2, "seed": 11})
    match_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    for _ in range(3):
        play_one(server_url, match_id, tokens)
    me = next(s for s in tokens if s not in api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"])
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    try:
        page.goto(f"{server_url}/play/#match={match_id}&token={tokens[me]}")
        page.wait_for_selector("[data-status=active]")
        news = page.locator("#news")
        assert news.get_attribute("aria-live") == "polite"
        before = log_lines(page)
        page.evaluate(
            """() => { window.heard = []; const news = document.getElementById("news");
              new MutationObserver(() => news.textContent && heard.push(news.textContent))
                .observe(news, { childList: true, subtree: true, characterData: true }); }"""
        )
        while me not in api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"]:
            play_one(server_url, match_id, tokens)
        page.wait_for_function("() => heard.join(' ').endsWith('Your move.')")
        page.wait_for_timeout(300)  # anything said twice would come now
        shown = log_lines(page)
        new = [shown[v] for v in sorted(shown) if v not in before]
        assert new and " ".join(page.evaluate("heard")) == sentences([*new, "Your move"])

        control = tab_to_a_move(page)
        move = json.loads(control.get_attribute("data-move"))
        assert move["type"] == "place_worker" and focus_shows(page, control)
        version = api(server_url, "GET", f"/v1/matches/{match_id}")["version"]
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(v) => Math.max(...[...document.querySelectorAll('.log li')].map((li) => li.value)) > v", arg=version
        )
        entry = api(server_url, "GET", f"/v1/matches/{match_id}/events?after={version}", token=tokens[me])["entries"][0]
        assert entry["seat"] == me
        taken = log_lines(page)[entry["version"]]
        page.wait_for_function("(line) => heard.at(-1).startsWith(line)", arg=taken)
        assert sum(said.count(taken) for said in page.evaluate("heard")) == 1
        page.screenshot(path=str(screenshots / "play-a11y-keyboard-move-375.png"), full_page=True)
        assert me in api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["row"][move["card"]]["workers"]
    finally:
        page.context.close()


def test_catans_places_on_the_map_say_where_they_are_and_take_the_keyboard(browser, server_url, screenshots):
    """The map numbers no intersection: "Build a settlement on intersection 12" told a screen reader
    nothing of the place. Each place to build says the hexes it touches; Tab reaches it, its focus
    shows, Enter builds there."""
    created = api(server_url, "POST", "/v1/matches", {"game": "catan", "players": 3, "seed": 11})
    match_id, token = created["id"], created["seats"][0]["token"]
    page = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    try:
        page.goto(f"{server_url}/play/#match={match_id}&token={token}")
        page.wait_for_selector(".map [data-move]")
        spot = tab_to_a_move(page)
        node = json.loads(spot.get_attribute("data-move"))["node"]
        hexes = [h for h, hexagon in enumerate(static_topology(server_url)["hexes"]) if node in hexagon["nodes"]]
        expect(spot).to_have_accessible_name(re.compile(f"intersection\\s{node}$"))
        expect(spot).to_have_accessible_description(re.compile(r"^À côté de\s: \D+ \d+"))
        assert spot.evaluate("g => g.querySelector('desc').textContent.split(', ').length") == len(hexes)
        assert focus_shows(page, spot)
        page.screenshot(path=str(screenshots / "play-a11y-catan-focus-fr-375.png"))
        page.keyboard.press("Enter")
        page.wait_for_selector(".log li[value='1']")
        view = api(server_url, "GET", f"/v1/matches/{match_id}", token=token)["view"]
        assert [node, 0] in view["settlements"]
    finally:
        page.context.close()


def static_topology(server_url: str) -> dict:
    return api(server_url, "GET", "/v1/games/catan/static")["topology"]
