"""The lobby: matches created with `"listed": true`, newest first.

One sorted set (match id by creation time in microseconds) indexes them; a
page reads the index backwards from the cursor and loads each match (a batch
at a time, in one round-trip) to filter it by game and status, dropping ids
whose match has expired. A page looks at no more than SCAN_LIMIT listed
matches: a filter that few match (or none) must not make one request read the
whole lobby, so such a page may hold fewer than `limit` matches, or none, with
a `next` cursor to go on from.
"""

from __future__ import annotations

import functools
import time

from engine import registry
from service import matches, metrics
from service.errors import ApiError
from service.store import Store, Stored

LOBBY_KEY = "portside:lobby"
_BATCH = 50
SCAN_LIMIT = 200  # listed matches looked at per page, whatever the filter


# Each match its own score (its creation's microsecond, or the next free one): a page's cursor is a
# score, and matches sharing one were skipped when a page ended among them.
_ADD = """
local score = tonumber(ARGV[2])
while redis.call('ZCOUNT', KEYS[1], score, score) > 0 do score = score + 1 end
return redis.call('ZADD', KEYS[1], score, ARGV[1])
"""


def add(store: Store, meta: dict) -> None:
    metrics.round_trip("lobby")
    store.redis.eval(_ADD, 1, LOBBY_KEY, meta["id"], int(time.time() * 1_000_000))


def status_of(entry: dict) -> str:
    if entry["status"] == "finished":
        return "finished"
    return "open" if any(s["status"] == "open" for s in entry["seats"]) else "active"


def page(store: Store, game: str | None, status: str | None, limit: int, cursor: str | None) -> dict:
    """Up to `limit` listed matches older than the cursor, and the cursor of the next page (or null)."""
    top = f"({_cursor(cursor)}" if cursor else "+inf"
    found: list[dict] = []
    looked = 0
    while looked < SCAN_LIMIT:
        metrics.round_trip("lobby")
        batch = store.redis.zrevrangebyscore(
            LOBBY_KEY, top, "-inf", start=0, num=min(_BATCH, SCAN_LIMIT - looked), withscores=True
        )
        if not batch:
            return {"matches": found, "next": None}
        ids = [raw.decode() if isinstance(raw, bytes) else str(raw) for raw, _ in batch]
        for (_, score), entry in zip(batch, _entries(store, ids)):
            looked += 1
            top = f"({int(score)}"
            if entry is not None and (game is None or entry["game"] == game) and status in (None, entry["status"]):
                found.append(entry)
                if len(found) == limit:
                    return {"matches": found, "next": str(int(score))}
    return {"matches": found, "next": top[1:]}  # looked at enough: the next page goes on from here


def _cursor(cursor: str) -> int:
    if not (cursor.isascii() and cursor.isdigit()) or len(cursor) > 20:
        raise ApiError(
            "validation_error",
            "The cursor is the `next` of a previous page.",
            errors={"cursor": ["Not the `next` of a previous page."]},
        )
    return int(cursor)


def _entries(store: Store, ids: list[str]) -> list[dict | None]:
    """The lobby entries of these matches, loaded in one round-trip (None: expired, and unlisted)."""
    loaded = store.load_many(ids)
    gone = [match_id for match_id, stored in zip(ids, loaded) if stored is None]
    if gone:
        store.redis.zrem(LOBBY_KEY, *gone)
    return [None if stored is None else _entry(stored) for stored in loaded]


def _entry(stored: Stored) -> dict:
    match_id, meta = stored.id, stored.meta
    entry = {
        "id": match_id,
        "game": meta["game"],
        "players": meta["players"],
        "status": stored.state["status"],
        "seats": matches.seats_summary(meta, stored.seat_hashes, stored.state),
        "options": options(meta),
        "clock": meta.get("clock"),
        "undo": meta.get("undo", "never"),
        "created": meta["created"],
        "version": stored.version,
    }
    entry["status"] = status_of(entry)
    return entry


@functools.cache
def _default_options(game_id: str) -> dict:
    return registry.get(game_id).load_options({})


def options(meta: dict) -> dict:
    """A match's options, every one said (as its game's `<Game>Options` requires): a match stored before
    an option existed plays it at its default."""
    return {**_default_options(meta["game"]), **meta["options"]}
