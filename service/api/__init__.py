"""One Blueprint per resource, and what they share."""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus

import orjson
from flask import Response, current_app, request

from service.config import Config
from service.errors import NOT_KEPT
from service.store import Store


@dataclass
class Services:
    store: Store
    config: Config


def services() -> Services:
    return current_app.extensions["portside"]


def json_response(body, status: int = 200, headers: dict | None = None) -> Response:
    data = body if isinstance(body, bytes) else orjson.dumps(body)
    return Response(data, status=status, headers=headers, mimetype="application/json")


def seat_response(body, status: int = 200, headers: dict | None = None) -> Response:
    """An answer no cache may keep: what a seat reads (its view, its events) differs by seat and
    language, and a creation, join or ticket carries a secret."""
    return json_response(body, status, {**NOT_KEPT, **headers} if headers else NOT_KEPT)


def none_match(etag: str, *also: str) -> bool:
    """Whether the request's If-None-Match holds this ETag, one of `also` (older forms of it still
    honoured) or `*`, compared weakly (RFC 9110 13.1.2): a client sent `W/"12"` with a compressed
    answer (service/compression.py) sends that back."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = [tag.strip().removeprefix("W/") for tag in header.split(",")]
    return "*" in tags or etag.removeprefix("W/") in tags or any(tag in tags for tag in also)


# Headers some error answers carry: 401 says how to authenticate, 429 and 503 when to come back,
# 409 request_in_progress when to retry (service/idempotency.py).
_RETRY_AFTER = {"schema": {"type": "integer", "minimum": 1}}
_ERROR_HEADERS: dict[int, dict] = {
    401: {
        "WWW-Authenticate": {
            "schema": {"type": "string"},
            "required": True,
            "description": 'How to authenticate: `Bearer realm="portside"` (on /metrics, `realm="metrics"`).',
        }
    },
    429: {"Retry-After": {**_RETRY_AFTER, "required": True, "description": "Seconds until the quota renews."}},
    503: {"Retry-After": {**_RETRY_AFTER, "description": "Seconds to wait before trying again."}},
}
_IN_PROGRESS_HEADERS = {
    "Retry-After": {**_RETRY_AFTER, "description": "On request_in_progress (always 1): seconds before retrying."}
}

# Problems that whole kinds of operation can answer, to splat into problem_responses().
# Every /v1 request is counted against a quota in Redis (service/limits.py): 429, and 503 when Redis
# cannot count (or is full: the count is a write).
LIMITED = ("rate_limited", "storage_unavailable", "storage_full")
# A request about a match: its id is checked before anything (service/guards.py), then looked up.
MATCH = ("unknown_match", *LIMITED)
# A seat token checked: 401 for no token where one is needed, or an Authorization that is not
# `Bearer <something>`; 403 for a bearer that holds no seat of this match.
TOKEN = ("unauthorized", "forbidden")
# Any POST that carries a body is read and checked before its operation (service/guards.py).
BODY = ("bad_request", "malformed_json", "request_timeout", "body_too_large", "unsupported_media_type")


def header_param(name: str, description: str, **schema) -> dict:
    """An optional request header, documented for the OpenAPI operation."""
    return {
        "in": "header",
        "name": name,
        "schema": {"type": "string", **schema},
        "required": False,
        "description": description,
    }


# The answer's words for people follow Accept-Language (service/words.py): every problem's detail
# and field errors, and the labels and event texts of a match. A component, referred to by every
# /v1 operation (service/api/spec.py), so a generated client takes a language argument.
ACCEPT_LANGUAGE = {
    **header_param(
        "Accept-Language",
        "The language of the answer's words for people (`en`, default, or `fr`): each event's `text`, "
        "`move_labels`, the templates' `label`, a problem's `detail` and its field `errors`.",
    ),
    "example": "en",  # Swagger UI's "Try it out" fills the field with it: the default language
}


def problem_responses(*codes: str, details: dict[str, str | dict] | None = None) -> dict:
    """OpenAPI `responses` entries for the problems an operation can answer, given by their codes
    (and internal_error, which any operation may answer): problem+json, one example per code, with
    the headers its status carries. `details`: the example's detail for a code, where this
    operation says it differently from examples.PROBLEM_DETAILS (a string), or says other
    members too (a dict of the detail and the members)."""
    from service.api import examples
    from service.errors import STATUS

    by_status: dict[int, list[str]] = {}
    for code in sorted({*codes, "internal_error"}):
        by_status.setdefault(STATUS[code], []).append(code)
    entries = {}
    for status, status_codes in sorted(by_status.items()):
        entry: dict = {
            "description": HTTPStatus(status).phrase,
            "content": {
                "application/problem+json": {
                    "schema": "Problem",
                    "examples": {
                        code: {"value": examples.problem(code, (details or {}).get(code))} for code in status_codes
                    },
                }
            },
        }
        headers = dict(_ERROR_HEADERS.get(status, {}))
        if "request_in_progress" in status_codes:
            headers.update(_IN_PROGRESS_HEADERS)
        if headers:
            entry["headers"] = headers
        entries[str(status)] = entry
    return entries
