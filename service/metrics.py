"""Prometheus metrics. Under gunicorn, PROMETHEUS_MULTIPROC_DIR makes them add up across workers."""

from __future__ import annotations

import functools
import glob
import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

REQUESTS = Counter("portside_requests_total", "HTTP requests answered", ["method", "endpoint", "status"])
LATENCY = Histogram(
    "portside_request_seconds",
    "Time to answer a request",
    ["method", "endpoint"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
MOVES = Counter("portside_moves_applied_total", "Moves applied to matches", ["game", "by"])
CONFLICTS = Counter("portside_move_conflicts_total", "Compare-and-set conflicts on a move", ["outcome"])
MATCHES = Counter("portside_matches_created_total", "Matches created", ["game"])
# How matches end: `rules` (played out), resign, timeout, abort, or too_long (the log's bound, which real play
# stays far below: one is worth an alert, docs/security.md item 54).
ENDED = Counter("portside_matches_ended_total", "Matches ended, by how", ["game", "reason"])
WAITERS = Gauge("portside_waiters", "Requests waiting now (long-polls and streams)", multiprocess_mode="livesum")
WAKE_SECONDS = Histogram(
    "portside_wake_seconds",
    "From a commit in Redis to this process hearing of it (its waiters wake then)",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1),
)
# Why streams ended: finished (the match's end), shutdown (this instance stopping), storage_unavailable
# (Redis stopped answering), expired (the match went), hung_up (the client left).
STREAMS_ENDED = Counter("portside_streams_ended_total", "Streams ended, by why", ["reason"])
REDIS_ROUNDTRIPS = Counter("portside_redis_roundtrips_total", "Round-trips to Redis, by operation", ["op"])
LOG_ENTRIES_READ = Counter("portside_log_entries_read_total", "Match log entries read from Redis")


@functools.cache
def series(metric, *labels):
    """`metric.labels(*labels)`, looked up once per process: prometheus_client checks and converts
    the label values on every call, which the hot paths pay per request. Label values are few
    (routes, statuses, methods through method_label, operations), so the cache stays small."""
    return metric.labels(*labels)


def round_trip(op: str) -> None:
    """Count one round-trip to Redis under `op` (every sender calls this, so the metric is whole)."""
    series(REDIS_ROUNDTRIPS, op).inc()


class WorkersCollector(multiprocess.MultiProcessCollector):
    """The workers' files added up, an empty one left out. prometheus_client makes a worker's file
    empty and sizes it after, and reads an empty one as broken: a scrape in that moment answered
    500, and a worker killed in it left /metrics failing until the server restarted
    (prometheus/client_python#1199). An empty file holds nothing yet."""

    def collect(self):
        files = glob.glob(os.path.join(self._path, "*.db"))
        return self.merge([f for f in files if holds_data(f)], accumulate=True)


def holds_data(path: str) -> bool:
    try:
        return os.path.getsize(path) > 0
    except FileNotFoundError:  # a dead worker's live gauges, removed since the glob
        return False


def exposition() -> tuple[bytes, str]:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        WorkersCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST


_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def method_label(method: str) -> str:
    """A made-up HTTP method must not create a new time series."""
    return method if method in _METHODS else "OTHER"
