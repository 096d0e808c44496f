import json
import secrets
from pathlib import Path

import redis
from openapi_spec_validator import validate

from engine import registry
from service.app import create_app
from service.cli import openapi_document
from service.config import Config

ROOT = Path(__file__).resolve().parents[2]


def test_redis_unreachable_is_503_with_retry_after(config):
    down = create_app(config, redis.Redis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.2))
    client = down.test_client()
    for response in (
        client.get("/readyz"),
        client.post("/v1/matches", json={"game": "speicherstadt", "players": 2}),
        client.get("/v1/matches/0123456789abcdef0123"),
    ):
        assert response.status_code == 503
        assert response.headers["Retry-After"]
        assert response.get_json()["code"] == "storage_unavailable"
    assert client.get("/healthz").status_code == 200


def test_rate_limit_answers_json_429_with_retry_after(redis_url, redis_client):
    app = create_app(Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=3), redis_client)
    client = app.test_client()
    headers = {"X-Forwarded-For": "ignored"}
    statuses = [
        client.post(
            "/v1/matches",
            json={"game": "speicherstadt", "players": 2},
            headers=headers,
            environ_base={"REMOTE_ADDR": "10.9.8.7"},
        ).status_code
        for _ in range(4)
    ]
    assert statuses == [201, 201, 201, 429]
    limited = client.post("/v1/matches", json={}, environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert limited.get_json()["code"] == "rate_limited"
    assert 0 < int(limited.headers["Retry-After"]) <= 60
    other = client.post(
        "/v1/matches", json={"game": "speicherstadt", "players": 2}, environ_base={"REMOTE_ADDR": "10.9.8.8"}
    )
    assert other.status_code == 201


def test_moves_count_against_the_seat_tokens_quota(redis_url, redis_client):
    from tests.service.helpers import create, get_match, post_move, tokens

    app = create_app(Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=2), redis_client)
    client = app.test_client()
    # An address of its own: 127.0.0.1's writes this minute are shared with every test on this Redis
    # (the e2e servers' clients among them), and the create below is one of only two allowed.
    client.environ_base["REMOTE_ADDR"] = f"10.52.{secrets.randbelow(250)}.{secrets.randbelow(250)}"
    created = create(client, players=2, seed=3)
    seat = get_match(client, created["id"])["to_act"][0]
    token = tokens(created)[seat]
    answers = [post_move(client, created["id"], token, {"type": "teleport"}) for _ in range(3)]
    assert [a.status_code for a in answers] == [422, 422, 429]
    assert answers[-1].get_json()["code"] == "rate_limited" and answers[-1].headers["Retry-After"]
    assert get_match(client, created["id"])["version"] == created["version"]


def test_the_openapi_document_is_rendered_once_not_at_every_request(client, app):
    """Rendering the 600 KB document took some 20 ms of a worker at every GET of /v1/openapi.json,
    which any address may send 3,600 times a minute: 1.5 of this machine's 2 cores for one client."""
    api, rendered = app.extensions["portside_api"], []
    to_dict = api.spec.to_dict
    api.spec.to_dict = lambda: rendered.append(1) or to_dict()
    answers = [client.get("/v1/openapi.json") for _ in range(3)]
    assert {answer.status_code for answer in answers} == {200}
    assert len({answer.get_data() for answer in answers}) == 1 and answers[0].is_json
    assert len(rendered) <= 1


def test_committed_openapi_document_is_current_and_valid():
    committed = (ROOT / "openapi" / "openapi.json").read_text()
    assert json.loads(committed) == json.loads(openapi_document()), (
        "openapi/openapi.json is stale: run `make openapi` and commit it"
    )
    document = json.loads(committed)
    validate(document)
    assert document["openapi"].startswith("3.1")
    schemas = document["components"]["schemas"]
    for game_id, game in registry.GAMES.items():
        union = schemas[f"{game_id.capitalize()}Move"]
        assert set(union["discriminator"]["mapping"]) == set(game.move_schema.members)


def test_served_openapi_matches_and_docs_work_offline(client):
    served = client.get("/v1/openapi.json").get_json()
    assert served == json.loads(openapi_document())
    page = client.get("/docs").get_data(as_text=True)
    assert "/docs/assets/swagger-ui-bundle.js" in page
    assert "http://" not in page and "https://" not in page, "docs must not load from a CDN"
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui-standalone-preset.js"):
        assert client.get(f"/docs/assets/{asset}").status_code == 200
    assert client.get("/docs/", follow_redirects=True).get_data(as_text=True) == page  # was 404


