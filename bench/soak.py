"""Soak: does a served instance's memory level off under churn, or grow with every match it saw?

    .venv/bin/python bench/soak.py [--minutes 10] [--clients 3] [--every 30]

Starts an embedded Redis and one gunicorn instance with service/gunicorn_conf.py (gevent
workers; MATCH_TTL 120 s and FINISHED_MATCH_TTL 60 s, so matches also expire and the sweeper
works), then `--clients` processes churn through matches of all four games until the time is
up. Each match: created (a fourth with `undo`), a random number of random moves played
hot-seat, a long-poll that waits and one that answers at once, a stream opened with the seat's
token and one with a stream ticket, each hung up after its first entries, then left (one in
three resigned first, which finishes a two-seat match). Every `--every` seconds it prints
the matches and requests so far, each worker's resident memory, the waiters the instance
counts, Redis's used memory and its clients.

The last line compares each worker's memory a fifth of the way in (warmed up: imports,
caches, the pool filled) with its memory at the end, per 1,000 matches played between.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_bench import Client, free_port  # noqa: E402
from bench.waiters import start_instance, waiting, worker_rss_mb  # noqa: E402
from bench.workload import choose  # noqa: E402

GAMES = [("catan", 3), ("smuggler", 3), ("speicherstadt", 3), ("medici", 2)]


def churn(port: int, seconds: float, seed: int, counts) -> None:
    """Play matches one after another until `seconds` are up; add to counts[0] (matches) and counts[1] (requests)."""
    client, rng = Client(port), random.Random(seed)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        requests = one_match(client, rng, lambda path, header: first_entries(port, path, header))
        with counts.get_lock():
            counts[0] += 1
            counts[1] += requests


def one_match(client, rng: random.Random, stream=None) -> int:
    """One match's life (see the module's docstring) through `client.call`; `stream(path, header)`
    opens a stream and hangs up (None: no streams, for the in-process heap check)."""
    game, players = rng.choice(GAMES)
    body = {
        "game": game,
        "players": players,
        "seed": rng.randrange(10**9),
        **({"undo": "own_move"} if rng.random() < 0.25 else {}),
    }
    status, created = client.call("POST", "/v1/matches", body)
    assert status == 201, (status, created)
    match_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    path = f"/v1/matches/{match_id}"
    _, match = client.call("GET", path, token=tokens[0])
    requests = 2
    for _ in range(rng.randrange(5, 60)):
        if match["status"] != "active":
            break
        seat = rng.choice(match["to_act"])
        if match["seat"] != seat:
            _, match = client.call("GET", path, token=tokens[seat])
        status, answer = client.call(
            "POST", f"{path}/moves", choose(match["legal_moves"], match["move_templates"], rng), tokens[seat]
        )
        requests += 2
        if status == 200:
            match = answer["match"]
            if "undo" in body and rng.random() < 0.2:
                status, undone = client.call("POST", f"{path}/undo", token=tokens[seat])
                requests += 1
                if status == 200:  # else refused (the move revealed something): the match is as it was
                    match = undone["match"]
    version = match["version"]
    client.call("GET", f"{path}/events?after={version}&wait=0.2", token=tokens[0])  # waits, then answers empty
    client.call("GET", f"{path}/events?after=0&wait=5", token=tokens[0])  # answers at once
    _, ticket = client.call("POST", f"{path}/stream-ticket", token=tokens[0])
    if stream is not None:
        stream(f"{path}/stream", f"Authorization: Bearer {tokens[0]}\r\n")
        stream(f"{path}/stream?ticket={ticket['ticket']}", "")
    requests += 5
    if rng.random() < 1 / 3:
        client.call("POST", f"{path}/resign", token=tokens[1])
        requests += 1
    return requests


def first_entries(port: int, path: str, header: str) -> None:
    """Open a stream, read its first chunk of entries and hang up, as a phone put away does."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: soak\r\n{header}\r\n".encode())
        received = b""
        while b"\r\n\r\n" not in received or b"id: " not in received:
            chunk = sock.recv(65536)
            assert chunk, received[:200]
            received += chunk
        assert received.startswith(b"HTTP/1.1 200"), received[:200]


def redis_memory(redis_client) -> tuple[float, int]:
    info = redis_client.info()
    return info["used_memory"] / 2**20, info["connected_clients"] - 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--clients", type=int, default=3)
    parser.add_argument("--every", type=float, default=30)
    args = parser.parse_args()
    from service import embedded
    from service.store import connect

    redis_url = embedded.start(tempfile.mkdtemp(prefix="portside-soak-"))
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "MATCH_TTL": "120",
        "FINISHED_MATCH_TTL": "60",
        # Every client here is 127.0.0.1: limits stay on, high enough for a few busy scripts.
        "RATE_LIMIT_PER_MINUTE": "100000000",
        "READ_LIMIT_PER_MINUTE": "100000000",
        "BOT_MATCHES_PER_MINUTE": "100000",
        "MATCHES_PER_DAY": "100000000",
    }
    redis_client = connect(redis_url, False)
    port = free_port()
    server = start_instance(port, env)
    counts = mp.Array("q", 2)
    seconds = 60 * args.minutes
    clients = [mp.Process(target=churn, args=(port, seconds, seed, counts)) for seed in range(args.clients)]
    try:
        for c in clients:
            c.start()
        started, warm = time.monotonic(), None
        print(f"one instance, {args.clients} churning clients, {args.minutes:g} min; {os.cpu_count()} cores")
        print("elapsed  matches  requests  RSS per worker (MB)   waiters  Redis MB  Redis clients")
        while any(c.is_alive() for c in clients):
            time.sleep(args.every)
            elapsed, rss = time.monotonic() - started, worker_rss_mb(server.pid)
            used, conns = redis_memory(redis_client)
            print(
                f"{elapsed:6.0f}s  {counts[0]:7d}  {counts[1]:8d}  {' '.join(f'{m:6.1f}' for m in rss):20s}"
                f"  {waiting([port]):7.0f}  {used:8.1f}  {conns:6d}",
                flush=True,
            )
            if warm is None and elapsed >= seconds / 5:
                warm = (counts[0], rss)
        assert all(c.exitcode == 0 for c in clients), [c.exitcode for c in clients]
        rss = worker_rss_mb(server.pid)
        if warm and counts[0] > warm[0]:
            per_k = [1000 * (now - then) / (counts[0] - warm[0]) for now, then in zip(rss, warm[1])]
            print(
                f"after warm-up ({warm[0]} matches): {' '.join(f'{m:+.2f}' for m in per_k)} MB per worker"
                f" per 1,000 matches, over {counts[0] - warm[0]} more"
            )
    finally:
        for c in clients:
            c.kill()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
