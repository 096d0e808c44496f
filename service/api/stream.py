"""GET /v1/matches/{id}/stream (Server-Sent Events) and POST /v1/matches/{id}/stream-ticket.

Each log entry is one SSE message: `id: <version>` and `data:` the entry as /events gives it to
the caller, its `commit` (service/versions.py) included. A browser's EventSource cannot send headers,
so it opens the stream with `?ticket=`: single-use, one minute, bought with
the seat token; the token itself never travels in a URL.
"""

from __future__ import annotations

import logging
import random
import socket
import time
from collections.abc import Generator, Iterator

import orjson
from flask import Response, stream_with_context
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from service import errors, fanout, limits, matches, metrics, versions
from service.api import (
    BODY,
    MATCH,
    TOKEN,
    examples,
    problem_responses,
    seat_response,
    services,
)
from service.api.schemas import MAX_VERSION, WholeNumber, commit_param, empty_body
from service.auth import seat_of
from service.config import Config
from service.errors import NOT_KEPT, ApiError
from service.store import TICKET_SECONDS, Store, Stored

log = logging.getLogger("portside")

blp = Blueprint(
    "stream", __name__, url_prefix="/v1/matches", description="Follow a match as it happens: Server-Sent Events."
)

END = b'event: end\ndata: {"status":"finished"}\n\n'
HEARTBEAT = b": keep-alive\n\n"
OPENED = b": open\n\n"  # sent at once, so the client has the headers before the first entry
# A stopping server's hint: thousands of streams told "in 1 s" came back in one burst; each gets its own delay.
RETRY_MS = (1000, 5000)
CLOSING = b"retry: %d\n: the server is restarting; reconnect with Last-Event-ID\n\n"
# Storage stopped answering while a stream was open: it ends as at a shutdown, each with its own delay.
UNAVAILABLE = b"retry: %d\n: storage is unavailable; reconnect with Last-Event-ID\n\n"

SSE_DESCRIPTION = """A `text/event-stream`. Each log entry is one message with no `event:` line,
`id:` the entry's version, and `data:` the entry exactly as `/events` lists it in `entries[]` for
the caller, with its `commit` id. A comment line (`: keep-alive`) comes at least
every 15 s. After the final entry of a finished match: `event: end` with `data: {"status":
"finished"}`, then the server closes. A match that expires (`MATCH_TTL` after its last move) ends its streams within a
heartbeat, without `event: end`: reconnecting gets the match's 404. When the server shuts down
it sends `retry:` (1,000 to 5,000 ms, each stream its own, so that its streams do not all come
back at once) and closes; reconnect with `Last-Event-ID` after that delay. A stream whose storage
stops answering ends the same way.
An entry says what happened, not who acts next: read the match (`GET /v1/matches/{id}`) for that
and for the caller's legal moves.

A client ahead of the server (`Last-Event-ID` or `after` above the match's version: storage lost
its last second), or resuming after a commit the log no longer has at that version
(`?after=12&commit=5f3a09c2be41`, the last entry's `version` and `commit`, when storage lost it and the
match reached version 12 again with other moves; `Last-Event-ID: 12.5f3a09c2be41` says the same), is
answered at once, as `/events` answers it: first a message `event: resync` with `id:` the server's
version and `data:` `{"after": <yours>, "version": <the server's>, "commit": <its id>, "entries": [],
"resync": true}`; refetch the match. So is a stream left open while storage loses the versions it
sent. The stream then goes on from the server's version (an EventSource resumes from that `id:` if
it reconnects). A bare `Last-Event-ID`, or `after` without `commit`, is taken as a number alone: a
rewrite is not seen.

The example is the start of seat 0's stream of the match the other examples show. Try it out
(in /docs) shows a stream only once it ends: a finished match's; follow a live one with
`curl -N -H "Authorization: Bearer <token>" <server>/v1/matches/{id}/stream`."""


# Seat 0's stream of the examples' match after its first move: every entry so far, then it waits.
STREAM_EXAMPLE = (
    OPENED
    + b"".join(b"id: %d\ndata: %s\n\n" % (entry["version"], orjson.dumps(entry)) for entry in examples.LOG_ENTRIES)
).decode()


UNUSABLE_TICKET = "This stream ticket is unknown, used or expired; get a new one."


