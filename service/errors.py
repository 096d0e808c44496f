"""Every error is RFC 9457 problem+json with a stable `code`."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

import orjson
import redis
from flask import Flask, Response
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

log = logging.getLogger("portside")

PROBLEM_TYPE = "https://portside.dev/problems/"

# Redis that does not answer, or a Redis Cluster that has lost a master (CLUSTERDOWN, MASTERDOWN), is
# moving slots (TRYAGAIN), covers a slot with no node, or answers from a replica being promoted: storage
# unavailable (503 with Retry-After), not a bug.
STORAGE_UNAVAILABLE = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    redis.exceptions.ClusterError,
    redis.exceptions.TryAgainError,
    redis.exceptions.RedisClusterException,
    redis.exceptions.ReadOnlyError,
)
# Inside a Lua script Redis 6 wraps a refused write in a plain error ("Error running script ...
# -READONLY ..."): a replica that cannot take writes (a failover under way).
_READ_ONLY = "READONLY You can't write against a read only replica"


def storage_unavailable(err: BaseException) -> bool:
    """Redis cannot serve now (unreachable, a cluster reshaping, a replica refusing writes),
    whether redis-py says so by the error's type or, from inside a script, only in its words."""
    return isinstance(err, STORAGE_UNAVAILABLE) or (
        isinstance(err, redis.exceptions.ResponseError) and _READ_ONLY in str(err)
    )


# The HTTP status of each stable code.
STATUS = {
    "bad_request": 400,
    "malformed_json": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "unknown_match": 404,
    "not_found": 404,
    "method_not_allowed": 405,
    "request_timeout": 408,
    "not_your_turn": 409,
    "match_finished": 409,
    "stale_version": 409,
    "seat_taken": 409,
    "match_full": 409,
    "conflict": 409,
    "match_not_finished": 409,
    "request_in_progress": 409,
    "seat_left": 409,
    "undo_refused": 409,
    "abort_refused": 409,
    "rematch_refused": 409,
    "match_too_long": 409,
    "body_too_large": 413,
    "request_line_too_long": 414,  # answered by gunicorn (service/gunicorn_patches.py)
    "headers_too_large": 431,
    "unsupported_media_type": 415,
    "not_implemented": 501,
    "validation_error": 422,
    "illegal_move": 422,
    "idempotency_key_reused": 422,
    "rate_limited": 429,
    "internal_error": 500,
    "storage_unavailable": 503,
    "storage_full": 503,
}


class ApiError(Exception):
    """A problem to answer. `say`, where the raiser can give it, says the detail in a
    language (None: it cannot), as a game says its refusals (see service.words.refusal).
    With `values`, the detail is a template ("Seat {seat} is not open.") filled in the
    caller's language from the service's catalogue."""

    def __init__(
        self,
        code: str,
        detail: str,
        status: int | None = None,
        headers: dict | None = None,
        say: Callable[[str], str | None] | None = None,
        values: Mapping[str, object] | None = None,
        **extra,
    ):
        if values is not None:
            from service.words import filled

            detail, say = detail.format_map(values), filled(detail, values)
        super().__init__(detail)
        self.code = code
        self.status = status or STATUS[code]
        self.detail = detail
        self.headers = headers or {}
        self.say = say
        self.extra = extra


def unknown_match(match_id: str) -> ApiError:
    return ApiError("unknown_match", "No match {id!r} (it may have expired).", values={"id": match_id})


# No cache keeps a problem, nor what a seat reads (service/api: seat_response): a problem's detail is
# in the caller's language, and whether a request fails, or what it reads, hangs on its token.
NOT_KEPT = {"Cache-Control": "no-store", "Vary": "Authorization, Accept-Language"}


def problem(
    code: str,
    status: int,
    detail: str,
    headers: dict | None = None,
    say: Callable[[str], str | None] | None = None,
    **extra,
) -> Response:
    from service.words import detail as localized
    from service.words import field_errors, title

    detail = localized(code, detail, say=say)
    if "errors" in extra:
        room = [MAX_FIELD_ERRORS]
        extra["errors"] = field_errors(_first_errors(extra["errors"], room))
        if room[0] < 0:
            extra["more_errors"] = -room[0]
    body = {
        "type": PROBLEM_TYPE + code,
        "title": title(code),
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }
    # Field errors of a list are keyed by index (an int): JSON keys are strings.
    content = orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS)
    headers = {**NOT_KEPT, **headers} if headers else NOT_KEPT
    return Response(content, status=status, headers=headers, mimetype="application/problem+json")


