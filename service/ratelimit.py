"""Per-client request quotas: a fixed one-minute window counted in Redis.

A client is its seat token (hashed), else its address. Only POSTs count.
For a request about one match the counter rides in the same pipelined
round-trip as the match's load (`Store.load(..., counter=)`), so limiting
adds no round-trip to a move; other POSTs count with their own round-trip.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from flask import request

from service.auth import bearer_token, hash_token
from service.errors import ApiError

WINDOW = 60


@dataclass
class Quota:
    key: str
    limit: int

    def check(self, count: int) -> None:
        if count > self.limit:
            retry = WINDOW - int(time.time()) % WINDOW
            raise ApiError(
                "rate_limited", f"More than {self.limit} requests this minute.", headers={"Retry-After": str(retry)}
            )


def quota_for_request(limit: int) -> Quota:
    try:
        token = bearer_token()
    except ApiError:
        token = None
    client = hash_token(token)[:16] if token else (request.remote_addr or "unknown")
    return Quota(f"rl:{client}:{int(time.time() // WINDOW)}", limit)


def count(redis_client, key: str) -> int:
    pipe = redis_client.pipeline(transaction=False)
    pipe.incr(key)
    pipe.expire(key, WINDOW)
    return pipe.execute()[0]
