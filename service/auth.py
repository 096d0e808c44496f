"""Seat tokens: 256 random bits, shown once, stored only as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import request

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


def seat_of(seat_hashes: dict[int, str], required: bool) -> int | None:
    """The caller's seat in this match (None for a spectator).

    A token that acts for no seat of this match is refused: 403, so a token
    of another match never silently degrades to a spectator.
    """
    token = bearer_token()
    if token is None:
        if required:
            raise ApiError(
                "unauthorized",
                "This needs a seat token: 'Authorization: Bearer <token>'.",
                headers={"WWW-Authenticate": 'Bearer realm="portside"'},
            )
        return None
    digest = hash_token(token)
    for seat, stored in seat_hashes.items():
        if hmac.compare_digest(digest, stored):
            ratelimit.verified()  # the request's count now stands for this seat (429 if over its limit)
            return seat
    raise ApiError("forbidden", "This token does not hold a seat in this match.")
