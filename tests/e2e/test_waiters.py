"""Waiting clients on real gunicorn instances (gevent workers) over the tests' real Redis.

- Many more waiting long-polls than the old thread pool had threads (2 workers x 8):
  health checks, reads and moves are still answered at once, and the move wakes them all.
- Server bots at play hand their worker back every few ms: /healthz is answered meanwhile.
- A client that hangs up releases its wait (long-poll and stream).
- A waiter on instance B wakes on a move posted to instance A.
- A graceful shutdown answers open waits at once, well before its deadline.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import threading
import time
import urllib.request
from urllib.parse import urlsplit

import pytest
import redis

from tests.e2e.conftest import gunicorn

pytestmark = pytest.mark.e2e

WAITS_HERE = "rl:waits:ip:127.0.0.1"  # every test client's wait leases (service/limits.py)
PROMPT = 5  # seconds: far above an answer's real time, far below a 20-30 s wait


def call(url: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, headers=headers, method="POST" if data else "GET")
    with urllib.request.urlopen(request, timeout=PROMPT) as response:
        return json.loads(response.read())


def connect(url: str) -> http.client.HTTPConnection:
    parts = urlsplit(url)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=40)


def long_poll(url: str, match_id: str, after: int, wait: int = 25) -> http.client.HTTPConnection:
    conn = connect(url)
    conn.request("GET", f"/v1/matches/{match_id}/events?after={after}&wait={wait}")
    return conn


def open_stream(url: str, match_id: str, after: int = 0) -> http.client.HTTPResponse:
    conn = connect(url)
    conn.request("GET", f"/v1/matches/{match_id}/stream", headers={"Last-Event-ID": str(after)})
    response = conn.getresponse()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
    return response


def next_message(stream: http.client.HTTPResponse) -> dict:
    """The next SSE message (comments skipped)."""
    fields: dict = {}
    while True:
        line = stream.readline().decode()
        if line in ("\n", ""):
            if fields or line == "":
                return fields
            continue
        if not line.startswith(":"):
            name, _, value = line.rstrip("\n").partition(": ")
            fields[name] = value


def metric(url: str, name: str) -> float:
    with urllib.request.urlopen(url + "/metrics", timeout=PROMPT) as response:
        text = response.read().decode()
    found = re.search(rf"^{name} ([\d.e+]+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


def waiters(url: str) -> float:
    return metric(url, "portside_waiters")


def until(check, seconds: float = PROMPT) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def new_match(url: str) -> tuple[str, dict[int, str]]:
    # Catan: its log starts empty at version 0 (a Medici match opens at 1 with its first tile drawn)
    created = call(url, "/v1/matches", {"game": "catan", "players": 3, "seed": 1})
    return created["id"], {s["seat"]: s["token"] for s in created["seats"]}


def move(url: str, match_id: str, toks: dict[int, str]) -> dict:
    seat = call(url, f"/v1/matches/{match_id}")["to_act"][0]
    mine = call(url, f"/v1/matches/{match_id}", token=toks[seat])
    return call(url, f"/v1/matches/{match_id}/moves", mine["legal_moves"][0], toks[seat])


def test_many_waiting_clients_never_hold_up_health_reads_or_moves(server_url):
    match_id, toks = new_match(server_url)
    polls = [long_poll(server_url, match_id, after=0) for _ in range(120)]
    assert until(lambda: waiters(server_url) >= 120)
    with urllib.request.urlopen(server_url + "/healthz", timeout=PROMPT) as health:
        assert health.status == 200
    assert call(server_url, f"/v1/matches/{match_id}")["version"] == 0
    answer = move(server_url, match_id, toks)
    for conn in polls:
        conn.sock.settimeout(PROMPT)
        page = json.loads(conn.getresponse().read())
        assert [e["version"] for e in page["entries"]] == [answer["version"]]
        conn.close()
    assert until(lambda: waiters(server_url) == 0)


def test_server_bots_at_play_leave_their_worker_answering(redis_url, tmp_path):
    """Server bots play inside a request's greenlet; they hand the worker back every few ms, so
    one worker busy creating matches of bots only still answers /healthz (and its waiters) while
    they play. Before, each check waited for a whole game: 0.3-0.6 s.

    Counted, not timed: how many checks are answered before the first game is over. A held worker
    answered one (seen: 1); one that hands back answers a dozen or more, however loaded the machine
    (a bound of 0.15 s on the slowest check failed now and then under the whole suite)."""
    env = {"WEB_CONCURRENCY": "1", "BOT_MATCHES_PER_MINUTE": "1000"}
    with gunicorn(redis_url, tmp_path, **env) as (url, _):
        body = {"game": "catan", "players": 4, "bots": {str(s): "random" for s in range(4)}}
        finished: list[float] = []

        def create() -> None:
            created = call(url, "/v1/matches", body)
            if created["version"] > 100:  # the bots played a whole game before answering
                finished.append(time.perf_counter())

        creators = [threading.Thread(target=create) for _ in range(4)]
        started = time.perf_counter()
        for creator in creators:
            creator.start()
        time.sleep(0.02)
        answered: list[float] = []
        while any(creator.is_alive() for creator in creators):
            with urllib.request.urlopen(url + "/healthz", timeout=PROMPT) as health:
                assert health.status == 200
            answered.append(time.perf_counter())
            time.sleep(0.005)
        for creator in creators:
            creator.join()
    assert len(finished) == 4 and max(finished) - started > 0.25  # long enough for a held worker to show
    during = sum(1 for at in answered if at < min(finished))
    assert during >= 6, f"{during} checks answered before the first of 4 games ended ({min(finished) - started:.2f} s)"


def test_a_client_that_hangs_up_releases_its_wait(server_url):
    match_id, _ = new_match(server_url)
    polls = [long_poll(server_url, match_id, after=0) for _ in range(20)]
    streams = [open_stream(server_url, match_id) for _ in range(5)]
    assert until(lambda: waiters(server_url) == 25)
    for conn in polls:
        conn.close()
    for stream in streams:
        stream.close()
    assert until(lambda: waiters(server_url) == 0)


def test_a_move_on_instance_a_wakes_waiters_on_instance_b(server_url, redis_url, tmp_path):
    with gunicorn(redis_url, tmp_path) as (other_url, _):
        match_id, toks = new_match(server_url)
        poll = long_poll(other_url, match_id, after=0)
        stream = open_stream(other_url, match_id)
        assert until(lambda: waiters(other_url) == 2)
        answer = move(server_url, match_id, toks)
        poll.sock.settimeout(PROMPT)
        page = json.loads(poll.getresponse().read())
        assert [e["version"] for e in page["entries"]] == [1]
        stream.fp.raw._sock.settimeout(PROMPT)
        message = next_message(stream)
        assert message["id"] == "1"
        assert json.loads(message["data"]) == call(other_url, f"/v1/matches/{match_id}/events?after=0")["entries"][0]
        assert answer["version"] == 1
        assert metric(other_url, "portside_wake_seconds_count") >= 1  # README "Operations": heard here
        second = move(other_url, match_id, toks)  # and the other way round: B's move reaches A's readers
        assert call(server_url, f"/v1/matches/{match_id}/events?after=1&wait=5")["version"] == second["version"]


def test_graceful_shutdown_answers_open_waits_at_once(redis_url, tmp_path):
    with gunicorn(redis_url, tmp_path, GRACEFUL_TIMEOUT="30") as (url, proc):
        match_id, _ = new_match(url)
        poll = long_poll(url, match_id, after=0, wait=30)
        streams = [open_stream(url, match_id) for _ in range(4)]
        assert until(lambda: waiters(url) == 5)
        leases = redis.Redis.from_url(redis_url)
        held = leases.zcard(WAITS_HERE)  # the five waits' leases (and any an earlier test's server left)
        proc.send_signal(signal.SIGTERM)
        poll.sock.settimeout(PROMPT)
        response = poll.getresponse()
        assert response.status == 200 and json.loads(response.read())["entries"] == []
        assert response.getheader("Connection") == "close"  # not a keep-alive to a stopping worker
        retries = []
        for stream in streams:
            stream.fp.raw._sock.settimeout(PROMPT)
            retries.append(int(next_message(stream)["retry"]))
        # Each stream is told its own delay: a worker's thousands of streams must not all come back at once.
        assert all(1000 <= ms <= 5000 for ms in retries) and len(set(retries)) > 1, retries
        # The process ends once idle keep-alive connections time out (KEEPALIVE, 5 s), before the 30 s deadline.
        assert proc.wait(timeout=15) == 0
        # A stopping worker gives back the leases of the waits it answered (they go out in batches).
        assert leases.zcard(WAITS_HERE) == held - 5


def test_metrics_start_from_a_fresh_directory_even_after_an_unclean_stop(redis_url, tmp_path):
    """The metrics directory is made if missing (the Kubernetes manifest names one on an empty
    volume: before, every worker failed to boot) and a previous run's files are cleared (before,
    after a SIGKILL the waiters of the dead workers counted for ever)."""
    metrics = tmp_path / "volume" / "metrics"  # does not exist yet
    (tmp_path / "a").mkdir()
    with gunicorn(redis_url, tmp_path / "a", PROMETHEUS_MULTIPROC_DIR=str(metrics)) as (url, proc):
        match_id, _ = new_match(url)
        polls = [long_poll(url, match_id, after=0) for _ in range(3)]
        assert until(lambda: waiters(url) == 3)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        for conn in polls:
            conn.close()
    (tmp_path / "b").mkdir()
    with gunicorn(redis_url, tmp_path / "b", PROMETHEUS_MULTIPROC_DIR=str(metrics)) as (url, _):
        assert waiters(url) == 0


def test_metrics_answer_while_a_worker_is_making_its_metrics_file(redis_url, tmp_path):
    """prometheus_client makes a worker's file empty, then sizes it; a scrape in between answered
    500 (the suite met it), and a worker killed in between left /metrics failing for good."""
    with gunicorn(redis_url, tmp_path) as (url, _):
        (tmp_path / "metrics" / "counter_4194000.db").touch()  # a pid no worker has: as a killed one leaves it
        with urllib.request.urlopen(url + "/metrics", timeout=PROMPT) as response:
            assert response.status == 200
            assert b"portside_requests_total" in response.read()


def test_a_worker_holds_no_more_redis_connections_than_redis_pool_whatever_waits_or_reads(tmp_path):
    """REDIS_POOL bounds a worker's Redis connections, and waiting clients hold none: 60 parked
    long-polls, then 40 readers at once, each asking /readyz too, on one worker with REDIS_POOL=2,
    its own embedded Redis counting its clients. Besides the pool: the fan-out's subscription and
    /readyz's probe (one connection, however many probes come at once: CI once counted a second)."""
    from service import embedded

    data = tmp_path / "data"
    settings = {"PORTSIDE_DATA_DIR": str(data), "REDIS_POOL": "2", "WEB_CONCURRENCY": "1", "RATE_LIMIT_PER_MINUTE": "0"}
    with gunicorn(None, tmp_path, **settings) as (url, _):
        stored = redis.Redis(unix_socket_path=embedded.socket_path(str(data)))
        mine = stored.client_id()
        match_id, _ = new_match(url)
        polls = [long_poll(url, match_id, after=0) for _ in range(60)]
        assert until(lambda: waiters(url) == 60)
        most, seen = [0], [[]]  # the most clients at once, and what each was doing then

        def count() -> int:
            clients = [c for c in stored.client_list() if c["id"] != str(mine)]
            if len(clients) > most[0]:
                most[0], seen[0] = len(clients), clients
            return most[0]

        def read() -> None:
            try:
                call(url, "/readyz")
                for _ in range(10):
                    call(url, f"/v1/matches/{match_id}")
            except OSError as err:
                failed.append(err)

        failed: list[OSError] = []

        readers = [threading.Thread(target=read) for _ in range(40)]
        for reader in readers:
            reader.start()
        while any(reader.is_alive() for reader in readers):
            count()
            time.sleep(0.005)
        # was 33 with the pool at its default of 32; the message names each client's last command
        assert count() <= 2 + 2, [(c["cmd"], c["age"], c["idle"]) for c in seen[0]]
        assert not failed, failed
        for conn in polls:
            conn.close()
