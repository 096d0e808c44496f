"""Undo in a real Chromium: a match created with undo on (the lobby's box) offers "Undo my last move"
while the seat's undo would be taken (can_undo), a tap takes the move back off the board and the log
says so; no button after a draw (chance) nor on the other seat's page; a hot-seat page undoes the
seat that moved, not the seat it shows next (screenshots at 390 x 844 in var/screenshots/)."""

from __future__ import annotations

import time

import pytest

from tests.browser.test_play_flow import open_seat
from tests.browser.test_play_web import api, create_in_the_lobby, wait_for_address, wait_for_text

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
UNDO = "#undo"
SETTLEMENT = ".board [data-move*='build_settlement']"


def medici_with_undo(server_url: str) -> tuple[str, dict[int, str]]:
    body = {"game": "medici", "players": 2, "seed": 3, "undo": "own_move", "names": {"0": "Ana", "1": "Ben"}}
    match = api(server_url, "POST", "/v1/matches", body)
    return match["id"], {s["seat"]: s["token"] for s in match["seats"]}


def wait_until(check, why: str, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, why
        time.sleep(0.05)


def offer_a_price(page, price: int) -> None:
    page.fill("form.template input[type=number]", str(price))
    page.click("form.template button[data-move]")


def hot_seat_price_named(page, server_url: str) -> str:
    """A hot-seat Medici match (Ana and Ben on this page, undo on) where Ana drew and named a price:
    its id."""
    create_in_the_lobby(page, server_url, "medici", ["me", "me"], names=["Ana", "Ben"], undo=True)
    page.wait_for_selector('[data-move=\'{"type":"draw"}\']')
    match_id = wait_for_address(page, seat="0")["match"]
    page.click('[data-move=\'{"type":"draw"}\']')
    page.wait_for_selector("form.template input[type=number]")
    offer_a_price(page, 5)
    return match_id


@pytest.mark.parametrize(
    "locale,label,said",
    [("en-US", "Undo my last move", "took back"), ("fr-FR", "Reprendre mon dernier coup", "reprend")],
)
def test_a_settlement_built_is_taken_back_from_the_map_and_the_log_says_so(
    browser, server_url, screenshots, locale, label, said
):
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        create_in_the_lobby(page, server_url, "catan", ["me", "bot:greedy", "bot:greedy"], names=["Ana"], undo=True)
        page.wait_for_selector(SETTLEMENT)
        spots = page.locator(SETTLEMENT).count()
        assert not page.locator(UNDO).count(), "an undo offered before any move"

        page.locator(SETTLEMENT).first.dispatch_event("click")
        page.wait_for_selector(UNDO)  # the road to build next: the settlement may still be taken back
        assert page.locator(UNDO).inner_text() == label
        assert not page.locator(SETTLEMENT).count()
        page.screenshot(path=str(screenshots / f"play-undo-offered-{locale[:2]}-390.png"), full_page=True)

        page.click(UNDO)
        wait_until(lambda: page.locator(SETTLEMENT).count() == spots, "the settlement's spot never came back")
        wait_for_text(page, ".log", said)
        assert page.locator(".log li.undone").count() == 1  # the settlement's line, struck through
        assert not page.locator(UNDO).count(), "nothing left to take back, yet the button stays"
        page.screenshot(path=str(screenshots / f"play-undo-taken-back-{locale[:2]}-390.png"), full_page=True)
    finally:
        context.close()


def test_no_undo_after_a_draw_nor_on_the_other_seats_page(browser, server_url):
    match_id, tokens = medici_with_undo(server_url)
    pages = {seat: browser.new_context(viewport=PHONE, locale="en-US").new_page() for seat in (0, 1)}
    try:
        for seat, page in pages.items():
            open_seat(page, server_url, match_id, tokens[seat])
        ana, ben = pages[0], pages[1]
        ana.click('[data-move=\'{"type":"draw"}\']')
        ana.wait_for_selector("form.template input[type=number]")
        assert not ana.locator(UNDO).count(), "a tile drawn is chance: it stands"

        offer_a_price(ana, 4)
        ana.wait_for_selector(UNDO)  # Ana's price, Ben to answer: Ana may take it back
        ben.wait_for_selector("[data-status]:has-text('Your move')")
        ben.wait_for_timeout(500)
        assert not ben.locator(UNDO).count(), "Ben's page offers to undo Ana's move"

        ana.click(UNDO)
        ana.wait_for_selector("form.template input[type=number]")  # her price to name again
        wait_for_text(ben, ".log", "Ana took back their last move")
        assert not ben.locator(UNDO).count()
    finally:
        for page in pages.values():
            page.context.close()


def test_a_hot_seat_page_takes_back_the_move_of_the_seat_that_played_it(browser, server_url, screenshots):
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        match_id = hot_seat_price_named(page, server_url)

        wait_for_address(page, match=match_id, seat="1")  # handed over to Ben, who answers the price
        page.wait_for_selector(UNDO)
        assert page.locator(UNDO).inner_text() == "Reprendre le dernier coup d'Ana"
        page.screenshot(path=str(screenshots / "play-undo-hot-seat-fr-390.png"), full_page=True)

        page.click(UNDO)
        wait_for_address(page, match=match_id, seat="0")  # Ana's turn again: the page hands back
        page.wait_for_selector("form.template input[type=number]")
        seats = api(server_url, "GET", f"/v1/matches/{match_id}")
        assert seats["to_act"] == [0]
        wait_for_text(page, ".log", "Ana reprend son dernier coup")
        assert not page.locator(UNDO).count()
    finally:
        context.close()


@pytest.mark.parametrize("address_seat", ["1", "0"])
def test_a_reloaded_hot_seat_page_still_offers_the_undo_of_the_seat_that_moved(browser, server_url, address_seat):
    """A reload lost the offer: the page knew Ana's undo only from her move's answer. Reloaded on
    Ben's seat, or on an address naming Ana's (the page hands over to Ben), it asks the match with
    Ana's token (can_undo) and offers it again."""
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        match_id = hot_seat_price_named(page, server_url)
        wait_for_address(page, match=match_id, seat="1")
        page.wait_for_selector(UNDO)

        page.goto(f"{server_url}/play/#match={match_id}&seat={address_seat}")
        page.reload()
        wait_for_address(page, match=match_id, seat="1")  # Ben answers the price
        page.wait_for_selector(UNDO)
        assert page.locator(UNDO).inner_text() == "Undo the last move of Ana"

        page.click(UNDO)
        wait_for_address(page, match=match_id, seat="0")  # Ana names her price again
        page.wait_for_selector("form.template input[type=number]")
        wait_for_text(page, ".log", "Ana took back their last move")
        assert api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"] == [0]
    finally:
        context.close()


def test_a_move_and_an_undo_whose_answers_the_network_lost_are_applied_once_and_answered(browser, server_url):
    """The network dropped a move's answer, then an undo's: the page said the server could not be
    reached though both had been applied (a tap again on the undo was refused: stale version). The
    page sends each again with its Idempotency-Key and goes on with the first answer."""
    match_id, tokens = medici_with_undo(server_url)
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[0])
        for path in ("moves", "undo"):
            page.route(f"**/v1/matches/{match_id}/{path}", lambda route: (route.fetch(), route.abort()), times=1)
        page.click('[data-move=\'{"type":"draw"}\']')
        # The draw's answer comes from the second try; the stream may draw the price form before it,
        # its button held until then (a tap on it would post nothing): the click waits for it.
        page.wait_for_selector("form.template input[type=number]")
        offer_a_price(page, 4)
        page.click(UNDO)
        wait_for_text(page, ".log", "Ana took back their last move")
        page.wait_for_selector("form.template input[type=number]")
        assert not "".join(page.locator("[role=alert]").all_inner_texts()).strip()  # no "cannot be reached"
        log = api(server_url, "GET", f"/v1/matches/{match_id}/events?after=0", token=tokens[0])["entries"]
        assert [entry.get("kind", "move") for entry in log if entry["seat"] == 0] == ["move", "move", "undo"]
    finally:
        context.close()
