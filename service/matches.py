"""What a match is to the service: creating one, showing it to a seat,
playing a move (and the server bots' answers), its log and its replay.

Nothing here names a game: every rule question goes to the engine.
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
import time
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Protocol

import orjson

from engine import registry
from engine.bots import fallback_move, get_bot
from engine.core import Game, IllegalMove
from service import claims, fanout, idempotency, lifecycle, loglength, metrics, names, ratelimit, versions, words
from service.auth import new_token
from service.config import Config
from service.errors import ApiError, unknown_match
from service.ratelimit import WINDOW
from service.store import CommitResult, Store, Stored, idem_key

log = logging.getLogger("portside")

# Server bots play in the request's greenlet: under gevent they hand the worker's other requests
# (waiters, /healthz) a turn this often, or an all-bot Catan match froze its worker for 0.2 s.
BOT_SLICE_SECONDS = 0.005
BOT_PAUSE_SECONDS = 0.0001

# Engine codes that the HTTP layer answers with their own status; any other
# rule violation is 422 illegal_move with the engine's code as `reason`.
_ENGINE_CODES = {"validation_error", "not_your_turn", "match_finished"}
Idem = tuple[tuple[str, str], bytes]  # an Idempotency-Key's Redis key, and the answer kept under it


def seed_commitment(seed: int) -> str:
    """SHA-256 of the seed's decimal digits: published at creation, checkable after the end."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


@dataclass
class Loaded:
    """A stored match with its game and its live engine state."""

    stored: Stored
    game: Game
    state: object

    @property
    def finished(self) -> bool:
        return self.stored.state["status"] == "finished"


def load(store: Store, match_id: str) -> Loaded:
    """The match with its live state. A request about this match that carries a token is
    counted in the same round-trip, and takes there the wait it will hold (service/ratelimit.py)."""
    quota = ratelimit.pending(match_id)
    if quota is None:
        stored = store.load(match_id)
    else:
        lease = (quota.lease.key, quota.lease.member, quota.lease.seconds) if quota.lease else None
        stored, count, failures, waits_held = store.load_counted(match_id, quota.key, WINDOW, quota.fail_key, lease)
        quota.counted(count, failures, waits_held)
    if stored is None:
        raise unknown_match(match_id)
    game = registry.get(stored.meta["game"])
    dumped = stored.state["game"]  # just parsed: nothing else holds it
    # The undo stack keeps the document's game as it was loaded; without undo nothing reads it again,
    # so the engine may take it as its live state instead of a copy (0.07 M instructions a request).
    state = game.load(dumped) if stored.meta.get("undo") == "own_move" else game.adopt(dumped)
    return Loaded(stored, game, state)


# --- creation ---------------------------------------------------------------


def create(
    store: Store,
    cfg: Config,
    game: Game,
    players: int,
    options: dict,
    seed: int | None,
    seats_mode: str,
    bots: dict[int, str],
    life: dict | None = None,
    key: str | None = None,
) -> dict:
    """`life`: names, listed, clock, undo (see service/lifecycle.py), and for a rematch
    `reserved` ({seat: token hash} kept for former holders; seats_mode "none"). `key`: the
    Idempotency-Key the id and tokens derive from (service/claims.py)."""
    life = life or {}
    seed = secrets.randbits(63) if seed is None else seed
    # 80 bits; hex so an id never starts with '-' on a command line
    match_id = claims.created_id(key) if key else secrets.token_hex(10)
    state, opening = game.open(players, options, seed)
    reserved = life.get("reserved", {})
    human_seats = [s for s in range(players) if s not in bots and str(s) not in reserved]
    given = {"all": human_seats, "one": human_seats[:1]}.get(seats_mode, [])
    tokens = claims.creation_tokens(store, match_id, key, given) if key else {seat: new_token() for seat in given}
    meta = {
        "id": match_id,
        "game": game.id,
        "players": players,
        "options": options,
        "seed": seed,
        "commitment": seed_commitment(seed),
        "bots": {str(s): n for s, n in bots.items()},
        "created": int(time.time()),
        **lifecycle.creation_meta(life, given),
    }
    doc = lifecycle.first_doc(game, state, meta, {"status": "active", "game": game.dump(state)}, tokens)
    entries = opening_entries(game, opening, meta)
    store.create(match_id, meta, doc, {s: h for s, (_, h) in tokens.items()}, cfg.idle_ttl, entries)
    lifecycle.created(store, meta, doc)
    metrics.MATCHES.labels(game.id).inc()
    version = len(entries)
    if bots:
        version = load_current(store, cfg, match_id).stored.version
    return {
        "id": match_id,
        "game": game.id,
        "players": players,
        "version": version,
        "seed_commitment": meta["commitment"],
        "seats": [{"seat": s, "token": token} for s, (token, _) in tokens.items()],
        "open_seats": [s for s in human_seats if s not in tokens],
        "bots": [{"seat": s, "bot": n} for s, n in sorted(bots.items())],
    }


