"""Liveness, readiness (Redis reachable) and Prometheus metrics."""

from flask import Response
from flask_smorest import Blueprint

from service import metrics
from service.api import json_response, problem_responses, services

STATUS_SCHEMA = {"type": "object", "properties": {"status": {"type": "string"}}, "required": ["status"]}

blp = Blueprint("health", __name__, description="Operations.")


@blp.route("/healthz")
@blp.response(200, STATUS_SCHEMA, example={"status": "ok"})
@blp.doc(operationId="getHealth", security=[], responses=problem_responses())
def healthz():
    """The process is up."""
    return json_response({"status": "ok"})


@blp.route("/readyz")
@blp.response(200, STATUS_SCHEMA, example={"status": "ready"})
@blp.doc(operationId="getReadiness", security=[], responses=problem_responses(503))
def readyz():
    """Redis answers."""
    services().store.ping()  # raises ConnectionError -> 503
    return json_response({"status": "ready"})


@blp.route("/metrics")
@blp.response(200, {"type": "string"}, content_type="text/plain", description="Prometheus text exposition.")
@blp.doc(operationId="getMetrics", security=[], responses=problem_responses())
def metrics_endpoint():
    """Prometheus text exposition."""
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)
