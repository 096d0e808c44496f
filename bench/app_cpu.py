"""CPU per request of the app itself, without HTTP: where http_bench.py's gap to its ceiling comes from.

    .venv/bin/python bench/app_cpu.py [--games 2] [--profile]

Over an embedded Redis, calls the Portside WSGI app directly (a built environ,
no server, no sockets but Redis's) with the requests of random 4-player Catan
games in scripted hot-seat play, as http_bench.py's clients send them (create,
a GET when the seat to act changes, each move), then calls
bench/bare_cas_app.py's compare-and-set as many times. Prints the process CPU
per request of each; the Portside figure counts only the time inside the app
(not the script's own bot). --profile prints cProfile's top functions of the
Portside side.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def environ(method: str, path: str, data: bytes, token: str | None = None) -> dict:
    """A WSGI environ for one JSON request, as a server would build it."""
    built = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "bench",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)),
        "wsgi.input": io.BytesIO(data),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
    }
    if token:
        built["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return built


def call(app, method: str, path: str, body=None, token: str | None = None) -> tuple[int, object]:
    data = b"" if body is None else orjson.dumps(body)
    status = []
    answer = b"".join(
        app(environ(method, path, data, token), lambda line, headers, exc=None: status.append(int(line[:3])))
    )
    return status[0], orjson.loads(answer or b"null")


class Timed:
    """The app, counting its requests and the process CPU spent inside it."""

    def __init__(self, app) -> None:
        self.app, self.requests, self.cpu = app, 0, 0.0

    def __call__(self, environ, start_response):
        start = time.process_time()
        answer = list(self.app(environ, start_response))
        self.cpu += time.process_time() - start
        self.requests += 1
        return answer


def play_games(app, games: int, seed: int) -> None:
    from bench.workload import choose

    rng = random.Random(seed)
    for _ in range(games):
        _, created = call(app, "POST", "/v1/matches", {"game": "catan", "players": 4, "seed": rng.randrange(10**9)})
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        path = f"/v1/matches/{created['id']}"
        _, match = call(app, "GET", path, token=tokens[0])
        while match["status"] == "active":
            seat = rng.choice(match["to_act"])
            if match["seat"] != seat:
                _, match = call(app, "GET", path, token=tokens[seat])
            move = choose(match["legal_moves"], match["move_templates"], rng)
            status, answer = call(app, "POST", f"{path}/moves", move, tokens[seat])
            if status == 200:
                match = answer["match"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    from service import embedded

    os.environ["REDIS_URL"] = embedded.start(tempfile.mkdtemp(prefix="portside-bench-"))
    os.environ["RATE_LIMIT_PER_MINUTE"] = "1000000"  # on, as in http_bench.py, but never the limit
    os.environ["MATCHES_PER_DAY"] = "100000000"
    os.environ["LOG_LEVEL"] = "warning"  # as http_bench.py runs gunicorn: no request log lines
    from bench.bare_cas_app import app as bare
    from service.app import create_app

    portside = Timed(create_app())
    play_games(portside, 1, seed=0)  # warm up
    portside.requests, portside.cpu = 0, 0.0
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    play_games(portside, args.games, seed=1)
    if profiler:
        profiler.disable()
    start = time.process_time()
    for i in range(portside.requests):
        call(bare, "POST", f"/bare/k{i % 4}", {"type": "bump", "value": 1})
    bare_cpu = time.process_time() - start
    n = portside.requests
    print(f"portside: {1000 * portside.cpu / n:.3f} ms CPU per request ({n} requests of {args.games} Catan games)")
    print(f"bare CAS: {1000 * bare_cpu / n:.3f} ms CPU per request")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
