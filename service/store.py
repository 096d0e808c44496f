"""Redis repository for matches.

Keys of one match all carry the hash tag {<id>}, so a Redis Cluster keeps
them on one node and the Lua script may touch them together:

    m:{id}            hash: v (version), c (version v's commit id: service/versions.py), meta (JSON, fixed at creation),
                      state (JSON: status + the game's dump), seat:<n> (token hash),
                      name:<compared name> (the seat field that claimed it at join: service/names.py)
    m:{id}:log        stream: one entry per version, id "<version>-0"
    m:{id}:idem       hash: <seat>:<Idempotency-Key> -> the first answer (the last
                      IDEM_ANSWERS_KEPT whole, older ones their request's digest alone)
    m:{id}:idem:order sorted set: those fields by the version that answered them
    m:{id}:claims     hash: seat claims and their secret (service/claims.py)
                      (these three expire with the match: every commit gives them its TTL)
    m:{id}:ticket:<hash>       a stream ticket (seat, or "" for a spectator), 60 s, used once
    m:{id}:waits:<token hash>  sorted set: the waits a seat holds (service/limits.py)
    m:{id}:replay     string: the finished match's /replay answer, built once (REPLAY_SECONDS)

A move is load -> engine -> `commit`, one Lua compare-and-set that writes
the state only if the version and its commit id are unchanged (a Redis that lost
its last writes reaches a version again with other moves, under another id), appends the log entries, stores
the idempotency answer, refreshes the expiry of every key and publishes the
new version and entries on the fan-out channel (service/fanout.py), which wakes the
waiters of every process.

`connect(config)` builds the client: redis-py's RedisCluster when
REDIS_CLUSTER=1, else a plain client; both with a bounded, blocking
connection pool, so the number of Redis connections of a process does not
grow with the number of requests waiting in it.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import logging
import os
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any

import orjson
import redis
from redis.cluster import ClusterNode, RedisCluster

from service import fanout, metrics, versions

log = logging.getLogger("portside")
LEASE_WRITES_SECONDS = 0.1  # a wait lease given back or renewed reaches Redis with the next pipeline, or this soon
# Lease writes kept for a Redis that does not answer; beyond this the oldest go (their leases lapse by themselves).
LEASE_WRITES_KEPT = 100_000
# Keyed answers a match keeps whole (each a whole match resource, up to some 13 KB): older ones keep only
# their request's digest (64 bytes), which answers a late copy 409 rather than applying it twice.
IDEM_ANSWERS_KEPT = 32

_COMMIT = """
local keyed = ARGV[5] ~= ''
if keyed then
  local prior = redis.call('HGET', KEYS[3], ARGV[5])
  if prior then return {'idem', prior} end
end
local at = redis.call('HMGET', KEYS[1], 'v', 'c')
if not at[1] then return {'gone', ''} end
if at[1] ~= ARGV[1] or (at[2] or '') ~= ARGV[8] then return {'stale', at[1]} end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'state', ARGV[3], 'c', ARGV[7])
local base = tonumber(ARGV[1])
for i = 9, #ARGV do
  redis.call('XADD', KEYS[2], (base + i - 8) .. '-0', 'e', ARGV[i])
end
local ttl = tonumber(ARGV[4])
for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ttl) end
if keyed then
  redis.call('HSET', KEYS[3], ARGV[5], ARGV[6])
  redis.call('ZADD', KEYS[4], ARGV[2], ARGV[5])
  local spent = redis.call('ZCARD', KEYS[4]) - IDEM_ANSWERS_KEPT
  if spent > 0 then
    local oldest = redis.call('ZPOPMIN', KEYS[4], spent)
    for i = 1, #oldest, 2 do
      local kept = redis.call('HGET', KEYS[3], oldest[i])
      if kept then redis.call('HSET', KEYS[3], oldest[i], string.sub(kept, 1, 64)) end
    end
  end
  redis.call('EXPIRE', KEYS[3], ttl)
  redis.call('EXPIRE', KEYS[4], ttl)
