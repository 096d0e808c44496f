"""Redis client timeouts that fail fast.

An ordinary command answers in well under a millisecond; if Redis is frozen
or unreachable a request should fail fast (503 with Retry-After) instead of
hanging, so commands time out after REDIS_TIMEOUT (1.5 s) and are never
retried (redis-py retries 3 times by default: a frozen Redis would hold a
request four times as long). Waiting requests hold no Redis connection (they
wait on the process's fan-out), so no command needs a longer fuse. The
readiness probe has the shortest: /readyz answers within a second (over a
cluster too: `ClusterProbe` asks one node after another within 0.8 s).
"""

from __future__ import annotations

import time

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
    """A one-connection client for /readyz (a plain Redis; a cluster's readiness is asked of the store).
    Probes that come at once share the connection: a client that gave up on a slow first /readyz and
    asked again opened a second one, past the connections REDIS_POOL promises."""
    pool = redis.BlockingConnectionPool.from_url(
        url,
        max_connections=1,
        timeout=PROBE_TIMEOUT,
        socket_timeout=PROBE_TIMEOUT,
        socket_connect_timeout=PROBE_TIMEOUT,
        retry=Retry(NoBackoff(), 0),
    )
    return redis.Redis(connection_pool=pool)


READY_SECONDS = 0.8  # /readyz over a cluster answers within a second, whatever the nodes do
NODE_TIMEOUT = 0.3  # each node asked: a frozen first node leaves time to ask two more


class ClusterProbe:
    """/readyz over a Redis Cluster: CLUSTER INFO asked of one node at a time (the nodes REDIS_URL
    names, then the others the cluster client knows, from its cache: no round-trip) with a short
    fuse and no retries, all within READY_SECONDS; raises ConnectionError (503) if none answers."""

    def __init__(self, url: str, cluster_client) -> None:
        from service.store import cluster_urls, host_port

        urls = cluster_urls(url)
        options = redis.connection.parse_url(urls[0])
        self.seeds = [host_port(u) for u in urls]
        self.auth = {k: options[k] for k in ("username", "password") if options.get(k)}
        self.ssl = urls[0].startswith("rediss://")
        self.cluster = cluster_client

    def nodes(self) -> list[tuple[str, int]]:
        known = [(node.host, int(node.port)) for node in getattr(self.cluster, "get_nodes", list)()]
        return [*self.seeds, *(node for node in known if node not in self.seeds)]

    def info(self) -> dict:
        deadline = time.monotonic() + READY_SECONDS
        failure: Exception | None = None
        for host, port in self.nodes():
            left = deadline - time.monotonic()
            if left < 0.05:
                break
            fuse = min(NODE_TIMEOUT, left)
            node = redis.Redis(
                host=host,
                port=port,
                ssl=self.ssl,
                socket_timeout=fuse,
                socket_connect_timeout=fuse,
                retry=Retry(NoBackoff(), 0),
                **self.auth,
            )
            try:
                return node.cluster("info")
            except redis.RedisError as err:
                failure = err
            finally:
                node.close()
        raise redis.exceptions.ConnectionError(f"no cluster node answered within {READY_SECONDS} s") from failure
