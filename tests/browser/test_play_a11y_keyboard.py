"""The match screen from the keyboard and a screen reader, beyond what axe sees (test_play_a11y.py):
the Tab key goes the way the eye does at 375 px and 1280 px, the message (an alert) is said once
and not again at each redraw, a move played on the map keeps the keyboard's place there, and the
focus ring stands out (3:1) from the surfaces it is drawn on."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.test_play_a11y import play_one, tab_to_a_move
from tests.browser.test_play_boards import create, open_seat, set_up_by_api
from tests.browser.test_play_web import DESKTOP, PHONE, api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

REGIONS = {"side": "the moves", "board-column": "the board", "log": "the log"}


def tab_regions(page, most: int = 200) -> list[str]:
    """The screen's regions in the order Tab reaches them from the top of the page, up to the log."""
    page.locator(".brand").focus()
    reached: list[str] = []
    for _ in range(most):
        page.keyboard.press("Tab")
        region = page.evaluate(
            """(names) => { const within = names.map((n) => `.layout > .${n}`).join(", ");
              const region = document.activeElement.closest(within);
              return region ? [...region.classList].find((c) => names.includes(c)) : null; }""",
            list(REGIONS),
        )
        if region and region not in reached:
            reached.append(region)
        if region == "log":
            return reached
    raise AssertionError(f"the log not reached with the Tab key: {reached}")


def seen_order(page) -> list[str]:
    """The regions in the order the eye reads them: by where each begins, top to bottom, then left to
    right (a board beside the moves begins on their line)."""
    boxes = page.evaluate(
        """(names) => names.map((n) => { const box = document.querySelector(`.layout > .${n}`).getBoundingClientRect();
          return [n, Math.round(box.top), Math.round(box.left)]; })""",
        list(REGIONS),
    )
    return [name for name, _, _ in sorted(boxes, key=lambda b: (b[1], b[2]))]


def test_the_tab_key_reaches_the_moves_the_board_and_the_log_in_the_order_they_show(browser, server_url, screenshots):
    """On a phone the moves show above the map, but Tab reached the map's places (a Smuggler seat's
    30 of them) before the moves: the page's order was the wide screen's, board first."""
    created = create(server_url, "smuggler", 2)
    set_up_by_api(server_url, created, {0: "sea_cape", 1: "irish"})
    seat = api(server_url, "GET", f"/v1/matches/{created['id']}")["to_act"][0]
    for size in (PHONE, DESKTOP):
        page = browser.new_context(viewport=size, locale="en-US").new_page()
        try:
            open_seat(page, server_url, created["id"], created["seats"][seat]["token"])
            page.wait_for_selector(".moves details.kind > summary")
            seen, tabbed = seen_order(page), tab_regions(page)
            assert [REGIONS[r] for r in tabbed] == [REGIONS[r] for r in seen], f"at {size['width']} px"
            page.screenshot(path=str(screenshots / f"play-a11y-tab-order-{size['width']}.png"))
        finally:
            page.context.close()


def test_the_message_is_said_once_not_again_at_each_redraw(browser, server_url):
    """The message box (role=alert) was drawn anew at every redraw: a screen reader could say a
    refusal again at each move of another seat. It stays in the page, its words set when they change."""
    created = api(server_url, "POST", "/v1/matches", {"game": "speicherstadt", "players": 2, "seed": 11})
    match_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    me = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    refusal = {"type": "about:blank", "title": "Refused", "status": 422, "detail": "Not now, says the test."}

    def refused(route):  # the move is played, but the page hears a refusal
        route.fetch()
        route.fulfill(status=422, json=refusal, headers={"Content-Type": "application/problem+json"})

    try:
        page.goto(f"{server_url}/play/#match={match_id}&token={tokens[me]}")
        page.wait_for_selector("[data-status=active] >> text=Your move")
        page.route(f"**/v1/matches/{match_id}/moves", refused)
        version = api(server_url, "GET", f"/v1/matches/{match_id}")["version"]
        page.locator(".board [data-move]").first.click()
        message = page.locator("#message")
        message.filter(has_text=refusal["detail"]).wait_for()
        page.unroute(f"**/v1/matches/{match_id}/moves")
        page.evaluate(
            """() => { window.kept = document.getElementById("message"); window.changes = 0;
              new MutationObserver((seen) => (changes += seen.length)).observe(document.getElementById("app"),
                { childList: true, subtree: true, characterData: true });
              window.alertChanges = 0;
              new MutationObserver((seen) => (alertChanges += seen.length))
                .observe(kept, { childList: true, subtree: true, characterData: true }); }"""
        )
        assert api(server_url, "GET", f"/v1/matches/{match_id}")["version"] > version  # the move went through
        play_one(server_url, match_id, tokens)  # the other seat's move: a redraw
        drawn = api(server_url, "GET", f"/v1/matches/{match_id}")["version"]
        head = "document.querySelector('.match-head').textContent"
        page.wait_for_function(f"(v) => {head}.includes(`version ${{v}}`)", arg=drawn)
        page.wait_for_timeout(300)
        assert page.evaluate("changes") > 0
        assert page.evaluate("document.getElementById('message') === kept && kept.isConnected")
        assert page.evaluate("alertChanges") == 0
        assert message.inner_text() == refusal["detail"]
        assert page.evaluate("document.querySelectorAll('[role=alert]').length") == 1
    finally:
        page.context.close()


