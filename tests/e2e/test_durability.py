"""Fault tests on a real gunicorn whose embedded, supervised Redis we kill and freeze (issue #11).

- SIGKILL under load: the supervisor restarts Redis on the same data; every
  match's stored state equals a replay of its log, and no move acknowledged
  more than a second before the kill is lost (append-only file, fsync every second).
- SIGSTOP: requests answer 503 with Retry-After instead of hanging; /readyz too.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import orjson
import pytest
import redis

from engine import registry
from engine.bots import RandomBot
from service.store import log_key, match_key
from tests.e2e.conftest import gunicorn

pytestmark = pytest.mark.e2e
LOSS_WINDOW = 1.0  # appendfsync everysec


def call(url: str, method: str = "GET", body=None, token: str | None = None, timeout: float = 5):
    request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), json.loads(err.read() or b"null")


@pytest.fixture
def own_server(tmp_path):
    """A gunicorn with no REDIS_URL: it starts and supervises its embedded Redis under tmp_path/data."""
    data = tmp_path / "data"
    with gunicorn(None, tmp_path, PORTSIDE_DATA_DIR=str(data), RATE_LIMIT_PER_MINUTE="0") as (url, _):
        yield url, data


def redis_pid(data: Path) -> int:
    return int((data / "redis.pid").read_text())


def wait_until_ready(url: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if call(url + "/readyz", timeout=1)[0] == 200:
                return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.05)
    raise AssertionError("not ready again")


def player(url: str, stop: threading.Event, acks: dict, seed: int) -> None:
    """Play random legal moves on one match, recording when each version was acknowledged."""
    rng = random.Random(seed)
    status, _, created = call(url + "/v1/matches", "POST", {"game": "speicherstadt", "players": 3, "seed": seed})
    assert status == 201
    match_id, toks = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    acks[match_id] = []
    while not stop.is_set():
        try:
            status, _, match = call(f"{url}/v1/matches/{match_id}")
            if status != 200 or match["status"] == "finished":
                continue
            seat = rng.choice(match["to_act"])
            _, _, mine = call(f"{url}/v1/matches/{match_id}", token=toks[seat])
            move = RandomBot().choose(mine["view"], mine["legal_moves"], rng, mine["move_templates"])
            status, _, answer = call(f"{url}/v1/matches/{match_id}/moves", "POST", move, toks[seat])
            if status == 200:
                acks[match_id].append((answer["version"], time.monotonic()))
        except (urllib.error.URLError, OSError, KeyError, TypeError):
            time.sleep(0.02)  # Redis is down: a 503 or a dropped connection; keep trying


def replayed_dump(stored: dict, log: list) -> dict:
    meta = orjson.loads(stored[b"meta"])
    game = registry.get(meta["game"])
    state = game.setup(meta["players"], meta["options"], meta["seed"])
    for _, fields in log:
        entry = orjson.loads(fields[b"e"])
        if "move" in entry:  # not the set-up's entry (`setup` did it already)
            game.apply(state, entry["seat"], entry["move"])
    return game.dump(state)


def test_sigkill_under_load_loses_at_most_the_last_second_and_state_equals_the_log(own_server):
    url, data = own_server
    stop, acks = threading.Event(), {}
    players = [threading.Thread(target=player, args=(url, stop, acks, seed)) for seed in range(4)]
    for thread in players:
        thread.start()
    time.sleep(2)
    before = redis_pid(data)
    killed_at = time.monotonic()
    os.kill(before, signal.SIGKILL)
    wait_until_ready(url)
    time.sleep(0.5)  # moves again on the restarted server
    stop.set()
    for thread in players:
        thread.join()
    assert redis_pid(data) != before

    store = redis.Redis.from_url((data / "redis.url").read_text())
    for match_id, acked in acks.items():
        stored, log = store.hgetall(match_key(match_id)), store.xrange(log_key(match_id))
        durable = [v for v, at in acked if at < killed_at - LOSS_WINDOW]
        assert durable, "the load acknowledged nothing before the kill"
        assert int(stored[b"v"]) >= max(durable)
        assert int(stored[b"v"]) == len(log)
        assert orjson.loads(stored[b"state"])["game"] == replayed_dump(stored, log)


def test_a_frozen_redis_is_a_quick_503_and_readyz_says_so(own_server):
    url, data = own_server
    status, _, created = call(url + "/v1/matches", "POST", {"game": "speicherstadt", "players": 2, "seed": 3})
    assert status == 201
    pid = redis_pid(data)
    os.kill(pid, signal.SIGSTOP)
    try:
        status, headers, problem = call(url + "/readyz", timeout=1)
        assert status == 503 and problem["code"] == "storage_unavailable"
        for path in (f"/v1/matches/{created['id']}", f"/v1/matches/{created['id']}/events?after=0"):
            status, headers, problem = call(url + path, timeout=2.5)
            assert status == 503 and headers["Retry-After"] and problem["code"] == "storage_unavailable"
        for path in ("/play/", "/v1/openapi.json"):  # with the limits off, no Redis needed (README "Known limits")
            with urllib.request.urlopen(url + path, timeout=2.5) as answer:
                assert answer.status == 200, path
        # Many at once, more than the workers' Redis connections: each still within about REDIS_TIMEOUT
        # (a request queued for a connection waited up to 20 s for it).
        answers: list[tuple[int, float]] = []

        def one() -> None:
            start = time.monotonic()
            status = call(url + "/v1/matches", "POST", {"game": "medici", "players": 2}, timeout=30)[0]
            answers.append((status, time.monotonic() - start))

        crowd = [threading.Thread(target=one) for _ in range(300)]
        for thread in crowd:
            thread.start()
        for thread in crowd:
            thread.join()
        assert {status for status, _ in answers} == {503}
        # About REDIS_TIMEOUT (1.5 s) to wait for a connection and as much for its command; a loaded
        # machine adds its own (5.6 s at most in a suite run at -n 4), far from the 20 s it was.
        assert max(seconds for _, seconds in answers) < 8, sorted(seconds for _, seconds in answers)[-5:]
    finally:
        os.kill(pid, signal.SIGCONT)
    wait_until_ready(url)
    assert call(f"{url}/v1/matches/{created['id']}")[0] == 200


def test_with_the_limits_on_even_the_web_client_waits_for_redis(tmp_path):
    """README "Known limits": every request is counted in Redis, so a frozen Redis is a 503 for the
    web client's files and the document too."""
    data = tmp_path / "data"
    with gunicorn(None, tmp_path, PORTSIDE_DATA_DIR=str(data)) as (url, _):
        pid = redis_pid(data)
        os.kill(pid, signal.SIGSTOP)
        try:
            for path in ("/play/", "/v1/openapi.json"):
                try:
                    urllib.request.urlopen(url + path, timeout=2.5)
                    raise AssertionError(f"{path} answered with Redis frozen")
                except urllib.error.HTTPError as err:
                    assert err.code == 503, path
        finally:
            os.kill(pid, signal.SIGCONT)


