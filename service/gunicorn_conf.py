"""gunicorn settings, all from the environment (`portside serve`, the Procfile and the image use this module:
`gunicorn -c python:service.gunicorn_conf`). It ships inside the package, so a plain `pip install .` serves.

Worker model: gevent. A waiting client (`/events?wait=S`, `/stream`) is a
greenlet parked on an Event, woken by its process's single Redis
subscription (service/fanout.py): it holds no thread and no Redis
connection, so each worker keeps thousands of them while moves, reads and
health checks go on. See README "Scale" for the measured figures.
"""

import os
import resource
import shutil
import signal
import tempfile
import threading
import time

from service import gunicorn_patches
from service.config import default_workers

gunicorn_patches.apply()  # problem+json for gunicorn's own 400/414/431; Connection: close honoured


def _count(name: str, default: int, least: int = 1) -> int:
    """A gunicorn count from the environment: a wrong one stops the start with its name (TIMEOUT=1m was an
    error that did not say which setting)."""
    raw = os.environ.get(name) or str(default)
    if not (raw.isascii() and raw.isdigit()) or int(raw) < least:
        raise SystemExit(f"{name} must be a whole number of at least {least}, not {raw!r}")
    return int(raw)


worker_class = os.environ.get("WORKER_CLASS", "gevent")
bind = os.environ.get("BIND", f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}")
workers = _count("WEB_CONCURRENCY", default_workers(worker_class))
worker_connections = _count("WORKER_CONNECTIONS", 20000)  # open connections per gevent worker
threads = _count("THREADS", 16)  # only for WORKER_CLASS=gthread
# A request may wait up to MAX_WAIT_SECONDS (30) in a long-poll: keep well above it.
timeout = _count("TIMEOUT", 75, least=0)
# Open waits are answered as soon as shutdown starts (see post_worker_init), so moves in flight are what this covers.
graceful_timeout = _count("GRACEFUL_TIMEOUT", 20, least=0)
keepalive = _count("KEEPALIVE", 5, least=0)
accesslog = None  # the app writes one JSON line per request itself
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
# gunicorn's own lines (workers booting, timeouts, shutdown) as JSON too, like the app's: one format to parse.
# (Not through logconfig_dict: that turns gunicorn's access log on, a second line for every request.)
logger_class = "service.gunicorn_patches.JsonLogger"
wsgi_app = "service.wsgi:app"
# gunicorn's control socket defaults to one path per user (~/.gunicorn/gunicorn.ctl), which two
# instances on one host would fight over: each instance names its own with CONTROL_SOCKET, else none.
control_socket_disable = not os.environ.get("CONTROL_SOCKET")
if os.environ.get("CONTROL_SOCKET"):
    control_socket = os.environ["CONTROL_SOCKET"]


def on_starting(server):
    """In the master, before workers fork: the settings checked, open-file limit, embedded Redis and
    the metrics directory."""
    from service.config import Config

    Config()  # a setting that is not a number stops here, said once, not in every worker booted again
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # one descriptor per waiting client
    if not os.environ.get("REDIS_URL"):
        # Nothing here imports redis-py (service/embedded.py), so each gevent worker patches it after the
        # fork; the master stays unpatched, as gunicorn needs to hear of a worker's death.
        from service import embedded

        os.environ["REDIS_URL"] = embedded.start(os.environ.get("PORTSIDE_DATA_DIR", "var"))
        server.log.info("embedded redis at %s", os.environ["REDIS_URL"])
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        global made_metrics_dir
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = made_metrics_dir = tempfile.mkdtemp(prefix="portside-metrics-")
    fresh_metrics_dir(os.environ["PROMETHEUS_MULTIPROC_DIR"])


made_metrics_dir = ""  # the metrics folder on_starting made itself (none when one was given): on_exit removes it


def on_exit(server):
    """A clean stop leaves no folder of its own behind in the temporary directory."""
    if made_metrics_dir:
        shutil.rmtree(made_metrics_dir, ignore_errors=True)


def fresh_metrics_dir(path: str) -> None:
    """The metrics directory, made if missing (a Kubernetes emptyDir starts empty) and cleared of a
    previous run's files: prometheus_client's multiprocess mode sums every file there, so the gauges
    of workers killed in an unclean stop (portside_waiters) would count for ever."""
    os.makedirs(path, exist_ok=True)
    for name in os.listdir(path):
        if name.endswith(".db") and name.split("_", 1)[0] in ("counter", "gauge", "histogram", "summary"):
            os.remove(os.path.join(path, name))


def post_worker_init(worker):
    """Tune the garbage collector for thousands of parked waiters, then arrange that shutdown answers
    every open wait at once instead of at the deadline (a long-poll gets the entries it has, a stream
    a `retry:` hint and its end)."""
    tune_gc(int(os.environ.get("GC_GEN0_THRESHOLD", "10000")))
    # A Ctrl-C in a terminal reaches every process of the group. The master stops the workers itself
    # (SIGQUIT); a worker that also took the terminal's SIGINT ran gunicorn's quit a second time while
    # exiting, and printed a SystemExit traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def answer_waits_on_shutdown():
        while worker.alive:
            time.sleep(0.25)
        from service import fanout

        fanout.close_all()

    threading.Thread(target=answer_waits_on_shutdown, name="portside-shutdown", daemon=True).start()


def tune_gc(gen0_threshold: int) -> None:
    """A gevent worker holds a few hundred thousand live objects for its waiters, and Python's full
    collection walks them all with every greenlet stopped. Freezing what the app loaded takes it out
    of every collection; a larger first threshold lets a request's garbage die young instead of being
    promoted, so full collections become rare. 0 keeps Python's defaults
    (`GC_GEN0_THRESHOLD=0 bench/waiters.py` measures that side; README "Scale")."""
    if gen0_threshold <= 0:
        return
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(gen0_threshold, *gc.get_threshold()[1:])


def child_exit(server, worker):
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
