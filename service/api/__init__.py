"""One Blueprint per resource, and what they share."""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus

import orjson
from flask import Response, current_app

from service.config import Config
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


# Headers some error answers carry.
_ERROR_HEADERS = {
    401: {"WWW-Authenticate": {"schema": {"type": "string"}, "description": 'Bearer realm="portside"'}},
    429: {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds until the quota renews."}},
    503: {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait before trying again."}},
}


def header_param(name: str, description: str, **schema) -> dict:
    """An optional request header, documented for the OpenAPI operation."""
    return {
        "in": "header",
        "name": name,
        "schema": {"type": "string", **schema},
        "required": False,
        "description": description,
    }


def problem_responses(*statuses: int) -> dict:
    """OpenAPI `responses` entries for the listed error statuses (and 500, which any
    operation may answer): problem+json, one example per code that status carries."""
    from service.api import examples
    from service.errors import STATUS

    entries = {}
    for status in sorted({*statuses, 500}):
        codes = sorted(code for code, code_status in STATUS.items() if code_status == status)
        entry: dict = {
            "description": HTTPStatus(status).phrase,
            "content": {
                "application/problem+json": {
                    "schema": "Problem",
                    "examples": {code: {"value": examples.problem(code, status)} for code in codes},
                }
            },
        }
        if status in _ERROR_HEADERS:
            entry["headers"] = _ERROR_HEADERS[status]
        entries[str(status)] = entry
    return entries
