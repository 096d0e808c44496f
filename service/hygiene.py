"""Browser and header hygiene: CORS by configuration, security headers, /metrics access.

CORS is off unless CORS_ORIGINS lists origins (comma-separated, or `*`):
browsers then get preflights answered and may read ETag, Retry-After and
Location. Every answer says `nosniff`; HTML pages carry a Content-Security-Policy.
With METRICS_TOKEN set, /metrics wants `Authorization: Bearer <METRICS_TOKEN>`.
"""

from __future__ import annotations

import hmac

from flask import Flask, Response, request

from service.config import Config
from service.errors import ApiError

# Inline scripts and styles stay allowed: the docs page and the web client start from inline code.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
EXPOSED = ["ETag", "Retry-After", "Location", "X-Request-ID"]
ALLOWED = [
    "Authorization",
    "Content-Type",
    "If-Match",
    "If-None-Match",
    "Idempotency-Key",
    "Last-Event-ID",
    "Accept-Language",
    "X-Request-ID",
]


def install(app: Flask, config: Config) -> None:
    origins = [o.strip() for o in config.cors_origins.split(",") if o.strip()]
    if origins:
        from flask_cors import CORS

        CORS(app, origins=origins, expose_headers=EXPOSED, allow_headers=ALLOWED, max_age=600)

    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.add("X-Content-Type-Options", "nosniff")  # no answer has it yet: add skips a search
        if response.mimetype == "text/html":
            response.headers.setdefault("Content-Security-Policy", CSP)
            response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    if config.metrics_token:

        @app.before_request
        def _metrics_access():
            if request.path == "/metrics":
                if not metrics_token_given(config):
                    raise ApiError(
                        "unauthorized",
                        "/metrics wants 'Authorization: Bearer <METRICS_TOKEN>'.",
                        headers={"WWW-Authenticate": 'Bearer realm="metrics"'},
                    )


def metrics_token_given(config: Config) -> bool:
    """The request carries `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time)."""
    given = request.headers.get("Authorization", "").encode()
    return hmac.compare_digest(given, f"Bearer {config.metrics_token}".encode())
