"""GET /v1/matches/{id}/events: the log, filtered for the caller, with long-poll."""

from flask_smorest import Blueprint

from service import lifecycle, limits, matches, versions
from service.api import MATCH, TOKEN, examples, problem_responses, seat_response, services
from service.api.schemas import EventsQuerySchema, LogSchema
from service.auth import seat_of
from service.store import LOG_PAGE

blp = Blueprint("events", __name__, url_prefix="/v1/matches", description="Follow a match: its log, and long-polls.")


@blp.route("/<match_id>/events")
@blp.arguments(EventsQuerySchema(), location="query")
@blp.response(200, LogSchema, example=examples.LOG)
@blp.doc(
    operationId="getEvents",
    responses=problem_responses(*TOKEN, *MATCH, "validation_error", details=examples.OPEN_READ_DETAILS),
    security=[{}, {"seatToken": []}],
)
def get_events(query: dict, match_id: str):
    """Entries after a version; with a wait, holds the request until one arrives.

    A page holds at most 1000 entries (`LOG_PAGE`): while it comes back full, ask again with
    `after` set to its `version`; an empty page means the caller has read the whole log.
    An entry says what happened, not what comes next: who is to act and the caller's legal moves
    are in the match (`GET /v1/matches/{id}`, which a bot reads after the entries it waited for).
    An `after` above the match's version (storage lost its last second), or whose `commit` is not the
    log's at that version (storage lost it and the match reached the number again with other moves),
    answers at once with `resync: true`, the server's `version` and `commit` and no entries: read the
    match again from there. After a finished match's
    last entry a wait still waits: the one entry that may come is a `rematch`'s (the stream ends instead)."""
    svc = services()
    match = matches.load_current(svc.store, svc.config, match_id, limits.bot_budget())
    seat = matches.reads_as(match, seat_of(match.stored.seat_hashes, required=False))
    if query["after"] > match.stored.version:
        # The client knows versions the server does not (storage lost its last second): answer now,
        # with the server's version, so the client resyncs instead of waiting for nothing.
        return seat_response(versions.resync_page(query["after"], match.stored.version, match.stored.commit))
    limits.charge_backlog(min(match.stored.version - query["after"], LOG_PAGE))
    wait = min(query["wait"], svc.config.max_wait_seconds)
    if wait > 0:
        limits.hold_wait()  # after the token is checked: the cap is the seat's, else the address's
    page = lifecycle.wait_log(svc.store, svc.config, match, seat, query["after"], wait, query.get("commit", ""))
    # Answered because this worker is shutting down: the client must not send its next request here.
    closing = wait > 0 and svc.store.fanout.closing
    return seat_response(page, headers={"Connection": "close"} if closing else None)
