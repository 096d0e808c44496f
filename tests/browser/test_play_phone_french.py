"""French on a 390 px phone, in a real Chromium against a real server: a line never starts with the
« : » French sets apart (a phone showed « premier joueur », then « : Ana » on the next line), nor
splits a card from its code (« contrat », then « A3 » on a move button), nor a seat from its number. Screenshots in
var/screenshots/, named play-phone-french-*."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_play_flow import created, open_seat, play_until

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE_390 = {"width": 390, "height": 844}
# Where each line the browser laid out starts inside a text (a wrap, not an element's start): a few
# characters either side of the break, "⏎" at it.
WRAPS = """() => {
  const wraps = [], range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    let top = null;
    for (let i = 0; i < text.length; i++) {
      if (/\\s/.test(text[i])) continue;
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      const wrapped = top !== null && box.top > top + 2;
      if (wrapped) wraps.push(text.slice(Math.max(0, i - 16), i) + "⏎" + text.slice(i, i + 8));
      top = box.top;
    }
  }
  return wraps;
}"""
NEVER_BROKEN = re.compile(r"⏎[:;!?»]|«\s*⏎|[^\W\d_]\s*⏎[A-E]\d\b|(?:n°|prix|siège|manche)\s*⏎\d")


def in_play(server_url, game, players):
    """A match at its first seat's first move, or (the smugglers) at their first turn of play, with its price table."""
    match_id, tokens = created(server_url, game, players)
    if game == "smuggler":
        seat, _ = play_until(server_url, match_id, tokens, lambda s, m: m["view"]["phase"] == "play", preferred=())
    else:
        seat, _ = play_until(server_url, match_id, tokens, lambda s, m: bool(m["legal_moves"]), preferred=())
    return match_id, tokens[seat]


@pytest.mark.parametrize(("game", "players"), [("speicherstadt", 3), ("medici", 2), ("smuggler", 2)])
def test_a_french_phone_never_breaks_a_line_before_a_colon_or_inside_a_cards_name(
    browser, server_url, screenshots, game, players
):
    match_id, token = in_play(server_url, game, players)
    context = browser.new_context(viewport=PHONE_390, locale="fr-FR")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, token)
        page.screenshot(path=str(screenshots / f"play-phone-french-{game}.png"), full_page=True)
        wraps = page.evaluate(WRAPS)
        assert wraps, "nothing wrapped: the check would see nothing"
        assert [wrap for wrap in wraps if NEVER_BROKEN.search(wrap)] == []
        assert page.evaluate("document.body.innerText.includes('\\u00a0:')")
    finally:
        context.close()
