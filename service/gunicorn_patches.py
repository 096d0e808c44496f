"""Small patches to gunicorn, applied by service/gunicorn_conf.py in the master
(workers inherit them), for any worker class, and its logger class (JsonLogger: its own
lines as JSON, like the app's):

- gunicorn answers a request it cannot parse (request line over
  limit_request_line: 414; headers over limit_request_fields/field_size: 431;
  malformed: 400) itself, in HTML. `util.write_error` is the one place that
  writes those answers: it now writes problem+json like every other error, with
  the headers every answer of the app's carries (a request id, nosniff, no-store).
- gunicorn drops the application's `Connection` header (hop-by-hop) and so
  cannot be told to close. An answer that says `Connection: close` (413: the
  unread body would be taken for the next request) now closes the connection
  and says so.
"""

from __future__ import annotations

import secrets

import orjson
from gunicorn import glogging, util
from gunicorn.http import wsgi

from service.logs import JsonFormatter

_CODES = {
    400: "bad_request",
    403: "forbidden",
    414: "request_line_too_long",
    431: "headers_too_large",
    501: "not_implemented",  # a Transfer-Encoding other than chunked
}


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    code = _CODES.get(status, "bad_request" if status < 500 else "internal_error")
    body = orjson.dumps(
        {
            "type": "https://portside.dev/problems/" + code,
            "title": reason,
            "status": status,
            "detail": detail or reason,
            "code": code,
        }
    )
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n"
        f"Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Request-ID: {secrets.token_hex(8)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def _write_error(sock, status_int, reason, mesg):
    util.write_nonblock(sock, problem_bytes(status_int, reason, mesg))


_process_headers = wsgi.Response.process_headers


def _process_headers_honouring_close(self, headers):
    _process_headers(self, headers)
    if any(name.lower() == "connection" and value.strip().lower() == "close" for name, value in headers):
        self.must_close = True


def apply() -> None:
    util.write_error = _write_error
    wsgi.Response.process_headers = _process_headers_honouring_close


class JsonLogger(glogging.Logger):
    """gunicorn's logger, writing its lines as the app's JsonFormatter does (set up again on a reload)."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for handler in self.error_log.handlers:
            handler.setFormatter(JsonFormatter())
