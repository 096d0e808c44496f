"""Table headings on a 390 px phone, in a real Chromium, in English and in French: Smuggler's sale
prices read « Ligne de prix 2 (payer 1) » five lines high over one-line figures, and the table was cut
off; its headings are two lines at most now, their full words in their abbr's title, and the table fits.
A table that scrolls sideways anyway keeps its headings on one line: Catan's "Dev / cards" stood on two
(screenshots in var/screenshots/, named play-headings-*)."""

from __future__ import annotations

import pytest

from tests.browser.test_play_flow import created, open_seat

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
LOCALE = {"en": "en-US", "fr": "fr-FR"}
# How many lines a heading's words stand on: the distinct tops of its text's boxes.
LINES = """th => {
  const tops = new Set();
  const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) if (box.width) tops.add(Math.round(box.top));
  }
  return tops.size;
}"""


def headings(table) -> dict[str, int]:
    """Each column heading's words (its lines joined by " / ") and the lines it stands on."""
    return {th.inner_text().replace("\n", " / "): th.evaluate(LINES) for th in table.locator("thead th").all()}


def phone_page(browser, server_url: str, game: str, players: int, language: str):
    match_id, tokens = created(server_url, game, players)
    context = browser.new_context(viewport=PHONE, locale=LOCALE[language])
    page = context.new_page()
    open_seat(page, server_url, match_id, tokens[0])
    return context, page


@pytest.mark.parametrize(
    "language,titles",
    [
        ("en", ["Price row 1", "Price row 2", "Price row 3", "Towns of that size"]),
        ("fr", ["Ligne de prix 1", "Ligne de prix 2", "Ligne de prix 3", "Villes de cette taille"]),
    ],
)
def test_smugglers_price_headings_stand_on_two_lines_and_the_table_fits_the_phone(
    browser, server_url, screenshots, language, titles
):
    context, page = phone_page(browser, server_url, "smuggler", 2, language)
    try:
        table = page.locator(".smug-prices table")
        said = headings(table)
        assert all(lines <= 2 for lines in said.values()), said
        assert table.locator("thead abbr").evaluate_all("all => all.map((a) => a.title)") == titles
        frame = table.evaluate("t => [t.offsetWidth, t.parentNode.clientWidth]")
        assert frame[0] <= frame[1], f"the table is {frame[0]} px wide in a {frame[1]} px column"
        assert not page.locator(".smug-prices .scroll-wrap.overflows").count()
        table.screenshot(path=str(screenshots / f"play-headings-smuggler-prices-{language}-390.png"))
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_catans_players_headings_keep_to_one_line_where_the_table_scrolls(browser, server_url, screenshots, language):
    """ "Dev / cards" (« Cartes / dév. ») made the heading row two lines high over one-line rows."""
    context, page = phone_page(browser, server_url, "catan", 3, language)
    try:
        caption = "Players" if language == "en" else "Joueurs"
        table = page.locator("table", has=page.locator("caption", has_text=caption))
        said = headings(table)
        assert said and all(lines == 1 for lines in said.values()), said
        assert page.locator(".scroll-wrap.overflows", has=table).count()  # it scrolls sideways, and says so
        table.screenshot(path=str(screenshots / f"play-headings-catan-players-{language}-390.png"))
    finally:
        context.close()
