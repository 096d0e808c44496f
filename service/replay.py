"""A finished match's replay: the seed and the moves that stand, from which anyone can play it again."""

from __future__ import annotations

import orjson

from service import lifecycle, lobby
from service.errors import ApiError
from service.matches import Loaded
from service.store import REPLAY_SECONDS, Store


def replay(store: Store, match: Loaded, finished_ttl: int) -> bytes:
    """The replay's JSON, built from the log once and then kept (service/store.py)."""
    if not match.finished:
        raise ApiError("match_not_finished", "The replay opens when the game is over.")
    kept = store.kept_replay(match.stored.id)
    if kept is not None:
        return kept
    meta = match.stored.meta
    standing = lifecycle.standing_moves(store.log(match.stored.id, 0, count=1_000_000))
    answer = orjson.dumps(
        {
            "id": meta["id"],
            "game": meta["game"],
            "players": meta["players"],
            "options": lobby.options(meta),
            "seed": meta["seed"],
            "seed_commitment": meta["commitment"],
            "moves": [{"version": v, "seat": e["seat"], "move": e["move"]} for v, e in standing],
            "outcome": lifecycle.outcome_json(match),
        }
    )
    store.keep_replay(match.stored.id, answer, min(REPLAY_SECONDS, finished_ttl))  # not beyond the match
    return answer
