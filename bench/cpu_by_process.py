"""CPU used by each kind of process while bench/waiters.py's players play: run it beside one row.

    .venv/bin/python bench/waiters.py --waiters 10000 --seconds 30 --pace 0.05 &
    .venv/bin/python bench/cpu_by_process.py [--seconds 15]

Waits until the bench's players are running (its processes number seven or more), then reads
every process's CPU time from /proc twice, `--seconds` apart, and prints the share of one core
used by the gunicorn workers, Redis and the bench's own processes (README "Scale").
"""

from __future__ import annotations

import argparse
import collections
import os
import time
from pathlib import Path


def cpu_ticks() -> dict[int, tuple[int, str]]:
    """{pid: (user + system clock ticks, command line)} of every process."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        found[int(entry.name)] = (int(fields[11]) + int(fields[12]), command)
    return found


def kind(command: str) -> str:
    for name, label in (("gunicorn", "gunicorn workers"), ("redis", "redis"), ("waiters.py", "bench processes")):
        if name in command:
            return label
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()
    while sum("bench/waiters.py" in command for _, command in cpu_ticks().values()) < 7:
        time.sleep(0.5)
    time.sleep(5)  # the players' first matches are under way
    before = cpu_ticks()
    time.sleep(args.seconds)
    after = cpu_ticks()
    shares: collections.Counter = collections.Counter()
    for pid, (ticks, command) in after.items():
        shares[kind(command)] += (ticks - before.get(pid, (ticks, ""))[0]) / os.sysconf("SC_CLK_TCK") / args.seconds
    for label, share in shares.most_common():
        print(f"{100 * share:6.1f} % of a core  {label}")


if __name__ == "__main__":
    main()
