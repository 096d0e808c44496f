"""A match's life: the lobby, resign, abort, undo (service/lifecycle.py) and rematch (service/rematch.py)."""

from flask_smorest import Blueprint

from service import idempotency, lifecycle, lobby
from service.api import BODY, LIMITED, MATCH, TOKEN, header_param, problem_responses, seat_response, services
from service.api import life_examples as examples
from service.api.life_schemas import LobbyQuerySchema, LobbySchema, RematchSchema
from service.api.moves import if_match_param, read_if_match
from service.api.schemas import MoveAnswerSchema, empty_body
from service.auth import bearer_token, seat_of
from service.rematch import rematch as rematch_of

blp = Blueprint(
    "life",
    __name__,
    url_prefix="/v1/matches",
    description="The lobby, and a match's life: resign, abort, undo, rematch.",
)


@blp.route("", methods=["GET"])
@blp.arguments(LobbyQuerySchema(), location="query")
@blp.response(200, LobbySchema, example=examples.LOBBY)
@blp.doc(
    operationId="listMatches",
    security=[],
    responses=problem_responses("validation_error", *LIMITED, details=examples.LOBBY_DETAILS),
)
def list_matches(query: dict):
    """The lobby: listed matches, newest first; join one with POST .../join.

    A match is listed when created with `listed: true`. A page looks at 200 listed matches at most
    (service/lobby.py), so a filtered page may hold fewer than `limit` matches, even none, and still
    give a `next`: page on until `next` is null, not until a page comes back empty."""
    svc = services()
    return seat_response(
        lobby.page(svc.store, query.get("game"), query.get("status"), query["limit"], query.get("cursor"))
    )


def _operation(match_id: str, name: str, operation):
    """Run a seat's operation as a move runs: If-Match, and an Idempotency-Key's answer kept (one copy at a time)."""
    svc = services()
    seat_for, if_match, key = (lambda hashes: seat_of(hashes, required=True)), read_if_match(), idempotency.header_key()
    with idempotency.in_flight(svc.store.redis, match_id, key, svc.config.bot_budget_seconds):
        answer = lifecycle.run(svc.store, svc.config, match_id, seat_for, operation, if_match, key, name)
    return seat_response(answer)


def _seat_operation(*refusals: str, details: dict[str, str | dict] | None = None, retried: bool = True) -> dict:
    """The documentation of a seat's POST with no body of its own (none, or `{}`: schemas.empty_body), which
    can refuse with these codes besides; `retried`: it takes If-Match and an Idempotency-Key, as a move does."""
    said = {**examples.LIFE_DETAILS, **(details or {})}
    keyed = ("stale_version", "idempotency_key_reused", "request_in_progress") if retried else ()
    answers = problem_responses(*BODY, "validation_error", *TOKEN, *MATCH, *refusals, *keyed, details=said)
    said_if = (
        'Apply only at this version (quoted), or at one of these (`"12", "13"`), as a move\'s; else 409'
        " stale_version. `*`: at any version."
    )
    said_key = (
        "A retry with the same key returns the first answer, applying nothing twice; the key used for another"
        " request (a move, another operation) is 422 idempotency_key_reused, as is a key older than the"
        " match's last 32 keyed answers (never applied twice)."
    )
    parameters = [if_match_param(said_if), header_param("Idempotency-Key", said_key, **idempotency.key_schema())]
    return {"security": [{"seatToken": []}], "responses": answers, "parameters": parameters if retried else []}


@blp.route("/<match_id>/resign", methods=["POST"])
@empty_body(blp)
@blp.response(200, MoveAnswerSchema, example=examples.RESIGNED)
@blp.doc(operationId="resignMatch", **_seat_operation("match_finished", "seat_left", "match_too_long"))
def resign(_body: dict, match_id: str):
    """Leave the match.

    In a two-player game the other seat wins; with more seats the server's random bot plays this
    seat from now on. Logged as a `resign` entry."""
    return _operation(match_id, "resign", lifecycle.resign)


@blp.route("/<match_id>/abort", methods=["POST"])
@empty_body(blp)
@blp.response(200, MoveAnswerSchema, example=examples.ABORTED)
@blp.doc(operationId="abortMatch", **_seat_operation("match_finished", "abort_refused", "match_too_long"))
def abort(_body: dict, match_id: str):
    """End the match without a result.

    Only the creator (the first seat handed a token), and only while no seat holder has moved.
    Logged as an `abort` entry."""
    store = services().store
    return _operation(match_id, "abort", lambda match, seat: lifecycle.abort(store, match, seat))


@blp.route("/<match_id>/undo", methods=["POST"])
@empty_body(blp)
@blp.response(200, MoveAnswerSchema, example=examples.UNDONE)
@blp.doc(operationId="undoMove", **_seat_operation("match_finished", "seat_left", "undo_refused", "match_too_long"))
def undo(_body: dict, match_id: str):
    """Take back your own last move.

    With the option `undo: own_move`, while no other seat has moved since and if the move drew no
    chance and revealed nothing (the game decides). Logged as an `undo` entry naming the version it
    takes back (`undoes`)."""
    store = services().store
    return _operation(match_id, "undo", lambda match, seat: lifecycle.undo(store, match, seat))


@blp.route("/<match_id>/rematch", methods=["POST"])
@empty_body(blp)
@blp.response(200, RematchSchema, example=examples.REMATCH)
@blp.doc(
    operationId="createRematch",
    **_seat_operation(
        "match_not_finished",
        "rematch_refused",
        "seat_taken",
        "conflict",
        details=examples.REMATCH_DETAILS,
        retried=False,
    ),
)
def rematch(_body: dict, match_id: str):
    """After the end: a new match of the same game, with the start seat rotated.

    The same game, options, bots and names, a new seed, the start seat rotated (former seat s
    plays seat s-1). The first call creates it; each former seat holder (one that resigned too)
    calls with its old token and gets its new seat and a new token. An aborted match has none
    (409 rematch_refused)."""
    svc = services()
    from service import matches

    match = matches.load(svc.store, match_id)
    seat = seat_of(match.stored.seat_hashes, required=True)
    token = bearer_token()
    assert seat is not None and token is not None  # required=True answers 401 instead
    return seat_response(rematch_of(svc.store, svc.config, match, seat, token))
