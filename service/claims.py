"""A seat claimed again when the answer that carried its token was lost (a phone's network drops
it, the app retries): a join sent again with the same Idempotency-Key, or a rematch claimed again
with the same old token, within CLAIM_AGAIN_SECONDS of the first claim, gets the same seat and the
same token. A claim's token is derived from what proves the claim (HMAC-SHA256 of the key, or of
the old token, under a secret the match keeps with its claims); Redis keeps the claim only hashed,
so what it holds yields no token. One Lua step records the claim and takes the seat, so copies sent
at once take one seat and all get its token.

    m:{id}:claims   hash: secret, and join:<SHA-256 of the key> or rematch:<old token's hash>
                    -> {"seat", "at" (the first claim), "body" (the join's seat and name, hashed)},
                    and create -> {"body" (hashed), "at", "answer" (without its tokens)}

A creation sent again with its Idempotency-Key is answered the same way (see created_id).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from typing import NamedTuple

import orjson

from service import metrics, names
from service.auth import TOKEN_PREFIX, hash_token, new_token
from service.errors import ApiError, unknown_match
from service.store import Store, claims_key, match_key

CLAIM_AGAIN_SECONDS = 300
# The claims (and their secret) live as long as a match idles by default (MATCH_TTL), until the match's
# next commit gives them its expiry: a key sent again after the window is refused, never taken for a new join.
CLAIMS_SECONDS = 7 * 24 * 3600
KEY_CHARACTERS = (16, 200)  # a join's key is all that proves the caller: a random UUID, not a counter
# The expiry is set with the secret only: once the match has commits, each gives the claims its own
# (service/store.py), and a join sent again to an ended match must not keep them for days after it.
_SECRET = """
if redis.call('HSETNX', KEYS[1], 'secret', ARGV[1]) == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return redis.call('HGET', KEYS[1], 'secret')
"""
_CLAIM = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {'gone', ''} end
local prior = redis.call('HGET', KEYS[2], ARGV[1])
if prior then return {'again', prior} end
if redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then return {'taken', ''} end
if ARGV[6] ~= '' and redis.call('HSETNX', KEYS[1], ARGV[6], ARGV[2]) == 0 then return {'name', ''} end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return {'new', ''}
"""


class Claim(NamedTuple):
    field: str  # the claim as m:{id}:claims names it: hashed
    proof: str  # what the caller sent (the key, the old token): never stored, the token derives from it


class Claimed(NamedTuple):
    seat: int
    token: str
    fresh: bool  # taken now (False: the same claim again)
    digest: str
    name_field: str = ""  # the name claimed with the seat (service/names.py claim_field), given back with it


def join_claim(idempotency_key: str) -> Claim:
    return Claim("join:" + hashlib.sha256(idempotency_key.encode()).hexdigest(), "join:" + idempotency_key)


def rematch_claim(old_token: str) -> Claim:
    return Claim("rematch:" + hash_token(old_token), "rematch:" + old_token)


def take(
    store: Store, match_id: str, seat: int, claim: Claim | None, body: str = "", name_field: str = ""
) -> Claimed | None:
    """The seat with its token if it is open, or, for a claim made before, that claim's seat and
    token again (409 once the window has passed or the seat holds another token); None if taken.
    With `name_field`, the name is claimed in the same step (422 if another join holds it)."""
    if claim is None:
        token, digest = new_token()
        taken = store.take_seat(match_id, seat, digest, name_field)
        if taken == -1:
            raise unknown_match(match_id)
        if taken == -2:
            raise names.name_taken("name")
        return Claimed(seat, token, True, digest, name_field) if taken == 1 else None
    token = _token(store, match_id, claim)
    digest = hash_token(token)
    record = orjson.dumps({"seat": seat, "at": time.time(), "body": body})
    metrics.round_trip("claim")
    keys = [match_key(match_id), claims_key(match_id)]
    args = [claim.field, f"seat:{seat}", digest, record, CLAIMS_SECONDS, name_field]
    found, prior = store.redis.eval(_CLAIM, 2, *keys, *args)
    if found == b"gone":
        raise unknown_match(match_id)
    if found == b"name":
        raise names.name_taken("name")
    if found == b"taken":
        return None
    if found == b"new":
        return Claimed(seat, token, True, digest, name_field)
    return _again(store, match_id, orjson.loads(prior), token, digest, body)


def again(store: Store, match_id: str, claim: Claim, body: str = "") -> Claimed | None:
    """The claim's seat and token if it was made before (see take); None if not."""
    metrics.round_trip("claim")
    prior = store.redis.hget(claims_key(match_id), claim.field)
    if prior is None:
        return None
    token = _token(store, match_id, claim)
    return _again(store, match_id, orjson.loads(prior), token, hash_token(token), body)


