"""A page that follows its match while the server restarts or its storage goes down, in a real
Chromium against real gunicorns and a real Redis: it comes back on its own and shows the moves
made meanwhile, and while nothing answers it waits between tries instead of asking again at once."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.browser.test_play_flow import created
from tests.browser.test_play_web import api
from tests.cluster import free_node_port, standalone_server
from tests.e2e.conftest import free_port, gunicorn

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

STATUS = "[data-status]"


def first_move(url: str, match_id: str, token: str) -> dict:
    """Seat 0's first listed move, posted; the move's answer."""
    move = api(url, "GET", f"/v1/matches/{match_id}", token=token)["legal_moves"][0]
    return api(url, "POST", f"/v1/matches/{match_id}/moves", move, token)


def follow_as_seat_1(browser, url: str, match_id: str, token: str):
    """Seat 1's page, waiting for seat 0 (Speicherstadt: seat 0 places the first worker)."""
    page = browser.new_context(locale="en-US").new_page()
    page.goto(f"{url}/play/#match={match_id}&token={token}")
    page.locator(STATUS, has_text="Waiting for").wait_for(timeout=10000)
    return page


def test_a_page_follows_its_match_across_a_server_restart(browser, redis_url, tmp_path):
    """README: on SIGTERM a stream is told to come back (`retry:`) and closed, so the browser
    reconnects with Last-Event-ID. Here the server stops, another starts on the same address,
    seat 0 moves there, and seat 1's page, left alone, says it is its move."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
    with gunicorn(redis_url, tmp_path / "first", port=port, GRACEFUL_TIMEOUT="20") as (_, first):
        match_id, tokens = created(url, "speicherstadt", 2)
        page = follow_as_seat_1(browser, url, match_id, tokens[1])
        page.locator("#conn", has_text="live (stream)").wait_for(timeout=10000)
        first.send_signal(signal.SIGTERM)
        page.locator("#conn", has_text="reconnecting").wait_for(timeout=10000)
        assert first.wait(timeout=20) == 0
    with gunicorn(redis_url, tmp_path / "second", port=port):
        first_move(url, match_id, tokens[0])
        page.locator(STATUS, has_text="Your move").wait_for(timeout=30000)
        assert page.locator("#conn").inner_text() == "live (stream)"
        page.context.close()


def test_a_page_on_long_poll_waits_out_a_storage_outage_and_comes_back(browser, tmp_path):
    """Behind a proxy that passes no stream (the page falls back to long-polls), with Redis
    gone every /events is a quick 503 with Retry-After: 2. The page asked again at once, as fast
    as the server answered (hundreds of requests a second from every open page); it now waits
    what the server asks and more. Once Redis is back, the page shows seat 0's move."""
    redis_port = free_node_port()
    redis_dir = tmp_path / "redis"
    redis_dir.mkdir()
    durable = ("--appendonly", "yes", "--appendfsync", "always")
    storage = standalone_server(redis_port, redis_dir, *durable)
    try:
        with gunicorn(f"redis://127.0.0.1:{redis_port}/0", tmp_path, RATE_LIMIT_PER_MINUTE="0") as (url, _):
            match_id, tokens = created(url, "speicherstadt", 2)
            context = browser.new_context(locale="en-US")
            context.route("**/stream-ticket", lambda route: route.fulfill(status=404, body="{}"))
            polls: list[float] = []
            context.on("request", lambda r: "/events?" in r.url and polls.append(time.monotonic()))
            page = context.new_page()
            page.goto(f"{url}/play/#match={match_id}&token={tokens[1]}")
            page.locator("#conn", has_text="live (long-poll)").wait_for(timeout=10000)
            os.kill(storage.pid, signal.SIGKILL)
            storage.wait()
            down = time.monotonic()
            asked_since = lambda: [at for at in polls if at > down]  # noqa: E731
            while not asked_since() and time.monotonic() < down + 30:  # the wait open at the kill ends
                page.wait_for_timeout(100)  # (Playwright hands over the page's requests while it waits)
            page.wait_for_timeout(5000)
            window = time.monotonic() - down
            assert 1 <= len(asked_since()) <= 4, f"{len(asked_since())} long-polls in {window:.1f} s with Redis down"
            assert page.locator("#conn").inner_text() == "reconnecting…"
            storage = standalone_server(redis_port, redis_dir, *durable)
            first_move(url, match_id, tokens[0])
            page.locator(STATUS, has_text="Your move").wait_for(timeout=30000)
            context.close()
    finally:
        storage.kill()
        storage.wait()


def test_a_move_over_moves_storage_lost_is_refused_and_the_table_shown_again(page, server_url, redis_client):
    """Redis came back from an older snapshot and the match reached the page's version again with other
    moves (here: that version's commit id is another, as the restart leaves it; tests/service/
    test_lost_commits.py restarts a real Redis). The page sent its move with the bare version in
    If-Match, and it was applied over a table its player had never seen; it now sends the version's
    commit too: the move is refused and the page says the table changed and shows it."""
    from service.store import match_key

    match_id, tokens = created(server_url, "medici", 2)  # seat 0 draws first: a button of the move list
    page.goto(f"{server_url}/play/#match={match_id}&token={tokens[0]}")
    page.locator(STATUS, has_text="Your move").wait_for(timeout=10000)
    version = api(server_url, "GET", f"/v1/matches/{match_id}")["version"]
    redis_client.hset(match_key(match_id), "c", "0123456789ab")
    page.locator(".moves [data-move]:not([aria-disabled])").first.click()
    page.get_by_text("The table changed first; here it is now.").wait_for(timeout=10000)
    assert api(server_url, "GET", f"/v1/matches/{match_id}")["version"] == version  # was version + 1


@pytest.mark.parametrize("mode", ["stream", "events"])
def test_a_page_back_after_storage_lost_its_moves_reads_the_match_again(page, server_url, redis_client, mode):
    """The page holds version N; before it opens its stream (or long-poll), Redis comes back with the
    match as it was before N (its keys restored from a dump taken then) and seat 0's move writes N
    again, another commit. The page resumed after N as if nothing had changed, and ignored the
    server's resync; it now names the commit it holds, is told, and reads the log and the match again."""
    from service.store import log_key, match_key

    match_id, tokens = created(server_url, "medici", 2)
    snapshot = [
        (key, redis_client.dump(key), redis_client.pttl(key)) for key in (match_key(match_id), log_key(match_id))
    ]
    first_move(server_url, match_id, tokens[0])  # version N, which storage loses
    rewritten: list[dict] = []

    def lose_and_write_again(route):
        if not rewritten:
            for key, dumped, ttl in snapshot:
                redis_client.restore(key, max(ttl, 0), dumped, replace=True)
            rewritten.append(first_move(server_url, match_id, tokens[0]))  # version N again
        route.continue_()

    if mode == "events":
        page.route("**/stream-ticket", lambda route: route.fulfill(status=404, body="{}"))
    page.route(lambda url: f"/{mode}?" in url and "commit=" in url, lose_and_write_again)
    page.goto(f"{server_url}/play/#match={match_id}&token={tokens[1]}")
    page.get_by_text("The table changed first; here it is now.").wait_for(timeout=10000)
    assert rewritten
