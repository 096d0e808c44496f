"""GET /v1/matches/{id}/stream (Server-Sent Events) and stream tickets, in process over the real Redis.

Live delivery across real gunicorn instances is in tests/e2e/test_waiters.py."""

from __future__ import annotations

import random
import threading
import time

import orjson
import pytest

from service.store import ticket_key
from tests.service.helpers import auth, create, get_match, play_random, post_move, tokens


def parse_sse(body: bytes) -> list[dict]:
    """Messages as {"id", "event", "data", "retry"}; comment lines dropped."""
    messages = []
    for block in body.decode().split("\n\n"):
        fields: dict = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            fields[name] = value
        if fields:
            messages.append(fields)
    return messages


@pytest.fixture
def finished(client) -> dict:
    """A two-seat Medici match played to its end by random legal moves."""
    created = create(client, game="medici", players=2, seed=11)
    last = play_random(client, created["id"], tokens(created), random.Random(11))
    return {"id": created["id"], "tokens": tokens(created), "version": last["version"]}


def stream(client, match_id: str, headers: dict | None = None, query: str = "") -> list[dict]:
    response = client.get(f"/v1/matches/{match_id}/stream{query}", headers=headers or {})
    assert response.status_code == 200, response.data
    assert response.mimetype == "text/event-stream"
    return parse_sse(response.data)


def events_entries(client, match_id: str, token: str | None, after: int = 0) -> list[dict]:
    return client.get(f"/v1/matches/{match_id}/events?after={after}", headers=auth(token)).get_json()["entries"]


def test_a_finished_matchs_stream_gives_each_entry_as_events_does_then_ends(client, finished):
    from prometheus_client import REGISTRY

    ended = REGISTRY.get_sample_value("portside_streams_ended_total", {"reason": "finished"}) or 0.0
    for token in (finished["tokens"][0], finished["tokens"][1], None):
        messages = stream(client, finished["id"], auth(token))
        entries, end = messages[:-1], messages[-1]
        assert [int(m["id"]) for m in entries] == list(range(1, finished["version"] + 1))
        assert all("event" not in m for m in entries)  # so EventSource.onmessage gets them
        assert [orjson.loads(m["data"]) for m in entries] == events_entries(client, finished["id"], token)
        assert end == {"event": "end", "data": '{"status":"finished"}'}
    assert REGISTRY.get_sample_value("portside_streams_ended_total", {"reason": "finished"}) == ended + 3


def live_messages(client, match_id: str, headers: dict, count: int) -> list[dict]:
    """The first `count` messages of a stream that stays open; then hangs up."""
    response = client.get(f"/v1/matches/{match_id}/stream", headers=headers, buffered=False)
    body = b""
    try:
        for chunk in response.response:
            body += chunk
            if len(parse_sse(body)) >= count:
                break
    finally:
        response.close()
    return parse_sse(body)


def test_each_seat_streams_only_the_events_it_may_see(client, redis_client):
    created = create(client, game="catan", players=3, seed=4)
    toks = tokens(created)
    version = play_random(client, created["id"], toks, random.Random(4), max_moves=400, until_end=False)["version"]
    hidden = [
        ev
        for _, fields in redis_client.xrange(f"m:{{{created['id']}}}:log")
        for ev in orjson.loads(fields[b"e"])["events"]
        if ev.get("to")
    ]
    assert hidden, "the match should hold a private event (a stolen card, a development card)"
    seen = {}
    for seat, token in [*toks.items(), (None, None)]:
        messages = live_messages(client, created["id"], auth(token), version)
        assert [int(m["id"]) for m in messages] == list(range(1, version + 1))
        seen[seat] = [orjson.loads(m["data"]) for m in messages]
        assert seen[seat] == events_entries(client, created["id"], token)
    assert len({orjson.dumps(entries) for entries in seen.values()}) == 4  # three seats and a spectator differ


def test_a_stream_resumes_after_last_event_id_or_after_with_nothing_lost_or_repeated(client, finished):
    token, middle = finished["tokens"][0], finished["version"] // 2
    whole = stream(client, finished["id"], auth(token))[:-1]
    for headers, query in (({"Last-Event-ID": str(middle)}, ""), ({}, f"?after={middle}")):
        resumed = stream(client, finished["id"], {**auth(token), **headers}, query)
        assert resumed[:-1] == whole[middle:]
        assert resumed[-1]["event"] == "end"
    at_end = stream(client, finished["id"], {"Last-Event-ID": str(finished["version"])})
    assert at_end == [{"event": "end", "data": '{"status":"finished"}'}]


