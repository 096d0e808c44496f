"""The README's configuration table, tried: one gunicorn started with small values for the
variables an operator sets, and each one's effect checked over HTTP and in Redis."""

from __future__ import annotations

import http.client
import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import gunicorn

ROOT = Path(__file__).resolve().parents[2]
ORIGIN = "https://app.example"

pytestmark = pytest.mark.e2e

SETTINGS = {
    "MATCH_TTL": "500",
    "FINISHED_MATCH_TTL": "97",
    "METRICS_TOKEN": "metrics-secret",
    "CORS_ORIGINS": ORIGIN,
    "MAX_BODY_BYTES": "1000",
    "MAX_WAIT_SECONDS": "1",
    "STREAM_HEARTBEAT_SECONDS": "1",
    "LOG_LEVEL": "INFO",
}


@pytest.fixture(scope="module")
def configured(redis_url, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("configured")
    with gunicorn(redis_url, tmp, **SETTINGS, CONTROL_SOCKET=str(tmp / "control.sock")) as (url, _):
        yield url, tmp


def call(url: str, method: str = "GET", body: bytes | None = None, headers: dict | None = None):
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read()


def create(url: str) -> dict:
    body = json.dumps({"game": "medici", "players": 2}).encode()
    status, _, answer = call(f"{url}/v1/matches", "POST", body, {"Content-Type": "application/json"})
    assert status == 201, answer
    return json.loads(answer)


def test_every_variable_of_the_readme_table_is_read_by_the_service():
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("## Configuration") : readme.index("### Production")]
    names = set(re.findall(r"`([A-Z][A-Z_]+)`", table))
    code = "".join(p.read_text() for p in (ROOT / "service").rglob("*.py"))
    assert len(names) > 25 and not {n for n in names if f'"{n}"' not in code}


# Each variable of the README table that service.config.Config reads, and the field it sets.
CONFIG_FIELDS = {
    "REDIS_URL": "redis_url",
    "REDIS_CLUSTER": "redis_cluster",
    "REDIS_POOL": "redis_pool",
    "STREAM_HEARTBEAT_SECONDS": "heartbeat_seconds",
    "PORTSIDE_DATA_DIR": "data_dir",
    "MATCH_TTL": "idle_ttl",
    "FINISHED_MATCH_TTL": "finished_ttl",
    "MAX_WAIT_SECONDS": "max_wait_seconds",
    "MAX_BODY_BYTES": "max_body_bytes",
    "BODY_TIMEOUT_SECONDS": "body_timeout_seconds",
    "RATE_LIMIT_PER_MINUTE": "rate_limit_per_minute",
    "READ_LIMIT_PER_MINUTE": "read_limit_per_minute",
    "AUTH_FAILURES_PER_MINUTE": "auth_failures_per_minute",
    "MAX_WAITS_PER_CLIENT": "max_waits_per_client",
    "BOT_MATCHES_PER_MINUTE": "bot_matches_per_minute",
    "MATCHES_PER_DAY": "matches_per_day",
    "MATCH_LOG_ENTRIES": "match_log_entries",
    "BOT_READ_SECONDS_PER_MINUTE": "bot_read_seconds_per_minute",
    "TRUSTED_PROXIES": "trusted_proxies",
    "REDIS_TIMEOUT": "redis_timeout",
    "CORS_ORIGINS": "cors_origins",
    "METRICS_TOKEN": "metrics_token",
    "BOT_BUDGET_SECONDS": "bot_budget_seconds",
    "SWEEP_SECONDS": "sweep_seconds",
    "LOG_LEVEL": "log_level",
}


def readme_defaults() -> dict[str, str]:
    """The README configuration table: variable -> its default column, as written."""
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("## Configuration") : readme.index("### Production")]
    return dict(re.findall(r"^\| `([A-Z_]+)` \| ([^|]+?) \|", table, re.M))


def as_documented(cell: str) -> object:
    """A default cell as a value: its leading number, a `word`, or None for unset/none."""
    if cell.startswith(("unset", "none")):
        return None
    number = re.match(r"[0-9.]+", cell)
    return float(number.group()) if number else cell.strip("`")


