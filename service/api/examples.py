"""Examples for the OpenAPI document: the answers of a real seeded 3-player Speicherstadt match,
played in memory through the service's own code (service/matches.py, service/lifecycle.py), so each
example is what the server says, consistent with itself, and valid against the schemas whatever
the views grow (tests/service/test_documented_answers.py checks)."""

from __future__ import annotations

from typing import Any, cast

from engine import registry
from service import lifecycle, matches
from service.store import Store, Stored

TOKEN = "pst_M3wrMTxabL8tnRJgTqQ6ABY9dyIN-a0xbZXW3bZPxSk"
MATCH_ID = "b53bbd88623c3372d688"
SEED = 2026
PLAYERS = 3
NAMES = {0: "Ana", 1: "Bruno"}
CREATED_AT = 1795330000
UNDO = "own_move"
# The create request that makes this match (Swagger UI's Try it out fills in the first): sent, then
# postMove's example with seat 0's token, each answer is the one shown but for the id and the tokens.
CREATE_REQUESTS = {
    "documented": {
        "summary": "The match the examples show: seat 0 acts first (a fixed seed deals every such match alike)",
        "value": {
            "game": "speicherstadt",
            "players": PLAYERS,
            "seed": SEED,
            "names": {str(seat): name for seat, name in NAMES.items()},
            "undo": UNDO,
        },
    },
    "secret_seed": {
        "summary": "A match as a real game creates one: its seed secret, its deal unknown until the replay",
        "value": {"game": "speicherstadt", "players": PLAYERS},
    },
}


def new_match(undo: str = UNDO) -> tuple[matches.Loaded, _Log]:
    """The example match as service/matches.create stores it (every seat handed out), at version 1:
    its log opens with the set-up's entry (round 1's cards turned up)."""
    game = registry.get("speicherstadt")
    options = game.load_options({})
    meta = {
        "id": MATCH_ID,
        "game": game.id,
        "players": PLAYERS,
        "options": options,
        "seed": SEED,
        "commitment": matches.seed_commitment(SEED),
        "bots": {},
        "created": CREATED_AT,
        **lifecycle.creation_meta({"names": NAMES, "undo": undo}, list(range(PLAYERS))),
    }
    state, opening = game.open(PLAYERS, options, SEED)
    doc = lifecycle.first_doc(game, state, meta, {"status": "active", "game": game.dump(state)}, range(PLAYERS))
    log = _Log()
    log.entries = list(enumerate(matches.opening_entries(game, opening, meta), start=1))
    stored = Stored(MATCH_ID, len(log.entries), meta, doc, {s: f"hash-{s}" for s in range(PLAYERS)}, "5f3a09c2be41")
    return matches.Loaded(stored, game, state), log


class _Log:
    """What lifecycle.abort and lifecycle.undo read of the store: the match's log, kept here."""

    def __init__(self) -> None:
        self.entries: list[tuple[int, dict]] = []

    def read_log(self, match_id: str, after: int, upto: int = 0, count: int = 1000) -> list[tuple[int, dict]]:
        return [(v, e) for v, e in self.entries if v > after and (not upto or v <= upto)][:count]


def commit(match: matches.Loaded, log: _Log, entries: list[dict]) -> None:
    """What service/matches._commit writes, in memory."""
    doc = lifecycle.next_doc(match, matches.state_doc(match), entries)
    for entry in entries:
        match.stored.version += 1
        log.entries.append((match.stored.version, entry))
    match.stored.state = doc


def move(match: matches.Loaded, log: _Log, seat: int, posted: dict) -> list[dict]:
    entries = [matches.make_entry(match, seat, posted, match.game.apply(match.state, seat, posted))]
    commit(match, log, entries)
    return entries


def answer(match: matches.Loaded, seat: int, entries: list[dict]) -> dict:
    """A move's (or resign's, undo's, abort's) answer to `seat`, as service/matches.py builds it."""
    events = [ev for entry in entries for ev in matches.visible_events(entry, seat)]
    return {"version": match.stored.version, "events": events, "match": matches.resource(match, seat)}


