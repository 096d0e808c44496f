"""JSON log lines, each carrying the request id when there is one."""

from __future__ import annotations

import logging

import orjson
from flask import g, has_request_context


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        if has_request_context() and "request_id" in g:
            line["request_id"] = g.request_id
        line.update(getattr(record, "fields", {}))
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(line).decode()


def configure(level: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("portside")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False