def test_readyz_follows_a_redis_restart_and_a_freeze_within_a_second(tmp_path):
    import os
    import signal
    import subprocess
    import time

    from tests.cluster import free_node_port, standalone_server

    port = free_node_port()

    def start() -> subprocess.Popen:
        return standalone_server(port, tmp_path, "--appendonly", "no")

    def timed_readyz(client) -> tuple[int, float]:
        started = time.monotonic()
        status = client.get("/readyz").status_code
        return status, time.monotonic() - started

    def ready_within(client, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if client.get("/readyz").status_code == 200:
                return True
            time.sleep(0.05)
        return False

    server = start()
    try:
        client = create_app(
            Config(redis_url=f"redis://127.0.0.1:{port}", log_level="WARNING", rate_limit_per_minute=0)
        ).test_client()
        assert ready_within(client, 10)
        server.terminate()
        server.wait()
        status, took = timed_readyz(client)
        assert status == 503 and took < 1
        server = start()
        assert ready_within(client, 10)
        os.kill(server.pid, signal.SIGSTOP)
        try:
            status, took = timed_readyz(client)
            assert status == 503 and took < 1
        finally:
            os.kill(server.pid, signal.SIGCONT)
        assert ready_within(client, 5)
    finally:
        server.kill()
        server.wait()


def test_gc_tuning_for_workers_and_zero_keeps_pythons_defaults():
    """What each gevent worker runs at start (service/gunicorn_conf.post_worker_init; README "Scale"),
    in a process of its own: GC_GEN0_THRESHOLD=0 leaves Python's collector as it is; a threshold
    raises the first generation's and freezes what is loaded out of every collection."""
    import subprocess
    import sys

    script = (
        "import gc, json; from service.gunicorn_conf import tune_gc; d = gc.get_threshold();"
        "tune_gc(0); off = (gc.get_threshold(), gc.get_freeze_count());"
        "tune_gc(10000); print(json.dumps([d, off, gc.get_threshold(), gc.get_freeze_count()]))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    defaults, off, tuned, frozen = json.loads(done.stdout)
    assert off == [defaults, 0]
    assert tuned == [10000, *defaults[1:]] and frozen > 0


def test_workers_default_to_one_gevent_worker_per_core_and_at_least_two():
    """What gunicorn reads from service/gunicorn_conf.py when WEB_CONCURRENCY is unset (README
    "Configuration"): gevent, one worker per core but at least two; thread workers, two per core;
    WEB_CONCURRENCY wins."""
    import os
    import subprocess
    import sys

    def workers(**env: str) -> int:
        clean = {k: v for k, v in os.environ.items() if k not in ("WEB_CONCURRENCY", "WORKER_CLASS")}
        script = "from service import gunicorn_conf as c; print(c.workers)"
        done = subprocess.run([sys.executable, "-c", script], env={**clean, **env}, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return int(done.stdout)

    cores = os.cpu_count() or 1
    assert workers() == max(2, cores)
    assert workers(WORKER_CLASS="gthread") == 2 * cores
    assert workers(WEB_CONCURRENCY="3") == 3


def test_a_second_process_on_the_same_data_dir_uses_the_running_redis(tmp_path):
    """`portside sweep` (or a second serve) beside a running service with the same PORTSIDE_DATA_DIR:
    one redis-server on the directory's files, not a second one writing into the same append-only
    file (which corrupted it)."""
    import subprocess
    import sys

    import redis

    start = "import sys, time; from service import embedded; print(embedded.start(sys.argv[1]), flush=True)"
    owner = subprocess.Popen(
        [sys.executable, "-c", start + "; time.sleep(60)", str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        url = owner.stdout.readline().strip()
        live = redis.Redis.from_url(url)
        live.set("written-by-the-owner", "1")
        pid = live.info("server")["process_id"]
        second = subprocess.run(
            [sys.executable, "-c", start, str(tmp_path)], capture_output=True, text=True, timeout=60, check=True
        )
        assert second.stdout.strip() == url
        assert live.info("server")["process_id"] == pid and live.get("written-by-the-owner") == b"1"
        assert (tmp_path / "redis.pid").read_text().strip() == str(pid)
        assert (tmp_path / "redis.url").read_text().strip() == url
    finally:
        owner.terminate()
        owner.wait(timeout=20)


def test_when_the_process_that_runs_the_embedded_redis_stops_another_one_on_its_directory_takes_over(tmp_path):
    """Two services on one data directory (or a service and `portside sweep`): the second used the
    first one's Redis, and lost it for good when the first stopped (503 until restarted by hand).
    Now the server's socket lives at one path per directory, and the process waiting on the
    directory's lock starts the server there once the lock is free: its clients reconnect as is."""
    import subprocess
    import sys
    import time

    import redis

    start = "import sys, time; from service import embedded; print(embedded.start(sys.argv[1]), flush=True)"

    def process() -> tuple[subprocess.Popen, str]:
        proc = subprocess.Popen(
            [sys.executable, "-c", start + "; time.sleep(120)", str(tmp_path)], stdout=subprocess.PIPE, text=True
        )
        return proc, proc.stdout.readline().strip()

    first, url = process()
    procs = [first]
    try:
        second, second_url = process()
        procs.append(second)
        assert second_url == url
        live = redis.Redis.from_url(url, socket_timeout=2)
        live.set("kept", "1")
        before = live.info("server")["process_id"]
        first.terminate()
        first.wait(timeout=30)
        deadline = time.monotonic() + 30
        after = before
        while after == before:  # the first one's server stops with it (a moment later), then another
            try:
                after = live.info("server")["process_id"]
            except redis.ConnectionError:
                pass
            assert time.monotonic() < deadline, "nobody took the embedded redis over"
            time.sleep(0.1)
        assert live.get("kept") == b"1"
        assert (tmp_path / "redis.pid").read_text().strip() == str(after)
        third, third_url = process()  # a restart of the first: it uses the running server
        procs.append(third)
        assert third_url == url and live.info("server")["process_id"] == after
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=30)


def test_a_take_over_waits_for_the_old_redis_to_stop(tmp_path):
    """The lock frees when its process dies, while that process's redis-server may still be shutting
    down: the waiting process started its own beside it, on the same files, and the old one's exit
    then removed the new one's socket, leaving it unreachable for good (an adversary's run, with
    enough data that the old server's exit took a while)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    import redis

    start = "import sys, time; from service import embedded; print(embedded.start(sys.argv[1]), flush=True)"
    owner = subprocess.Popen(
        [sys.executable, "-c", start + "; time.sleep(120)", str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    url = owner.stdout.readline().strip()
    live = redis.Redis.from_url(url, socket_timeout=5)
    for i in range(60):  # 60 MB: the old server's stop takes a moment
        live.set(f"filler:{i}", b"x" * 1_000_000)
    second = subprocess.Popen(
        [sys.executable, "-c", start + "; time.sleep(120)", str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert second.stdout.readline().strip() == url
        old = live.info("server")["process_id"]
        os.kill(owner.pid, signal.SIGKILL)  # no clean exit: its server stops on its supervisor's death signal
        owner.wait(timeout=10)
        deadline = time.monotonic() + 40
        answered = None
        while time.monotonic() < deadline:
            try:
                answered = live.info("server")["process_id"]
            except redis.ConnectionError:
                answered = None
            if answered not in (None, old):
                break
            time.sleep(0.1)
        assert answered not in (None, old), "nobody took the embedded redis over"
        time.sleep(2)  # well after the old server's exit
        servers = subprocess.run(["pgrep", "-f", f"redis-server unixsocket:{tmp_path}"], capture_output=True, text=True)
        assert len(servers.stdout.split()) == 1, servers.stdout
        assert live.info("server")["process_id"] == answered and live.get("filler:59") == b"x" * 1_000_000
    finally:
        for proc in (owner, second):
            if proc.poll() is None:
                proc.terminate()
                proc.wait(timeout=30)


def test_every_event_the_service_writes_is_in_the_openapi_document():
    """The join's `joined` event reached clients while the document did not list it: the generated
    Python client raised on any log with a join in it (an integrator's run)."""
    import json
    from pathlib import Path

    from service import words
    from service.api.life_schemas import SERVICE_EVENTS

    assert set(SERVICE_EVENTS) == set(words.EVENTS)
    document = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json").read_text())
    consts = {
        schema["properties"]["type"].get("const")
        for schema in document["components"]["schemas"].values()
        if isinstance(schema.get("properties", {}).get("type"), dict)
    }
    assert set(words.EVENTS) <= consts, set(words.EVENTS) - consts
