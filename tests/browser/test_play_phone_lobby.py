"""The lobby on a 375 px phone, in English and French, checked in a real Chromium against a real
server: a returning player's matches say where each stands (screenshots in var/screenshots/, named
play-phone-lobby-*)."""

from __future__ import annotations

import json
import time

import pytest

from tests.browser.test_play_flow import created
from tests.browser.test_play_web import PHONE, api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SAYS = {
    "en-US": {
        "mine": "Your move",
        "waiting": "Waiting for Medici",  # seat 0, called by its house as in the log
        "finished": "Finished",
        "gone": "The Medici vs Strozzi match {id} is no longer on the server: taken off your matches.",
        "opened": "Taken off your matches.",
    },
    "fr-FR": {
        "mine": "À vous de jouer",
        "waiting": "En attente : Medici",
        "finished": "Terminée",
        "gone": "La partie de Medici vs Strozzi {id} n'est plus sur le serveur : retirée de vos parties.",
        "opened": "Retirée de vos parties.",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_your_matches_say_which_is_finished_yours_to_play_or_waiting(browser, server_url, screenshots, locale):
    """ "Your matches" listed a game, an id and a seat: nothing said which match was over, which was
    waiting for this player's move and which for the others', so a player opened each to find out."""
    mine, mine_tokens = created(server_url, "medici", 2)  # seat 0 to draw: held here, its move
    waiting, waiting_tokens = created(server_url, "medici", 2)  # seat 1 held here: it waits for seat 0
    over, over_tokens = created(server_url, "medici", 2)
    api(server_url, "POST", f"/v1/matches/{over}/resign", {}, over_tokens[1])
    # Both seats held (hot-seat), seat 1 to answer the offer: its move, and the link opens seat 1.
    both, both_tokens = created(server_url, "medici", 2)
    api(server_url, "POST", f"/v1/matches/{both}/moves", {"type": "offer", "price": 5}, both_tokens[0])
    gone = "0" * 20  # a match the server no longer has (expired)
    now = int(time.time() * 1000)
    held = {
        gone: {"game": "medici", "seats": {"0": "pst_gone"}, "at": now - 5},
        over: {"game": "medici", "seats": {"0": over_tokens[0]}, "at": now - 4},
        waiting: {"game": "medici", "seats": {"1": waiting_tokens[1]}, "at": now - 3},
        mine: {"game": "medici", "seats": {"0": mine_tokens[0]}, "at": now - 2},
        both: {"game": "medici", "seats": {"0": both_tokens[0], "1": both_tokens[1]}, "at": now - 1},
    }
    says = SAYS[locale]
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{server_url}/play/")
        page.evaluate("(held) => localStorage.setItem('portside.seats', held)", json.dumps(held))
        page.reload()
        page.wait_for_selector("#game")
        box = page.locator("section", has=page.locator("h2", has_text=page.evaluate(MINE_HEADING)))
        expected = {mine: says["mine"], both: says["mine"], waiting: says["waiting"], over: says["finished"]}
        for match_id, text in expected.items():
            state = box.locator("li", has_text=match_id).locator(".match-state")
            assert said(state) == f"· {text}", match_id
        link = box.locator("li", has_text=both).locator("a")
        assert link.get_attribute("href") == f"#match={both}&seat=1"
        page.screenshot(path=str(screenshots / f"play-phone-lobby-mine-{locale}.png"))
    finally:
        context.close()


def kept(page) -> list[str]:
    return page.evaluate("() => Object.keys(JSON.parse(localStorage.getItem('portside.seats')) || {})")


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_a_kept_match_the_server_no_longer_has_is_taken_off_your_matches_and_said_once(
    browser, server_url, screenshots, locale
):
    """ "Your matches" kept an expired match for good (up to 20 of them), each saying "no longer on
    the server" at every visit: the lobby now takes one off when the server says it is gone, and
    says so once; so does opening one from an old link."""
    here, here_tokens = created(server_url, "medici", 2)
    gone, opened = "0" * 20, "1" * 20  # matches the server no longer has (expired)
    now = int(time.time() * 1000)
    held = {
        gone: {"game": "medici", "seats": {"0": "pst_gone"}, "at": now - 3},
        opened: {"game": "medici", "seats": {"1": "pst_opened"}, "at": now - 2},
        here: {"game": "medici", "seats": {"0": here_tokens[0]}, "at": now - 1},
    }
    says = SAYS[locale]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{server_url}/play/")
        page.wait_for_selector("#game")  # the lobby drawn with nothing kept: it checks no match
        page.evaluate("(held) => localStorage.setItem('portside.seats', held)", json.dumps(held))
        page.goto(f"{server_url}/play/#match={opened}&seat=1")  # an old link, or a tap on the list
        error = page.locator("h1 + p.error[role=alert]")  # the match page's, not the lobby's forms'
        error.wait_for()
        assert said(error).endswith(f" {says['opened']}") and opened not in kept(page)
        page.screenshot(path=str(screenshots / f"play-phone-gone-opened-{locale}.png"))
        page.reload()
        error.wait_for()
        assert says["opened"] not in said(error)  # said once: it is forgotten

        page.goto(f"{server_url}/play/")
        box = page.locator("section", has=page.locator("h2", has_text=page.evaluate(MINE_HEADING)))
        notice = box.locator("#mine-gone")
        assert said(notice) == says["gone"].format(id=gone)
        assert box.locator("li", has_text=gone).count() == 0 and box.locator("li", has_text=here).count() == 1
        assert sorted(kept(page)) == [here]
        page.screenshot(path=str(screenshots / f"play-phone-gone-lobby-{locale}.png"))
        page.reload()
        page.wait_for_selector("#game")
        assert said(box.locator(".match-state"))  # the lobby has read the matches it keeps
        assert notice.inner_text() == "" and box.locator("li", has_text=gone).count() == 0
    finally:
        context.close()


def said(state, seconds: float = 10) -> str:
    """The state's words once the match has answered (the lobby is drawn before it does)."""
    deadline = time.monotonic() + seconds
    while not (text := state.inner_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return text


MINE_HEADING = """async () => (await import("/play/js/i18n.js")).t("Your matches")"""


def test_a_join_refused_is_said_beside_the_button_tapped_and_the_list_is_redrawn(browser, server_url):
    """Someone took the seat between the lobby's drawing and the tap: the server's refusal was
    written at the top of the lobby, a screen above the button on a phone, and the list still
    offered the seat, so the tap seemed to do nothing. The same for a match id that does not exist."""
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "seats": "one", "listed": True})
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{server_url}/play/")
        button = page.locator(f"[data-join='{match['id']}:1']")
        button.wait_for()
        api(server_url, "POST", f"/v1/matches/{match['id']}/join", {"seat": 1})  # another player, first
        button.click()
        refusal = page.locator("#listed .error", has_text="Le siège 1 n'est pas libre.")
        refusal.wait_for(timeout=5000)
        assert refusal.is_visible() and in_sight(page, refusal)
        assert page.locator(f"[data-join='{match['id']}:1']").count() == 0  # the list as it is now

        page.fill("#join-id", "0" * 20)
        page.click("#create ~ form button[type=submit]")
        unknown = page.locator("form[aria-label='Rejoindre une partie'] .error")
        unknown.wait_for(timeout=5000)
        assert said(unknown) and in_sight(page, unknown)
    finally:
        context.close()


def test_the_listed_matches_are_read_again_on_a_tap(browser, server_url, screenshots):
    """The list was read once: a friend's match listed after the lobby opened never showed (but by
    reloading the page, or by choosing another status and back)."""
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{server_url}/play/")
        page.wait_for_selector("#listed h2")
        match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "seats": "one", "listed": True})
        page.get_by_role("button", name="Actualiser").click()
        page.locator(f"[data-join='{match['id']}:1']").wait_for(timeout=5000)
        page.locator("#listed").screenshot(path=str(screenshots / "play-phone-lobby-refreshed-fr-FR.png"))
    finally:
        context.close()


def in_sight(page, node) -> bool:
    box = node.bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
