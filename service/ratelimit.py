"""A fixed one-minute quota window, and the quota of a request counted by its match's load.
Who is counted, and for what: service/limits.py.

A request about a match that carries a token is counted without a round-trip
of its own: `matches.load` increments the counter of the seat the token
*claims* (keyed on the token's hash, in the match's hash slot) in the same
round-trip as the match's load (one Lua step on a single Redis, a pipeline on a
cluster: service/store.py), together with a read of the address's
failed-authentication count. The count is trusted only once the
token verifies (`verified()`, called by auth.seat_of): a made-up token never
gets that far, and its failure is charged to the address (service/limits.py).
A spectator's long-poll or stream is counted the same way, under its address,
and stands at once (there is no token to verify).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flask import g, has_request_context

from service.errors import ApiError

if TYPE_CHECKING:
    from service.limits import Lease

WINDOW = 60
DAY = 86_400  # the window of MATCHES_PER_DAY


def window() -> int:
    return int(time.time() // WINDOW)


# What a client spent too much of, said whole (each language counts its own way).
LIMITED = {
    "writes": "More than {limit} writes this minute.",
    "reads": "More than {limit} reads this minute.",
    "failed authentications": "More than {limit} failed authentications this minute.",
    "matches with server bots": "More than {limit} matches with server bots this minute.",
    "new matches": "More than {limit} new matches today.",
}


def limited(what: str, limit: int, window_seconds: int = WINDOW) -> ApiError:
    retry = window_seconds - int(time.time()) % window_seconds
    headers = {"Retry-After": str(max(retry, 1))}
    return ApiError("rate_limited", LIMITED[what], headers=headers, values={"limit": limit})


@dataclass
class Quota:
    """The quota of one request about `match_id` that its load counts: one that carries a token,
    or a spectator's wait (`token` False: under the address, standing once counted)."""

    match_id: str
    key: str  # the claimed seat's counter, m:{<id>}:rl:<w|r>:<token hash>:<window> (a spectator's: its address's)
    limit: int
    what: str  # "writes" or "reads", for the 429's words
    fail_key: str  # the address's failed authentications this window
    fail_limit: int
    waits_key: str  # where it holds its waits once verified: m:{<id>}:waits:<token hash> (rl:waits:ip:<address>)
    lease: Lease | None = None  # a wait the request will hold, taken by the same load (service/limits.py)
    count: int | None = None  # set by the load that counted this request
    verified: bool = False
    token: bool = True
    ticket: bool = False  # a spectator's wait that shows a stream ticket, checked after the load
    address_failed: bool = False  # the address is over its failure budget (service/limits.py)

    def counted(self, count: int, failures: int, waits_held: int | None = None) -> None:
        """The load answered. An address over its failure budget is refused now, unless the request
        shows a secret still to be checked (a token, a ticket): that one goes on if it checks out, else
        its 401 or 403 becomes a 429 (service/limits.py)."""
        self.count = count
        if self.lease is not None:
            self.lease.held = waits_held
        self.address_failed = failures >= self.fail_limit
        if self.address_failed and not (self.token or self.ticket):
            raise limited("failed authentications", self.fail_limit)
        if not self.token:
            self.verify()

    def verify(self) -> None:
        """The token holds a seat of the match: its count is that seat's; over the limit, 429."""
        if self.verified or self.count is None:
            return
        self.verified = True
        if self.count > self.limit:
            raise limited(self.what, self.limit)


def pending(match_id: str) -> Quota | None:
    """The request's quota, if it is about `match_id` and not yet counted."""
    if not has_request_context():
        return None
    quota = g.get("quota")
    if quota is None or quota.match_id != match_id or quota.count is not None:
        return None
    return quota


def verified() -> None:
    """Called when the request's token has just verified as a seat (service/auth.py)."""
    if has_request_context():
        quota = g.get("quota")
        if quota is not None:
            quota.verify()