def opening_entries(game: Game, events: list, meta: dict) -> list[dict]:
    """The log's first entry at version 1: what the game's set-up showed (a card turned up, a tile drawn), if any."""
    if not events:
        return []
    shown = words.logged(game, events, words.display_names(game, lifecycle.names(meta, {})))
    return [{"seat": None, "kind": "opening", "events": shown}]


def join(
    store: Store, cfg: Config, match_id: str, wanted: int | None, name: str | None = None, key: str | None = None
) -> dict:
    """An open seat and its token. With an Idempotency-Key, the same key again (its answer lost,
    or sent twice at once) gets the same seat and token (service/claims.py)."""
    match = load(store, match_id)
    if match.finished:  # an aborted or resigned match's open seat: nothing to play, and no rematch to claim
        raise ApiError("match_finished", "The game is over.")
    claim = claims.join_claim(key) if key is not None else None
    body = hashlib.sha256(orjson.dumps([wanted, name])).hexdigest()[:32]  # what the key was sent with
    if claim is not None and (claimed := claims.again(store, match_id, claim, body)) is not None:
        return {"id": match_id, "seat": claimed.seat, "token": claimed.token}
    meta, taken = match.stored.meta, match.stored.seat_hashes
    if name is not None:
        given = lifecycle.names(meta, match.stored.state)
        names.check_unique(name, [*given.values(), *names.houses_of_others(match.game.seat_names, wanted)], "name")
    bots = {int(s) for s in [*meta["bots"], *meta.get("reserved", {})]}
    open_seats = [s for s in range(meta["players"]) if s not in taken and s not in bots]
    if wanted is not None:
        if not 0 <= wanted < meta["players"]:
            raise ApiError(
                "validation_error",
                "Seat must be between 0 and {last}.",
                values={"last": meta["players"] - 1},
                errors={"seat": ["No such seat."]},
            )
        if wanted not in open_seats:
            raise ApiError("seat_taken", "Seat {seat} is not open.", values={"seat": wanted}, open_seats=open_seats)
        candidates = [wanted]
    else:
        candidates = open_seats
    for seat in candidates:
        if (claimed := claims.take(store, match_id, seat, claim, body, names.claim_field(name))) is not None:
            if claimed.fresh:
                try:
                    record_join(store, cfg, match_id, claimed.seat, name)
                except ApiError:  # the match changed too fast to record the join
                    claims.release(store, match_id, claimed, claim)
                    raise
            return {"id": match_id, "seat": claimed.seat, "token": claimed.token}
    if wanted is not None:
        raise ApiError("seat_taken", "Seat {seat} was just taken.", values={"seat": wanted})
    raise ApiError("match_full", "Every seat of this match is taken.")


def record_join(store: Store, cfg: Config, match_id: str, seat: int, name: str | None) -> None:
    """A seat was just taken: a new version with a `join` log entry (and the name given, if any),
    so an ETag, a long-poll or a stream tells the others, and a move loaded before it and
    committed after it cannot write back a document without the name (its compare-and-set fails
    and it is tried again on the new version)."""
    for _ in range(cfg.move_retries):
        match = load(store, match_id)
        if name is not None:  # unique: the join claimed it with its seat (service/names.py claim_field)
            life = lifecycle.life_of(match.stored.state)
            life["names"] = {**life.get("names", {}), str(seat): name}
        entry = {"seat": seat, "kind": "join", "events": [lifecycle.service_event(match, "joined", seat=seat)]}
        if commit_entries(store, cfg, match, [entry]):
            return
    raise ApiError("conflict", "The match is changing too fast; join again.")  # join gives the seat back