def store_of(log: _Log) -> Store:
    return cast(Store, log)


_played, _log = new_match()
MATCH = matches.resource(_played, 0)
POSTED = MATCH["legal_moves"][0]
_first = move(_played, _log, 0, POSTED)
MOVE_ANSWER = answer(_played, 0, _first)
# Seat 0's, as /events and the stream give them, each with the commit id that wrote it (the one the
# examples' match shows: tests/service/test_documented_answers.py draws them all alike).
LOG_ENTRIES = [matches.public_entry(v, {**e, "c": "5f3a09c2be41"}, 0) for v, e in _log.entries]
LOG = {"after": 0, "version": 2, "commit": "5f3a09c2be41", "entries": LOG_ENTRIES}
# Then seat 2, not to act (seat 1 is), resigns: a 3-player match goes on, the random bot playing seat 2.
_resigned = lifecycle.resign(_played, 2)
commit(_played, _log, _resigned)
RESIGNED = answer(_played, 2, _resigned)

# Seat 0 moves, then takes the move back (the match allows it: `undo: own_move`).
_undone, _undo_log = new_match()
move(_undone, _undo_log, 0, POSTED)
_undo = lifecycle.undo(store_of(_undo_log), _undone, 0)
commit(_undone, _undo_log, _undo)
UNDONE = answer(_undone, 0, _undo)

# The creator aborts before anyone moved: finished, with no outcome.
_aborted, _abort_log = new_match()
_abort = lifecycle.abort(store_of(_abort_log), _aborted, 0)
commit(_aborted, _abort_log, _abort)
ABORTED = answer(_aborted, 0, _abort)

CREATED = {
    "id": MATCH_ID,
    "game": MATCH["game"],
    "players": PLAYERS,
    "version": 1,
    "seed_commitment": MATCH["seed_commitment"],
    "seats": [{"seat": 0, "token": TOKEN}, {"seat": 1, "token": "pst_…"}, {"seat": 2, "token": "pst_…"}],
    "open_seats": [],
    "bots": [],
}

JOINED = {"id": MATCH_ID, "seat": 1, "token": TOKEN}

# One problem per stable code, for the error responses' examples: the detail the server gives
# (in English) where it raises the code; an operation may say its own (service/api.problem_responses).
PROBLEM_DETAILS = {
    "bad_request": "The body ended before its Content-Length.",
    "malformed_json": "The body is not valid JSON: unexpected end of data: line 1 column 2 (char 1).",
    "unauthorized": "This needs a seat token: 'Authorization: Bearer <token>'.",
    "forbidden": "This token does not hold a seat in this match.",
    "unknown_match": f"No match {MATCH_ID!r} (it may have expired).",
    "not_found": "No game 'chess'; see GET /v1/games.",
    "method_not_allowed": "The method is not allowed for the requested URL.",
    "request_timeout": "The body did not arrive within 10 s.",
    "not_your_turn": "Bruno is not to act now.",
    "match_finished": "The game is over.",
    "stale_version": "The match is at version 12, not 11.",
    "seat_taken": "Seat 1 is not open.",
    "match_full": "Every seat of this match is taken.",
    "conflict": "The match is changing too fast; the seat is yours, its name not recorded.",
    "match_not_finished": "The replay opens when the game is over.",
    "request_in_progress": "A request with this Idempotency-Key is still being processed; retry shortly.",
    "seat_left": "This seat has left the game.",
    "undo_refused": "Only your own last move, while no one else has moved since.",
    "abort_refused": "Only the creator may abort, and only before anyone has moved.",
    "rematch_refused": "There is no seat for this token in the rematch.",
    "match_too_long": "This match reached 20000 log entries, the most a match may hold: it has ended, without scores.",
    "body_too_large": "The request body is larger than 65536 bytes.",
    "request_line_too_long": "Request Line is too large (8190 > 4094)",
    "headers_too_large": "Request Header Fields Too Large",
    "unsupported_media_type": "Send the body as application/json, not text/plain.",
    "not_implemented": "Unsupported transfer coding: 'gzip'",
    "validation_error": "The request does not match its schema; see errors.",
    "illegal_move": "That contract has no free coffee symbol.",
    "idempotency_key_reused": "This Idempotency-Key was used for a different request; use a new key.",
    "rate_limited": "More than 1200 writes this minute.",
    "internal_error": "An unexpected error occurred; it has been logged.",
    "storage_unavailable": "Storage is unreachable; try again shortly.",
    "storage_full": "Storage is full; try again later.",
}
PROBLEM_EXTRAS: dict[str, dict[str, Any]] = {
    "not_your_turn": {"seat": 1},
    "stale_version": {"version": 12},
    "seat_taken": {"open_seats": [2]},
    "validation_error": {"errors": {"wait": ["Must be greater than or equal to 0 and less than or equal to 30."]}},
    "illegal_move": {"reason": "illegal_move", "good": "coffee", "contract": "contract_a3"},
}


