"""A match's life beyond its moves: names, clocks, leaving (resign, timeout, forfeit), abort and
undo (a rematch: service/rematch.py). Nothing here names a game: what a game must say (can a seat
forfeit, may a move be taken back) it says through the engine contract.

What changes with the match lives in the state document beside the game's dump, so it is written by
the same compare-and-set as a move (a timeout applies once, however many instances race to apply it):

    doc["life"] = {"names": {seat: name} (given at join),
                   "bots": {seat: "random"} (seats that left),
                   "deadlines": {seat: unix time} (with a clock),
                   "ended": {"reason", "seat", "outcome"} (resign, forfeit, abort),
                   "rematch": match id,
                   "undo_stack": [{"version", "seat", "game", "undoable"}] (see _undo_stack)}

Clocks are also indexed in one sorted set (match id by its next deadline) so the sweeper finds due
matches without scanning; the set is only a hint, the document decides.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from engine.bots import RandomBot
from engine.core import Game, IllegalMove, Outcome, default_value, fill
from service import idempotency, metrics, words
from service.errors import ApiError
from service.names import check_unique, clean_name, houses_of_others
from service.store import idem_key

if TYPE_CHECKING:
    from service.config import Config
    from service.matches import Loaded
    from service.store import Store

log = logging.getLogger("portside")
CLOCKS_KEY = "portside:clocks"
# --- names -------------------------------------------------------------------


def creation_life(body: dict, reserved: tuple[str, ...] = ()) -> dict:
    """The life fields of a create request, checked: names by seat (none of the game's `reserved`
    seat names), listed, clock, undo."""
    given: dict[int, str] = {}
    for seat, raw in body.get("names", {}).items():
        if int(seat) >= body["players"]:
            errors = {"names": {seat: ["No such seat."]}}
            raise ApiError("validation_error", "Names are for the match's seats.", errors=errors)
        given[int(seat)] = clean_name(raw, f"names.{seat}")
        others = [n for s, n in given.items() if s != int(seat)]
        check_unique(given[int(seat)], [*others, *houses_of_others(reserved, int(seat))], f"names.{seat}")
    return {
        "names": given,
        "listed": body.get("listed", False),
        "clock": body.get("clock"),
        "undo": body.get("undo", "never"),
    }


def names(meta: dict, doc: dict) -> dict[int, str]:
    given = {**meta.get("names", {}), **life_of(doc).get("names", {})}
    return {int(s): n for s, n in given.items()}


def text_names(match: Loaded) -> dict[int, str]:
    """What texts call each seat: its given name, else the game's name for it (words.display_names)."""
    return words.display_names(match.game, names(match.stored.meta, match.stored.state))


def life_of(doc: dict) -> dict:
    return doc.setdefault("life", {})


def bot_seats(meta: dict, doc: dict) -> dict[int, str]:
    """Every seat a server bot plays: bots from the start and seats that left."""
    merged = {**meta["bots"], **life_of(doc).get("bots", {})}
    return {int(s): name for s, name in merged.items()}


def left(doc: dict, seat: int) -> bool:
    """The seat left the table (resigned, or timed out) and a server bot plays it now."""
    return str(seat) in life_of(doc).get("bots", {})


def ended(doc: dict) -> dict | None:
    return life_of(doc).get("ended")


def outcome_json(match: Loaded, with_names: bool = True) -> dict | None:
    """The outcome, from the rules or from how the match ended (forfeit, resign)."""
    end = ended(match.stored.state)
    if end is not None:
        result = end.get("outcome")
    else:
        found = match.game.outcome(match.state)
        result = found.to_json() if found else None
    if result is not None and with_names:
        seat_names = names(match.stored.meta, match.stored.state)
        result = {**result, "names": [seat_names.get(s) for s in range(match.stored.meta["players"])]}
    return result


def to_act(match: Loaded) -> set[int]:
    return set() if ended(match.stored.state) else match.game.to_act(match.state)