def release(store: Store, match_id: str, claimed: Claimed, claim: Claim | None) -> None:
    """Give back a seat just taken that its join cannot keep (the match changing too fast), with
    the name claimed with it."""
    metrics.round_trip("claim")
    pipe = store.redis.pipeline(transaction=False)
    pipe.hdel(match_key(match_id), f"seat:{claimed.seat}", *[claimed.name_field] if claimed.name_field else [])
    if claim is not None:
        pipe.hdel(claims_key(match_id), claim.field)
    pipe.execute()


def _again(store: Store, match_id: str, record: dict, token: str, digest: str, body: str) -> Claimed:
    seat = record["seat"]
    if record.get("body", "") != body:  # as a move's key: one key, one request
        raise ApiError("idempotency_key_reused", "This Idempotency-Key was used for another join; use a new key.")
    if time.time() - record["at"] > CLAIM_AGAIN_SECONDS:
        raise ApiError(
            "seat_taken",
            "Seat {seat} was claimed over {seconds} s ago: claim it no more.",
            values={"seat": seat, "seconds": CLAIM_AGAIN_SECONDS},
        )
    metrics.round_trip("claim")
    if store.redis.hget(match_key(match_id), f"seat:{seat}") != digest.encode():
        raise ApiError("seat_taken", "Seat {seat} no longer holds the token of this claim.", values={"seat": seat})
    return Claimed(seat, token, False, digest)


def _token(store: Store, match_id: str, claim: Claim) -> str:
    """The claim's token: HMAC-SHA256 of its proof under the match's claims secret."""
    return _derived(_secret(store, match_id), claim.proof)


def _secret(store: Store, match_id: str) -> bytes:
    metrics.round_trip("claim")
    key = store.redis.eval(_SECRET, 1, claims_key(match_id), secrets.token_hex(32), CLAIMS_SECONDS)
    return key if isinstance(key, bytes) else key.encode()


def _derived(secret: bytes, proof: str) -> str:
    mac = hmac.new(secret, proof.encode(), hashlib.sha256).digest()
    return TOKEN_PREFIX + base64.urlsafe_b64encode(mac).decode().rstrip("=")


# A creation sent again with its Idempotency-Key (its answer lost) gets the same match and tokens: the
# match's id comes from the key's hash (copies sent at once queue on it, a retry finds it; the id, which
# the lobby shows, yields no key), the tokens from the key as a join's, and the claims keep the answer
# without them.
def created_id(key: str) -> str:
    return hashlib.sha256(("create:" + key).encode()).hexdigest()[:20]


def body_digest(body: dict) -> str:
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)).hexdigest()[:32]


def creation_tokens(store: Store, match_id: str, key: str, seats: list[int]) -> dict[int, tuple[str, str]]:
    """A keyed creation's seat tokens (with their hashes): the same on every call."""
    secret = _secret(store, match_id)
    derived = {seat: _derived(secret, f"create:{key}:{seat}") for seat in seats}
    return {seat: (token, hash_token(token)) for seat, token in derived.items()}


def record_creation(store: Store, match_id: str, body: str, answer: dict) -> None:
    kept = {**answer, "seats": [s["seat"] for s in answer["seats"]]}  # never a token
    metrics.round_trip("claim")
    pipe = store.redis.pipeline(transaction=False)
    pipe.hset(claims_key(match_id), "create", orjson.dumps({"body": body, "at": time.time(), "answer": kept}))
    pipe.expire(claims_key(match_id), CLAIMS_SECONDS)
    pipe.execute()


def created_again(store: Store, match_id: str, key: str, body: str) -> dict | None:
    """The answer of the creation made with this key, its tokens derived again; None if none was."""
    metrics.round_trip("claim")
    prior = store.redis.hget(claims_key(match_id), "create")
    record = orjson.loads(prior) if prior is not None else None
    if record is None and not store.redis.exists(match_key(match_id)):
        return None
    if record is None or record["body"] != body:  # another body; or its claims expired before the match
        raise ApiError("idempotency_key_reused", "This Idempotency-Key was used for another match; use a new key.")
    if time.time() - record["at"] > CLAIM_AGAIN_SECONDS:
        raise ApiError(
            "idempotency_key_reused",
            "This Idempotency-Key created a match over {seconds} s ago; use a new key.",
            values={"seconds": CLAIM_AGAIN_SECONDS},
        )
    answer = record["answer"]
    tokens = creation_tokens(store, match_id, key, answer["seats"])
    return {**answer, "seats": [{"seat": seat, "token": token} for seat, (token, _) in tokens.items()]}