def invalid(detail: str, **errors: list[str]) -> dict:
    """A validation_error example as an operation says it: its detail and field errors."""
    return {"detail": detail, "errors": errors}


SCHEMA_MISMATCH = "The request does not match its schema; see errors."
# What any POST's body may break before its operation reads it (service/guards.py).
TOO_BIG = "A number is beyond ±9223372036854775807."
BODY_DETAILS: dict[str, str | dict] = {"validation_error": invalid(TOO_BIG, n=[TOO_BIG])}
# What a read (a GET) says where it differs from a write.
READ_DETAILS: dict[str, str | dict] = {"rate_limited": "More than 3600 reads this minute."}
# An operation open to spectators answers 401 only for an Authorization that is not `Bearer <token>`.
OPEN_DETAILS: dict[str, str | dict] = {"unauthorized": "Authorization must be 'Bearer <seat token>'."}
OPEN_READ_DETAILS: dict[str, str | dict] = {**READ_DETAILS, **OPEN_DETAILS}
# Each operation's own validation_error.
CREATE_DETAILS: dict[str, str | dict] = {
    "validation_error": invalid(
        "The match cannot be created as asked.", players=["Speicherstadt takes 2 to 5 players."]
    )
}
JOIN_DETAILS: dict[str, str | dict] = {
    "validation_error": invalid("Seat must be between 0 and 2.", seat=["No such seat."])
}
MOVE_DETAILS: dict[str, str | dict] = {
    "validation_error": invalid(
        "The move is malformed.", card=["Must be greater than or equal to 0 and less than or equal to 5."]
    )
}
LOBBY_DETAILS: dict[str, str | dict] = {
    **READ_DETAILS,
    "validation_error": invalid(
        SCHEMA_MISMATCH, limit=["Must be greater than or equal to 1 and less than or equal to 100."]
    ),
}
STREAM_DETAILS: dict[str, str | dict] = {
    **READ_DETAILS,
    "unauthorized": "This stream ticket is unknown, used or expired; get a new one.",
    "validation_error": invalid(SCHEMA_MISMATCH, after=["Not a whole number: ASCII digits only, 0 or more."]),
}
# resign, abort and undo: retried on a conflict, and given up after a few (service/lifecycle.run).
LIFE_DETAILS: dict[str, str | dict] = {
    **BODY_DETAILS,
    "stale_version": {"detail": "The match is changing too fast; fetch it and try again."},
}


def problem(code: str, said: str | dict | None = None) -> dict:
    """The example problem of `code`: its usual detail and extra members, or what `said` gives
    (a detail, or the detail and the extra members, for an operation that says it otherwise)."""
    from service.errors import PROBLEM_TYPE, STATUS

    own = said if isinstance(said, dict) else {"detail": said or PROBLEM_DETAILS[code], **PROBLEM_EXTRAS.get(code, {})}
    return {
        "type": PROBLEM_TYPE + code,
        "title": code.replace("_", " ").capitalize(),
        "status": STATUS[code],
        "code": code,
        **own,
    }
