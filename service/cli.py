"""The `portside` command: `serve`, `openapi`, `play` (and more as the issues ask)."""

from __future__ import annotations

import argparse
import os
import sys

GUNICORN_CONF = "python:service.gunicorn_conf"  # inside the package: works from any install


def serve(args: argparse.Namespace) -> int:
    """Run gunicorn with service/gunicorn_conf.py (embedded Redis when REDIS_URL is unset)."""
    given = os.environ.get("WEB_CONCURRENCY", "")
    if given and not (given.isascii() and given.isdigit() and int(given) > 0):
        # gunicorn reads it as it is imported, before our settings: a traceback ending in int()
        raise SystemExit(f"WEB_CONCURRENCY must be a whole number of at least 1, not {given!r}")
    from gunicorn.app.wsgiapp import run

    os.environ["HOST"], os.environ["PORT"] = args.host, str(args.port)
    os.environ.pop("BIND", None)
    if args.workers:
        os.environ["WEB_CONCURRENCY"] = str(args.workers)
    sys.argv = ["gunicorn", "-c", GUNICORN_CONF]
    run()
    return 0


def openapi(args: argparse.Namespace) -> int:
    """Print the OpenAPI document the app generates (what openapi/openapi.json must hold)."""
    print(openapi_document())
    return 0


def openapi_document() -> str:
    import json

    import redis

    from service.app import create_app
    from service.config import Config

    # The document needs no data: a client that never connects will do.
    app = create_app(Config(log_level="WARNING"), redis.Redis.from_url("redis://127.0.0.1:1"))
    return json.dumps(app.extensions["portside_api"].spec.to_dict(), indent=2, sort_keys=True)


def play(args: argparse.Namespace) -> int:
    """Create or join a match on a running service and play it over HTTP (see service/play.py)."""
    from service import play as client

    return client.main(args)


def sweep(args: argparse.Namespace) -> int:
    """Enforce match clocks (each instance also does, unless SWEEP_SECONDS=0): for a Procfile
    process, or once from cron with --once."""
    from service import embedded, redis_clients, sweeper
    from service.app import _redis_url
    from service.config import Config
    from service.store import Store, connect

    cfg = Config()
    if not cfg.redis_url and not embedded.running(cfg.data_dir):
        # Starting a Redis of its own there would sweep an empty one (cron runs in another directory).
        where = os.path.abspath(cfg.data_dir)
        print(f"portside sweep: no service runs on {where}; set REDIS_URL, or PORTSIDE_DATA_DIR", file=sys.stderr)
        return 1
    store = Store(connect(_redis_url(cfg), cfg.redis_cluster, cfg.redis_pool, **redis_clients.fast_options(cfg)))
    if args.once:
        print(f"looked at {sweeper.sweep_once(store, cfg)} matches")
        return 0
    cfg.sweep_seconds = cfg.sweep_seconds or 1.0
    sweeper.sweep_forever(store, cfg)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="portside", description="Portside game server.")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("serve", help="start the HTTP service (gunicorn)")
    p.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"), help="default: $HOST or 127.0.0.1")
    p.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")), help="default: $PORT or 8000")
    p.add_argument(
        "--workers",
        type=int,
        default=0,
        help="gunicorn workers (default: WEB_CONCURRENCY, else one gevent worker per core, at least 2)",
    )
    p.set_defaults(func=serve)
    p = commands.add_parser("sweep", help="enforce match clocks (timeouts) every SWEEP_SECONDS")
    p.add_argument("--once", action="store_true", help="one pass, then exit")
    p.set_defaults(func=sweep)
    p = commands.add_parser("openapi", help="print the OpenAPI document")
    p.set_defaults(func=openapi)
    p = commands.add_parser(
        "play",
        help="play a match on a running service over HTTP",
        description="Create (or --join) a match on a running service, play local-bot "
        "seats, follow it with long-poll and print the final scores.",
    )
    from service.playargs import add_arguments

    add_arguments(p)
    p.set_defaults(func=play)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
