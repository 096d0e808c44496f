"""HTTP benchmark: moves/s and latency through gunicorn + Redis, against a bare ceiling.

    .venv/bin/python bench/http_bench.py [--seconds 15] [--clients 6] [--rounds 3] [--compare-encoding gzip]

Starts an embedded redis-server and two gunicorn servers with service/gunicorn_conf.py
(the Portside app, and bench/bare_cas_app.py: the same storage work with no
game), then drives each with client processes over keep-alive HTTP:

- bare: POST a small JSON body to the compare-and-set endpoint, back to back;
- moves: each client plays 4-player Catan matches (scripted hot-seat: random
  legal moves; a GET only when the seat to act changes). Rate limiting stays on.

Prints requests/s, move POSTs/s and p50/p99 for both, the ratio (goal >= 80 %),
and the median move latency in the first vs the last tenth of each game
(goal: within 1.2x). With --rounds N the two runs alternate N times (bare,
moves, bare, moves, ...) and each round's ratio is printed, then the median:
on a shared, noisy machine one pair of runs can be off by several percent.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import multiprocessing as mp
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import brotli
import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.cpu_by_process import cpu_ticks  # noqa: E402
from bench.host_speed import line as host_speed_line  # noqa: E402
from bench.workload import choose  # noqa: E402
from service.config import default_workers  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(app: str, port: int, env: dict) -> subprocess.Popen:
    proc = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "-c", "python:service.gunicorn_conf", app],
        env={**env, "BIND": f"127.0.0.1:{port}", "LOG_LEVEL": "warning"},
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/healthz" if "service" in app else "/")
            conn.getresponse().read()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"gunicorn for {app} did not start")


DECODERS = {"gzip": gzip.decompress, "br": brotli.decompress}


class Client:
    """Keep-alive JSON over HTTP; `encoding` is sent as Accept-Encoding (identity: none)."""

    def __init__(self, port: int, encoding: str = "identity"):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.encoding = encoding
        self.received = 0  # body bytes as they came over the wire

    def call(self, method: str, path: str, body=None, token: str | None = None):
        headers = {"Content-Type": "application/json"}
        if self.encoding != "identity":
            headers["Accept-Encoding"] = self.encoding
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, body=None if body is None else orjson.dumps(body), headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        self.received += len(data)
        coding = response.getheader("Content-Encoding")
        if coding:
            data = DECODERS[coding](data)
        return response.status, orjson.loads(data or b"null")


def bare_worker(port: int, seconds: float, out: mp.Queue, seed: int) -> None:
    client, latencies = Client(port), []
    key, end = f"k{seed}", time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        status, _ = client.call("POST", f"/bare/{key}", {"type": "bump", "value": 1})
        latencies.append(time.perf_counter() - start)
        assert status == 200, status
    out.put({"posts": latencies, "requests": len(latencies), "cpu": time.process_time()})


def moves_worker(port: int, seconds: float, out: mp.Queue, seed: int, encoding: str = "identity") -> None:
    client, rng = Client(port, encoding), random.Random(seed)
    posts, requests, by_progress = [], 0, []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        status, created = client.call(
            "POST", "/v1/matches", {"game": "catan", "players": 4, "seed": rng.randrange(10**9)}
        )
        requests += 1
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        status, match = client.call("GET", f"/v1/matches/{created['id']}", token=tokens[0])
        requests += 1
        game_latencies = []
        while match["status"] == "active" and time.perf_counter() < end:
            seat = rng.choice(match["to_act"])
            if match["seat"] != seat:
                status, match = client.call("GET", f"/v1/matches/{created['id']}", token=tokens[seat])
                requests += 1
            start = time.perf_counter()
            status, answer = client.call(
                "POST",
                f"/v1/matches/{created['id']}/moves",
                choose(match["legal_moves"], match["move_templates"], rng),
                token=tokens[seat],
            )
            game_latencies.append(time.perf_counter() - start)
            requests += 1
            if status == 422 and match["legal_moves"]:  # a template filled at random may break a rule
                continue
            assert status == 200, answer
            match = answer["match"]
        posts += game_latencies
        if match["status"] == "finished" and len(game_latencies) >= 50:
            by_progress.append(game_latencies)
    cpu = time.process_time()
    out.put({"posts": posts, "requests": requests, "games": by_progress, "bytes": client.received, "cpu": cpu})


def run(worker, port: int, clients: int, seconds: float, *extra) -> dict:
    queue = mp.Queue()
    procs = [mp.Process(target=worker, args=(port, seconds, queue, i, *extra)) for i in range(clients)]
    before, start = cpu_ticks(), time.perf_counter()
    for p in procs:
        p.start()
    results = [queue.get() for _ in procs]
    elapsed = time.perf_counter() - start
    after = cpu_ticks()
    for p in procs:
        p.join()
    posts = sorted(x for r in results for x in r["posts"])
    requests = sum(r["requests"] for r in results)
    return {
        "cpu_ms": {  # CPU per request of each party: all share this machine's cores
            "server": 1000 * _cpu_of(before, after, "gunicorn") / requests,
            "redis": 1000 * _cpu_of(before, after, "redis-server") / requests,
            "clients": 1000 * sum(r["cpu"] for r in results) / requests,
        },
        "requests_per_s": requests / elapsed,
        "posts_per_s": len(posts) / elapsed,
        "p50_ms": 1000 * posts[len(posts) // 2],
        "p99_ms": 1000 * posts[int(len(posts) * 0.99)],
        "games": [g for r in results for g in r.get("games", [])],
        "bytes_per_request": sum(r.get("bytes", 0) for r in results) / max(1, sum(r["requests"] for r in results)),
    }


def _cpu_of(before: dict, after: dict, name: str) -> float:
    """Seconds of CPU the processes whose command line names `name` used between two readings."""
    ticks = sum(t - before.get(pid, (t, ""))[0] for pid, (t, command) in after.items() if name in command)
    return ticks / os.sysconf("SC_CLK_TCK")


def tenths(games: list[list[float]]) -> tuple[float, float]:
    first, last = [], []
    for lat in games:
        tenth = max(1, len(lat) // 10)
        first += lat[:tenth]
        last += lat[-tenth:]
    return statistics.median(first) * 1000, statistics.median(last) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=1, help="alternate the bare and the moves runs this many times")
    parser.add_argument(
        "--compare-encoding",
        choices=sorted(DECODERS),
        help="also run the moves with this Accept-Encoding, beside the uncompressed run",
    )
    args = parser.parse_args()
    from service import embedded

    speed = host_speed_line()  # before any server takes the cores
    redis_url = embedded.start(tempfile.mkdtemp(prefix="portside-bench-"))
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "RATE_LIMIT_PER_MINUTE": "100000",
        "MATCHES_PER_DAY": "100000000",
        "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(prefix="portside-bench-metrics-"),
    }
    bare_port, app_port = free_port(), free_port()
    servers = [
        start_gunicorn("bench.bare_cas_app:app", bare_port, env),
        start_gunicorn("service.wsgi:app", app_port, env),
    ]
    try:
        rounds = []
        for _ in range(args.rounds):
            bare = run(bare_worker, bare_port, args.clients, args.seconds)
            moves = run(moves_worker, app_port, args.clients, args.seconds)
            rounds.append((bare, moves))
        bare, moves = sorted(rounds, key=lambda r: r[1]["requests_per_s"] / r[0]["requests_per_s"])[len(rounds) // 2]
        encoded = (
            run(moves_worker, app_port, args.clients, args.seconds, args.compare_encoding)
            if args.compare_encoding
            else None
        )
    finally:
        for s in servers:
            s.terminate()
            s.wait()
    if not moves["games"]:
        raise SystemExit("no game finished: run longer (--seconds)")
    first, last = tenths(moves["games"])
    worker_class = env.get("WORKER_CLASS") or "gevent"  # service/gunicorn_conf.py's default
    workers = env.get("WEB_CONCURRENCY") or default_workers(worker_class)
    threads = f" threads={env.get('THREADS', '16')}" if worker_class == "gthread" else ""
    print(
        f"gunicorn {worker_class} workers={workers}{threads}, "
        f"{args.clients} client processes, {args.seconds:.0f} s each, {os.cpu_count()} cores"
    )
    print(speed)
    print(f"bare CAS : {bare['requests_per_s']:7.0f} req/s   p50 {bare['p50_ms']:.2f} ms  p99 {bare['p99_ms']:.2f} ms")
    print(
        f"moves    : {moves['requests_per_s']:7.0f} req/s ({moves['posts_per_s']:.0f} move POSTs/s)   "
        f"p50 {moves['p50_ms']:.2f} ms  p99 {moves['p99_ms']:.2f} ms"
    )
    for name, result in (("bare CAS", bare), ("moves", moves)):
        cpu = result["cpu_ms"]
        print(
            f"CPU/req  : {name:<8} server {cpu['server']:.3f} ms, redis {cpu['redis']:.3f} ms, "
            f"clients {cpu['clients']:.3f} ms"
        )
    if len(rounds) > 1:
        each = ", ".join(f"{100 * m['requests_per_s'] / b['requests_per_s']:.0f} %" for b, m in rounds)
        print(f"rounds   : {each} (the median round is shown)")
    print(
        f"ratio    : {100 * moves['requests_per_s'] / bare['requests_per_s']:.0f} % of the bare ceiling (goal >= 80 %)"
    )
    print(
        f"per-move : median {first:.2f} ms in the first tenth vs {last:.2f} ms in the last tenth "
        f"of {len(moves['games'])} games ({last / first:.2f}x; goal <= 1.2x)"
    )
    if encoded:
        name, size, plain = args.compare_encoding, encoded["bytes_per_request"], moves["bytes_per_request"]
        print(
            f"moves {name:<4}: {encoded['requests_per_s']:7.0f} req/s   "
            f"p50 {encoded['p50_ms']:.2f} ms  p99 {encoded['p99_ms']:.2f} ms   "
            f"{size:.0f} bytes per answer (uncompressed: {plain:.0f})"
        )


if __name__ == "__main__":
    main()
