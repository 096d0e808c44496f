"""Redis repository for matches.

Keys of one match all carry the hash tag {<id>}, so a Redis Cluster keeps
them on one node and the Lua script may touch them together:

    m:{id}            hash: v (version), meta (JSON, fixed at creation),
                      state (JSON: status + the game's dump), seat:<n> (token hash)
    m:{id}:log        stream: one entry per version, id "<version>-0"
    m:{id}:idem       hash: <seat>:<Idempotency-Key> -> the first answer; it
                      expires with the match (the commit refreshes its TTL)

A move is load -> engine -> `commit`, one Lua compare-and-set that writes
the state only if the version is unchanged, appends the log entries (which
wakes long-polling XREAD readers), stores the idempotency answer and
refreshes the expiry of every key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import orjson
import redis

_COMMIT = """
if KEYS[3] then
  local prior = redis.call('HGET', KEYS[3], ARGV[5])
  if prior then return {'idem', prior} end
end
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return {'gone', ''} end
if v ~= ARGV[1] then return {'stale', v} end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'state', ARGV[3])
local base = tonumber(ARGV[1])
for i = 7, #ARGV do
  redis.call('XADD', KEYS[2], (base + i - 6) .. '-0', 'e', ARGV[i])
end
local ttl = tonumber(ARGV[4])
redis.call('EXPIRE', KEYS[1], ttl)
redis.call('EXPIRE', KEYS[2], ttl)
if KEYS[3] then
  redis.call('HSET', KEYS[3], ARGV[5], ARGV[6])
  redis.call('EXPIRE', KEYS[3], ttl)
end
return {'ok', ARGV[2]}
"""

# Take a seat only if nobody has it; the version is untouched (a join is not a move).
_JOIN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
return redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
"""


def match_key(match_id: str) -> str:
    return f"m:{{{match_id}}}"


def log_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:log"


def idem_key(match_id: str, seat: int, key: str) -> tuple[str, str]:
    """The hash of the match's idempotency answers, and this answer's field in it."""
    return f"m:{{{match_id}}}:idem", f"{seat}:{key}"


@dataclass
class Stored:
    """A match as read from Redis."""

    id: str
    version: int
    meta: dict
    state: dict  # {"status": ..., "game": <the engine's dump>}
    seat_hashes: dict[int, str]


@dataclass
class CommitResult:
    status: str  # "ok", "stale", "idem", "gone"
    value: bytes | None = None  # the stored answer for "idem"


class Store:
    def __init__(self, client: redis.Redis, blocking: redis.Redis | None = None):
        self.redis = client
        self.blocking = blocking or client  # XREAD BLOCK needs a socket timeout above the wait
        self._commit = client.register_script(_COMMIT)
        self._join = client.register_script(_JOIN)

    def ping(self) -> bool:
        return bool(self.redis.ping())

    def create(self, match_id: str, meta: dict, state: dict, seat_hashes: dict[int, str], ttl: int) -> None:
        fields = {"v": 0, "meta": orjson.dumps(meta), "state": orjson.dumps(state)}
        fields.update({f"seat:{seat}": h for seat, h in seat_hashes.items()})
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(match_key(match_id), mapping=fields)
        pipe.expire(match_key(match_id), ttl)
        pipe.execute()

    def load(self, match_id: str, counter: tuple[str, int] | None = None) -> tuple[Stored | None, int]:
        """The match (None if gone) and, with `counter` (key, ttl), that key's count
        after one INCR, in the same round-trip."""
        if counter is None:
            raw, count = self.redis.hgetall(match_key(match_id)), 0
        else:
            pipe = self.redis.pipeline(transaction=False)
            pipe.incr(counter[0])
            pipe.expire(counter[0], counter[1])
            pipe.hgetall(match_key(match_id))
            count, _, raw = pipe.execute()
        if not raw:
            return None, count
        seats = {int(k[5:]): v.decode() for k, v in raw.items() if k.startswith(b"seat:")}
        return Stored(match_id, int(raw[b"v"]), orjson.loads(raw[b"meta"]), orjson.loads(raw[b"state"]), seats), count

    def take_seat(self, match_id: str, seat: int, token_hash: str) -> int:
        """1 when taken now, 0 when someone has it, -1 when the match is gone."""
        return int(self._join(keys=[match_key(match_id)], args=[f"seat:{seat}", token_hash]))

    def commit(
        self,
        match_id: str,
        expected: int,
        state: dict,
        entries: list[dict],
        ttl: int,
        idem: tuple[tuple[str, str], bytes] | None = None,
    ) -> CommitResult:
        keys = [match_key(match_id), log_key(match_id)]
        field, answer = "", b""
        if idem is not None:
            keys.append(idem[0][0])
            field, answer = idem[0][1], idem[1]
        args = [
            expected,
            expected + len(entries),
            orjson.dumps(state),
            ttl,
            field,
            answer,
            *(orjson.dumps(e) for e in entries),
        ]
        status, value = self._commit(keys=keys, args=args)
        return CommitResult(status.decode(), value or None)

    def get_idempotent(self, key: tuple[str, str]) -> bytes | None:
        return self.redis.hget(*key)

    def log(self, match_id: str, after: int, wait_seconds: float = 0, count: int = 1000) -> list[tuple[int, dict]]:
        """Log entries with a version above `after`; blocks up to wait_seconds for one."""
        # At least 1 ms: XREAD BLOCK 0 would mean "forever".
        block = max(1, math.ceil(wait_seconds * 1000)) if wait_seconds > 0 else None
        reply = (self.blocking if block else self.redis).xread(
            {log_key(match_id): f"{after}-0"}, count=count, block=block
        )
        if not reply:
            return []
        _, entries = reply[0]
        return [(int(entry_id.split(b"-")[0]), orjson.loads(fields[b"e"])) for entry_id, fields in entries]