def test_a_bad_last_event_id_or_unknown_match_is_a_problem(client, finished):
    bad = client.get(f"/v1/matches/{finished['id']}/stream", headers={"Last-Event-ID": "seven"})
    assert bad.status_code == 422 and bad.get_json()["code"] == "validation_error"
    assert client.get("/v1/matches/nope/stream").status_code == 404


def test_a_ticket_opens_its_matchs_stream_once_as_its_seat(client, finished, redis_client):
    match_id, token = finished["id"], finished["tokens"][1]
    answer = client.post(f"/v1/matches/{match_id}/stream-ticket", headers=auth(token))
    assert answer.status_code == 200
    ticket = answer.get_json()["ticket"]
    assert answer.get_json()["expires_in"] == 60 and token not in ticket
    assert 55 < redis_client.ttl(ticket_key(match_id, ticket)) <= 60  # Redis forgets it then: 401 after
    seen = stream(client, match_id, query=f"?ticket={ticket}")
    assert [orjson.loads(m["data"]) for m in seen[:-1]] == events_entries(client, match_id, token)
    again = client.get(f"/v1/matches/{match_id}/stream?ticket={ticket}")
    assert again.status_code == 401 and again.get_json()["code"] == "unauthorized"
    other = create(client, game="medici", players=2)
    ticket = client.post(f"/v1/matches/{match_id}/stream-ticket", headers=auth(token)).get_json()["ticket"]
    assert client.get(f"/v1/matches/{other['id']}/stream?ticket={ticket}").status_code == 401
    wrong_match = client.post(f"/v1/matches/{other['id']}/stream-ticket", headers=auth(token))
    assert wrong_match.status_code == 403


def test_a_spectators_ticket_streams_what_a_spectator_sees(client, finished):
    ticket = client.post(f"/v1/matches/{finished['id']}/stream-ticket").get_json()["ticket"]
    seen = stream(client, finished["id"], query=f"?ticket={ticket}")
    assert [orjson.loads(m["data"]) for m in seen[:-1]] == events_entries(client, finished["id"], None)


def idle_stream_until_heartbeats(client, count: int) -> bytes:
    """A new match's stream, read until `count` heartbeats came (nothing else happens on it)."""
    created = create(client, game="catan", players=3)  # a log that starts empty (no set-up entry)
    response = client.get(f"/v1/matches/{created['id']}/stream", buffered=False)
    body = b""
    try:
        for chunk in response.response:
            body += chunk
            if body.count(b": keep-alive\n\n") >= count:
                return body
    finally:
        response.close()
    return body


def test_an_idle_stream_sends_heartbeat_comments(config, redis_client):
    from dataclasses import replace

    from service.app import create_app

    client = create_app(replace(config, heartbeat_seconds=0.05), redis_client).test_client()
    body = idle_stream_until_heartbeats(client, 2)
    assert body.startswith(b": open\n\n") and parse_sse(body) == []  # comments only: no entry yet


def test_each_heartbeat_falls_at_a_random_share_of_the_interval(config, redis_client, monkeypatch):
    """Streams opened together must not beat together: each wait before a heartbeat is its own
    draw between 75 % and 100 % of HEARTBEAT_SECONDS (README "Waiting clients, measured")."""
    from dataclasses import replace

    from service import fanout
    from service.app import create_app

    waits: list[float] = []
    original = fanout.Waiter.wait_after

    def recording(self, after, timeout, commit=""):
        waits.append(timeout)
        return original(self, after, timeout, commit)

    monkeypatch.setattr(fanout.Waiter, "wait_after", recording)
    client = create_app(replace(config, heartbeat_seconds=0.04), redis_client).test_client()
    idle_stream_until_heartbeats(client, 6)
    assert len(waits) >= 6
    assert all(0.75 * 0.04 <= w <= 0.04 for w in waits), waits
    assert len(set(waits)) == len(waits)  # a fresh draw each time, not one share for the whole stream


