"""The web client as a screen reader and a keyboard meet it, in a real Chromium: axe-core (pinned in
tests/clients/package.json, `make test` installs it) over each game's pages in a live match, at
375 px and 1280 px, in English and French: the lobby, a spectator's join screen, a seat's turn with
its moves, board and log, the finished match."""

from __future__ import annotations

from pathlib import Path

import pytest

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
    return page.evaluate(
        """async (tags) => (await axe.run(document, { resultTypes: ["violations"] })).violations
          .filter((v) => v.id === "heading-order"
            || (["serious", "critical"].includes(v.impact) && v.tags.some((t) => tags.includes(t))))
          .flatMap((v) => v.nodes.map((n) =>
            `${v.id} (${v.impact}): ${n.target.join(" ")}: ${n.failureSummary.split("\\n").slice(1).join(" ")}`))""",
        WCAG,
    )


def checked(page, where: str, screenshots: Path | None = None) -> list[str]:
    """axe's findings at 375 px and at 1280 px, each said with where it was found."""
    problems = []
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
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