def test_the_readme_tables_defaults_are_what_the_service_runs_with(monkeypatch):
    """An operator reads the default column to decide what to set: each must be the value the service
    takes when the variable is unset, and setting the variable must change that value."""
    from service.config import Config

    defaults = readme_defaults()
    assert set(CONFIG_FIELDS) <= set(defaults), set(CONFIG_FIELDS) - set(defaults)
    for name in CONFIG_FIELDS:
        monkeypatch.delenv(name, raising=False)
    unset = Config()
    for name, field in CONFIG_FIELDS.items():
        documented, actual = as_documented(defaults[name]), getattr(unset, field)
        if documented is None:
            assert not actual, (name, actual)
        elif isinstance(documented, float):
            assert float(actual) == documented, (name, actual, defaults[name])
        else:
            assert actual == documented, (name, actual, defaults[name])
    for name in CONFIG_FIELDS:
        monkeypatch.setenv(name, {"REDIS_CLUSTER": "1", "LOG_LEVEL": "DEBUG"}.get(name, "7"))
    chosen = Config()
    assert all(getattr(chosen, field) != getattr(unset, field) for field in CONFIG_FIELDS.values())


def test_the_readme_tables_gunicorn_defaults_are_what_gunicorn_is_given(tmp_path):
    """The gunicorn row (and CONTROL_SOCKET's), read from service/gunicorn_conf.py as gunicorn does,
    in a process whose environment sets none of them."""
    import os
    import subprocess
    import sys

    readme = (ROOT / "README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| `HOST`, `PORT`"))
    bind, *_, worker_class, connections, timeout, graceful, keepalive = [
        c.strip(" `") for c in row.split("|")[2].split(",")
    ]
    names = ("HOST", "PORT", "BIND", "WEB_CONCURRENCY", "WORKER_CLASS", "WORKER_CONNECTIONS", "TIMEOUT")
    names += ("GRACEFUL_TIMEOUT", "KEEPALIVE", "CONTROL_SOCKET")
    env = {k: v for k, v in os.environ.items() if k not in names}
    script = (
        "import json; from service import gunicorn_conf as c; print(json.dumps([c.bind, c.worker_class, "
        "c.worker_connections, c.timeout, c.graceful_timeout, c.keepalive, c.control_socket_disable]))"
    )
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    read = json.loads(done.stdout)
    assert read == [bind, worker_class, int(connections), int(timeout), int(graceful), int(keepalive), True], row
    assert readme_defaults()["CONTROL_SOCKET"].startswith("unset: no control socket")


def test_match_ttls_follow_match_ttl_and_finished_match_ttl(configured, redis_client):
    url, _ = configured
    created = create(url)
    key = f"m:{{{created['id']}}}"
    assert 400 < redis_client.ttl(key) <= 500
    token = created["seats"][0]["token"]
    status, _, answer = call(
        f"{url}/v1/matches/{created['id']}/resign", "POST", b"", {"Authorization": f"Bearer {token}"}
    )
    assert status == 200, answer
    assert 0 < redis_client.ttl(key) <= 97 and 0 < redis_client.ttl(key + ":log") <= 97
    assert call(f"{url}/v1/matches/{created['id']}/replay")[0] == 200
    assert 0 < redis_client.ttl(key + ":replay") <= 97  # the kept replay does not outlive its match


def test_metrics_want_the_metrics_token(configured):
    url, _ = configured
    assert call(f"{url}/metrics")[0] == 401
    assert call(f"{url}/metrics", headers={"Authorization": "Bearer wrong"})[0] == 401
    status, _, text = call(f"{url}/metrics", headers={"Authorization": "Bearer metrics-secret"})
    assert status == 200 and b"portside_" in text


def test_cors_answers_the_listed_origin_only(configured):
    url, _ = configured
    _, headers, _ = call(f"{url}/v1/games", headers={"Origin": ORIGIN})
    assert headers.get("Access-Control-Allow-Origin") == ORIGIN
    _, headers, _ = call(f"{url}/v1/games", headers={"Origin": "https://elsewhere.example"})
    assert "Access-Control-Allow-Origin" not in headers


def test_options_is_204_with_allow_and_a_preflight_keeps_its_answer(configured):
    url, _ = configured
    status, headers, body = call(f"{url}/v1/matches", "OPTIONS")
    assert (status, body) == (204, b"") and "POST" in headers["Allow"] and "Content-Type" not in headers
    asked = {
        "Origin": ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Authorization",
    }
    status, headers, _ = call(f"{url}/v1/matches", "OPTIONS", headers=asked)
    assert status == 200 and headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "POST" in headers["Access-Control-Allow-Methods"]


def test_a_body_over_max_body_bytes_is_refused(configured):
    url, _ = configured
    padded = json.dumps({"game": "medici", "players": 2, "names": {"0": "x" * 1000}}).encode()
    status, _, answer = call(f"{url}/v1/matches", "POST", padded, {"Content-Type": "application/json"})
    assert status == 413, answer


def test_a_long_poll_is_cut_to_max_wait_seconds(configured):
    url, _ = configured
    created = create(url)
    start = time.monotonic()
    status, _, answer = call(f"{url}/v1/matches/{created['id']}/events?after=0&wait=20")
    assert status == 200 and time.monotonic() - start < 5, answer


