"""End-to-end fixtures: a real gunicorn (service/gunicorn_conf.py) over the tests' real Redis.

`server_url` starts one gunicorn for the whole session (its gevent
workers, 2 of them), waits for /readyz and stops it at the end;
`gunicorn(...)` starts more (a second instance, one to shut down). Each one's output
goes to a log file whose tail is shown if it fails to start.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_ready(url: str, proc: subprocess.Popen, log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"gunicorn exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url + "/readyz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    pytest.fail(f"gunicorn not ready after {seconds} s:\n{log.read_text()[-4000:]}")


@contextmanager
def gunicorn(
    redis_url: str | None, tmp: Path, port: int | None = None, **env: str
) -> Iterator[tuple[str, subprocess.Popen]]:
    """A gunicorn over `redis_url` (None: its own embedded Redis) on `port` (else a free one), ready;
    stopped (SIGINT, quick) at the end."""
    port = port or free_port()
    metrics_dir = tmp / "metrics"
    metrics_dir.mkdir()
    log = tmp / "gunicorn.log"
    env = {
        **os.environ,
        "BIND": f"127.0.0.1:{port}",
        **({"REDIS_URL": redis_url} if redis_url else {}),
        "WEB_CONCURRENCY": "2",
        "THREADS": "8",
        "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
        "LOG_LEVEL": "warning",
        # Every test client comes from 127.0.0.1: one address opening hundreds of waits on purpose.
        "MAX_WAITS_PER_CLIENT": "100000",
        "READ_LIMIT_PER_MINUTE": "100000",
        "MATCHES_PER_DAY": "100000000",
        # One session server takes every test of a pytest worker: more than 20 bot matches a minute
        # when the terminal and web tests run back to back (the default answered 429 in a CI run).
        "BOT_MATCHES_PER_MINUTE": "100000",
        # Likewise the bots' turns that readers carry on (a loaded run's Catan bots outrun a request's 2 s).
        "BOT_READ_SECONDS_PER_MINUTE": "100000",
        **env,
    }
    if redis_url is None:
        env.pop("REDIS_URL", None)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(BIN / "gunicorn"), "-c", "python:service.gunicorn_conf"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, proc, log)
        yield url, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)  # quick shutdown: a parked long-poll need not run out
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="session")
def server_url(redis_url, tmp_path_factory) -> Iterator[str]:
    """Base URL of a running gunicorn serving the app over the test Redis."""
    with gunicorn(redis_url, tmp_path_factory.mktemp("gunicorn")) as (url, _):
        yield url


@pytest.fixture
def terminals():
    """Opens terminal clients under tmux (test_play_terminal.Terminal) and closes them after the test."""
    from tests.e2e.test_play_terminal import Terminal

    opened: list[Terminal] = []
    yield lambda command, **size: opened.append(Terminal(command, **size)) or opened[-1]
    for terminal in opened:
        terminal.close()
