"""What a browser's own HTTP cache does with a match read by two seats in turn (hot-seat, or a
spectator beside a player): each must get its own view, never the other's copy revalidated."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.e2e.conftest import server_url  # noqa: F401  (the running gunicorn)

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def test_a_browser_never_shows_one_seat_the_view_it_cached_for_another(page, server_url):  # noqa: F811
    body = json.dumps({"game": "smuggler", "players": 2}).encode()
    request = urllib.request.Request(
        f"{server_url}/v1/matches", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        created = json.load(answer)
    tokens = [seat["token"] for seat in created["seats"]]
    page.goto(f"{server_url}/healthz")  # same origin, a JSON page: fetch() below uses the default cache
    seen = page.evaluate(
        """async ([url, tokens]) => {
            const seats = [];
            for (const token of [...tokens, ...tokens, null, tokens[1]]) {
                const headers = token ? {Authorization: `Bearer ${token}`} : {};
                const answer = await fetch(url, {headers});
                seats.push((await answer.json()).seat);
            }
            return seats;
        }""",
        [f"{server_url}/v1/matches/{created['id']}", tokens],
    )
    assert seen == [0, 1, 0, 1, None, 1]