# --- what a seat sees --------------------------------------------------------


def seats_summary(meta: dict, taken: dict[int, str], doc: dict | None = None) -> list[dict]:
    out = []
    bots = lifecycle.bot_seats(meta, doc or {})
    seat_names = lifecycle.names(meta, doc or {})
    for seat in range(meta["players"]):
        bot = bots.get(seat)
        status = "bot" if bot else ("taken" if seat in taken else "open")
        if status == "open" and str(seat) in meta.get("reserved", {}):
            status = "reserved"
        out.append({"seat": seat, "status": status, "name": seat_names.get(seat), **({"bot": bot} if bot else {})})
    return out


def _ended(doc: dict, outcome: dict | None) -> dict | None:
    """How the match ended, its outcome the match's own (with the seats' names)."""
    end = lifecycle.ended(doc)
    return {**end, "outcome": outcome} if end else None


def resource(match: Loaded, seat: int | None) -> dict:
    game, state, stored = match.game, match.state, match.stored
    outcome = lifecycle.outcome_json(match)
    to_act = lifecycle.to_act(match)
    lang = words.request_lang()
    legal = game.legal_moves(state, seat) if seat is not None and to_act else []
    templates = game.move_templates(state, seat) if seat is not None and to_act else []
    seat_names = lifecycle.text_names(match) if legal else {}
    return {
        "id": stored.id,
        "game": game.id,
        "version": stored.version,
        "commit": stored.commit,
        "status": "finished" if outcome or match.finished else "active",
        "seat": seat,
        "to_act": sorted(to_act),
        "view": game.view(state, seat),
        "legal_moves": legal,
        "move_labels": [game.move_label(state, seat, m, lang, names=seat_names) for m in legal]
        if seat is not None
        else [],
        "move_templates": [{**t, "label": game.template_label(state, seat, t, lang)} for t in templates]
        if seat is not None
        else [],
        "outcome": outcome,
        "players": stored.meta["players"],
        "seats": seats_summary(stored.meta, stored.seat_hashes, stored.state),
        "seed_commitment": stored.meta["commitment"],
        "clock": lifecycle.clock_view(match),
        "undo": stored.meta.get("undo", "never"),
        "can_undo": lifecycle.may_undo(match, seat),
        "ended": _ended(stored.state, outcome),
        "rematch": lifecycle.life_of(stored.state).get("rematch"),
    }


def visible_events(entry: dict, seat: int | None) -> list[dict]:
    """The entry's events that seat may see, each with its line of words in the caller's language."""
    out = []
    lang = words.request_lang()
    for ev in entry["events"]:
        to = ev.get("to")
        if to is None or (seat is not None and seat in to):
            shown = {k: v for k, v in ev.items() if k not in ("to", "texts")}
            if "texts" in ev:
                shown["text"] = ev["texts"].get(lang) or ev["texts"]["en"]
            out.append(shown)
    return out


def make_entry(match: Loaded, seat: int, move: dict, events, bot: str | None = None) -> dict:
    entry = {"seat": seat, "move": move, "events": words.logged(match.game, events, lifecycle.text_names(match))}
    if bot:
        entry["bot"] = bot
    return entry


# --- moves -------------------------------------------------------------------


def _apply(match: Loaded, seat: int, move) -> list:
    try:
        return match.game.apply(match.state, seat, move)
    except IllegalMove as err:
        say = words.refusal(match.game, err, lifecycle.text_names(match))
        if err.code in _ENGINE_CODES:
            raise ApiError(err.code, err.message, say=say, **err.details) from None
        raise ApiError("illegal_move", err.message, say=say, reason=err.code, **err.details) from None


def bot_turns(match: Loaded, cfg: Config) -> list[dict]:
    return _bot_moves(match, cfg, time.monotonic() + cfg.bot_budget_seconds)


