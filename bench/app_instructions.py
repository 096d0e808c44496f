"""Instructions per request of the app itself, counted by valgrind: a measure this noisy machine
cannot blur, for telling apart two versions of the move path (bench/app_cpu.py times the same
work in seconds; this counts the interpreter's instructions, not the kernel's, so its Redis
round-trips weigh less here than on the clock).

    .venv/bin/python bench/app_instructions.py [--requests 400] [--without PART]

Runs itself under `valgrind --tool=callgrind` (Debian's valgrind): records the requests of a
scripted hot-seat 4-player Catan game (seeded: the same game every run), replays them on a new
match of the same seed with counting on, then as many bare compare-and-set requests
(bench/bare_cas_app.py), and prints the instructions per request of each. Two runs of one
version agree within 0.5 %. `--without PART` replays with one part of the app left out
(the rate limits, the input guards, the request hooks that time, count and tag each request,
compression, the security headers), or one piece of an answer's work stubbed (the Catan view,
the legal moves' labels, the state's copy on load, the event texts, the seats' summary: the
answers are then wrong, only their cost counts), to tell what each costs. (Since Game.adopt, a
match without undo, as the bench's, is not copied on load: `load-copy` now prices nothing.)
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEED = 12345
BARE_BODY = b'{"type":"bump","value":1}'


def record(app, requests: int) -> list[tuple[str, str, bytes, int]]:
    """(method, path suffix, body, seat) of the first `requests` of a seeded game, as http_bench.py plays."""
    from bench.app_cpu import call
    from bench.workload import choose

    rng = random.Random(1)
    match_id, tokens = new_match(app)
    path = f"/v1/matches/{match_id}"
    script: list[tuple[str, str, bytes, int]] = [("GET", "", b"", 0)]
    _, match = call(app, "GET", path, token=tokens[0])
    while len(script) < requests and match["status"] == "active":
        seat = rng.choice(match["to_act"])
        if match["seat"] != seat:
            script.append(("GET", "", b"", seat))
            _, match = call(app, "GET", path, token=tokens[seat])
        move = choose(match["legal_moves"], match["move_templates"], rng)
        script.append(("POST", "/moves", orjson.dumps(move), seat))
        status, answer = call(app, "POST", f"{path}/moves", move, tokens[seat])
        if status == 200:
            match = answer["match"]
    return script[:requests]


def new_match(app) -> tuple[str, dict[int, str]]:
    from bench.app_cpu import call

    _, created = call(app, "POST", "/v1/matches", {"game": "catan", "players": 4, "seed": SEED})
    return created["id"], {s["seat"]: s["token"] for s in created["seats"]}


def send(app, method: str, path: str, body: bytes, token: str | None = None) -> None:
    """One request, its answer read and dropped (no JSON parsing: that is the client's work)."""
    from bench.app_cpu import environ

    for _ in app(environ(method, path, body, token), lambda *_: None):
        pass


def leave_out(part: str) -> None:
    """Turn one part of the app off before create_app installs it (for --without)."""
    from service import app, compression, guards, hygiene, limits

    def nothing(*_args, **_kwargs) -> None:
        return None

    installers = {
        "limits": [(limits, "install"), (limits, "install_settlement")],
        "guards": [(guards, "install")],
        "hooks": [(app, "_add_request_hooks")],
        "compression": [(compression, "register")],
        "hygiene": [(hygiene, "install")],
    }
    if part in STUBS:  # a piece of the answer's work, priced by stubbing it (the answers are then wrong)
        from engine import registry
        from service import matches, words

        catan = registry.get("catan")
        owner, name, stub = {
            "view": (catan, "view", lambda *_: {}),
            "labels": (catan, "move_label", lambda *_a, **_k: ""),
            "load-copy": (catan, "load", lambda data: data),
            "texts": (words, "texts", lambda *_: dict.fromkeys(("en", "fr"), "")),
            "seats": (matches, "seats_summary", lambda *_: []),
        }[part]
        setattr(owner, name, stub)
        return
    for module, name in installers[part]:
        setattr(module, name, nothing)


STUBS = ("view", "labels", "load-copy", "texts", "seats")
PARTS = ("limits", "guards", "hooks", "compression", "hygiene", *STUBS)


def counting(action: str) -> None:
    subprocess.run(["callgrind_control", action, str(os.getpid())], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--without", choices=PARTS, help="leave this part of the app out")
    parser.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.counted:
        if args.without:
            leave_out(args.without)
        replay(args.requests)
        return
    out = Path(tempfile.mkdtemp(prefix="portside-callgrind-"))
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}/cg"]
        + [sys.executable, __file__, "--requests", str(args.requests), "--counted"]
        + (["--without", args.without] if args.without else []),
        check=True,
        stderr=subprocess.DEVNULL,
    )
    portside, bare = (totals(out / f"cg.{n}") for n in (1, 2))
    without = f" without {args.without}" if args.without else ""
    print(f"portside{without}: {portside / args.requests / 1e6:.3f} M instructions per request")
    print(f"bare CAS: {bare / args.requests / 1e6:.3f} M instructions per request ({portside / bare:.2f}x)")


def totals(dump: Path) -> int:
    return next(int(line.split()[1]) for line in dump.read_text().splitlines() if line.startswith("totals:"))


def replay(requests: int) -> None:
    from service import embedded

    os.environ["REDIS_URL"] = embedded.start(tempfile.mkdtemp(prefix="portside-bench-"))
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="portside-bench-metrics-")  # as served
    os.environ["RATE_LIMIT_PER_MINUTE"] = "1000000"  # on, as in http_bench.py, but never the limit
    os.environ["MATCHES_PER_DAY"] = "100000000"
    os.environ["LOG_LEVEL"] = "warning"
    from bench.bare_cas_app import app as bare
    from service.app import create_app

    app = create_app()
    from service.gunicorn_conf import tune_gc

    tune_gc(int(os.environ.get("GC_GEN0_THRESHOLD", "10000")))  # as a served worker does once the app is loaded
    script = record(app, requests)
    match_id, tokens = new_match(app)
    send(bare, "POST", "/bare/warm", BARE_BODY)
    counting("--instr=on")
    for method, suffix, body, seat in script:
        send(app, method, f"/v1/matches/{match_id}{suffix}", body, tokens[seat])
    counting("--dump=portside")
    for i in range(len(script)):
        send(bare, "POST", f"/bare/k{i % 4}", BARE_BODY)
    counting("--dump=bare")
    if len(script) < requests:
        raise SystemExit(f"the game ended after {len(script)} requests: ask for fewer")


if __name__ == "__main__":
    main()