@pytest.mark.parametrize("resume", [{"headers": {"Last-Event-ID": "40"}}, {"query": "?after=40"}])
def test_a_client_ahead_of_a_live_match_is_told_the_servers_version_at_once_then_streams_on(
    config, redis_client, resume
):
    """After storage lost its last second a client may know version 40 of a match at 1: as /events does,
    the stream answers at once with the server's version (its `id:`, so an EventSource resumes there)."""
    from dataclasses import replace

    from service.app import create_app
    from tests.service.helpers import play_first_legal

    client = create_app(replace(config, heartbeat_seconds=0.05), redis_client).test_client()
    created = create(client, game="catan", players=3, seed=1)  # version 0, then 1 after its first move
    play_first_legal(client, created["id"], tokens(created))
    path = f"/v1/matches/{created['id']}/stream{resume.get('query', '')}"
    response = client.get(path, headers=resume.get("headers", {}), buffered=False)
    body, heartbeats = b"", 0
    try:
        for chunk in response.response:
            body += chunk
            heartbeats += chunk.count(b": keep-alive")
            if parse_sse(body) or heartbeats >= 3:
                break
        messages = parse_sse(body)
        commit = get_match(client, created["id"])["commit"]
        said = {"after": 40, "version": 1, "commit": commit, "entries": [], "resync": True}
        assert messages == [{"event": "resync", "id": "1", "data": orjson.dumps(said).decode()}]
        play_first_legal(client, created["id"], tokens(created))  # and the stream goes on from version 1
        for chunk in response.response:
            body += chunk
            if len(parse_sse(body)) >= 2:
                break
        assert int(parse_sse(body)[1]["id"]) == 2
    finally:
        response.close()


def test_a_client_ahead_of_a_finished_match_is_told_and_the_stream_ends(client, finished):
    messages = stream(client, finished["id"], {"Last-Event-ID": str(finished["version"] + 5)})
    assert [m.get("event") for m in messages] == ["resync", "end"]
    assert messages[0]["id"] == str(finished["version"])


def read_until_closed(response, seconds: float) -> tuple[bytes, float]:
    """What a live stream sends until the server closes it, and when that was (monotonic)."""
    body, deadline = b"", time.monotonic() + seconds
    try:
        for chunk in response.response:
            body += chunk
            if time.monotonic() > deadline:
                raise AssertionError(f"the stream was still open after {seconds} s: {body[-200:]!r}")
    finally:
        response.close()
    return body, time.monotonic()


def test_a_stream_ends_when_its_match_expires_and_not_before(config, redis_client):
    """A match idle for MATCH_TTL is gone, but its open streams beat on for ever (a phone left on
    it held its connection and its place under the wait cap until it reconnected). Now a stream
    ends within a heartbeat of its match's expiry, without `event: end`, and reconnecting is a
    404; a move while it is open puts the expiry off, and the stream with it."""
    from dataclasses import replace

    from service.app import create_app

    client = create_app(replace(config, idle_ttl=2, heartbeat_seconds=0.1), redis_client).test_client()
    created = create(client, game="medici", players=2)
    response = client.get(f"/v1/matches/{created['id']}/stream", buffered=False)
    moving = threading.Timer(1, lambda: play_random(client, created["id"], tokens(created), random.Random(1), 1, False))
    moving.start()
    moved_at = time.monotonic() + 1
    body, closed_at = read_until_closed(response, seconds=15)
    moving.join()
    assert [m["id"] for m in parse_sse(body)] == ["1", "2"] and b"event: end" not in body  # the opening, the move
    assert closed_at >= moved_at + 2  # the move's commit gave the match two more seconds
    assert client.get(f"/v1/matches/{created['id']}/stream").status_code == 404


