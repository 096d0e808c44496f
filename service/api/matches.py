"""Matches: create, join, read (ETag / If-None-Match), replay."""

from typing import Any

from flask import Response
from flask_smorest import Blueprint
from marshmallow import ValidationError

from engine import registry
from engine.bots import bots_for
from service import claims, guards, idempotency, lifecycle, limits, matches, names, replay, versions
from service.api import (
    BODY,
    LIMITED,
    MATCH,
    TOKEN,
    examples,
    header_param,
    json_response,
    none_match,
    problem_responses,
    seat_response,
    services,
)
from service.api.schemas import CreatedSchema, CreateMatchSchema, JoinedSchema, JoinSchema, MatchSchema, ReplaySchema
from service.auth import seat_of
from service.errors import NOT_KEPT, ApiError

blp = Blueprint("matches", __name__, url_prefix="/v1/matches", description="Create, join and read matches.")

ETAG = {
    "ETag": {
        "schema": {"type": "string"},
        "description": 'The version and its commit id, quoted: `"12.5f3a09c2be41"`; weak, `W/"12.5f3a09c2be41"`,'
        " to a client that accepts a compressed answer. The commit id changes if storage loses the commit and"
        " the match reaches version 12 again with other moves; treat the ETag as opaque and send it back as it is.",
    }
}


def _validated_creation(body: dict):
    errors: dict[str, Any] = {}
    game = registry.GAMES.get(body["game"])
    if game is None:
        raise ApiError(
            "validation_error",
            "No game {game!r}; see GET /v1/games.",
            values={"game": body["game"]},
            errors={"game": [f"Must be one of: {', '.join(sorted(registry.GAMES))}."]},
        )
    if not game.min_players <= body["players"] <= game.max_players:
        errors["players"] = [_player_counts(game)]
    try:
        options = game.load_options(body["options"])
    except ValidationError as err:
        errors["options"] = err.messages
        options = None
    bots, names = {}, bots_for(game.id)
    for seat, name in body["bots"].items():
        if int(seat) >= body["players"]:
            errors.setdefault("bots", {})[seat] = ["No such seat."]
        elif name not in names:
            errors.setdefault("bots", {})[seat] = [f"Must be one of: {', '.join(sorted(names))}."]
        else:
            bots[int(seat)] = name
    if errors:
        raise ApiError("validation_error", "The match cannot be created as asked.", errors=errors)
    guards.check_seed(body["seed"], body["players"], body["seats"], bots)
    return game, options, bots


def _player_counts(game) -> str:
    if game.min_players == game.max_players:
        return f"{game.title} is for {game.min_players} players."
    return f"{game.title} takes {game.min_players} to {game.max_players} players."


@blp.route("", methods=["POST"])
@blp.arguments(CreateMatchSchema(), examples=examples.CREATE_REQUESTS)
@blp.response(
    201,
    CreatedSchema,
    example=examples.CREATED,
    headers={"Location": {"schema": {"type": "string"}, "description": "The new match's URL."}},
)
@blp.doc(
    operationId="createMatch",
    security=[],
    parameters=[
        header_param(
            "Idempotency-Key",
            "A random key (16 to 200 characters: a UUID). Sent again with the same key and body within five "
            "minutes (the first answer lost) or twice at once, the creation answers again with the same match "
            "and the same tokens, creating nothing more.",
            **idempotency.key_schema(claims.KEY_CHARACTERS[0]),
        )
    ],
    responses=problem_responses(
        *BODY,
        "validation_error",
        "request_in_progress",
        "idempotency_key_reused",
        *LIMITED,
        details=examples.CREATE_DETAILS,
    ),
)
def create_match(body: dict):
    """Create a match; the answer holds the seat tokens (shown only this once, or to its key's retry)."""
    game, options, bots = _validated_creation(body)
    life = lifecycle.creation_life(body, game.seat_names)
    svc = services()
    key = idempotency.header_key(claims.KEY_CHARACTERS[0])

    def create() -> dict:
        limits.charge_match()
        args = (game, body["players"], options, body["seed"], body["seats"], bots, life)
        return matches.create(svc.store, svc.config, *args, key=key)

    created: dict | None = None
    if key is not None:
        match_id, digest = claims.created_id(key), claims.body_digest(body)
        with idempotency.in_flight(svc.store.redis, match_id, key, svc.config.bot_budget_seconds):
            created = claims.created_again(svc.store, match_id, key, digest)
            if created is None:
                created = create()
                claims.record_creation(svc.store, match_id, digest, created)
    created = created or create()
    return seat_response(created, 201, {"Location": f"/v1/matches/{created['id']}"})