def clock_view(match: Loaded) -> dict | None:
    clock = match.stored.meta.get("clock")
    if not clock:
        return None
    return {**clock, "deadlines": dict(life_of(match.stored.state).get("deadlines", {}))}


# --- a match created, and its first document ---------------------------------


def creation_meta(life: dict, given: list[int]) -> dict:
    """What a match's life fixes at creation, for its meta."""
    return {
        "names": {str(s): n for s, n in life.get("names", {}).items()},
        "listed": bool(life.get("listed")),
        "clock": life.get("clock"),
        "undo": life.get("undo", "never"),
        "creator": given[0] if given else None,
        "reserved": life.get("reserved", {}),
    }


def first_doc(game: Game, state: Any, meta: dict, doc: dict, taken: Collection[int]) -> dict:
    life: dict = {}
    if meta.get("clock"):
        life["deadlines"] = _deadlines(game, state, meta, life, [], taken)
    doc["life"] = life
    return doc


def created(store: Store, meta: dict, doc: dict) -> None:
    """Index a new match: in the lobby if listed, under its first deadline if it has a clock."""
    from service import lobby

    if meta["listed"]:
        lobby.add(store, meta)
    if meta.get("clock"):  # a match without a clock is never in the index: no round-trip
        index_clock(store, meta["id"], doc)


# --- the document written with every commit ----------------------------------


def next_doc(match: Loaded, doc: dict, entries: list[dict]) -> dict:
    """The new document: life carried over, the finished status of an ended match kept,
    deadlines restarted for every seat that is newly to act or has just moved."""
    life = dict(life_of(match.stored.state))
    before = life.get("deadlines")
    if life.get("ended"):
        doc["status"] = "finished"
    clock = match.stored.meta.get("clock")
    if clock:
        finished = doc["status"] == "finished"
        args = (match.game, match.state, match.stored.meta, life, entries, match.stored.seat_hashes)
        life["deadlines"] = {} if finished else _deadlines(*args)
    if match.stored.meta.get("undo") == "own_move":
        stack = life.get("undo_stack") or []
        life["undo_stack"] = _undo_stack(match, stack, entries, before)
        if clock and doc["status"] != "finished" and _undoes_top(stack, entries):
            # the clocks as they were before the move taken back: a move and its undo gain no time
            life["deadlines"] = stack[-1].get("deadlines") or life["deadlines"]
    doc["life"] = life
    return doc


UNDO_DEPTH = 5  # own moves in a row that undo can take back, one after the other


def _undo_stack(match: Loaded, stack: list[dict], entries: list[dict], deadlines: dict | None) -> list[dict]:
    """What undo restores, kept in the document: the game as it was before each of the last
    standing moves, while they are one seat's own moves in a row (the only moves undo takes
    back). So an undo reads one log entry and loads a state, whatever the log's length; it used to
    read the whole log and replay every move from the seed."""
    first = entries[0] if entries else {}
    if len(entries) == 1 and "move" in first and "bot" not in first and "kind" not in first:
        seat = first["seat"]
        kept = stack if stack and stack[-1]["seat"] == seat else []
        version, undoable = match.stored.version + 1, match.game.undoable(first["move"], first["events"])
        before = {"version": version, "seat": seat, "game": match.stored.state["game"], "undoable": undoable}
        if deadlines is not None:
            before["deadlines"] = deadlines
        return [*kept, before][-UNDO_DEPTH:]
    if entries and all(e.get("kind") == "join" for e in entries):
        return stack  # a seat taken is not a move
    if _undoes_top(stack, entries):
        return stack[:-1]
    return []


def _undoes_top(stack: list[dict], entries: list[dict]) -> bool:
    """Whether these entries are one undo taking back the stack's top move."""
    return (
        len(entries) == 1
        and entries[0].get("kind") == "undo"
        and bool(stack)
        and stack[-1]["version"] == entries[0]["undoes"]
    )


