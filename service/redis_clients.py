"""Redis clients with timeouts that fit each use.

An ordinary command answers in well under a millisecond; if Redis is frozen
or unreachable the request should fail fast (503 with Retry-After) instead of
hanging, so the ordinary client times out after REDIS_TIMEOUT (1.5 s) and
never retries. A long-poll parks in XREAD BLOCK for up to MAX_WAIT_SECONDS, so
blocking reads get their own client whose timeout outwaits the block. The
readiness probe has the shortest fuse: /readyz answers within a second.
"""

from __future__ import annotations

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from service.config import Config

PROBE_TIMEOUT = 0.5


def _client(url: str, timeout: float, **extra) -> redis.Redis:
    return redis.Redis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=min(timeout, 2),
        retry=Retry(NoBackoff(), 0),  # redis-py retries 3 times by default: a frozen Redis would hold us 4x longer
        **extra,
    )


def ordinary(url: str, config: Config) -> redis.Redis:
    return _client(url, config.redis_timeout, health_check_interval=30)


def blocking(url: str, config: Config) -> redis.Redis:
    """For XREAD BLOCK: the socket must outwait the longest long-poll."""
    return _client(url, config.max_wait_seconds + 5, health_check_interval=30)


def probe(url: str) -> redis.Redis:
    return _client(url, PROBE_TIMEOUT)
