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

_PROBLEMS = {  # status: (code, title as RFC 9110 names it)
    400: ("bad_request", "Bad Request"),
    403: ("forbidden", "Forbidden"),
    414: ("request_line_too_long", "URI Too Long"),
    431: ("headers_too_large", "Request Header Fields Too Large"),
    501: ("not_implemented", "Not Implemented"),  # a Transfer-Encoding other than chunked
}


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    # gunicorn's reason is not always its status's (its 501 says "Bad Request")
    code, title = _PROBLEMS.get(status, ("bad_request" if status < 500 else "internal_error", reason))
    body = orjson.dumps(
        {
            "type": "https://portside.dev/problems/" + code,
            "title": title,
            "status": status,
            "detail": detail or title,
            "code": code,
        }
    )
    head = (
        f"HTTP/1.1 {status} {title}\r\nConnection: close\r\n"
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