def _deadlines(game: Game, state: Any, meta: dict, life: dict, entries: list[dict], taken: Collection[int]) -> dict:
    """Each seat to act's deadline; none while a seat waits for its player (to join, to claim a rematch)."""
    old, moved, bots = life.get("deadlines", {}), {str(e["seat"]) for e in entries}, bot_seats(meta, {"life": life})
    if any(s not in taken and s not in bots for s in range(meta["players"])):
        return {}
    now, seconds = time.time(), meta["clock"]["seconds"]
    out = {}
    for seat in sorted(game.to_act(state)):
        key = str(seat)
        if seat not in bots:
            out[key] = old[key] if key in old and key not in moved else round(now + seconds, 3)
    return out


def index_clock(store: Store, match_id: str, doc: dict) -> None:
    """Keep the sweeper's index: the match under its next deadline, or out of it."""
    deadlines = life_of(doc).get("deadlines") or {}
    metrics.round_trip("clock")
    if deadlines:
        store.redis.zadd(CLOCKS_KEY, {match_id: min(deadlines.values())})
    else:
        store.redis.zrem(CLOCKS_KEY, match_id)


# --- timeouts ----------------------------------------------------------------


def overdue(match: Loaded, now: float) -> list[int]:
    if match.finished:
        return []
    deadlines = life_of(match.stored.state).get("deadlines")
    if not deadlines:  # no clock, or none running: not worth asking the game who acts
        return []
    acting = match.game.to_act(match.state)
    return sorted(int(s) for s, at in deadlines.items() if at <= now and int(s) in acting)


def enforce_clock(store: Store, cfg: Config, match: Loaded) -> Loaded:
    """Apply every timeout that is due (as one commit, so racing callers apply it once);
    returns the match as it now stands."""
    from service import matches

    for _ in range(cfg.move_retries):
        due = overdue(match, time.time())
        if not due:
            return match
        entries: list[dict] = []
        for seat in due:
            entries += _time_out(match, seat)
            if ended(match.stored.state):
                break
        if not ended(match.stored.state):
            entries += matches.bot_turns(match, cfg)
        if matches.commit_entries(store, cfg, match, entries):
            return match
        match = matches.load(store, match.stored.id)
    return matches.load(store, match.stored.id)


def _time_out(match: Loaded, seat: int) -> list[dict]:
    from service import matches

    if match.stored.meta["clock"]["on_timeout"] == "forfeit":
        return leave(match, seat, "timeout", "forfeited")
    move, events = _random_move(match, seat, matches.bot_rng(match, match.stored.version, seat, "timeout"))
    entry = matches.make_entry(match, seat, move, events, "random")
    entry["kind"] = "timeout"
    entry["events"].insert(0, service_event(match, "timed_out", seat=seat))
    return [entry]


def _random_move(match: Loaded, seat: int, rng: random.Random) -> tuple[dict, list]:
    """The random bot's move for a late seat, drawn with the bots' dice (matches.bot_rng); a filled-in
    template the rules refuse (a like-for-like trade) is drawn again, and a listed move is the last resort."""
    game, state = match.game, match.state
    legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
    for _ in range(20):
        move = RandomBot().choose({}, legal, rng, templates)
        try:
            return move, game.apply(state, seat, move)
        except IllegalMove:
            continue
    move = legal[0] if legal else fill(templates[0], default_value)
    return move, game.apply(state, seat, move)


def leave(match: Loaded, seat: int, kind: str, event_type: str) -> list[dict]:
    """The seat leaves: the match ends if the game says so (a two-player game), else the
    random bot takes the seat over. Returns the log entry."""
    events = [service_event(match, event_type, seat=seat)]
    result: Outcome | None = match.game.forfeit(match.state, seat)
    life = life_of(match.stored.state)
    if result is not None:
        life["ended"] = {"reason": kind, "seat": seat, "outcome": result.to_json()}
        events.append(service_event(match, "match_ended", winners=result.winners))
    else:
        life["bots"] = {**life.get("bots", {}), str(seat): "random"}
        events.append(service_event(match, "left", seat=seat))
    return [{"seat": seat, "kind": kind, "events": events}]