class StreamQuerySchema(Schema):
    after = WholeNumber(
        text=True,
        validate=validate.Range(0, MAX_VERSION),
        metadata={"description": "Start after this version (`Last-Event-ID` does the same and wins)."},
    )
    commit = commit_param()
    ticket = fields.String(
        validate=validate.Length(1, 100),
        metadata={"description": "A stream ticket from `POST .../stream-ticket`, for EventSource."},
    )


class EventId(fields.Field):
    """A stream message's id as a client sends it back: `<version>.<commit>`, or a bare version."""

    default_error_messages = {"id": "Not an event id: a version, or a version, a dot and its commit id."}

    def _deserialize(self, value, attr, data, **kwargs) -> versions.Held:
        held = versions.parse(value, versions.ID) if isinstance(value, str) else None
        if held is None or held[0] > MAX_VERSION:
            raise self.make_error("id")
        return held


class StreamHeadersSchema(Schema):
    last_event_id = EventId(
        data_key="Last-Event-ID",
        metadata={
            "description": "Resume after this message (browsers send it when they reconnect): its `id:`, the "
            "version, taken as a number alone; `<version>.<commit>` (the entry's `commit`) is checked as `commit` is.",
            "pattern": f"^{versions.ID.pattern}$",
        },
    )


class TicketSchema(Schema):
    ticket = fields.String(required=True, metadata={"description": "Opens this match's stream once, as this seat."})
    expires_in = WholeNumber(required=True, metadata={"description": "Seconds the ticket stays good."})


@blp.route("/<match_id>/stream-ticket", methods=["POST"])
@empty_body(blp)  # a `seat` sent: 422
@blp.response(200, TicketSchema, example={"ticket": "pstt_Xq3…", "expires_in": TICKET_SECONDS})
@blp.doc(
    operationId="createStreamTicket",
    responses=problem_responses(
        *BODY, "validation_error", *TOKEN, *MATCH, details={**examples.OPEN_DETAILS, **examples.BODY_DETAILS}
    ),
    security=[{}, {"seatToken": []}],
)
def post_stream_ticket(_body: dict, match_id: str):
    """A short-lived, single-use ticket to open the stream with.

    Open the stream with `?ticket=` (for EventSource, which cannot send the `Authorization`
    header). Same identity as a read: the seat token, or none."""
    svc = services()
    match = matches.load(svc.store, match_id)
    seat = matches.reads_as(match, seat_of(match.stored.seat_hashes, required=False))
    return seat_response({"ticket": svc.store.new_ticket(match_id, seat), "expires_in": TICKET_SECONDS})


@blp.route("/<match_id>/stream")
@blp.arguments(StreamQuerySchema(), location="query")
@blp.arguments(StreamHeadersSchema(), location="headers")
@blp.doc(
    responses={
        "200": {
            "description": SSE_DESCRIPTION,
            "content": {"text/event-stream": {"schema": {"type": "string"}, "example": STREAM_EXAMPLE}},
        },
        **problem_responses(*TOKEN, *MATCH, "validation_error", details=examples.STREAM_DETAILS),
    },
    operationId="getStream",
    security=[{}, {"seatToken": []}],
)
def get_stream(query: dict, headers: dict, match_id: str):
    """The match's log as Server-Sent Events, live, filtered for the caller's seat."""
    svc = services()
    match = matches.load_current(svc.store, svc.config, match_id, limits.bot_budget())
    seat = matches.reads_as(match, _caller(svc.store, match, match_id, query.get("ticket")))
    after, commit = headers.get("last_event_id", (query.get("after", 0), query.get("commit", "")))
    version = match.stored.version
    limits.charge_backlog(version - after)
    lease = limits.hold_wait()  # after the caller is known: the cap is the seat's, else the address's
    final = version if match.finished else None
    first = b""
    if after > version:
        # The client knows versions the server does not (storage lost its last second): say so at once,
        # as /events does, and go on from the server's version.
        first, after, commit = _resync(after, match.stored), version, ""
    # In the request's context, so each event's `text` follows the caller's Accept-Language.
    messages = _ended_cleanly(
        _messages(svc.store, svc.config, match_id, seat, (after, commit), final, fanout.client_socket(), first, lease)
    )
    body = stream_with_context(messages)
    headers = {**NOT_KEPT, "X-Accel-Buffering": "no"}
    return limits.release_when_closed(Response(body, mimetype="text/event-stream", headers=headers))


