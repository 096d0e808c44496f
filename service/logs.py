"""JSON log lines, each carrying the request id when there is one: the app's, and gunicorn's own
(service/gunicorn_conf.py sets this formatter on its loggers)."""

from __future__ import annotations

import logging
import sys
import time

import orjson


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        flask = sys.modules.get("flask")  # not imported in the gunicorn master, whose lines this writes too
        if flask is not None and flask.has_request_context() and "request_id" in flask.g:
            line["request_id"] = flask.g.request_id
        line.update(getattr(record, "fields", {}))
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(line).decode()


def line(level: str, logger: str, msg: str) -> str:
    """A log line as JsonFormatter writes it, for a process without logging set up (the Redis supervisor)."""
    return orjson.dumps({"ts": round(time.time(), 3), "level": level, "logger": logger, "msg": msg}).decode()


def configure(level: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("portside")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False