# A body of thousands of bad keys got as many errors back, several times its size: an answer lists
# the first fields in error and says how many more there are.
MAX_FIELD_ERRORS = 50


def _first_errors(errors: Any, room: list[int]) -> Any:
    """The errors of the first fields while room[0] lasts (a field's messages count once); room[0]
    ends negative by the number of fields left out."""
    if not isinstance(errors, dict):
        room[0] -= 1
        return errors
    kept = {}
    for key, value in errors.items():
        if room[0] > 0:
            kept[key] = _first_errors(value, room)
        else:
            room[0] -= _fields(value)
    return kept


def _fields(errors: Any) -> int:
    return sum(_fields(value) for value in errors.values()) if isinstance(errors, dict) else 1


_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
}


_LOCATIONS = ("json", "query", "headers", "form", "files", "cookies", "path")


def _by_field(messages):
    """webargs' field errors keyed by field, as for a body: {"after": [...]}, not {"query": {"after": [...]}}
    (a request's arguments fail one location at a time)."""
    if isinstance(messages, dict) and len(messages) == 1:
        location, inner = next(iter(messages.items()))
        if location in _LOCATIONS and isinstance(inner, dict):
            return inner
    return messages


def _from_http_exception(err: HTTPException) -> Response:
    status = err.code or 500
    code = _HTTP_CODES.get(status, "bad_request" if status < 500 else "internal_error")
    extra = {}
    # flask-smorest/webargs put the field errors on the exception.
    messages = getattr(err, "data", {}).get("messages") if hasattr(err, "data") else None
    if messages:
        extra["errors"] = _by_field(messages)
    detail = err.description or err.name
    if status == 413:
        detail = "The request body is too large."
    elif status == 422:
        detail = "The request does not match its schema; see errors."
    elif status == 400 and "Invalid JSON body." in str(extra.get("errors")):
        code, detail = "malformed_json", "The body is not valid JSON."
        extra = {}
    allowed = getattr(err, "valid_methods", None)
    headers = {"Allow": ", ".join(allowed)} if allowed else {}
    if status == 413:
        headers["Connection"] = "close"  # the unread rest of the body must not be taken for the next request
    return problem(code, status, detail, headers, **extra)


def register(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(err: ApiError):
        return problem(err.code, err.status, err.detail, err.headers, err.say, **err.extra)

    @app.errorhandler(ValidationError)
    def _validation(err: ValidationError):
        detail = "The request does not match its schema; see errors."
        return problem("validation_error", 422, detail, errors=err.messages)

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        return _from_http_exception(err)

    @app.errorhandler(redis.exceptions.ResponseError)
    def _storage_refused(err):
        if storage_unavailable(err):  # a replica refusing a script's write
            return _storage(err)
        # At maxmemory with noeviction Redis refuses writes with OOM.
        if not isinstance(err, redis.exceptions.OutOfMemoryError) and "OOM command not allowed" not in str(err):
            return _unexpected(err)
        log.error("storage full: %s", err)
        return problem("storage_full", 503, "Storage is full; try again later.", {"Retry-After": "30"})

    def _storage(err):
        log.error("storage unavailable: %s", err)
        return problem("storage_unavailable", 503, "Storage is unreachable; try again shortly.", _retry_soon())

    for unavailable in STORAGE_UNAVAILABLE:
        app.register_error_handler(unavailable, _storage)

    @app.errorhandler(redis.exceptions.BusyLoadingError)
    def _loading(err):
        return problem("storage_unavailable", 503, "Storage is restarting; try again shortly.", _retry_soon())

    def _retry_soon() -> dict[str, str]:
        # 1 to 4 s at random: every client of an outage is told to come back, and clients that wait
        # exactly what they are told (scripts, the terminal client) come back spread out, not at once.
        return {"Retry-After": str(random.randint(1, 4))}

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):
        log.exception("unhandled error")
        return problem("internal_error", 500, "An unexpected error occurred; it has been logged.")
