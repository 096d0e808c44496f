"""gunicorn settings, all from the environment (`portside serve`, the Procfile and the image use this module:
`gunicorn -c python:service.gunicorn_conf`). It ships inside the package, so a plain `pip install .` serves.

Worker model: gthread. A long-poll (`/events?wait=S`) parks one thread in a
blocking Redis XREAD for up to S seconds, so each worker needs many threads
while moves stay short; see README "Benchmarks" for the measured figures.
"""

import os
import tempfile

bind = os.environ.get("BIND", f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1))))
worker_class = os.environ.get("WORKER_CLASS", "gthread")
threads = int(os.environ.get("THREADS", "16"))
# A request may wait up to MAX_WAIT_SECONDS (30) in a long-poll: keep well above it.
timeout = int(os.environ.get("TIMEOUT", "75"))
graceful_timeout = int(os.environ.get("GRACEFUL_TIMEOUT", "35"))
keepalive = int(os.environ.get("KEEPALIVE", "5"))
accesslog = None  # the app writes one JSON line per request itself
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
wsgi_app = "service.wsgi:app"


def on_starting(server):
    """In the master, before workers fork: embedded Redis and the metrics directory."""
    if not os.environ.get("REDIS_URL"):
        from service import embedded

        os.environ["REDIS_URL"] = embedded.start(os.environ.get("PORTSIDE_DATA_DIR", "var"))
        server.log.info("embedded redis at %s", os.environ["REDIS_URL"])
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="portside-metrics-")


def child_exit(server, worker):
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
