"""Logs every full garbage collection of every Python process started with this folder first on
PYTHONPATH, one file per process: `<unix time> <milliseconds>` per line, under the first line's command.

    PYTHONPATH=bench/gc_trace .venv/bin/python bench/waiters.py --waiters 10000 --seconds 30 --pace 0.05
    tail -n +1 /tmp/portside-gc.*.txt

(README "Scale": where the long full collections of a worker and of the bench's client fall.)
"""

import gc
import os
import sys
import time

_started: list[float] = []
_lines: list[str] = []


def _log_full_collections(phase: str, info: dict) -> None:
    if info["generation"] != 2:
        return
    if phase == "start":
        _started[:] = [time.perf_counter()]
        return
    _lines.append(f"{time.time():.3f} {1000 * (time.perf_counter() - _started[0]):.1f}")
    with open(f"/tmp/portside-gc.{os.getpid()}.txt", "w") as out:
        out.write(" ".join(sys.argv)[:100] + "\n" + "\n".join(_lines) + "\n")


gc.callbacks.append(_log_full_collections)