def service_event(match: Loaded, type_: str, /, **data: Any) -> dict:
    ev = {"type": type_, **data}
    ev["texts"] = words.texts(match.game, ev, text_names(match))
    ev["to"] = None
    return ev


# --- resign, abort, undo -------------------------------------------------------


def resign(match: Loaded, seat: int) -> list[dict]:
    from service import limits

    _must_be_playing(match, seat)
    entries = leave(match, seat, "resign", "resigned")
    meta = match.stored.meta
    if (
        not meta["bots"]
        and not ended(match.stored.state)
        and len(bot_seats(meta, match.stored.state)) == meta["players"]
    ):
        # the last person left a match created without bots (one with bots paid at its creation):
        # the bots play it out, as in a match created with bots only
        limits.charge_bot_match()
    return entries


def abort(store: Store, match: Loaded, seat: int) -> list[dict]:
    if match.finished:
        raise ApiError("match_finished", "The game is over.")
    if seat != match.stored.meta.get("creator") or someone_moved(store, match.stored.id):
        raise ApiError("abort_refused", "Only the creator may abort, and only before anyone has moved.")
    life_of(match.stored.state)["ended"] = {"reason": "abort", "seat": seat, "outcome": None}
    return [{"seat": seat, "kind": "abort", "events": [service_event(match, "match_aborted", seat=seat)]}]


def someone_moved(store: Store, match_id: str, page: int = 100) -> bool:
    """Whether the log holds an entry that is not a server bot's (nor a seat taken, nor the set-up): read a page at a
    time from the start, so the cost is the bots' opening moves, never the whole log."""
    after = 0
    while True:
        entries = store.read_log(match_id, after, count=page)
        if any("bot" not in entry and entry.get("kind") not in ("join", "opening") for _, entry in entries):
            return True
        if len(entries) < page:
            return False
        after = entries[-1][0]


def undo(store: Store, match: Loaded, seat: int) -> list[dict]:
    """Take back the seat's own last move (up to UNDO_DEPTH in a row): the game as it was before
    it, kept in the document (see _undo_stack). A document written before that was kept has the
    state rebuilt from the seed and every move still standing in the log, without that one."""
    _must_be_playing(match, seat)
    if match.stored.meta.get("undo", "never") != "own_move":
        raise ApiError("undo_refused", "Undo is off in this match (option undo: never).")
    life = life_of(match.stored.state)
    if "undo_stack" not in life:
        return _undo_by_replay(store, match, seat)
    stack = life["undo_stack"]
    if not stack or stack[-1]["seat"] != seat:
        raise ApiError("undo_refused", "Only your own last move, while no one else has moved since.")
    version = stack[-1]["version"]
    (_, last), *_ = store.read_log(match.stored.id, version - 1, version)
    if not match.game.undoable(last["move"], last["events"]):
        raise ApiError("undo_refused", "That move drew chance or revealed something; it stands.")
    match.state = match.game.load(stack[-1]["game"])
    return _undo_entry(match, seat, version)


def _undo_by_replay(store: Store, match: Loaded, seat: int) -> list[dict]:
    standing = standing_moves(store.log(match.stored.id, 0, count=1_000_000))
    if not standing:
        raise ApiError("undo_refused", "There is no move to take back.")
    version, last = standing[-1]
    if last["seat"] != seat or "bot" in last or "kind" in last:
        raise ApiError("undo_refused", "Only your own last move, while no one else has moved since.")
    if not match.game.undoable(last["move"], last["events"]):
        raise ApiError("undo_refused", "That move drew chance or revealed something; it stands.")
    meta, game = match.stored.meta, match.game
    state = game.setup(meta["players"], meta["options"], meta["seed"])
    for _, entry in standing[:-1]:
        game.apply(state, entry["seat"], entry["move"])
    match.state = state
    return _undo_entry(match, seat, version)


