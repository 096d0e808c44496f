"""One Blueprint per resource, and what they share."""

from __future__ import annotations

from dataclasses import dataclass

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


def problem_responses(*statuses: int) -> dict:
    """OpenAPI `responses` entries for the listed error statuses."""
    return {
        str(s): {"description": "A problem (RFC 9457)", "content": {"application/problem+json": {"schema": "Problem"}}}
        for s in statuses
    }