def bot_rng(match: Loaded, version: int, seat: int, purpose: str = "") -> random.Random:
    """A server bot's dice for one decision, drawn from the match's seed: from public things alone
    (the id, version and seat) anyone could foresee a random bot's answer before making an offer,
    and tell from the move it played what its hidden hand allowed. The seed alone, not the id: a
    chosen seed then replays its bots too (only a creator holding every human seat may choose one)."""
    return random.Random(f"{match.stored.meta['seed']}:{version}:{seat}:{purpose}")


def _bot_moves(match: Loaded, cfg: Config, deadline: float) -> list[dict]:
    """Play server bots while only they can move, or until the deadline."""
    if lifecycle.ended(match.stored.state):
        return []
    bots = lifecycle.bot_seats(match.stored.meta, match.stored.state)
    game, state = match.game, match.state
    entries: list[dict] = []
    slice_end = time.monotonic() + BOT_SLICE_SECONDS
    # At least one move per call, whatever the budget: a match whose bots owe turns always advances.
    while (not entries or time.monotonic() < deadline) and game.outcome(state) is None:
        ready = sorted(s for s in game.to_act(state) if s in bots)
        if not ready:
            break
        seat = ready[0]
        version = match.stored.version + len(entries)
        rng = bot_rng(match, version, seat)
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        move = get_bot(game.id, bots[seat]).choose(game.view(state, seat), legal, rng, templates)
        try:
            events = game.apply(state, seat, move)
        except IllegalMove as err:  # a bot's bug must not stall the match
            # A listed move refused is a bug; a template filled against a rule is not (the random
            # bot fills them at random: logged as errors, a Catan match wrote hundreds of lines).
            say = log.error if move in legal else log.debug
            say("bot %s of %s chose an illegal move %r: %s", bots[seat], game.id, move, err)
            move = fallback_move(legal, templates, rng)
            events = game.apply(state, seat, move)
        entries.append(make_entry(match, seat, move, events, bots[seat]))
        if time.monotonic() > slice_end:
            time.sleep(BOT_PAUSE_SECONDS)  # gevent: the others' turn (sleep(0) would not poll their sockets)
            slice_end = time.monotonic() + BOT_SLICE_SECONDS
    return entries


def hold_to_if_match(if_match: Collection[versions.Held] | None, stored: Stored) -> None:
    """A request sent with If-Match (a move, an undo, a resign) applies only at one of its versions
    (and commits: a rewritten version is another, service/versions.py)."""
    version = stored.version
    if if_match is None or versions.holds(if_match, version, stored.commit):
        return
    said = {"version": version, "asked": ", ".join(str(v) for v in sorted({v for v, _ in if_match}))}
    if any(v == version for v, _ in if_match):
        raise ApiError("stale_version", versions.LOST, values=said, version=version)
    if len(if_match) == 1:
        raise ApiError("stale_version", "The match is at version {version}, not {asked}.", values=said, version=version)
    raise ApiError("stale_version", "The match is at version {version}, none of {asked}.", values=said, version=version)


def state_doc(match: Loaded) -> dict:
    finished = match.game.outcome(match.state) is not None
    return {"status": "finished" if finished else "active", "game": match.game.dump(match.state)}


def _commit(
    store: Store, cfg: Config, match: Loaded, entries: list[dict], idem: Idem | None = None, done: tuple | None = None
) -> CommitResult:
    doc, new = done or (None, "")  # the new state and commit id a seat's answer was built with
    too_long = loglength.reached(cfg, match, entries)
    if too_long:
        ended = loglength.ending(store, cfg, match, entries)
        if isinstance(ended, CommitResult):
            return ended
        (match, entries), idem, doc = ended, None, None
    doc = doc or lifecycle.next_doc(match, state_doc(match), entries)
    ttl = cfg.finished_ttl if doc["status"] == "finished" else cfg.idle_ttl
    ends = doc["status"] == "finished" and not match.finished
    result = store.commit(match.stored.id, match.stored.version, doc, entries, ttl, idem, match.stored.commit, new)
    if result.status == "ok":
        if ends:
            metrics.series(metrics.ENDED, match.game.id, (lifecycle.ended(doc) or {}).get("reason", "rules")).inc()
        match.stored.version += len(entries)
        match.stored.state, match.stored.commit = doc, result.commit
        if match.stored.meta.get("clock"):  # a match without a clock is never in the index: no round-trip
            lifecycle.index_clock(store, match.stored.id, doc)
        for entry in entries:
            metrics.series(metrics.MOVES, match.game.id, "bot" if "bot" in entry else "seat").inc()
    return CommitResult("ended") if too_long and result.status == "ok" else result


