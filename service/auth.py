"""Seat tokens: 256 random bits, shown once, stored only as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import g, request

from service import ratelimit
from service.errors import ApiError

TOKEN_PREFIX = "pst_"


def new_token() -> tuple[str, str]:
    """A fresh token and the hash to store."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bearer_token() -> str | None:
    """The request's bearer token, None without an Authorization header."""
    header = request.environ.get("HTTP_AUTHORIZATION")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            "unauthorized",
            "Authorization must be 'Bearer <seat token>'.",
            headers={"WWW-Authenticate": 'Bearer realm="portside"'},
        )
    return token.strip()


def bearer_digest() -> str | None:
    """The SHA-256 hash of the request's bearer token (None without one), worked out once a request:
    the limits, the seat's check and the idempotency marker all key on it."""
    here = g._get_current_object()  # one lookup through Flask's proxy
    digest = getattr(here, "token_digest", None)
    if digest is None:
        token = bearer_token()
        digest = here.token_digest = None if token is None else hash_token(token)
    return digest


def seat_of(seat_hashes: dict[int, str], required: bool) -> int | None:
    """The caller's seat in this match (None for a spectator).

    A token that acts for no seat of this match is refused: 403, so a token
    of another match never silently degrades to a spectator.
    """
    digest = bearer_digest()
    if digest is None:
        if required:
            raise ApiError(
                "unauthorized",
                "This needs a seat token: 'Authorization: Bearer <token>'.",
                headers={"WWW-Authenticate": 'Bearer realm="portside"'},
            )
        return None
    for seat, stored in seat_hashes.items():
        if hmac.compare_digest(digest, stored):
            ratelimit.verified()  # the request's count now stands for this seat (429 if over its limit)
            return seat
    raise ApiError("forbidden", "This token does not hold a seat in this match.")