def test_waits_open_across_a_redis_restart_that_lost_versions_are_told_the_servers_version(tmp_path):
    """A Redis that comes back with older data (restarted from a snapshot, a replica promoted) lost
    versions 4 and 5 while a long-poll and a stream waited after 5; the next moves (another price) wrote
    new versions 4, 5, 6. The long-poll answered [6] and the stream sent `id: 6`, both after 5: the phone kept moves
    that never happened and never saw the two that did. Each is told the server's version instead, as a
    request that arrives ahead is, and the stream goes on from it. (The restart, made exact: Redis loads
    its snapshot in place, and the subscriptions it would have dropped are dropped.)"""
    import redis

    from service.app import create_app
    from service.config import Config
    from tests.cluster import free_node_port, standalone_server
    from tests.service.helpers import play_first_legal, saved_at_3_then_played_to_5

    port = free_node_port()
    server = standalone_server(port, tmp_path)
    admin = redis.Redis(port=port)
    app = create_app(Config(redis_url=f"redis://127.0.0.1:{port}", log_level="WARNING", rate_limit_per_minute=0))
    client = app.test_client()
    try:
        match_id, toks = saved_at_3_then_played_to_5(client, admin.save)
        polled: dict = {}
        streamed = [b""]

        def poll() -> None:
            polled.update(app.test_client().get(f"/v1/matches/{match_id}/events?after=5&wait=10").get_json())

        def follow() -> None:  # a thread of its own: a stream holds its request's context while it runs
            response = app.test_client().get(
                f"/v1/matches/{match_id}/stream", headers={"Last-Event-ID": "5"}, buffered=False
            )
            deadline = time.monotonic() + 10
            try:
                for chunk in response.response:
                    streamed[0] += chunk
                    if b"id: 6\n" in streamed[0] or time.monotonic() > deadline:
                        break
            finally:
                response.close()

        waits = [threading.Thread(target=poll), threading.Thread(target=follow)]
        for wait in waits:
            wait.start()
        deadline = time.monotonic() + 5
        while not (watch := app.extensions["portside"].store.fanout.watches.get(match_id)) or watch.head != 5:
            assert time.monotonic() < deadline, "the waits never parked after version 5"
            time.sleep(0.02)
        admin.execute_command("DEBUG", "RELOAD", "NOSAVE")
        admin.client_kill_filter(_type="pubsub")
        # Seat 0 names another price than it had at version 4: the same moves would write the same log.
        assert post_move(client, match_id, toks[0], {"type": "offer", "price": 7}).status_code == 200
        assert [play_first_legal(client, match_id, toks)["version"] for _ in range(2)] == [5, 6]
        for wait in waits:
            wait.join(15)
        assert polled["entries"] == [] and 3 <= polled["version"] <= 6, polled  # was entries [6]: 4 and 5 unseen
        messages = parse_sse(streamed[0])
        assert messages[0]["event"] == "resync", messages  # was `id: 6` first
        assert [int(m["id"]) for m in messages] == list(range(int(messages[0]["id"]), 7)), messages
    finally:
        server.kill()
        server.wait()


def test_a_stream_whose_redis_stops_answering_ends_with_a_retry_hint(tmp_path):
    """Once the fan-out has lost its subscription, an open stream reads the log again at its next beat:
    with Redis gone, the error came out of the response's body, which gunicorn logged as a traceback
    and cut mid-chunk, for every stream open (thousands when a cluster node died); now it ends as at a
    shutdown, with its own `retry:`, and /metrics counts it by why (it counted no stream's end)."""
    import os
    import signal

    from prometheus_client import REGISTRY

    from service.app import create_app
    from service.config import Config
    from tests.cluster import free_node_port, standalone_server

    port = free_node_port()
    server = standalone_server(port, tmp_path)
    config = Config(redis_url=f"redis://127.0.0.1:{port}", log_level="WARNING", idle_ttl=2, heartbeat_seconds=0.2)
    client = create_app(config).test_client()
    try:
        match_id = create(client, game="medici", players=2)["id"]
        response = client.get(f"/v1/matches/{match_id}/stream?after=1", buffered=False)
        chunks = iter(response.response)
        assert next(chunks).startswith(b": open")
        assert next(chunks) == b": keep-alive\n\n"  # the stream waits on the fan-out's subscription
        labels = {"reason": "storage_unavailable"}
        ended = REGISTRY.get_sample_value("portside_streams_ended_total", labels) or 0.0
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        started, body = time.monotonic(), b""
        for chunk in chunks:  # raised redis's ConnectionError here
            body += chunk
            assert time.monotonic() - started < 8, body
        response.close()
        assert [m.get("retry") for m in parse_sse(body)][-1] in {str(ms) for ms in range(1000, 5001)}, body
        assert REGISTRY.get_sample_value("portside_streams_ended_total", labels) == ended + 1
    finally:
        server.kill()
        server.wait()
