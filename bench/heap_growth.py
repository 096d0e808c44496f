"""Does anything but a bounded cache keep what a match leaves behind? The Python heap, in process.

    .venv/bin/python bench/heap_growth.py [--warm 200] [--matches 1200]

bench/soak.py shows a served worker's resident memory rising while its caches fill: the rendered
texts (engine.i18n, 8,192), Catan's production tables (4,096 layouts) and Smuggler's packings
(4,096), each bounded by its size. This bench tells that apart from a leak: over an embedded
Redis it calls the app in process (no server: no streams), shrinks those caches to a few entries,
plays `--warm` matches of soak.py's churn, then `--matches` more with tracemalloc on, and prints
the Python heap's growth every 200 matches. A leak grows with the matches; a flat line is none.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import tracemalloc
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.app_cpu import call  # noqa: E402
from bench.soak import one_match  # noqa: E402


class InProcess:
    """soak.py's client, calling the WSGI app directly."""

    def __init__(self, app) -> None:
        self.app = app

    def call(self, method: str, path: str, body=None, token: str | None = None):
        return call(self.app, method, path, body, token)


def shrink_caches() -> None:
    from engine import i18n
    from engine.catan import production
    from engine.smuggler import packing

    i18n._rendered = lru_cache(maxsize=64)(i18n._rendered.__wrapped__)
    packing._search = lru_cache(maxsize=64)(packing._search.__wrapped__)
    producers = production.producers

    def few_layouts(state):
        if len(production._PRODUCERS) > 16:
            production._PRODUCERS.clear()
        return producers(state)

    production.producers = few_layouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--warm", type=int, default=200)
    parser.add_argument("--matches", type=int, default=1200)
    args = parser.parse_args()
    from service import embedded

    os.environ.update(
        REDIS_URL=embedded.start(tempfile.mkdtemp(prefix="portside-heap-")),
        RATE_LIMIT_PER_MINUTE="100000000",
        READ_LIMIT_PER_MINUTE="100000000",
        MATCHES_PER_DAY="100000000",
        MATCH_TTL="60",
        LOG_LEVEL="warning",
        SWEEP_SECONDS="0",
    )
    from service.app import create_app

    shrink_caches()
    client, rng = InProcess(create_app()), random.Random(5)
    for _ in range(args.warm):
        one_match(client, rng)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    print(f"after {args.warm} matches to warm up, the Python heap's growth:")
    for played in range(1, args.matches + 1):
        one_match(client, rng)
        if played % 200 == 0:
            gc.collect()
            grown = (tracemalloc.get_traced_memory()[0] - base) / 1024
            print(f"{played:6d} matches more: {grown:+8.0f} KB", flush=True)


if __name__ == "__main__":
    main()