def commit_entries(store: Store, cfg: Config, match: Loaded, entries: list[dict]) -> bool:
    """Write the match with these new log entries; False when another writer came first."""
    result = _commit(store, cfg, match, entries)
    if result.status == "gone":
        raise unknown_match(match.stored.id)
    return result.status in ("ok", "ended")


def play(
    store: Store,
    cfg: Config,
    match_id: str,
    seat_for,
    move,
    if_match: Collection[versions.Held] | None,
    idempotency_key: str | None,
) -> bytes:
    """Apply one move; returns the answer's JSON. `seat_for(seat_hashes)` authenticates."""
    digest = idempotency.move_digest(move) if idempotency_key else ""
    for _ in range(cfg.move_retries):
        match = load(store, match_id)  # the first load also counts the request (service/ratelimit.py)
        seat = seat_for(match.stored.seat_hashes)
        match = lifecycle.enforce_clock(store, cfg, match)
        if seat in lifecycle.bot_seats(match.stored.meta, match.stored.state):
            raise ApiError("seat_left", "This seat has left the game.", status=409)
        if seat not in match.game.to_act(match.state) and bots_to_act(match):
            match = advance_bots(store, cfg, match)  # bots still owe turns from an earlier request
        idem = idem_key(match_id, seat, idempotency_key) if idempotency_key else None
        if idem and (prior := store.get_idempotent(idem)) is not None:
            return idempotency.replayed(prior, digest)
        hold_to_if_match(if_match, match.stored)
        if match.finished:
            raise ApiError("match_finished", "The game is over.")
        entries = [make_entry(match, seat, move, _apply(match, seat, move))]
        entries += _bot_moves(match, cfg, time.monotonic() + cfg.bot_budget_seconds)
        now_at, answer = commit_answered(store, cfg, match, seat, entries, idem, digest)
        if answer is not None:
            return answer
        refused = if_match is not None and all(v != now_at for v, _ in if_match)  # same number: loaded again
        metrics.CONFLICTS.labels("refused" if refused else "retried").inc()
        if refused:
            raise ApiError("stale_version", "Another move was applied first.", version=now_at)
    metrics.CONFLICTS.labels("exhausted").inc()
    raise ApiError("stale_version", "The match is changing too fast; fetch it and try again.")


def commit_answered(
    store: Store, cfg: Config, match: Loaded, seat: int, entries: list[dict], idem: tuple[str, str] | None, digest: str
) -> tuple[int, bytes | None]:
    """Commit the entries with the seat's answer, kept under its Idempotency-Key (`idem`, the request's
    `digest`) if it has one. (A version, the answer): the answer, or the first one kept under the key if
    a copy came first; or (the version another writer committed, None)."""
    doc, new = lifecycle.next_doc(match, state_doc(match), entries), versions.new_commit()  # the answer names it
    answer = _answer(match, seat, entries, doc, new)
    result = _commit(store, cfg, match, entries, (idem, idempotency.kept(digest, answer)) if idem else None, (doc, new))
    if result.status == "ok":
        return match.stored.version, answer
    if result.status == "idem":
        return match.stored.version, idempotency.replayed(result.value or b"", digest)
    if result.status == "ended":
        raise loglength.refusal(cfg)
    if result.status == "gone":
        raise unknown_match(match.stored.id)
    return int(result.value or 0), None