def supervisor_of(data: Path) -> int | None:
    """The pid of the embedded Redis's supervisor (`python -m service.embedded <data> ...`), if any."""
    for pid in (int(p) for p in os.listdir("/proc") if p.isdigit()):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"service.embedded" in command and str(data).encode() in command:
            return pid
    return None


def test_a_killed_supervisor_is_started_again_and_the_data_is_kept(own_server):
    """Its redis-server dies with it: every request was 503 for good, while /healthz said ok."""
    url, data = own_server
    status, _, created = call(url + "/v1/matches", "POST", {"game": "speicherstadt", "players": 2, "seed": 3})
    assert status == 201
    time.sleep(LOSS_WINDOW + 0.2)  # on disk
    old = supervisor_of(data)
    assert old is not None
    os.kill(old, signal.SIGKILL)
    deadline = time.monotonic() + 20
    while supervisor_of(data) in (None, old) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert supervisor_of(data) not in (None, old)
    wait_until_ready(url, seconds=20)
    assert call(f"{url}/v1/matches/{created['id']}")[0] == 200


def workers_of(master: int) -> set[int]:
    """The gunicorn master's live workers (its other child is the embedded Redis's supervisor)."""
    found = set()
    for pid in (int(p) for p in os.listdir("/proc") if p.isdigit()):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        ppid, state = int(stat.rsplit(")", 1)[1].split()[1]), stat.rsplit(")", 1)[1].split()[0]
        if ppid == master and state != "Z" and b"service.embedded" not in command:
            found.add(pid)
    return found


