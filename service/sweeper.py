"""The clocks' keeper: every instance runs one (a daemon thread, unless SWEEP_SECONDS=0), and
`portside sweep` runs one on its own, so deadlines hold with nobody online. A sweep enforces the
deadlines that are due (service/lifecycle.py keeps their index, CLOCKS_KEY)."""

from __future__ import annotations

import logging
import threading
import time

from service.config import Config
from service.errors import ApiError, storage_unavailable
from service.lifecycle import CLOCKS_KEY, enforce_clock, index_clock
from service.store import Store

log = logging.getLogger("portside")


def sweep_once(store: Store, cfg: Config) -> int:
    """Enforce every due deadline; returns how many matches were looked at."""
    from service import matches

    due = store.redis.zrangebyscore(CLOCKS_KEY, "-inf", time.time(), start=0, num=200)
    for raw in due:
        match_id = raw.decode() if isinstance(raw, bytes) else str(raw)
        try:
            match = enforce_clock(store, cfg, matches.load(store, match_id))
        except ApiError:
            store.redis.zrem(CLOCKS_KEY, match_id)
            continue
        index_clock(store, match_id, match.stored.state)
    return len(due)


def sweep_forever(store: Store, cfg: Config, stop: threading.Event | None = None) -> None:
    stop = stop or threading.Event()
    failing = False
    while not stop.wait(cfg.sweep_seconds):
        try:
            sweep_once(store, cfg)
        except Exception as err:  # the sweeper must outlive anything
            if not storage_unavailable(err):
                log.exception("clock sweep failed")
            elif not failing:  # one line an outage, not a traceback every SWEEP_SECONDS in every worker
                log.warning("clock sweep: Redis unavailable (%s); trying again until it answers", err)
                failing = True
            continue
        if failing:
            log.warning("clock sweep: Redis answers again")
            failing = False


def start_sweeper(store: Store, cfg: Config) -> threading.Thread | None:
    """The clocks' keeper every instance runs (a daemon thread), unless SWEEP_SECONDS=0."""
    if cfg.sweep_seconds <= 0:
        return None
    thread = threading.Thread(target=sweep_forever, args=(store, cfg), name="portside-sweeper", daemon=True)
    thread.start()
    return thread