def test_a_stream_sends_its_heartbeat_every_stream_heartbeat_seconds(configured):
    url, _ = configured
    created = create(url)
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.request("GET", f"/v1/matches/{created['id']}/stream?after=1000")
    response = conn.getresponse()
    assert response.status == 200
    start, seen = time.monotonic(), b""
    while seen.count(b": keep-alive") < 2:
        seen += response.read1(1024)
    assert time.monotonic() - start < 4, seen  # two heartbeats, 0.75-1 s apart
    conn.close()


def test_log_level_info_writes_one_json_line_per_request_with_its_id_but_for_healthz_and_metrics(configured):
    url, tmp = configured
    kept, replaced = "claims-log.1", "not an id!"
    call(f"{url}/v1/games", headers={"X-Request-ID": kept})
    _, headers, _ = call(f"{url}/v1/games/medici", headers={"X-Request-ID": replaced})
    given = headers["X-Request-ID"]
    call(f"{url}/healthz")
    call(f"{url}/metrics", headers={"Authorization": "Bearer metrics-secret"})
    lines = [json.loads(line) for line in (tmp / "gunicorn.log").read_text().splitlines() if line.strip()]
    requests = [line for line in lines if "path" in line]
    assert [line["path"] for line in requests if line.get("request_id") == kept] == ["/v1/games"]
    assert given != replaced and [line["path"] for line in requests if line.get("request_id") == given] == [
        "/v1/games/medici"
    ]
    assert not [line for line in requests if line["path"] in ("/healthz", "/metrics")]


def test_control_socket_is_where_it_is_asked_for(configured):
    _, tmp = configured
    assert (tmp / "control.sock").exists()


def gunicorn_until_it_stops(env: dict):
    """gunicorn as the Procfile starts it, with `env`, on a free port: what it said once it stopped
    (a setting it refuses), or TimeoutExpired after 20 s."""
    import subprocess
    import sys

    return subprocess.run(
        [str(Path(sys.executable).parent / "gunicorn"), "-c", "python:service.gunicorn_conf"],
        env={**env, "BIND": "127.0.0.1:0"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("RATE_LIMIT_PER_MINUTE", "abc"),
        ("MATCH_TTL", "7d"),
        ("REDIS_TIMEOUT", "soon"),
        ("MATCH_TTL", "0"),  # served, and Redis dropped every match as it was created (201, then 404)
        ("REDIS_TIMEOUT", "0"),  # served, and every request that read Redis was 503
        ("LOG_LEVEL", "verbose"),  # each worker failed to boot, and the master gave up on "Worker failed to boot"
        ("TIMEOUT", "1m"),  # "Error: invalid literal for int() with base 10: '1m'", naming no setting
    ],
)
def test_a_setting_that_is_not_a_number_stops_the_server_once_with_its_name(redis_url, tmp_path, name, value):
    """A worker booted, failed on the setting and was booted again, 45 times in 8 s, the port bound
    and every connection failing; the master now checks the settings before any worker starts. A
    number out of its range (a TTL or a timeout of 0) stops it as one that is not a number does."""
    import os

    started = time.monotonic()
    env = {**os.environ, "REDIS_URL": redis_url, "PORTSIDE_DATA_DIR": str(tmp_path), name: value}
    ended = gunicorn_until_it_stops(env)
    assert ended.returncode != 0 and time.monotonic() - started < 15
    said = ended.stdout + ended.stderr
    assert f"{name} must be" in said and repr(value) in said, said
    assert said.count("Booting worker") == 0, said


def test_portside_serve_names_a_web_concurrency_that_is_not_a_number(tmp_path):
    """gunicorn reads WEB_CONCURRENCY as it is imported: `portside serve` printed its traceback."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "WEB_CONCURRENCY": "abc", "PORTSIDE_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    ended = subprocess.run(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert ended.returncode != 0 and "Traceback" not in ended.stderr, ended.stderr
    assert "WEB_CONCURRENCY must be a whole number" in ended.stderr and "'abc'" in ended.stderr


def test_an_embedded_redis_maxmemory_that_redis_refuses_stops_the_start_with_its_name(tmp_path):
    """redis-server refused `maxmemory "lots"` and the supervisor started it again, about seven
    times a second, for as long as the service was left running: never ready, never stopped."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    ended = gunicorn_until_it_stops({**env, "REDIS_MAXMEMORY": "lots", "PORTSIDE_DATA_DIR": str(tmp_path)})
    said = ended.stdout + ended.stderr
    assert ended.returncode != 0 and "REDIS_MAXMEMORY must be" in said and "'lots'" in said, said
    assert "Booting worker" not in said
