"""Where a gunicorn worker's time goes under http_bench.py's clients, sampled by py-spy.

    .venv/bin/pip install py-spy   # not a dependency of the project
    .venv/bin/python bench/profile_worker.py [moves|bare] [--seconds 15] [--top 25]

Starts one gevent worker (WEB_CONCURRENCY=1) of the Portside app or of the bare
compare-and-set ceiling over an embedded Redis, drives it with two of
http_bench.py's client processes, records the worker with `py-spy record
--format raw`, and prints the share of the samples whose stack passes through
each function (inclusive), then the samples per 1,000 requests by the file of
the innermost frame, so that the two apps can be set side by side.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import http_bench  # noqa: E402

APPS = {
    "moves": ("service.wsgi:app", http_bench.moves_worker),
    "bare": ("bench.bare_cas_app:app", http_bench.bare_worker),
}
FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^:]*):\d+\)$")


def frames(line: str) -> tuple[list[tuple[str, str]], int]:
    stack, _, count = line.rstrip().rpartition(" ")
    parsed = []
    for frame in stack.split(";"):
        found = FRAME.match(frame)
        parsed.append((found["function"], found["file"]) if found else (frame, "?"))
    return parsed, int(count)


def place(file: str) -> str:
    """A frame's file, shortened to the package (or this project's file) it belongs to."""
    for marker in ("site-packages/", "python3."):
        if marker in file:
            return file.split(marker, 1)[1].split("/")[0 if marker == "site-packages/" else 1]
    return file.replace(str(ROOT) + "/", "")


def report(raw: Path, requests: int, top: int) -> None:
    inclusive: collections.Counter = collections.Counter()
    innermost: collections.Counter = collections.Counter()
    total = 0
    for line in raw.read_text(errors="replace").splitlines():
        stack, count = frames(line)
        total += count
        innermost[place(stack[-1][1])] += count
        for key in {f"{function} ({place(file)})" for function, file in stack}:
            inclusive[key] += count
    print(f"{total} samples, {1000 * total / requests:.1f} per 1,000 requests")
    print("inclusive share of the samples:")
    for key, count in inclusive.most_common(top):
        print(f"  {100 * count / total:5.1f} %  {key}")
    print("samples per 1,000 requests, by the innermost frame's file:")
    for key, count in innermost.most_common(top):
        print(f"  {1000 * count / requests:6.2f}  {key}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("app", choices=sorted(APPS), nargs="?", default="moves")
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    spy = shutil.which("py-spy", path=str(ROOT / ".venv/bin")) or shutil.which("py-spy")
    if spy is None:
        raise SystemExit("py-spy is not installed: .venv/bin/pip install py-spy")
    from service import embedded

    app, worker = APPS[args.app]
    env = {
        **os.environ,
        "REDIS_URL": embedded.start(tempfile.mkdtemp(prefix="portside-bench-")),
        "RATE_LIMIT_PER_MINUTE": "100000",
        "MATCHES_PER_DAY": "100000000",
        "WEB_CONCURRENCY": "1",
        "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(prefix="portside-bench-metrics-"),
    }
    port = http_bench.free_port()
    server = http_bench.start_gunicorn(app, port, env)
    raw = Path(tempfile.mkdtemp(prefix="portside-spy-")) / "samples.txt"
    try:
        pid = subprocess.check_output(["pgrep", "-P", str(server.pid)], text=True).split()[0]
        record = f"record --pid {pid} --duration {int(args.seconds)} --rate 250 --nonblocking --format raw".split()
        recorder = subprocess.Popen(
            [spy, *record, "--output", str(raw)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(0.5)
        result = http_bench.run(worker, port, 2, args.seconds)
        recorder.wait()
    finally:
        server.terminate()
        server.wait()
    print(
        f"{args.app}: {result['requests_per_s']:.0f} req/s, server CPU {result['cpu_ms']['server']:.3f} ms per request"
    )
    report(raw, int(result["requests_per_s"] * args.seconds), args.top)


if __name__ == "__main__":
    main()
