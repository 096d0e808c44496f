"""Under gunicorn, every worker runs the clock sweeper: a deadline is enforced
with no request touching the match; SWEEP_SECONDS=0 turns it off."""

from __future__ import annotations

import json
import time
import urllib.request

import orjson

from service import lifecycle
from service.store import log_key
from tests.service.helpers import stored_state


def overdue_match(url: str, redis_client) -> str:
    """A new clocked match whose deadline has passed, as if 30 s had gone by; no one calls it.
    Its log holds the opening (version 1: Medici's first tile drawn)."""
    body = json.dumps({"game": "medici", "players": 2, "clock": {"seconds": 30, "on_timeout": "bot"}}).encode()
    request = urllib.request.Request(f"{url}/v1/matches", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        match_id = json.loads(response.read())["id"]
    with stored_state(redis_client, match_id) as doc:
        doc["life"]["deadlines"] = {seat: time.time() - 1 for seat in doc["life"]["deadlines"]}
    redis_client.zadd(lifecycle.CLOCKS_KEY, {match_id: time.time() - 1})
    return match_id


def test_a_deadline_falls_with_nobody_online_and_the_random_bot_plays(server_url, redis_client):
    match_id = overdue_match(server_url, redis_client)

    entries = []
    for _ in range(100):  # the sweepers run every second
        entries = redis_client.xrange(log_key(match_id), "(1-0", "+")  # after the opening entry
        if entries:
            break
        time.sleep(0.1)
    assert len(entries) >= 1
    first = orjson.loads(entries[0][1][b"e"])
    assert first["kind"] == "timeout" and first["bot"] == "random" and first["seat"] == 0
    assert sum(orjson.loads(e[b"e"]).get("kind") == "timeout" for _, e in entries) == 1


def test_sweep_seconds_zero_turns_the_sweeper_off_and_a_request_still_applies_the_deadline(tmp_path):
    """An operator running `portside sweep` on its own sets SWEEP_SECONDS=0 on the instances (their
    own Redis here: another server's sweepers would sweep a shared one)."""
    import redis

    from service import embedded
    from tests.e2e.conftest import gunicorn

    data = tmp_path / "data"
    with gunicorn(None, tmp_path, PORTSIDE_DATA_DIR=str(data), SWEEP_SECONDS="0") as (url, _):
        stored = redis.Redis(unix_socket_path=embedded.socket_path(str(data)))
        match_id = overdue_match(url, stored)
        time.sleep(1.3)  # past a sweep at the default of 1 s
        assert stored.xlen(log_key(match_id)) == 1  # the opening alone
        with urllib.request.urlopen(f"{url}/v1/matches/{match_id}", timeout=10) as response:
            assert json.loads(response.read())["version"] == 2  # touched: the timeout applies
