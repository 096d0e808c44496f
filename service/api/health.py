"""Liveness, readiness (Redis reachable) and Prometheus metrics."""

from flask import Response, current_app
from flask_smorest import Blueprint

from service import metrics
from service.api import json_response, services

blp = Blueprint("health", __name__, description="Operations.")


@blp.route("/healthz")
@blp.response(200)
def healthz():
    """The process is up."""
    return json_response({"status": "ok"})


@blp.route("/readyz")
@blp.response(200)
@blp.doc(responses={"503": {"description": "Redis is unreachable"}})
def readyz():
    """Redis answers."""
    # A short-fused client when the app made its own (service/redis_clients.py): answers within a second.
    current_app.extensions.get("portside_probe", services().store.redis).ping()  # ConnectionError -> 503
    return json_response({"status": "ready"})


@blp.route("/metrics")
@blp.response(200)
def metrics_endpoint():
    """Prometheus text exposition."""
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)
