"""A match's log has a bound, MATCH_LOG_ENTRIES (docs/security.md item 54). Every move, undo, trade
offer and withdrawal adds an entry that Redis keeps as long as the match, and every `/events?after=0`,
replay and stream resume reads them all: a seat moving and undoing in a loop grew one match's log by
some 320 KB a minute, for ever. Real play stays far below the bound (bench/log_lengths.py).

The write that would take the log to the bound is not applied: the match ends where it stood, unfinished
and without scores (`ended.reason` too_long), with a last entry that says why, so the table is never
left stuck and nothing can lengthen the log again. Whoever wrote is answered 409 `match_too_long`; a
read that carried bots there sees the match ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import registry
from service import lifecycle
from service.errors import ApiError
from service.store import CommitResult

if TYPE_CHECKING:
    from service.config import Config
    from service.matches import Loaded
    from service.store import Store

REASON = "too_long"


def reached(cfg: Config, match: Loaded, entries: list[dict]) -> bool:
    """Whether these entries would leave the match's log no room for the entry that ends it. A finished
    match only ever takes its rematch's entry, one."""
    bound = cfg.match_log_entries
    return bool(bound) and not match.finished and match.stored.version + len(entries) >= bound


def ending(store: Store, cfg: Config, match: Loaded, entries: list[dict]) -> tuple[Loaded, list[dict]] | CommitResult:
    """The match as its writer loaded it, without these entries (the engine state in hand has them
    applied: the document is read again), ended, and the one entry that says so, for the commit to
    write as any other ending; or why not (another writer came first: "stale", tried again by the
    caller; "gone")."""
    found = store.load(match.stored.id)
    if found is None:
        return CommitResult("gone")
    if found.version != match.stored.version:
        return CommitResult("stale", str(found.version).encode())
    seat = entries[0]["seat"] if entries else None
    match.stored, match.state = found, registry.get(found.meta["game"]).load(found.state["game"])
    lifecycle.life_of(found.state)["ended"] = {"reason": REASON, "seat": seat, "outcome": None}
    said = lifecycle.service_event(match, "match_too_long", entries=cfg.match_log_entries)
    return match, [{"seat": seat, "kind": REASON, "events": [said]}]


def refusal(cfg: Config) -> ApiError:
    """What the writer whose request reached the bound is told."""
    return ApiError(
        "match_too_long",
        "This match reached {entries} log entries, the most a match may hold: it has ended, without scores.",
        values={"entries": cfg.match_log_entries},
    )
