"""Liveness, readiness (Redis reachable) and Prometheus metrics."""

from flask import Response
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
@blp.doc(responses={"503": {"description": "Redis is unreachable, or its cluster is not ok"}})
def readyz():
    """Redis answers (for a cluster: its state is ok and every slot is served)."""
    report = services().store.readiness()  # raises ConnectionError -> 503
    return json_response(report, 200 if report["status"] == "ready" else 503)


@blp.route("/metrics")
@blp.response(200)
def metrics_endpoint():
    """Prometheus text exposition."""
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)