def _undo_entry(match: Loaded, seat: int, version: int) -> list[dict]:
    event = service_event(match, "move_undone", seat=seat, version=version)
    return [{"seat": seat, "kind": "undo", "undoes": version, "events": [event]}]


def may_undo(match: Loaded, seat: int | None) -> bool:
    """Whether the seat's undo would take its last move back now (as undo judges, without the log)."""
    doc = match.stored.state
    stack = life_of(doc).get("undo_stack") or []
    top = stack[-1] if stack and seat is not None and not match.finished and not left(doc, seat) else {}
    return top.get("seat") == seat and top.get("undoable", False)


def standing_moves(log: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
    """The log's moves that stand: every entry with a move, less those an undo took back."""
    undone = {e["undoes"] for _, e in log if e.get("kind") == "undo"}
    return [(v, e) for v, e in log if "move" in e and v not in undone]


def _must_be_playing(match: Loaded, seat: int) -> None:
    if match.finished:
        raise ApiError("match_finished", "The game is over.")
    if seat in bot_seats(match.stored.meta, match.stored.state):
        raise ApiError("seat_left", "This seat has left the game.")


# --- running an operation, and the clocks' keepers -------------------------------


def run(
    store: Store,
    cfg: Config,
    match_id: str,
    seat_for: Callable,
    operation: Callable,
    if_match: Collection[tuple[int, str]] | None,
    key: str | None = None,
    name: str = "",
) -> bytes:
    """Apply an operation (resign, abort, undo) as one commit, then any bot turns it leads to;
    answers like a move: {version, events, match}. If-Match and an Idempotency-Key (`key`) hold as
    for a move; the operation's `name` stands for its request (service/idempotency.py)."""
    from service import matches

    digest = idempotency.operation_digest(name) if key else ""
    for _ in range(cfg.move_retries):
        match = matches.load(store, match_id)
        seat = seat_for(match.stored.seat_hashes)
        match = enforce_clock(store, cfg, match)
        idem = idem_key(match_id, seat, key) if key else None
        if idem and (prior := store.get_idempotent(idem)) is not None:
            return idempotency.replayed(prior, digest)  # before the operation refuses a seat that resigned
        matches.hold_to_if_match(if_match, match.stored)  # after the clock, as a move's
        entries = operation(match, seat)
        entries += matches.bot_turns(match, cfg)
        _, answer = matches.commit_answered(store, cfg, match, seat, entries, idem, digest)
        if answer is not None:
            return answer  # else another writer came first: tried again at the new version, which If-Match judges
    raise ApiError("stale_version", "The match is changing too fast; fetch it and try again.")


def wait_log(
    store: Store, cfg: Config, match: Loaded, seat: int | None, after: int, wait: float, commit: str = ""
) -> dict:
    """The log after `after` (whose commit id, if the client names one, must be the log's: else a resync
    page), waiting up to `wait` seconds; a deadline that falls due meanwhile is enforced by the waiter
    itself (no seat need be online)."""
    from service import matches

    end = time.monotonic() + wait
    enforced_at = -1  # a version whose due deadline could not be applied is not waited on again
    while True:
        left = end - time.monotonic()
        deadlines = life_of(match.stored.state).get("deadlines") or {}
        due_in = float("inf")
        if deadlines and match.stored.version != enforced_at:
            due_in = min(deadlines.values()) - time.time() + 0.05
        block = max(0.0, min(left, due_in))
        page = matches.log_page(store, match.stored.id, seat, after, block if block >= 0.01 else 0, commit)
        if page["entries"] or page.get("resync") or due_in >= left:
            return page
        enforced_at = match.stored.version
        match = enforce_clock(store, cfg, matches.load(store, match.stored.id))
