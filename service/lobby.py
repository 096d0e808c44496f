"""The lobby: matches created with `"listed": true`, newest first.

One sorted set (match id by creation time in microseconds) indexes them; a
page reads the index backwards from the cursor and loads each match to
filter it by game and status, dropping ids whose match has expired.
"""

from __future__ import annotations

import time

from service import matches, metrics
from service.errors import ApiError
from service.store import Store

LOBBY_KEY = "portside:lobby"
_BATCH = 50


def add(store: Store, meta: dict) -> None:
    metrics.round_trip("lobby")
    store.redis.zadd(LOBBY_KEY, {meta["id"]: int(time.time() * 1_000_000)})


def status_of(entry: dict) -> str:
    if entry["status"] == "finished":
        return "finished"
    return "open" if any(s["status"] == "open" for s in entry["seats"]) else "active"


def page(store: Store, game: str | None, status: str | None, limit: int, cursor: str | None) -> dict:
    """Up to `limit` listed matches older than the cursor, and the cursor of the next page (or null)."""
    top = f"({_cursor(cursor)}" if cursor else "+inf"
    found: list[dict] = []
    while len(found) < limit:
        batch = store.redis.zrevrangebyscore(LOBBY_KEY, top, "-inf", start=0, num=_BATCH, withscores=True)
        if not batch:
            return {"matches": found, "next": None}
        for raw_id, score in batch:
            top = f"({int(score)}"
            entry = _entry(store, raw_id.decode() if isinstance(raw_id, bytes) else str(raw_id))
            if entry is not None and (game is None or entry["game"] == game) and status in (None, entry["status"]):
                found.append(entry)
                if len(found) == limit:
                    return {"matches": found, "next": str(int(score))}
    return {"matches": found, "next": None}


def _cursor(cursor: str) -> int:
    if not cursor.isdigit() or len(cursor) > 20:
        raise ApiError(
            "validation_error",
            "The cursor is the `next` of a previous page.",
            errors={"cursor": ["Not the `next` of a previous page."]},
        )
    return int(cursor)


def _entry(store: Store, match_id: str) -> dict | None:
    stored = store.load(match_id)
    if stored is None:
        store.redis.zrem(LOBBY_KEY, match_id)
        return None
    meta = stored.meta
    entry = {
        "id": match_id,
        "game": meta["game"],
        "players": meta["players"],
        "status": stored.state["status"],
        "seats": matches.seats_summary(meta, stored.seat_hashes, stored.state),
        "options": meta["options"],
        "clock": meta.get("clock"),
        "undo": meta.get("undo", "never"),
        "created": meta["created"],
        "version": stored.version,
    }
    entry["status"] = status_of(entry)
    return entry
