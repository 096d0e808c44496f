"""The places a phone player taps on Catan's map, measured in a real Chromium at 375 px: each at
least 24 by 24 CSS px (WCAG 2.5.8), and each one's middle its own, not under another target
(screenshots in var/screenshots/, named play-phone-targets-*)."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_play_flow import created, open_seat
from tests.browser.test_play_web import PHONE, api

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

# Each target's tappable box on the screen, what a tap in its middle lands on, and across a road
# (on the screen, a unit vector square to its drawn marker).
TARGETS = """() => Array.from(document.querySelectorAll('.map g[data-move]'), (g) => {
  const r = g.querySelector('.hit').getBoundingClientRect();
  const x = r.x + r.width / 2, y = r.y + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const marker = g.querySelector('.target.road');
  let across = null;
  if (marker) {
    const m = marker.getScreenCTM(), [p, q] = marker.points;
    const [a, b] = [p, q].map((c) => new DOMPoint(c.x, c.y).matrixTransform(m));
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    across = [-(b.y - a.y) / len, (b.x - a.x) / len];
  }
  return { move: g.dataset.move, width: r.width, height: r.height, x, y, across,
    own: !!hit && hit.closest('g[data-move]') === g };
})"""


def targets(page) -> list[dict]:
    page.wait_for_selector(".map g[data-move]")
    page.locator(".map").scroll_into_view_if_needed()
    return page.evaluate(TARGETS)


def test_catan_spots_and_roads_are_at_least_24_px_each_way_on_a_phone(browser, server_url, screenshots):
    """A road to build was a strip some 13 by 16 px on a phone, between the spots at its ends: a
    thumb missed it or built the road next to it."""
    match_id, tokens = created(server_url, "catan", 3, seed=4)
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = context.new_page()
        open_seat(page, server_url, match_id, tokens[0])
        spots = targets(page)  # the first settlement: every free intersection
        assert len(spots) > 20
        small = [t for t in spots if t["width"] < 24 or t["height"] < 24 or not t["own"]]
        assert not small, small
        page.locator(".map").screenshot(path=str(screenshots / "play-phone-targets-spots-en-US.png"))
        mine = api(server_url, "GET", f"/v1/matches/{match_id}", token=tokens[0])
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            page.locator(f".map g[data-move='{json.dumps(mine['legal_moves'][0], separators=(',', ':'))}']").click()
        page.wait_for_selector(".map g[data-move*=build_road]")
        roads = targets(page)  # its road: the edges from that settlement
        assert len(roads) >= 2 and all(json.loads(t["move"])["type"] == "build_road" for t in roads)
        small = [t for t in roads if t["width"] < 24 or t["height"] < 24 or not t["own"]]
        assert not small, small
        page.locator(".map").screenshot(path=str(screenshots / "play-phone-targets-roads-en-US.png"))
        # A tap 10 px across a road from its middle (off its drawn marker, 7 px either side) builds it.
        road = roads[-1]
        (dx, dy) = road["across"]
        with page.expect_response(lambda r: r.url.endswith("/moves")):
            page.mouse.click(road["x"] + 10 * dx, road["y"] + 10 * dy)
        built = api(server_url, "GET", f"/v1/matches/{match_id}")["view"]["roads"]
        assert [edge for edge, seat in built if seat == 0] == [json.loads(road["move"])["edge"]]
    finally:
        context.close()
