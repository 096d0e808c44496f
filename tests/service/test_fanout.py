"""The process's fan-out (service/fanout.py): what a wake-up costs in Redis round-trips.

A commit's message carries its entries, so waking a waiter reads nothing from
Redis; an oversized commit falls back to one log read; a long-poll that comes
straight back after its answer finds the log in memory.
"""

from __future__ import annotations

import random
import statistics
import threading
import time

import orjson
import pytest

from service import fanout, metrics
from service.store import Store
from tests.service.helpers import auth, create, play_first_legal, play_random, tokens

LOG_FROM_ZERO = "catan"  # a game whose set-up logs nothing: its log starts empty, at version 0


def log_reads() -> float:
    """Log reads (XRANGE) this process has sent to Redis so far."""
    return sum(
        s.value
        for m in metrics.REDIS_ROUNDTRIPS.collect()
        for s in m.samples
        if s.name.endswith("_total") and s.labels.get("op") == "log"
    )


def wait_in_thread(app, path: str, token: str | None) -> tuple[threading.Thread, dict]:
    result: dict = {}

    def run():
        result["body"] = app.test_client().get(path, headers=auth(token)).get_json()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, result


def parked(store: Store, match_id: str, count: int = 1) -> None:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        watch = store.fanout.watches.get(match_id)
        if watch is not None and len(watch.waiters) >= count:
            return
        time.sleep(0.02)
    raise AssertionError("the long-poll never parked")


def long_poll_woken_by_the_first_move(client, app, seed: int) -> tuple[str, dict, dict, dict, float]:
    """Seat 1 long-polls a new match from another thread; seat 0 moves. Returns (match id, tokens,
    the long-poll's answer, the move's answer, log reads from the move to the long-poll's answer)."""
    created = create(client, game=LOG_FROM_ZERO, players=3, seed=seed)
    match_id, toks = created["id"], tokens(created)
    thread, result = wait_in_thread(app, f"/v1/matches/{match_id}/events?after=0&wait=10", toks[1])
    parked(app.extensions["portside"].store, match_id)
    before = log_reads()
    answer = play_first_legal(client, match_id, toks)
    thread.join(15)
    return match_id, toks, result["body"], answer, log_reads() - before


def test_a_move_wakes_its_waiter_with_the_entries_it_published_and_no_log_read(client, app):
    match_id, toks, woken, answer, reads = long_poll_woken_by_the_first_move(client, app, seed=4)
    assert [e["version"] for e in woken["entries"]] == [1]
    # What the waiter got is what a plain read of the log gives that seat.
    assert woken == client.get(f"/v1/matches/{match_id}/events?after=0", headers=auth(toks[1])).get_json()
    assert answer["version"] == 1
    assert reads == 0  # the wake-up read nothing from the log


def test_a_commit_too_large_to_publish_is_read_from_the_log(client, app):
    created = create(client, game=LOG_FROM_ZERO, players=3, seed=5)
    match_id = created["id"]
    store = app.extensions["portside"].store
    got: dict = {}

    def wait():
        got["entries"] = store.log(match_id, 0, wait_seconds=10)

    thread = threading.Thread(target=wait)
    thread.start()
    parked(store, match_id)
    stored = store.load(match_id)
    big = {"seat": 0, "move": {"type": "note"}, "events": [], "filler": "x" * (fanout.PUSH_BYTES + 1)}
    before = log_reads()
    committed = store.commit(match_id, stored.version, stored.state, [big], 600, commit=stored.commit)
    assert committed.status == "ok"
    thread.join(15)
    assert got["entries"] == [(1, {**big, "c": committed.commit})]
    assert log_reads() == before + 1  # the listener's one read of what the message could not carry


def test_a_long_poll_that_comes_straight_back_finds_the_log_in_memory(client, app):
    match_id, toks, woken, _, _ = long_poll_woken_by_the_first_move(client, app, seed=6)
    store = app.extensions["portside"].store
    assert woken["version"] == 1
    assert not store.fanout.watches[match_id].waiters  # answered: nobody waits, the memory lingers
    before = log_reads()
    again = client.get(f"/v1/matches/{match_id}/events?after=1&wait=0.3", headers=auth(toks[1])).get_json()
    assert again == {"after": 1, "version": 1, "commit": "", "entries": []}
    assert log_reads() == before


def test_the_memory_of_a_match_nobody_waits_on_is_dropped_after_linger(client, app, monkeypatch):
    created = create(client, game=LOG_FROM_ZERO, players=3, seed=7)
    match_id = created["id"]
    store = app.extensions["portside"].store
    monkeypatch.setattr(fanout, "LINGER", 0.0)
    client.get(f"/v1/matches/{match_id}/events?after=0&wait=0.05")
    store.fanout._pruned_at = 0.0  # the next waiter's exit prunes at once
    other = create(client, game=LOG_FROM_ZERO, players=3)
    client.get(f"/v1/matches/{other['id']}/events?after=0&wait=0.05")
    assert match_id not in store.fanout.watches


@pytest.mark.parametrize("game, players", [("catan", 4), ("speicherstadt", 4), ("medici", 2), ("smuggler", 4)])
def test_a_moves_entries_fit_in_its_message_with_room_to_spare(client, app, game, players):
    """What README "Scale" says of the broadcast: a move's entry is about 250 bytes of JSON and the
    largest of a 300-move random game is far under PUSH_BYTES, so a move's commit carries its entries."""
    created = create(client, game=game, players=players, seed=3)
    play_random(client, created["id"], tokens(created), random.Random(1), max_moves=300, until_end=False)
    store = app.extensions["portside"].store
    sizes = [len(orjson.dumps(entry)) for _, entry in store.read_log(created["id"], 0)]
    assert len(sizes) >= 100
    assert 100 <= statistics.median(sizes) <= 400, statistics.median(sizes)
    assert max(sizes) <= fanout.PUSH_BYTES // 4, max(sizes)


def test_a_subscription_that_reconnects_by_itself_makes_its_waiters_read_what_they_missed(redis_url, config):
    """redis-py reconnects a dropped subscription and subscribes again without a word (it may
    retry); a commit published meanwhile is never heard. The new subscription's confirmation must
    make every waiter read the log again, however recently it found the log's end."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    from service.app import create_app
    from service.store import log_key, match_key

    own = redis.Redis.from_url(redis_url, socket_timeout=40, retry=Retry(NoBackoff(), 2))  # reconnects silently
    app = create_app(config, own)
    try:
        client = app.test_client()
        created = create(client, game=LOG_FROM_ZERO, players=3, seed=8)
        match_id = created["id"]
        thread, result = wait_in_thread(app, f"/v1/matches/{match_id}/events?after=0&wait=8", None)
        watches = app.extensions["portside"].store.fanout.watches
        deadline = time.monotonic() + 5
        while (watches.get(match_id) is None or watches[match_id].head != 0) and time.monotonic() < deadline:
            time.sleep(0.02)  # until the waiter has read the log and found it ending at version 0
        assert watches[match_id].head == 0
        unheard = {"seat": 0, "move": {"type": "unheard"}, "events": []}
        own.xadd(log_key(match_id), {"e": orjson.dumps(unheard)}, id="1-0")  # a commit whose message was lost
        own.hset(match_key(match_id), "v", 1)
        started = time.monotonic()
        assert own.client_kill_filter(_type="pubsub") >= 1
        thread.join(10)
        assert [e["version"] for e in result["body"]["entries"]] == [1]
        assert time.monotonic() - started < 4  # woken by the reconnect, not by the wait's end
    finally:
        fanout.stop_for(own)
