"""A rematch: after the end, a new match of the same game with the start seat rotated, created
once however many former seat holders ask at once, each claiming its new seat with its old token."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from service import claims, limits, matches
from service.errors import ApiError
from service.lifecycle import ended, life_of, names, service_event
from service.store import match_key

if TYPE_CHECKING:
    from service.config import Config
    from service.matches import Loaded
    from service.store import Store


def rematch(store: Store, cfg: Config, match: Loaded, seat: int, old_token: str) -> dict:
    """The rematch's id and, for the caller (a former seat holder, one that resigned too, holding
    `old_token`), its new seat and token. The first caller creates it (once, however many race);
    former seat s plays s - 1."""
    if not match.finished:
        raise ApiError("match_not_finished", "A rematch opens when the game is over.")
    if (ended(match.stored.state) or {}).get("reason") == "abort":
        raise ApiError("rematch_refused", "An aborted match was never played: create a new match.")
    new_id = _rematch_id(store, cfg, match)
    players = match.stored.meta["players"]
    new_seat = (seat - 1) % players
    new = matches.load(store, new_id)
    if new.stored.meta.get("reserved", {}).get(str(new_seat)) != seat:
        raise ApiError("rematch_refused", "There is no seat for this token in the rematch.")
    claim = claims.rematch_claim(old_token)  # the same old token again: a lost answer
    claimed = claims.take(store, new_id, new_seat, claim)  # the claim made before: its seat and token again
    if claimed is None:
        raise ApiError("seat_taken", "Seat {seat} of the rematch is already claimed.", values={"seat": new_seat})
    if claimed.fresh:
        matches.record_join(store, cfg, new_id, new_seat, None)
    return {"id": new_id, "seat": claimed.seat, "token": claimed.token}


def _rematch_id(store: Store, cfg: Config, match: Loaded) -> str:
    key = match_key(match.stored.id) + ":rematch"
    if store.redis.set(key, "", nx=True, ex=30):  # a creator that dies frees the key soon
        try:
            limits.charge_creation()  # as a create would be
            if match.stored.meta["bots"]:
                limits.charge_bot_match()
            new_id = _create_rematch(store, cfg, match)
        except BaseException:
            store.redis.delete(key)  # not created: the next caller may try
            raise
        store.redis.set(key, new_id, ex=cfg.finished_ttl)
        return new_id
    for _ in range(100):  # another request is creating it
        found = store.redis.get(key)
        if found:
            return _text(found)
        time.sleep(0.05)
    raise ApiError("conflict", "The rematch is being created; try again.")


def _create_rematch(store: Store, cfg: Config, match: Loaded) -> str:
    meta = match.stored.meta
    players = meta["players"]

    def moved(seat: int | str) -> int:
        return (int(seat) - 1) % players

    life = {
        "names": {moved(s): n for s, n in names(meta, match.stored.state).items()},
        "listed": meta.get("listed"),
        "clock": meta.get("clock"),
        "undo": meta.get("undo", "never"),
        "reserved": {str(moved(s)): s for s in match.stored.seat_hashes},
    }
    bots = {moved(s): name for s, name in meta["bots"].items()}
    created = matches.create(store, cfg, match.game, players, meta["options"], None, "none", bots, life)
    for _ in range(cfg.move_retries):
        life_of(match.stored.state)["rematch"] = created["id"]
        entry = {"seat": None, "kind": "rematch", "match": created["id"]}
        entry["events"] = [service_event(match, "rematch", match=created["id"])]
        if matches.commit_entries(store, cfg, match, [entry]):
            break
        match = matches.load(store, match.stored.id)
    return created["id"]


def _text(raw: Any) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)
