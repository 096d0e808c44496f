"""An Idempotency-Key's answer kept, and one request per key at a time.

A move, an undo, a resign or an abort sent with a key keeps its answer with its commit (the match's
`m:{id}:idem` hash, service/store.py), beside the digest of what was asked: the same request again
gets that answer, another request with the key 422 idempotency_key_reused. A match keeps its last
IDEM_ANSWERS_KEPT answers whole; an older one keeps the digest alone, and a copy of it is 422 too.

The first request with an Idempotency-Key sets an in-flight marker (SET NX,
with an expiry in case its worker dies). A copy that arrives meanwhile waits
for the marker to go, then runs as a retry: it finds the stored answer and
returns it, or (if the first was refused and stored nothing) is judged on its
own against the same match. If the first is still running after the wait, the
copy gets 409 request_in_progress: never a different answer for the same body.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager

import orjson
import redis
from flask import request

from service import metrics, words
from service.auth import bearer_digest, hash_token
from service.errors import ApiError

MARKER_SECONDS = 30  # longer than any move with its bots' answers
GRACE_SECONDS = 3.0  # how long a copy waits beyond the bots' budget before 409 request_in_progress
POLL_SECONDS = 0.02
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


KEY_MAX = 200


def key_schema(shortest: int = 1) -> dict:
    """What header_key takes, as the OpenAPI document's schema of the header."""
    return {"minLength": shortest, "maxLength": KEY_MAX, "pattern": "^[!-~]+$"}


def header_key(shortest: int = 1) -> str | None:
    """The request's Idempotency-Key: visible ASCII, `shortest` to 200 characters (422 else)."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (shortest <= len(key) <= KEY_MAX and all("!" <= c <= "~" for c in key)):
        raise ApiError(
            "validation_error",
            "Idempotency-Key must be {shortest} to 200 visible ASCII characters.",
            values={"shortest": shortest},
            errors={"Idempotency-Key": [f"{shortest} to 200 visible ASCII characters."]},
        )
    return key


def marker_key(match_id: str, key: str) -> str:
    # The key hashed: a join's key proves its claim (service/claims.py), so Redis never holds it.
    return f"m:{{{match_id}}}:busy:{(bearer_digest() or hash_token(''))[:24]}:{hash_token(key)[:32]}"


@contextmanager
def in_flight(client: redis.Redis, match_id: str, key: str | None, bot_budget_seconds: float) -> Iterator[None]:
    """Hold the key's marker while the body runs; wait for (or refuse beside) a holder."""
    if key is None:
        yield
        return
    marker, mine = marker_key(match_id, key), secrets.token_hex(8)
    deadline = time.monotonic() + bot_budget_seconds + GRACE_SECONDS
    while not _take(client, marker, mine):
        if time.monotonic() > deadline:
            raise ApiError(
                "request_in_progress",
                "A request with this Idempotency-Key is still being processed; retry shortly.",
                headers={"Retry-After": "1"},
            )
        time.sleep(POLL_SECONDS)
    try:
        yield
    finally:
        metrics.round_trip("idempotency")
        client.eval(_RELEASE, 1, marker, mine)


def _take(client: redis.Redis, marker: str, mine: str) -> bool:
    metrics.round_trip("idempotency")
    return bool(client.set(marker, mine, nx=True, ex=MARKER_SECONDS))


def move_digest(move: object) -> str:
    """The move as a value, not as bytes: a client that sends it again re-serialised (keys in
    another order, other spacing) sends the same move."""
    return hashlib.sha256(orjson.dumps(move, option=orjson.OPT_SORT_KEYS)).hexdigest()


def operation_digest(name: str) -> str:
    """An operation without a body (undo, resign, abort), by its name: never a move's digest, as no
    JSON text starts with `operation:`."""
    return hashlib.sha256(f"operation:{name}".encode()).hexdigest()


def kept(digest: str, answer: bytes) -> bytes:
    """What a key keeps: the request's digest, the language the answer's words are in, the answer."""
    return digest.encode() + words.request_lang().encode() + answer


def replayed(prior: bytes, digest: str) -> bytes:
    """The first answer, sent again in its own language (which Content-Language then says), whatever
    language the retry asks for. An answer kept before its language was (a JSON object) has none."""
    if prior[:64].decode() != digest:
        raise ApiError(
            "idempotency_key_reused", "This Idempotency-Key was used for a different request; use a new key."
        )
    answer = prior[64:]
    if not answer:  # answered long ago: only the request's digest is kept (service/store.py)
        raise ApiError(
            "idempotency_key_reused",
            "This Idempotency-Key was answered long ago and its answer is no longer kept; fetch the match.",
        )
    start = answer.index(b"{")  # the answer, a JSON object, after its language's tag
    if start:
        words.answered_in(answer[:start].decode())
    return answer[start:]
