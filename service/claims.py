"""A seat's token given again when the answer that carried it was lost (a phone's network drops
it, the app retries): a join sent again with the same Idempotency-Key, or a rematch claimed again
with the same old token, within CLAIM_AGAIN_SECONDS of the first claim. The seat gets a new token
and the lost one stops working; Redis keeps hashes only (of the key, and of the tokens).

    m:{id}:claims   hash: join:<SHA-256 of the key> or rematch:<old token's hash>
                    -> {"seat", "hash" (the token's hash given last), "at" (the first claim)}
"""

from __future__ import annotations

import hashlib
import time

import orjson

from service import metrics
from service.auth import new_token
from service.errors import ApiError
from service.store import Store, match_key

CLAIM_AGAIN_SECONDS = 300
KEY_CHARACTERS = (16, 200)  # a join's key is all that proves the caller: a random UUID, not a counter
_REISSUE = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[4], ARGV[5])
return 1
"""


def claims_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:claims"


def join_claim(idempotency_key: str) -> str:
    return "join:" + hashlib.sha256(idempotency_key.encode()).hexdigest()


def rematch_claim(old_token_hash: str) -> str:
    return "rematch:" + old_token_hash


def take(store: Store, match_id: str, seat: int, claim: str | None) -> str | None:
    """The seat with a new token if it is open (remembered under `claim`, if one); None if taken."""
    token, digest = new_token()
    taken = store.take_seat(match_id, seat, digest)
    if taken == -1:
        raise ApiError("unknown_match", f"No match {match_id!r} (it may have expired).")
    if taken == 1 and claim is not None:
        remember(store, match_id, claim, seat, digest)
    return token if taken == 1 else None


def remember(store: Store, match_id: str, claim: str, seat: int, token_hash: str) -> None:
    """The seat just taken under `claim`, so that the same claim within the window gets it again."""
    record = orjson.dumps({"seat": seat, "hash": token_hash, "at": time.time()})
    metrics.round_trip("claim")
    pipe = store.redis.pipeline(transaction=False)
    pipe.hset(claims_key(match_id), claim, record)
    pipe.expire(claims_key(match_id), 2 * CLAIM_AGAIN_SECONDS)  # records older than the window are spent
    pipe.execute()


def again(store: Store, match_id: str, claim: str) -> dict | None:
    """The seat taken before under `claim`, with a new token (the old one stops working); None if
    nothing was claimed so. 409 `seat_taken` once the window has passed or the seat has another token."""
    metrics.round_trip("claim")
    raw = store.redis.hget(claims_key(match_id), claim)
    if raw is None:
        return None
    record = orjson.loads(raw)
    seat = record["seat"]
    if time.time() - record["at"] > CLAIM_AGAIN_SECONDS:
        raise ApiError("seat_taken", f"Seat {seat} was claimed over {CLAIM_AGAIN_SECONDS} s ago: no new token for it.")
    token, digest = new_token()
    metrics.round_trip("claim")
    given = store.redis.eval(
        _REISSUE,
        2,
        match_key(match_id),
        claims_key(match_id),
        f"seat:{seat}",
        record["hash"],
        digest,
        claim,
        orjson.dumps({**record, "hash": digest}),
    )
    if not given:
        raise ApiError("seat_taken", f"Seat {seat} no longer holds the token given for this claim.")
    return {"id": match_id, "seat": seat, "token": token}
