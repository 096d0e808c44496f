"""Liveness, readiness (Redis reachable) and Prometheus metrics."""

from flask import Response, current_app
from flask_smorest import Blueprint

from service import metrics
from service.api import json_response, problem_responses, seat_response, services

STATUS_SCHEMA = {"type": "object", "properties": {"status": {"type": "string"}}, "required": ["status"]}

blp = Blueprint("health", __name__, description="Operations.")


@blp.route("/healthz")
@blp.response(200, STATUS_SCHEMA, example={"status": "ok"})
@blp.doc(operationId="getHealth", security=[], responses=problem_responses())
def healthz():
    """The process is up."""
    return json_response({"status": "ok"})


def _readiness_failures() -> dict:
    """503: Redis unreachable (a problem), or reachable but its cluster not ok (the report)."""
    responses = problem_responses("storage_unavailable")
    responses["503"]["content"]["application/json"] = {"schema": STATUS_SCHEMA}
    return responses


@blp.route("/readyz")
@blp.response(200, STATUS_SCHEMA, example={"status": "ready"})
@blp.doc(operationId="getReadiness", security=[], responses=_readiness_failures())
def readyz():
    """Redis answers (for a cluster: its state is ok and every slot is served)."""
    probe = current_app.extensions.get("portside_probe")
    if probe is not None:
        probe.ping()  # a short fuse (service/redis_clients.py): a frozen Redis is 503 within a second
    cluster_probe = current_app.extensions.get("portside_cluster_probe")
    info = cluster_probe.info() if cluster_probe is not None else None  # within 0.8 s, else ConnectionError
    report = services().store.readiness(info)  # raises ConnectionError -> 503
    if report["status"] != "ready":
        return seat_response(report, 503)  # not kept, as the problem 503 of an unreachable Redis
    return json_response(report)


@blp.route("/metrics")
@blp.response(200, {"type": "string"}, content_type="text/plain", description="Prometheus text exposition.")
@blp.doc(
    operationId="getMetrics",
    security=[],
    responses=problem_responses(
        "unauthorized", details={"unauthorized": "/metrics wants 'Authorization: Bearer <METRICS_TOKEN>'."}
    ),
)
def metrics_endpoint():
    """Prometheus text exposition."""
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)