def _answer(match: Loaded, seat: int, entries: list[dict], doc: dict, new: str) -> bytes:
    """Kept with the commit (Idempotency-Key), it reads the match as committed: can_undo, the clocks.
    A seat that leaves in these entries (resign) reads on as a spectator, as others see its bot."""
    version = match.stored.version + len(entries)
    committed = replace(match, stored=replace(match.stored, version=version, state=doc, commit=new))
    events: list[dict] = []
    reader: int | None = seat
    for entry in entries:
        events += visible_events(entry, reader)
        reader = still_seated(entry, reader)
    return orjson.dumps({"version": committed.stored.version, "events": events, "match": resource(committed, reader)})


def bots_to_act(match: Loaded) -> bool:
    bots = lifecycle.bot_seats(match.stored.meta, match.stored.state)
    return bool(bots) and not match.finished and any(s in bots for s in match.game.to_act(match.state))


def advance_bots(store: Store, cfg: Config, match: Loaded, seconds: float | None = None) -> Loaded:
    """Let server bots take the turns they have (at creation, or after an earlier
    request ran out of bot budget), for at most `seconds` (default: the bot budget)
    and at least one move; returns the match as it now stands."""
    budget = cfg.bot_budget_seconds if seconds is None else seconds
    for _ in range(cfg.move_retries):
        entries = _bot_moves(match, cfg, time.monotonic() + budget)
        if not entries or _commit(store, cfg, match, entries).status in ("ok", "ended"):
            return match
        match = load(store, match.stored.id)
    return load(store, match.stored.id)


class BotBudget(Protocol):
    def left(self) -> float: ...
    def spend(self, seconds: float) -> None: ...


def load_current(store: Store, cfg: Config, match_id: str, budget: BotBudget | None = None) -> Loaded:
    """The match for a reader, after any bot turns still owed: a match whose bots ran
    out of budget is carried on by whoever looks at it next, within that reader's
    `budget` of bot play (service/limits.py; None: no limit). A reader whose budget is
    spent sees the match as it stands; the next reader (or the next minute) carries it on."""
    match = lifecycle.enforce_clock(store, cfg, load(store, match_id))
    if not bots_to_act(match):
        return match
    if budget is None:
        return advance_bots(store, cfg, match)
    seconds = min(cfg.bot_budget_seconds, budget.left())
    if seconds <= 0:
        return match
    start = time.monotonic()
    try:
        return advance_bots(store, cfg, match, seconds)
    finally:
        budget.spend(time.monotonic() - start)


# --- log and replay ------------------------------------------------------------


def public_entry(version: int, entry: dict, seat: int | None) -> dict:
    """A log entry as `seat` may see it (in /events and the stream), `c` named `commit` (service/versions.py)."""
    extra = {"commit" if k == "c" else k: entry[k] for k in ("bot", "kind", "undoes", "match", "c") if k in entry}
    return {"version": version, "seat": entry["seat"], **extra, "events": visible_events(entry, seat)}


def reads_as(match: Loaded, seat: int | None) -> int | None:
    """Whose view a reader gets: a seat that left reads as a spectator, as a bot plays it now; its
    hand must not reach a player who left the table (and could pass it on to one still at it)."""
    if seat is not None and lifecycle.left(match.stored.state, seat):
        return None
    return seat


def still_seated(entry: dict, seat: int | None) -> int | None:
    """The reader's seat after this log entry: None once the entry is that seat leaving to a bot."""
    if seat == entry["seat"] and any(ev["type"] == "left" for ev in entry["events"]):
        return None
    return seat


def log_page(store: Store, match_id: str, seat: int | None, after: int, wait: float, commit: str = "") -> dict:
    try:
        found = store.log(match_id, after, wait, commit=commit)
    except fanout.LogRewritten:  # Redis lost the version `after` (or its `commit`): as /events answers
        stored = store.load(match_id)  # a client that comes ahead, the server's version (or 404)
        if stored is None:
            raise unknown_match(match_id) from None
        return versions.resync_page(after, stored.version, stored.commit)
    out = []
    for version, entry in found:
        out.append(public_entry(version, entry, seat))
        seat = still_seated(entry, seat)
    last, commit = (out[-1]["version"], found[-1][1].get("c", "")) if out else (after, commit)
    return {"after": after, "version": last, "commit": commit, "entries": out}