def _resync(after: int, stored: Stored) -> bytes:
    data = orjson.dumps(versions.resync_page(after, stored.version, stored.commit))
    return b"event: resync\nid: %d\ndata: %s\n\n" % (stored.version, data)


def _caller(store: Store, match: matches.Loaded, match_id: str, ticket: str | None) -> int | None:
    if ticket is None:
        return seat_of(match.stored.seat_hashes, required=False)
    valid, seat = store.use_ticket(match_id, ticket)
    if not valid:
        # RFC 9110: a 401 says how to authenticate; a ticket comes from a request with the seat token.
        raise ApiError("unauthorized", UNUSABLE_TICKET, headers={"WWW-Authenticate": 'Bearer realm="portside"'})
    return seat


def _ended_cleanly(messages: Generator[bytes, None, str]) -> Iterator[bytes]:
    """A stream whose storage stops answering ends with a `retry:` hint, as at a shutdown: it ended
    mid-chunk, with a traceback logged for each open stream (thousands when a cluster node died),
    and the browsers came back together after their own fixed delay. Each end is counted by why
    (`portside_streams_ended_total`): an operator tells a restart or an outage from players leaving."""
    reason = "hung_up"  # unless the stream says otherwise: the server found the client gone as it wrote
    try:
        reason = yield from messages
    except errors.STORAGE_UNAVAILABLE as err:
        log.warning("stream ended: storage unavailable (%s)", err)
        reason = "storage_unavailable"
        yield UNAVAILABLE % random.randint(*RETRY_MS)
    finally:
        metrics.series(metrics.STREAMS_ENDED, reason).inc()


def _messages(
    store: Store,
    cfg: Config,
    match_id: str,
    seat: int | None,
    resume: versions.Held,
    final: int | None,
    client: socket.socket | None,
    first: bytes,
    lease: limits.Lease,
) -> Generator[bytes, None, str]:
    """The stream's messages; returns why it ended (service/metrics.py STREAMS_ENDED)."""
    yield OPENED + first
    after, commit = resume
    # The match expires MATCH_TTL after its last commit: until a new entry comes, it cannot outlive this.
    lives_until = time.monotonic() + cfg.idle_ttl
    with store.fanout.waiter(match_id, client) as waiter:
        while final is None or after < final:
            # A random share off each beat: streams opened together (after a restart, say) do not
            # beat together, which was a burst of thousands of writes every 15 s.
            held, commit = commit, ""  # the commit id the client holds, checked at the first wait alone
            try:
                entries = waiter.wait_after(after, cfg.heartbeat_seconds * random.uniform(0.75, 1.0), held)
            except fanout.LogRewritten:  # Redis lost the last versions sent here (or the one resumed after)
                stored = store.load(match_id)
                if stored is None:
                    return "expired"  # the client's reconnect gets the match's 404
                yield _resync(after, stored)
                after, final = stored.version, stored.version if stored.state["status"] == "finished" else None
                continue
            lease.renew()  # a stream may outlive any fixed expiry of its place under the wait cap
            if waiter.closed:
                if waiter.hung_up:
                    return "hung_up"
                yield CLOSING % random.randint(*RETRY_MS)
                return "shutdown"
            if not entries:
                still = _still_there(store, match_id, lives_until)
                if still is None:
                    return "expired"  # the client's reconnect gets the match's 404
                lives_until = still
                yield HEARTBEAT
                continue
            for version, entry in entries:
                data = orjson.dumps(matches.public_entry(version, entry, seat))
                yield b"id: %d\ndata: %s\n\n" % (version, data)
                seat = matches.still_seated(entry, seat)
                after = version
                lives_until = time.monotonic() + cfg.idle_ttl
                if entry.get("end"):
                    final = version
        yield END
    return "finished"


def _still_there(store: Store, match_id: str, lives_until: float) -> float | None:
    """When the match may expire next, asked of Redis only once that time has come; None if it has."""
    if time.monotonic() < lives_until:
        return lives_until
    left = store.seconds_left(match_id)
    return None if left is None else time.monotonic() + left
