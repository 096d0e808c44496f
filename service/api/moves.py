"""POST /v1/matches/{id}/moves: one move, with If-Match and Idempotency-Key."""

from flask import request
from flask_smorest import Blueprint

from service import guards, idempotency, matches, versions
from service.api import BODY, MATCH, TOKEN, examples, header_param, json_response, problem_responses, services
from service.api.schemas import MoveAnswerSchema
from service.auth import seat_of
from service.errors import ApiError

blp = Blueprint("moves", __name__, url_prefix="/v1/matches", description="Play moves.")

_ONE = rf'(W/)?"?[0-9]{{1,18}}(\.{versions.COMMIT_PATTERN})?"?'
MOST_VERSIONS = 64  # an If-Match list longer than any client holds versions for


def if_match_param(description: str) -> dict:
    """The If-Match header as read_if_match takes it: `*`, or ETags (quoted, perhaps weak), comma-separated."""
    return header_param("If-Match", description, pattern=rf"^(\*|{_ONE}( *, *{_ONE})*)$")


def read_if_match() -> frozenset[versions.Held] | None:
    """The versions a request holds to (any one of them, RFC 9110 13.1.1), each with its commit id when
    the tag names one (service/versions.py); None without If-Match, or with `*` (any current
    representation, and a match that exists has one)."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    listed = [part.strip() for part in header.split(",", MOST_VERSIONS) if part.strip()]  # empty ones: RFC 9110 5.6.1
    found = [versions.parse(part) for part in listed]
    if listed and len(listed) <= MOST_VERSIONS and all(found):
        return frozenset(held for held in found if held)
    said = f"At most {MOST_VERSIONS} versions." if len(listed) > MOST_VERSIONS else "Not a version."
    raise ApiError(
        "validation_error",
        'If-Match must be a version, quoted, or versions separated by commas: If-Match: "12", "13".',
        errors={"If-Match": [said]},
    )


@blp.route("/<match_id>/moves", methods=["POST"])
@blp.response(200, MoveAnswerSchema, example=examples.MOVE_ANSWER)
@blp.doc(
    requestBody={
        "required": True,
        "description": "One move: a `legal_moves` entry exactly as listed, or a `move_templates` entry's "
        "`move` with a value for each of its `params`.",
        "content": {"application/json": {"schema": "PostedMove", "example": examples.POSTED}},
    },
    parameters=[
        if_match_param(
            'Apply only at this version: the ETag you hold (`"12.5f3a09c2be41"`), or one of these'
            ' (`"12.5f3a09c2be41", "13.…"`); else 409 stale_version, also when Redis lost that commit and the match'
            " reached its number again with"
            ' other moves. A bare version (`"12"`) holds to the number alone. `*`: at any version.'
        ),
        header_param(
            "Idempotency-Key",
            "A retry with the same key and the same move returns the first answer, applying nothing"
            " twice. The move is compared as JSON values: its keys' order and spacing do not matter;"
            " another move (or an undo, a resign, an abort) with the key is 422 idempotency_key_reused, as is"
            " a key older than the match's last 32 keyed answers (never applied twice).",
            **idempotency.key_schema(),
        ),
    ],
    operationId="postMove",
    security=[{"seatToken": []}],
    responses=problem_responses(
        *BODY,
        *TOKEN,
        *MATCH,
        "validation_error",
        "illegal_move",
        "idempotency_key_reused",
        "not_your_turn",
        "match_finished",
        "stale_version",
        "seat_left",
        "request_in_progress",
        "match_too_long",
        details=examples.MOVE_DETAILS,
    ),
)
def post_move(match_id: str):
    """Play one move as the token's seat; server bots answer before this returns."""
    # Two Redis round-trips: the match's load (which also counts the request against the seat's
    # quota, service/ratelimit.py) and the compare-and-set commit. An Idempotency-Key adds its
    # marker, its lookup and the marker's release.
    if_match, key = read_if_match(), idempotency.header_key()
    svc = services()
    move = guards.json_body(svc.config)
    with idempotency.in_flight(svc.store.redis, match_id, key, svc.config.bot_budget_seconds):
        answer = matches.play(
            svc.store,
            svc.config,
            match_id,
            lambda hashes: seat_of(hashes, required=True),
            move,
            if_match,
            key,
        )
    # Not seat_response: a cache never keeps a POST's answer without explicit freshness (RFC 9111,
    # section 3), and the two headers cost the move path 0.7 % more instructions.
    return json_response(answer)