@blp.route("/<match_id>/join", methods=["POST"])
@blp.arguments(JoinSchema(), example={}, required=False)
@blp.response(200, JoinedSchema, example=examples.JOINED)
@blp.doc(
    operationId="joinMatch",
    security=[],
    parameters=[
        header_param(
            "Idempotency-Key",
            "A random key (16 to 200 characters: a UUID). Sent again with the same key within five minutes "
            "(the first answer lost) or twice at once, the join gets the same seat and the same token.",
            **idempotency.key_schema(claims.KEY_CHARACTERS[0]),
        )
    ],
    responses=problem_responses(
        *BODY,
        "validation_error",
        "match_finished",
        "seat_taken",
        "match_full",
        "conflict",
        "request_in_progress",
        "idempotency_key_reused",
        *MATCH,
        details=examples.JOIN_DETAILS,
    ),
)
def join_match(body: dict, match_id: str):
    """Take an open seat (a given one, or the first open); the token is shown only this once."""
    name = names.clean_name(body["name"], "name") if body["name"] is not None else None
    svc = services()
    key = idempotency.header_key(claims.KEY_CHARACTERS[0])
    # Copies with one key run one at a time (as moves do): a copy must not answer while the first
    # may still give its seat back (its name taken by another join at the same moment).
    with idempotency.in_flight(svc.store.redis, match_id, key, svc.config.bot_budget_seconds):
        return seat_response(matches.join(svc.store, svc.config, match_id, body["seat"], name, key))


@blp.route("/<match_id>")
@blp.response(
    200,
    MatchSchema,
    example=examples.MATCH,
    headers=ETAG,
)
@blp.doc(
    responses={
        "304": {"description": "Not modified (If-None-Match matched the ETag)", "headers": ETAG},
        **problem_responses(*TOKEN, *MATCH, details=examples.OPEN_READ_DETAILS),
    },
    parameters=[
        header_param(
            "If-None-Match",
            "The ETag you hold, weak or not: 304 with no body while it is current. A bare version"
            ' (`"12"`) is compared as a number alone: 304 at version 12 even if storage lost the moves you saw.',
        )
    ],
    operationId="getMatch",
    security=[{}, {"seatToken": []}],
)
def get_match(match_id: str) -> Response:
    """The caller's view, who is to act and its legal moves. No token: the spectator's view."""
    svc = services()
    match = matches.load_current(svc.store, svc.config, match_id, limits.bot_budget())
    seat = matches.reads_as(match, seat_of(match.stored.seat_hashes, required=False))
    etag = versions.etag(match.stored.version, match.stored.commit)
    # The ETag is the version (and its commit), the same for every seat and language, so a browser must not keep
    # this answer: revalidating a copy fetched with another seat's token (or in another language)
    # would get 304 and show that seat's view. Clients that keep their own copy per seat send
    # If-None-Match themselves.
    headers = {"ETag": etag, **NOT_KEPT}
    if none_match(etag, f'"{match.stored.version}"'):
        return json_response(b"", 304, headers)
    return json_response(matches.resource(match, seat), 200, headers)


@blp.route("/<match_id>/replay")
@blp.response(200, ReplaySchema)
@blp.doc(
    operationId="getReplay",
    security=[],
    responses=problem_responses("match_not_finished", *MATCH, details=examples.READ_DETAILS),
)
def get_replay(match_id: str):
    """After the end: the seed (check it against the commitment), the options and every move."""
    svc = services()
    return seat_response(replay.replay(svc.store, matches.load(svc.store, match_id), svc.config.finished_ttl))
