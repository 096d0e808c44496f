"""create_app(config): the Flask application factory."""

from __future__ import annotations

import http
import logging
import re
import secrets
import time

import redis
from flask import Flask, Response, g, json, request
from flask_smorest import Api

from service import compression, errors, guards, hygiene, limits, logs, metrics, redis_clients, store, web, words
from service.api import Services, docs, events, games, health, life, life_schemas, matches, moves, spec, stream
from service.api.schemas import ProblemSchema
from service.config import Config

log = logging.getLogger("portside")
_REQUEST_ID = re.compile(r"[\w.-]{1,128}", re.ASCII)

API_DESCRIPTION = """Portside hosts trading board games for thin clients and scripts.

Create a match, keep the seat tokens it returns, read your seat's view and
legal moves with `GET /v1/matches/{id}`, POST one of those moves as is, and
follow the others with `GET /v1/matches/{id}/events?after=N&wait=S`.
Every error is `application/problem+json` with a stable `code`.

Words for people come in the language of `Accept-Language` (English by
default, French): `move_labels` beside `legal_moves`, a `label` on each move
template, a `text` on every event, the `detail` of every problem and the
messages of its field `errors`.
Find matches to join in the lobby (`GET /v1/matches`); a match may have a
clock, undo, names, and ends by its rules, a resign, a timeout or an abort."""


class PortsideApi(Api):
    """flask-smorest's Api, documenting its built-in error responses as our problem+json."""

    ERROR_SCHEMA = ProblemSchema
    _document: str | None = None

    def _openapi_json(self):
        """The document, rendered at its first request and kept: rendering its 600 KB took some 20 ms
        of a worker each time, and any address may ask for it 3,600 times a minute."""
        if self._document is None:
            self._document = json.dumps(self.spec.to_dict(), indent=2, sort_keys=False)
        return Response(self._document, mimetype="application/json")

    def _register_responses(self):
        for status in http.HTTPStatus:
            response = {"description": status.phrase}
            if status >= 400:
                response["content"] = {"application/problem+json": {"schema": "Problem"}}
            self.spec.components.response(status.name, response, lazy=True)
        self.spec.components.response(
            "DEFAULT_ERROR",
            {"description": "A problem (RFC 9457)", "content": {"application/problem+json": {"schema": "Problem"}}},
            lazy=True,
        )


class PortsideFlask(Flask):
    """Flask, asking once per function whether it is a coroutine: Flask asks for every hook and
    view of every request (about ten a request here), and the answer never changes."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict = {}

    def ensure_sync(self, func):
        synced = self._synced.get(func)
        if synced is None:
            synced = self._synced[func] = super().ensure_sync(func)
        return synced

    def make_default_options_response(self) -> Response:
        """OPTIONS on a path answers 204 with `Allow` and no body (Flask's own: 200 with an empty
        text/html body). A CORS preflight (it names Access-Control-Request-Method) keeps Flask's 200,
        which flask-cors completes (service/hygiene.py)."""
        answer = super().make_default_options_response()
        if "Access-Control-Request-Method" not in request.headers:
            answer.status_code = 204
            del answer.headers["Content-Type"]
        return answer


def create_app(config: Config | None = None, redis_client: redis.Redis | None = None) -> Flask:
    config = config or Config()
    logs.configure(config.log_level)
    app = PortsideFlask(__name__)
    # "/v1/matches//events" (a client's empty id) was a 308 to "/v1/matches/events" with an HTML body,
    # a permanent redirect a browser may cache; unmerged, an empty segment matches no route: 404 problem.
    app.url_map.merge_slashes = False
    app.config.update(
        MAX_CONTENT_LENGTH=config.max_body_bytes,
        API_TITLE="Portside",
        API_VERSION="1.0.0",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="v1/openapi.json",
        API_SPEC_OPTIONS={
            "info": {"description": API_DESCRIPTION},
            "servers": [{"url": "/", "description": "The server that serves this document."}],
            "components": {
                "securitySchemes": {
                    "seatToken": {
                        "type": "http",
                        "scheme": "bearer",
                        "description": "A seat token from create or join.",
                    }
                }
            },
        },
    )
    docs.configure(app)
    if redis_client is None:
        url = _redis_url(config)
        client = store.connect(url, config.redis_cluster, config.redis_pool, **redis_clients.fast_options(config))
        if not config.redis_cluster:
            app.extensions["portside_probe"] = redis_clients.probe(url)
    else:
        client = redis_client
    if config.redis_cluster and config.redis_url:
        app.extensions["portside_cluster_probe"] = redis_clients.ClusterProbe(config.redis_url, client)
    app.extensions["portside"] = Services(store.Store(client), config)
    api = PortsideApi(app)
    api.ma_plugin.converter.add_attribute_function(spec.dict_keys2properties)  # before any schema is read
    app.extensions["portside_api"] = api
    api.spec.components.schema("Problem", schema=ProblemSchema)
    life_schemas.register(api.spec)
    for blueprint in (games.blp, matches.blp, moves.blp, events.blp, stream.blp, health.blp, life.blp):
        api.register_blueprint(blueprint)
    spec.document(api)
    errors.register(app)
    _add_request_hooks(app, config)
    limits.install(app, config)
    guards.install(app, config)
    hygiene.install(app, config)
    docs.register(app)
    compression.register(app)
    app.register_blueprint(web.blp)
    limits.install_settlement(app, config)  # last: its after-request hook runs first
    return app


def _redis_url(config: Config) -> str:
    if config.redis_url:
        return config.redis_url
    if config.redis_cluster:
        raise SystemExit("REDIS_CLUSTER=1 needs REDIS_URL naming a node of the cluster.")
    from service import embedded

    return embedded.start(config.data_dir)


def _add_request_hooks(app: Flask, config: Config) -> None:
    # Each hook resolves Flask's proxies once: through them, every attribute is a context lookup.
    @app.before_request
    def _start():
        here = g._get_current_object()
        here.start = time.perf_counter()
        given = request.environ.get("HTTP_X_REQUEST_ID", "")
        here.request_id = given if _REQUEST_ID.fullmatch(given) else secrets.token_hex(8)

    @app.after_request
    def _finish(response):
        here, asked = g._get_current_object(), request._get_current_object()
        endpoint = asked.url_rule.rule if asked.url_rule else "unmatched"
        seconds = time.perf_counter() - getattr(here, "start", time.perf_counter())
        method = metrics.method_label(asked.method)
        metrics.series(metrics.REQUESTS, method, endpoint, response.status_code).inc()
        metrics.series(metrics.LATENCY, method, endpoint).observe(seconds)
        headers = response.headers  # add, not set: no answer has these yet, and add skips set's search
        headers.add("X-Request-ID", getattr(here, "request_id", ""))
        lang = getattr(here, "lang", None)  # set once words for people were put in a language
        if lang is None and "Accept-Language" in headers.get("Vary", ""):
            lang = words.request_lang()  # an answer that would have words in it (an empty log)
        if lang:
            headers.add("Content-Language", lang)
        if endpoint not in ("/healthz", "/metrics") and log.isEnabledFor(logging.INFO):
            log.info(
                "request",
                extra={
                    "fields": {
                        "method": request.method,
                        "path": request.path,
                        "status": response.status_code,
                        "ms": round(seconds * 1000, 2),
                    }
                },
            )
        return response
