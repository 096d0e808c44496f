"""The games' pages say alike what they share, in a real Chromium, in French: each board's status line
names its phase in lower case (Smuggler's read « Tour 0 · Mise en place », Speicherstadt's « Manche 1 ·
demande »); a Medici seat named after its house and its player says "you" in the same brackets, in English
too ("Medici (Ana) (you)" read clumsily); a Speicherstadt match over counts its seats' points without « à ce
stade » (so far)."""

from __future__ import annotations

import pytest

from tests.browser.test_play_flow import created, open_seat
from tests.browser.test_play_forms_tables import played_to_its_end
from tests.browser.test_play_web import api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
# Each game's opening phase as its board says it, and the words before it there.
PHASES = {
    "catan": ("Phase : ", {"setup": "mise en place"}),
    "medici": ("Manche 1 sur 3 · ", {"draw": "tirage"}),
    "speicherstadt": ("Manche 1 · ", {"supply": "approvisionnement", "demand": "demande"}),
    "smuggler": ("Tour 0 · ", {"setup": "mise en place"}),
}


@pytest.mark.parametrize("game,players", [("catan", 3), ("medici", 2), ("speicherstadt", 2), ("smuggler", 2)])
def test_every_board_names_its_phase_in_lower_case(browser, server_url, game, players):
    match_id, tokens = created(server_url, game, players)
    phase = api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["phase"]
    before, words = PHASES[game]
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[0])
        board = page.locator(".board").first.inner_text()
        assert before + words[phase] in board, board[:300]
    finally:
        context.close()


@pytest.mark.parametrize("locale,mine", [("en-US", "Medici (Ana, you)"), ("fr-FR", "Medici (Ana, vous)")])
def test_a_medici_seat_says_its_player_and_you_in_one_pair_of_brackets(browser, server_url, locale, mine):
    match = api(server_url, "POST", "/v1/matches", {"game": "medici", "players": 2, "names": {"0": "Ana", "1": "Ben"}})
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        open_seat(page, server_url, match["id"], match["seats"][0]["token"])
        seats = page.locator(".board table tbody tr > :first-child").all_inner_texts()
        assert seats == [mine, "Strozzi (Ben)"]
    finally:
        context.close()


def test_a_speicherstadt_match_over_says_its_points_without_so_far(browser, server_url):
    """Under the final scores each seat's panel still read « 19 points à ce stade »."""
    match_id, token = played_to_its_end(server_url, "speicherstadt", 2)
    seats = api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["seats"]
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, token)
        panels = page.locator(".seat-panel").all_inner_texts()
        assert not any("à ce stade" in text for text in panels), panels
        for seat in seats:
            points = f"{seat['score']} point" + ("s" if abs(seat["score"]) > 1 else "")
            assert any(f"· {points}\n" in text for text in panels), (points, panels)
    finally:
        context.close()