def test_a_place_built_on_the_map_from_the_keyboard_keeps_the_focus_on_the_map(browser, server_url, screenshots):
    """A settlement built with Enter on the map sent the focus to the page: the keyboard user had to
    Tab through the page again to the roads just offered beside it. Now the focus is on the road
    nearest to it, and Enter builds that road; with nothing left to play, it is on the page."""
    created = api(server_url, "POST", "/v1/matches", {"game": "catan", "players": 3, "seed": 11})
    match_id, token = created["id"], created["seats"][0]["token"]
    topology = api(server_url, "GET", "/v1/games/catan/static")["topology"]
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    try:
        page.goto(f"{server_url}/play/#match={match_id}&token={token}")
        page.wait_for_selector(".map [data-move]")
        node = json.loads(tab_to_a_move(page).get_attribute("data-move"))["node"]
        page.keyboard.press("Enter")
        page.wait_for_selector(".log li[value='1']")
        page.wait_for_selector(".map [data-move*=build_road]")
        focused = page.evaluate("document.activeElement.dataset.move || document.activeElement.tagName")
        assert focused.startswith("{"), f"the focus is on {focused}"
        road = json.loads(focused)
        assert road["type"] == "build_road" and node in topology["edges"][road["edge"]]["nodes"]
        page.screenshot(path=str(screenshots / "play-a11y-catan-focus-after-build-375.png"))
        page.keyboard.press("Enter")
        page.wait_for_selector(".log li[value='2']")
        view = api(server_url, "GET", f"/v1/matches/{match_id}", token=token)["view"]
        assert [road["edge"], 0] in view["roads"]
        page.wait_for_selector("[data-status=active] >> text=Waiting for")
        assert page.evaluate("document.activeElement.id") == "app"  # no move left: the page's main part
    finally:
        page.context.close()


def luminance(css: str) -> float:
    """WCAG's relative luminance of a CSS rgb() colour."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", css)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ring(page, selector: str) -> tuple[str, str]:
    """A control focused from the keyboard: its outline's colour and the colour around it (the first
    background behind it: the outline is drawn outside the control)."""
    page.keyboard.press("Tab")  # a keyboard's focus, so :focus-visible applies
    page.locator(selector).first.focus()
    return page.evaluate(
        """(selector) => { const control = document.querySelector(selector);
          if (!control.matches(":focus-visible")) return null;
          let around = control.parentElement;
          const clear = (node) => /rgba\\(.*,\\s*0\\)|transparent/.test(getComputedStyle(node).backgroundColor);
          while (around && clear(around)) around = around.parentElement;
          const style = getComputedStyle(control);
          return [style.outlineStyle === "solid" && parseFloat(style.outlineWidth) >= 2 ? style.outlineColor : "none",
            getComputedStyle(around || document.documentElement).backgroundColor]; }""",
        selector,
    )


def test_the_focus_ring_stands_out_from_the_paper_and_the_white_it_is_drawn_on(page, server_url):
    """The orange ring (#ff9800) had about 2:1 against the page's paper and 2.2:1 against white:
    WCAG 2.2 wants 3:1 for what shows a control's state (1.4.11)."""
    page.goto(f"{server_url}/play/")
    page.wait_for_selector("#create button[type=submit]")
    on_white = ring(page, "#create button[type=submit]")
    created = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2})
    page.goto(f"{server_url}/play/#match={created['id']}&token={created['seats'][0]['token']}")
    page.wait_for_selector(".operations button")
    on_paper = ring(page, ".operations button")
    assert on_white and on_white[1] == "rgb(255, 255, 255)"
    assert on_paper and on_paper[1] == "rgb(251, 248, 241)"  # the paper
    said = {where: round(contrast(*found), 2) for where, found in (("white", on_white), ("paper", on_paper))}
    assert min(said.values()) >= 3, said
