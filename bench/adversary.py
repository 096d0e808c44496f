"""Re-run issue #11's attacks against a fresh local server and print one line per attack.

    .venv/bin/python bench/adversary.py

Starts `portside serve` (gunicorn, embedded supervised Redis in a temporary
directory) on a free 127.0.0.1 port, sends a bounded number of requests per
attack, and stops everything at the end.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Client:
    def __init__(self, port: int):
        self.port = port

    def call(self, method, path, body=None, headers=None, raw=None, timeout=45):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        answer = conn.getresponse()
        payload = answer.read()
        conn.close()
        kind = answer.getheader("Content-Type", "")
        return answer.status, kind, payload, answer


def report(name: str, outcome: str) -> None:
    print(f"- {name}: {outcome}", flush=True)


def main() -> int:
    port, data = free_port(), tempfile.mkdtemp(prefix="portside-adversary-")
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(PORTSIDE_DATA_DIR=data, WEB_CONCURRENCY="2", THREADS="8", LOG_LEVEL="warning")
    # Each step meets its own limit: the 1,300 creations must not spend the day's new matches (500,
    # tests/service/test_limits.py -k fill_redis) before the bot matches' step.
    env.update(MATCHES_PER_DAY="100000")
    # A log's bound a loop reaches in seconds (20,000 by default: 17 minutes of a seat's writes); every
    # other step's match stays below it.
    env.update(MATCH_LOG_ENTRIES="400")
    server = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    c = Client(port)
    try:
        for _ in range(200):
            try:
                if c.call("GET", "/readyz", timeout=1)[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        run(c, Path(data))
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=20)
    return 0


def run(c: Client, data: Path) -> None:
    create = {"game": "speicherstadt", "players": 2}
    deep = '{"game": "speicherstadt", "players": 2, "options": {"x": ' + "[" * 1000 + "]" * 1000 + "}}"
    status, kind, *_ = c.call("POST", "/v1/matches", raw=deep.encode())
    report("options nested 1,000 deep", f"{status} {kind}")
    nines = '{"game": "speicherstadt", "players": ' + "9" * 5000 + "}"
    status, kind, *_ = c.call("POST", "/v1/matches", raw=nines.encode())
    report('"players": 5,000 nines', f"{status} {kind}")
    status, kind, *_ = c.call("POST", "/v1/matches", {"game": "speicherstadt", "players": 3.7})
    report('"players": 3.7', f"{status} {kind}")
    status, kind, *_ = c.call("POST", "/v1/matches", {"game": "speicherstadt", "players": 3, "seed": 7, "seats": "one"})
    report("seed chosen with seats left open", f"{status} {kind}")
    time.sleep(60 - time.time() % 60)  # the limits count whole minutes: a burst across two would pass
    statuses = [c.call("POST", "/v1/matches", create, {"Authorization": f"Bearer {secrets.token_hex(8)}"})[0]
                for _ in range(1300)]  # fmt: skip
    report("1,300 creations, each with a made-up token", f"{statuses.count(201)} x 201, {statuses.count(429)} x 429")

    status = c.call("GET", "/v1/games")[0]
    report("then a GET from the same address", f"{status} (reads have their own budget)")

    # Our one address spent its write budget above: wait out the minute.
    time.sleep(61 - time.time() % 60)
    _, _, body, _ = c.call("POST", "/v1/matches", {**create, "seed": 1})
    match_id = json.loads(body)["id"]
    for query in ("after=18446744073709551616", "after=40&wait=30", "after=0&wait=0.0001", "after=0&wiat=30"):
        started = time.monotonic()
        status, kind, payload, _ = c.call("GET", f"/v1/matches/{match_id}/events?{query}")
        report(f"/events?{query}", f"{status} {kind} in {time.monotonic() - started:.3f} s {payload[:60]!r}")
    loop_at_the_bound(c)
    status, kind, *_ = c.call("GET", "/v1/matches/x%7D:idem:0:k")
    report("match id containing }:idem:", f"{status} {kind}")
    head = (
        "POST /v1/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    answer_head = raw_exchange(c.port, head.encode(), [b"10000\r\n" + b" " * 65536 + b"\r\n"] * 32)
    report("chunked 2 MB body", answer_head.split(b"\r\n\r\n")[0].decode().replace("\r\n", " | "))
    conn = http.client.HTTPConnection("127.0.0.1", c.port, timeout=10)
    conn.request("GET", "/v1/games?" + "a" * 9000)
    answer = conn.getresponse()
    report("9,000-byte request line", f"{answer.status} {answer.getheader('Content-Type')}")
    conn.close()

    seen: list[int] = []
    _, _, body, _ = c.call("POST", "/v1/matches", {"game": "catan", "players": 4, "seed": 3})
    created = json.loads(body)
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    differing = 0
    for i in range(150):
        match = json.loads(c.call("GET", f"/v1/matches/{created['id']}")[2])
        if match["status"] == "finished":
            break
        seat = match["to_act"][0]
        mine = json.loads(
            c.call("GET", f"/v1/matches/{created['id']}", headers={"Authorization": f"Bearer {tokens[seat]}"})[2]
        )
        move = mine["legal_moves"][0] if mine["legal_moves"] else None
        if move is None:
            break
        headers = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": f"k{i}"}
        out = copies_at_once(c, f"/v1/matches/{created['id']}/moves", move, headers)
        seen.extend(out)
        differing += len(set(out)) > 1
    report(
        "same Idempotency-Key from 3 connections at once",
        f"{len(seen)} answers, {differing} moves with differing statuses, statuses {sorted(set(seen))}",
    )

    pid = int((data / "redis.pid").read_text())
    os.kill(pid, signal.SIGSTOP)
    started = time.monotonic()
    status = c.call("GET", "/readyz")[0]
    ready_s = time.monotonic() - started
    started = time.monotonic()
    status2, _, _, answer = c.call("GET", f"/v1/matches/{match_id}")
    report("Redis frozen (SIGSTOP)", f"/readyz {status} in {ready_s:.2f} s; GET match {status2} in "
           f"{time.monotonic() - started:.2f} s, Retry-After {answer.getheader('Retry-After')}")  # fmt: skip
    os.kill(pid, signal.SIGCONT)
    os.kill(pid, signal.SIGKILL)
    started = time.monotonic()
    down = 0
    while c.call("GET", "/readyz")[0] != 200:
        down += 1
        time.sleep(0.02)
    back = time.monotonic() - started
    still = c.call("GET", f"/v1/matches/{match_id}")[0]
    report("Redis killed (SIGKILL)", f"/readyz 503 x {down}, back on the same data after {back:.2f} s; match: {still}")

    bots = {"game": "speicherstadt", "players": 2, "bots": {"0": "random", "1": "random"}}
    statuses = [c.call("POST", "/v1/matches", bots)[0] for _ in range(30)]
    report("30 all-bot matches in a row", f"{statuses.count(201)} x 201, {statuses.count(429)} x 429")
    bogus = {"Authorization": f"Bearer {secrets.token_hex(8)}"}
    statuses = [c.call("POST", f"/v1/matches/{match_id}/moves", {"type": "pass"}, bogus)[0] for _ in range(40)]
    report("40 moves with a made-up token", f"{statuses.count(403)} x 403, {statuses.count(429)} x 429")


def loop_at_the_bound(c: Client) -> None:
    """One seat offers and takes it back until the match's log is full (MATCH_LOG_ENTRIES=400 here)."""
    created = json.loads(c.call("POST", "/v1/matches", {"game": "medici", "players": 2, "undo": "own_move"})[2])
    path, seat = f"/v1/matches/{created['id']}", {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    statuses: list[int] = []
    while not statuses or statuses[-1] == 200:
        offer = len(statuses) % 2 == 0
        status, _, payload, _ = c.call("POST", f"{path}/{'moves' if offer else 'undo'}", {"type": "offer", "price": 3}
                                       if offer else None, seat)  # fmt: skip
        statuses.append(status)
    code = json.loads(payload)["code"]
    match = json.loads(c.call("GET", path)[2])
    again = c.call("POST", f"{path}/moves", {"type": "offer", "price": 3}, seat)[0]
    said = f"{statuses.count(200)} x 200, then {statuses[-1]} {code}; the match {match['status']} at version"
    report(
        "a seat looping offer and undo", f"{said} {match['version']}, ended {match['ended']}; its next write {again}"
    )


def raw_exchange(port: int, head: bytes, chunks: list[bytes]) -> bytes:
    """Send a request as raw bytes (the server may answer and close before the body is sent); the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(head)
            for chunk in chunks:
                sock.sendall(chunk)
            sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # closed after the 413: what matters is what it said first
        try:
            return sock.recv(65536)
        except OSError as err:
            return f"(no answer read: {err})".encode()


def copies_at_once(c: Client, path: str, move: dict, headers: dict) -> list[int]:
    out: list[int] = []

    def send() -> None:
        out.append(c.call("POST", path, move, headers)[0])

    copies = [threading.Thread(target=send) for _ in range(3)]
    for copy in copies:
        copy.start()
    for copy in copies:
        copy.join()
    return out


if __name__ == "__main__":
    sys.exit(main())
