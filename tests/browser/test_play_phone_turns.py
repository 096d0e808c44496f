"""Turns of each game played against the server's bots on a 375 px phone, in English and French,
checked in a real Chromium against a real server: what a player met that read wrong (screenshots
in var/screenshots/, named play-turns-*)."""

from __future__ import annotations

import pytest

from tests.browser.test_play_flow import created, open_seat, play_until, read_french
from tests.browser.test_play_web import PHONE, api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

# The board's own text, outside any element: a stray word (a null appended) shows as a line.
LOOSE_TEXT = """(board) => Array.from(board.childNodes, (n) => n.nodeType === Node.TEXT_NODE ? n.textContent.trim() : '')
  .filter(Boolean)"""


def test_smuggler_map_without_marks_has_no_stray_null_above_it(browser, server_url, screenshots):
    """Choosing a boat (no place on the map to mark), a line read "null" between the boats and the
    map: the note about marked places was appended as null when there was none."""
    match_id, tokens = created(server_url, "smuggler", 2)
    seat, mine = play_until(server_url, match_id, tokens, lambda s, m: m["legal_moves"][0]["type"] == "choose_boat")
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        board = page.locator(".board.smuggler")
        assert page.locator(".smug-map").count() == 1 and page.locator(".map-note").count() == 0
        assert board.evaluate(LOOSE_TEXT) == []
        assert "null" not in board.inner_text().split()
        page.screenshot(path=str(screenshots / "play-turns-smuggler-boats-en-US.png"))
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_medici_ships_to_load_stay_buttons_beside_discard(browser, server_url, screenshots, locale):
    """Loading the lot bought, the 9 ships were folded into one line to tap open, and the one
    button in sight was "Discard the lot": one kind of several moves has nothing to fold it from."""
    match_id, tokens = created(server_url, "medici", 2)

    def bought(seat, mine):
        return {m["type"] for m in mine["legal_moves"]} == {"load", "discard"}

    for _ in range(20):  # seat to draw names a price for one tile, the other buys it
        seat = api(server_url, "GET", f"/v1/matches/{match_id}")["to_act"][0]
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
        if bought(seat, mine):
            break
        types = [m["type"] for m in mine["legal_moves"]]
        move = {"type": "buy"} if "buy" in types else {"type": "offer", "price": 0}
        api(server_url, "POST", f"/v1/matches/{match_id}/moves", move, tokens[seat])
    assert bought(seat, mine), mine["legal_moves"]
    loads = [label for move, label in zip(mine["legal_moves"], mine["move_labels"]) if move["type"] == "load"]
    assert len(loads) > 8
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[seat])
        moves = page.locator(".side .moves")
        assert moves.locator("details.kind").count() == 0
        shown = moves.locator("[data-move*='\"load\"']:visible")
        assert shown.count() == len(loads)
        if locale == "en-US":
            assert shown.all_inner_texts() == loads
        assert moves.locator("[data-move*='\"discard\"']:visible").count() == 1
        page.screenshot(path=str(screenshots / f"play-turns-medici-load-{locale}.png"))
    finally:
        context.close()
