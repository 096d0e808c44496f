"""Redis client timeouts that fail fast.

An ordinary command answers in well under a millisecond; if Redis is frozen
or unreachable a request should fail fast (503 with Retry-After) instead of
hanging, so commands time out after REDIS_TIMEOUT (1.5 s) and are never
retried (redis-py retries 3 times by default: a frozen Redis would hold a
request four times as long). Waiting requests hold no Redis connection (they
wait on the process's fan-out), so no command needs a longer fuse. The
readiness probe has the shortest: /readyz answers within a second.
"""

from __future__ import annotations

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from service.config import Config

PROBE_TIMEOUT = 0.5


def fast_options(config: Config) -> dict:
    """Options for store.connect()."""
    return {
        "socket_timeout": config.redis_timeout,
        "socket_connect_timeout": min(config.redis_timeout, 2),
        "retry": Retry(NoBackoff(), 0),
    }


def probe(url: str) -> redis.Redis:
    """A one-connection client for /readyz (a plain Redis; a cluster's readiness is asked of the store)."""
    return redis.Redis.from_url(
        url, socket_timeout=PROBE_TIMEOUT, socket_connect_timeout=PROBE_TIMEOUT, retry=Retry(NoBackoff(), 0)
    )
