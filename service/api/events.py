"""GET /v1/matches/{id}/events: the log, filtered for the caller, with long-poll."""

from flask_smorest import Blueprint

from service import matches
from service.api import examples, json_response, problem_responses, services
from service.api.schemas import EventsQuerySchema, LogSchema
from service.auth import seat_of

blp = Blueprint("events", __name__, url_prefix="/v1/matches", description="Follow a match.")


@blp.route("/<match_id>/events")
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, LogSchema, example=examples.LOG)
@blp.doc(
    operationId="getEvents", responses=problem_responses(401, 403, 404, 422, 503), security=[{}, {"seatToken": []}]
)
def get_events(query: dict, match_id: str):
    """Entries after version `after`; with `wait`, holds the request until one arrives."""
    svc = services()
    match = matches.load_current(svc.store, svc.config, match_id)
    seat = seat_of(match.stored.seat_hashes, required=False)
    wait = min(query["wait"], svc.config.max_wait_seconds)
    return json_response(matches.log_page(svc.store, match_id, seat, query["after"], wait))
