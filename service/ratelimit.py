"""A fixed one-minute quota window. Who is counted, and for what: service/limits.py.

`Quota` can ride in the same pipelined round-trip as a match's load
(`Store.load(..., counter=)`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

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
