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