@pytest.mark.parametrize("embedded", [True, False], ids=["embedded redis", "REDIS_URL"])
def test_a_worker_killed_with_sigkill_is_replaced(tmp_path, redis_url, embedded):
    """Before: with the embedded Redis, the master (monkey-patched by gevent to start it) never heard
    of a dead worker: it stayed a zombie, and with every worker dead requests hung for ever."""
    env = {"PORTSIDE_DATA_DIR": str(tmp_path / "data")}
    with gunicorn(None if embedded else redis_url, tmp_path, **env) as (url, proc):
        deadline = time.monotonic() + 20
        while len(workers_of(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        first = workers_of(proc.pid)
        assert len(first) == 2, first
        for pid in first:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            now = workers_of(proc.pid)
            if len(now) == 2 and not now & first:
                break
            time.sleep(0.1)
        assert len(now) == 2 and not now & first, (first, now)
        wait_until_ready(url, 30)  # the new workers answer (a loaded host took over 5 s to boot them)


def test_the_master_starts_the_embedded_redis_without_importing_redis_py(tmp_path):
    """A module imported before a gevent worker patches keeps its unpatched socket and select
    references; the master must therefore start the embedded Redis without redis-py, and without
    patching itself (which hid dead workers from gunicorn, above)."""
    script = (
        "import os, sys\n"
        "import service.gunicorn_conf as conf\n"
        "class Server:\n"
        "    class log:\n"
        "        info = staticmethod(lambda *args: None)\n"
        "conf.on_starting(Server)\n"
        "assert os.environ['REDIS_URL'].startswith('unix://'), os.environ['REDIS_URL']\n"
        "print(sorted(m for m in ('redis', 'gevent') if m in sys.modules))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["PORTSIDE_DATA_DIR"] = str(tmp_path / "data")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_every_line_the_service_writes_is_json(tmp_path):
    """gunicorn's own lines (booting, stopping) and the Redis supervisor's were plain text among the
    app's JSON lines (an operator's review): one format to parse, each line with level and msg."""
    data = tmp_path / "data"
    with gunicorn(None, tmp_path, PORTSIDE_DATA_DIR=str(data), LOG_LEVEL="info") as (url, _):
        assert call(url + "/v1/games")[0] == 200
        os.kill(redis_pid(data), signal.SIGKILL)  # the supervisor restarts it, and says so
        wait_until_ready(url)
    lines = [line for line in (tmp_path / "gunicorn.log").read_text().splitlines() if line.strip()]
    parsed = [json.loads(line) for line in lines]  # raises on any line that is not JSON
    assert all({"ts", "level", "logger", "msg"} <= set(entry) for entry in parsed)
    said = [entry["msg"] for entry in parsed]
    assert sum(msg.startswith("Starting gunicorn") for msg in said) == 1  # once: not a handler twice
    assert not any(entry["logger"] == "gunicorn.access" for entry in parsed)  # the app logs each request itself
    assert any(msg.startswith("Booting worker") for msg in said)
    assert any(msg.startswith("embedded redis exited") for msg in said)
    assert any(entry.get("path") == "/v1/games" for entry in parsed)  # the app's request line