end
local t = redis.call('TIME')
local message = {KEYS[1] .. ' ' .. ARGV[1] .. ' ' .. ARGV[2] .. ' ' .. t[1] .. '.' .. string.format('%06d', t[2])}
local size = 0
for i = 9, #ARGV do size = size + #ARGV[i] end
if size <= PUSH_BYTES then
  for i = 9, #ARGV do message[#message + 1] = ARGV[i] end
end
redis.call('PUBLISH', 'portside:log', table.concat(message, '\\n'))
return {'ok', ARGV[2]}
""".replace("PUSH_BYTES", str(fanout.PUSH_BYTES)).replace("IDEM_ANSWERS_KEPT", str(IDEM_ANSWERS_KEPT))

# The match document with its expiry and its log's opening entries (ARGV[2] of them, from version 1),
# in one step (a cluster client has no MULTI across calls).
_CREATE = """
local opening = tonumber(ARGV[2])
for i = 1, opening do
  redis.call('XADD', KEYS[2], i .. '-0', 'e', ARGV[2 + i])
end
if opening > 0 then redis.call('EXPIRE', KEYS[2], tonumber(ARGV[1])) end
redis.call('HSET', KEYS[1], unpack(ARGV, 3 + opening))
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[1]))
"""

# A token's request on one Redis: its seat's count (with the window's expiry), the address's failed
# authentications and the match, in one command, which costs this process less than the four of a
# pipeline (bench/app_instructions.py). On a cluster the address's key is on another node: a pipeline.
# The match's fields come as one string, NUL between them: redis-py parses each element of a reply
# in Python, a split is one C call. What a load reads holds no NUL (digits, JSON, hex token hashes);
# the names' claims (name:<name>) are left out, as a load never reads them.
_LOAD_COUNTED = """
local n = redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[1])
local fields, kept = redis.call('HGETALL', KEYS[1]), {}
for i = 1, #fields, 2 do
  if string.sub(fields[i], 1, 5) ~= 'name:' then
    kept[#kept + 1] = fields[i]
    kept[#kept + 1] = fields[i + 1]
  end
end
return {n, redis.call('GET', KEYS[3]), table.concat(kept, '\\0')}
"""

# Take a seat only if nobody has it, and the name given with it (ARGV[3], service/names.py
# claim_field) only if no other join has it; the version is untouched (a join is not a move).
_JOIN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
if ARGV[3] ~= '' and redis.call('HSETNX', KEYS[1], ARGV[3], ARGV[1]) == 0 then return -2 end
return redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
"""


TICKET_SECONDS = 60
LOG_PAGE = 1000  # entries at most in one page of /events
REPLAY_SECONDS = 3600  # a replay asked for again within the hour is one GET, not a read of the whole log


def connect(url: str, cluster: bool, max_connections: int = 32, socket_timeout: float | None = None, **extra):
    """The Redis client of a process: a cluster client when `cluster`, else a plain one.
    `extra`: more client options (timeouts and retries: service/redis_clients.py). For a cluster,
    `url` may name several nodes, comma-separated: the client starts from whichever answers."""
    options = {"socket_timeout": socket_timeout, "socket_connect_timeout": 5, "health_check_interval": 30, **extra}
    # A request waits for a free connection no longer than a command may take (REDIS_TIMEOUT): with
    # Redis frozen, a queue of requests got their 503 after up to 26 s, not 1.5.
    wait = socket_timeout or 20
    if cluster:
        first, *more = cluster_urls(url)
        seeds = [ClusterNode(*host_port(other)) for other in more]
        return RedisCluster(
            url=first,
            startup_nodes=seeds,
            max_connections=max_connections,
            connection_pool_class=functools.partial(redis.BlockingConnectionPool, timeout=wait),
            **options,
        )
    pool = redis.BlockingConnectionPool.from_url(url, max_connections=max_connections, timeout=wait, **options)
    return redis.Redis(connection_pool=pool)


def cluster_urls(url: str) -> list[str]:
    """The nodes a REDIS_URL names: one URL, or several separated by commas."""
    return [part.strip() for part in url.split(",") if part.strip()]


def host_port(url: str) -> tuple[str, int]:
    """The host and port a redis:// URL names."""
    options = redis.connection.parse_url(url)
    return options.get("host") or "127.0.0.1", int(options.get("port") or 6379)


def match_key(match_id: str) -> str:
    return f"m:{{{match_id}}}"


def log_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:log"


def answers_key(match_id: str) -> str:
    """The hash of the match's idempotency answers."""
    return f"m:{{{match_id}}}:idem"


def idem_key(match_id: str, seat: int, key: str) -> tuple[str, str]:
    """The hash of the match's idempotency answers, and this answer's field in it."""
    return answers_key(match_id), f"{seat}:{key}"


def claims_key(match_id: str) -> str:
    """The match's seat claims and their secret (service/claims.py)."""
    return f"m:{{{match_id}}}:claims"


def waits_key(match_id: str, token_hash: str) -> str:
    return f"m:{{{match_id}}}:waits:{token_hash}"


def replay_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:replay"


def ticket_key(match_id: str, ticket: str) -> str:
    return f"m:{{{match_id}}}:ticket:{hashlib.sha256(ticket.encode()).hexdigest()}"


@dataclass
class Stored:
    """A match as read from Redis."""

    id: str
    version: int
    meta: dict
    state: dict  # {"status": ..., "game": <the engine's dump>}
    seat_hashes: dict[int, str]
    commit: str = ""  # the commit id of `version` ("" for a match written before commit ids)


@dataclass
class CommitResult:
    status: str  # "ok", "stale", "idem", "gone"
    value: bytes | None = None  # the stored answer for "idem"
    commit: str = ""  # the new version's commit id for "ok"


def queue_lease(pipe, key: str, member: str, seconds: float) -> None:
    """Queue taking one wait lease in a client's sorted set (service/limits.py): lapsed leases
    dropped, this one added, then counted (the pipeline's answer at -2 is how many are held)."""
    now = time.time()
    pipe.zremrangebyscore(key, "-inf", now)  # leases of waits whose worker died
    pipe.zadd(key, {member: now + seconds})
    pipe.zcard(key)
    pipe.expire(key, int(seconds))


class SlotScript:
    """A Lua script whose keys share one slot. redis-py's Script loads a script the server lacks
    with SCRIPT LOAD, which a cluster client sends to every master: with one master down, each
    process's first move failed, whichever node held its match. EVAL on the keys' node loads it
    there alone (on a single Redis it is the same)."""

    def __init__(self, client, script: str):
        self.client, self.script = client, script
        self.sha = hashlib.sha1(script.encode()).hexdigest()

    def __call__(self, keys: list, args: list):
        try:
            return self.client.evalsha(self.sha, len(keys), *keys, *args)
        except redis.exceptions.NoScriptError:
            return self.client.eval(self.script, len(keys), *keys, *args)


class Store:
    def __init__(self, client: redis.Redis):
        # Any: redis-py types replies as str | bytes whatever decode_responses says (ours are bytes),
        # and a RedisCluster client has methods a Redis one lacks (cluster_info).
        self.redis: Any = client
        self._commit = SlotScript(client, _COMMIT)
        self._join = SlotScript(client, _JOIN)
        self._create = SlotScript(client, _CREATE)
        self._load_counted = SlotScript(client, _LOAD_COUNTED)
        self.fanout = fanout.for_client(client, self.read_log)
        self._lease_writes: list[tuple[str, str, float | None]] = []  # (key, member, renew seconds or None)
        self._lease_writes_lock = threading.Lock()
        self._flusher_pid = 0
        self._lease_writes_failing = False

    @property
    def cluster(self) -> bool:
        return isinstance(self.redis, RedisCluster)

    def ping(self) -> bool:
        return bool(self.redis.ping())

    def readiness(self, cluster_info: dict | None = None) -> dict:
        """What /readyz reports; raises a redis error when Redis does not answer. `cluster_info`:
        CLUSTER INFO as a probe with a short fuse got it (service/redis_clients.py), else asked here."""
        if not self.cluster:
            self.ping()
            return {"status": "ready"}
        info = cluster_info if cluster_info is not None else self.redis.cluster_info()
        state = info.get("cluster_state", "fail")
        return {
            "status": "ready" if state == "ok" else "unready",
            "redis": "cluster",
            "cluster_state": state,
            "masters": int(info.get("cluster_size", 0)),
            "slots_ok": int(info.get("cluster_slots_ok", 0)),
        }

    def create(
        self, match_id: str, meta: dict, state: dict, seat_hashes: dict[int, str], ttl: int, opening: list[dict]
    ) -> None:
        """A new match at version len(opening): its log opens with these entries (the game's set-up)."""
        commit = versions.new_commit()
        opening = [{**e, "c": commit} for e in opening]
        fields: dict[str, Any] = {
            "v": len(opening),
            "c": commit,
            "meta": orjson.dumps(meta),
            "state": orjson.dumps(state),
        }
        fields.update({f"seat:{seat}": h for seat, h in seat_hashes.items()})
        args = [ttl, len(opening), *(orjson.dumps(e) for e in opening), *(x for pair in fields.items() for x in pair)]
        metrics.round_trip("create")
        self._create(keys=[match_key(match_id), log_key(match_id)], args=args)

    def load(self, match_id: str) -> Stored | None:
        """The match, None if gone: one round-trip."""
        metrics.round_trip("load")
        return self._stored(match_id, self.redis.hgetall(match_key(match_id)))

    def load_many(self, match_ids: list[str]) -> list[Stored | None]:
        """Several matches (None for each one gone), in one pipelined round-trip."""
        pipe = self.redis.pipeline(transaction=False)
        for match_id in match_ids:
            pipe.hgetall(match_key(match_id))
        metrics.round_trip("load")
        return [self._stored(match_id, raw) for match_id, raw in zip(match_ids, pipe.execute())]

    def load_counted(
        self, match_id: str, counter: str, ttl: int, other: str, lease: tuple[str, str, float] | None = None
    ) -> tuple[Stored | None, int, int, int | None]:
        """The match, `counter`'s count after one INCR (with its expiry), the integer at `other`
        (0 if none) and, given `lease` (key, member, seconds), how many wait leases its key holds
        once that one is taken (else None): one round-trip (service/ratelimit.py)."""
        if lease is None and not self.cluster and not self._lease_writes:
            metrics.round_trip("load")
            count, found, packed = self._load_counted(keys=[match_key(match_id), counter, other], args=[ttl])
            flat = packed.split(b"\0") if packed else []
            return self._stored(match_id, dict(zip(flat[::2], flat[1::2]))), int(count), int(found or 0), None
        pipe = self.pipeline()
        pipe.incr(counter)
        pipe.expire(counter, ttl)
        pipe.get(other)
        pipe.hgetall(match_key(match_id))
        if lease is not None:
            queue_lease(pipe, *lease)
        metrics.round_trip("load")
        count, _, found, raw, *leased = self.execute(pipe)
        return self._stored(match_id, raw), int(count), int(found or 0), leased[-2] if leased else None

    # --- wait leases given back or renewed (service/limits.py) ---------------------------

    def release_later(self, key: str, member: str) -> None:
        """Give back a wait lease without a round-trip of its own: the ZREM goes first in this
        process's next pipeline (a long-poll's renewal on the same connection carries its last
        lease's release), or is sent within LEASE_WRITES_SECONDS."""
        self._later((key, member, None))

    def renew_later(self, key: str, member: str, seconds: float) -> None:
        """Push a held lease's lapse `seconds` on (and its set's expiry), the same way."""
        self._later((key, member, seconds))

    def _later(self, write: tuple[str, str, float | None]) -> None:
        with self._lease_writes_lock:
            self._lease_writes.append(write)
            if self._flusher_pid != os.getpid():  # one flusher per process, started after any fork
                self._flusher_pid = os.getpid()
                threading.Thread(target=self._flush_forever, name="portside-leases", daemon=True).start()
                atexit.register(self._flush)  # a worker that stops gives back what it still holds

    def pipeline(self):
        """A pipeline that first sends the lease writes waiting to go; run it with `execute`."""
        pipe = self.redis.pipeline(transaction=False)
        with self._lease_writes_lock:
            writes, self._lease_writes = self._lease_writes, []
        for key, member, seconds in writes:
            if seconds is None:
                pipe.zrem(key, member)
            else:
                pipe.zadd(key, {member: time.time() + seconds}, xx=True)
                pipe.expire(key, int(seconds))
        pipe.carried = sum(1 if seconds is None else 2 for _, _, seconds in writes)  # commands queued above
        pipe.lease_writes = writes
        return pipe

    def execute(self, pipe) -> list:
        """The pipeline's answers, without those of the lease writes it carried. If Redis does not
        answer, those writes wait for the next pipeline again (each is idempotent: a release removes,
        a renewal sets the lapse), so a wait given back during an outage is not held until it lapses."""
        try:
            return pipe.execute()[pipe.carried :]
        except (redis.ConnectionError, redis.TimeoutError):
            if pipe.lease_writes:
                with self._lease_writes_lock:
                    self._lease_writes[:0] = pipe.lease_writes
                    del self._lease_writes[:-LEASE_WRITES_KEPT]
            raise

    def _flush_forever(self) -> None:
        while True:
            time.sleep(LEASE_WRITES_SECONDS)
            self._flush()

    def _flush(self) -> None:
        if not self._lease_writes:
            return
        try:
            metrics.round_trip("leases")
            self.execute(self.pipeline())
        except Exception as err:  # noqa: BLE001 - Redis away: tried again with the next pipeline
            if not self._lease_writes_failing:  # once an outage, not every LEASE_WRITES_SECONDS
                log.warning("could not write wait leases (%s); trying again until Redis answers", err)
            self._lease_writes_failing = True
            return
        if self._lease_writes_failing:
            log.warning("wait leases written again")
            self._lease_writes_failing = False

    @staticmethod
    def _stored(match_id: str, raw: dict) -> Stored | None:
        if not raw:
            return None
        seats = {int(k[5:]): v.decode() for k, v in raw.items() if k.startswith(b"seat:")}
        meta, state, commit = orjson.loads(raw[b"meta"]), orjson.loads(raw[b"state"]), raw.get(b"c", b"").decode()
        return Stored(match_id, int(raw[b"v"]), meta, state, seats, commit)

    def take_seat(self, match_id: str, seat: int, token_hash: str, name_field: str = "") -> int:
        """1 when taken now, 0 when someone has it, -1 when the match is gone, -2 when another
        join holds the name (`name_field`: service/names.py)."""
        metrics.round_trip("join")
        return int(self._join(keys=[match_key(match_id)], args=[f"seat:{seat}", token_hash, name_field]))

    def commit(
        self,
        match_id: str,
        expected: int,
        state: dict,
        entries: list[dict],
        ttl: int,
        idem: tuple[tuple[str, str], bytes] | None = None,
        commit: str = "",
        new: str = "",
    ) -> CommitResult:
        """Write the match at `expected` (whose commit id is `commit`) with these entries, each marked
        with the new version's commit id (`new`, else one drawn here)."""
        if state.get("status") == "finished" and entries:
            entries[-1] = {**entries[-1], "end": True}  # a stream closes after this entry
        # Every key that lives as long as the match gets its new expiry: a match ended without a keyed
        # request (its log's bound, a timeout, a bot's last move) left its kept answers and its claims
        # for days after it had gone.
        answers = answers_key(match_id)
        keys = [match_key(match_id), log_key(match_id), answers, answers + ":order", claims_key(match_id)]
        field, answer, new = "", b"", new or versions.new_commit()
        if idem is not None:
            field, answer = idem[0][1], idem[1]
        args: list[Any] = [
            expected,
            expected + len(entries),
            orjson.dumps(state),
            ttl,
            field,
            answer,
            new,
            commit,
            *(orjson.dumps({**e, "c": new}) for e in entries),
        ]
        metrics.round_trip("commit")
        status, value = self._commit(keys=keys, args=args)
        return CommitResult(status.decode(), value or None, new)

    def get_idempotent(self, key: tuple[str, str]) -> bytes | None:
        metrics.round_trip("idempotency")
        return self.redis.hget(*key)

    def log(
        self, match_id: str, after: int, wait_seconds: float = 0, count: int = LOG_PAGE, commit: str = ""
    ) -> list[tuple[int, dict]]:
        """Log entries with a version above `after`; waits up to wait_seconds for one (through the
        process's fan-out: no Redis connection is held while waiting). Given the `commit` id the client
        holds for `after`, raises fanout.LogRewritten when the log's entry there is another."""
        if wait_seconds <= 0:
            if not commit or after <= 0:
                return self.read_log(match_id, after, 0, count)
            found = self.read_log(match_id, after - 1, 0, count + 1)  # the entry at `after` too, same round-trip
            return fanout.entries_past(found, after, {"c": commit})
        with self.fanout.waiter(match_id, fanout.client_socket()) as waiter:
            return waiter.wait_after(after, wait_seconds, commit)[:count]

    def read_log(self, match_id: str, after: int, upto: int = 0, count: int = LOG_PAGE) -> list[tuple[int, dict]]:
        """Log entries with a version above `after` (and up to `upto` when given), one round-trip."""
        metrics.round_trip("log")
        end = f"{upto}-0" if upto else "+"
        found = self.redis.xrange(log_key(match_id), f"({after}-0", end, count=count)
        metrics.LOG_ENTRIES_READ.inc(len(found))
        return [(int(entry_id.split(b"-")[0]), orjson.loads(fields[b"e"])) for entry_id, fields in found]

    def seconds_left(self, match_id: str) -> float | None:
        """How long the match has before it expires (inf if never); None if it is gone."""
        metrics.round_trip("load")
        left = self.redis.pttl(match_key(match_id))
        return None if left == -2 else float("inf") if left == -1 else left / 1000

    def kept_replay(self, match_id: str) -> bytes | None:
        metrics.round_trip("replay")
        return self.redis.get(replay_key(match_id))

    def keep_replay(self, match_id: str, answer: bytes, seconds: int) -> None:
        """A finished match's replay never changes: kept, so that reading a long log is paid once."""
        metrics.round_trip("replay")
        self.redis.set(replay_key(match_id), answer, ex=max(1, seconds))

    def new_ticket(self, match_id: str, seat: int | None) -> str:
        """A single-use ticket to open this match's stream as `seat` (None: a spectator)."""
        ticket = "pstt_" + secrets.token_urlsafe(24)
        metrics.round_trip("ticket")
        self.redis.set(ticket_key(match_id, ticket), "" if seat is None else str(seat), ex=TICKET_SECONDS)
        return ticket

    def use_ticket(self, match_id: str, ticket: str) -> tuple[bool, int | None]:
        """(valid, seat): a ticket opens one stream of its match, once, within its minute."""
        metrics.round_trip("ticket")
        raw = self.redis.getdel(ticket_key(match_id, ticket))
        if raw is None:
            return False, None
        return True, int(raw) if raw else None
