"""Under gunicorn, every worker runs the clock sweeper: a deadline is enforced
with no request touching the match."""

from __future__ import annotations

import json
import time
import urllib.request

import orjson

from service import lifecycle
from service.store import log_key, match_key


def test_a_deadline_falls_with_nobody_online_and_the_random_bot_plays(server_url, redis_client):
    body = json.dumps({"game": "medici", "players": 2, "clock": {"seconds": 30, "on_timeout": "bot"}}).encode()
    request = urllib.request.Request(
        f"{server_url}/v1/matches", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        match_id = json.loads(response.read())["id"]
    # As if 30 s had passed: the stored deadline moves into the past; no one calls the match.
    doc = orjson.loads(redis_client.hget(match_key(match_id), "state"))
    doc["life"]["deadlines"] = {seat: time.time() - 1 for seat in doc["life"]["deadlines"]}
    redis_client.hset(match_key(match_id), "state", orjson.dumps(doc))
    redis_client.zadd(lifecycle.CLOCKS_KEY, {match_id: time.time() - 1})

    entries = []
    for _ in range(100):  # the sweepers run every second
        entries = redis_client.xrange(log_key(match_id))
        if entries:
            break
        time.sleep(0.1)
    assert len(entries) >= 1
    first = orjson.loads(entries[0][1][b"e"])
    assert first["kind"] == "timeout" and first["bot"] == "random" and first["seat"] == 0
    assert sum(orjson.loads(e[b"e"]).get("kind") == "timeout" for _, e in entries) == 1
