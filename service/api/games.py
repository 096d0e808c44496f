"""GET /v1/games: the catalogue."""

import hashlib

import orjson
from flask_smorest import Blueprint

from engine import registry
from engine.bots import bots_for
from engine.i18n import words_for
from service import words
from service.api import LIMITED, header_param, json_response, none_match, problem_responses
from service.api.examples import READ_DETAILS as READ
from service.api.schemas import GameSchema
from service.errors import ApiError

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="The games this server hosts.")

_catalogue: dict[tuple[str, str], dict] = {}
ETAG = {
    "ETag": {
        "schema": {"type": "string"},
        "description": "A hash of the body, quoted; weak (`W/`) to a client that accepts a compressed answer.",
    }
}
KEEP_A_DAY = "public, max-age=86400"  # the same for every match and every caller
STATIC_HEADERS = {
    **ETAG,
    "Cache-Control": {"schema": {"type": "string", "enum": [KEEP_A_DAY]}, "description": "Any cache keeps it a day."},
}
VARY = {"Vary": "Accept-Language"}  # the options' titles and descriptions are in the caller's language


def entry(game_id: str) -> dict:
    """A game's catalogue entry in the caller's language, its options as JSON Schema (built once per
    language), each option's title, description and choices (`x-labels`) in that language (the game's catalogue)."""
    lang = words.request_lang()
    if (game_id, lang) not in _catalogue:
        from flask import current_app

        game = registry.get(game_id)
        converter = current_app.extensions["portside_api"].ma_plugin.converter
        options = converter.schema2jsonschema(game.options)
        for option in options.get("properties", {}).values():
            option.update({k: words_for(game).word(option[k], lang) for k in ("title", "description") if k in option})
            if "x-labels" in option:  # each choice in words, as a form offers it (the value stays what is sent)
                option["x-labels"] = {
                    value: words_for(game).word(said, lang) for value, said in option["x-labels"].items()
                }
        _catalogue[game_id, lang] = {
            **game.catalogue(),
            "options": options,
            "bots": sorted(bots_for(game_id)),
            "moves": f"#/components/schemas/{move_schema_name(game_id)}",
            "static": f"/v1/games/{game_id}/static",
        }
    return _catalogue[game_id, lang]


def move_schema_name(game_id: str) -> str:
    return f"{game_id.capitalize()}Move"


@blp.route("")
@blp.response(200, GameSchema(many=True))
@blp.doc(operationId="listGames", security=[], responses=problem_responses(*LIMITED, details=READ))
def list_games():
    """Every game: id, title, player counts, options, bots."""
    return json_response([entry(game_id) for game_id in sorted(registry.GAMES)], headers=VARY)


def _known(game_id: str):
    if game_id not in registry.GAMES:
        raise ApiError("not_found", "No game {game!r}; see GET /v1/games.", values={"game": game_id})
    return registry.get(game_id)


@blp.route("/<game_id>")
@blp.response(200, GameSchema)
@blp.doc(operationId="getGame", security=[], responses=problem_responses("not_found", *LIMITED, details=READ))
def get_game(game_id: str):
    """One game's catalogue entry."""
    _known(game_id)
    return json_response(entry(game_id), headers=VARY)


@blp.route("/<game_id>/static")
@blp.response(
    200,
    {"type": "object", "additionalProperties": True},
    description="The game's static data, `{}` if it has none.",
    headers=STATIC_HEADERS,
)
@blp.doc(
    operationId="getGameStatic",
    security=[],
    responses={
        "304": {"description": "Not modified (If-None-Match matched)", "headers": STATIC_HEADERS},
        **problem_responses("not_found", *LIMITED, details=READ),
    },
    parameters=[header_param("If-None-Match", "The ETag you hold (weak or not): 304, no body, while it is current.")],
)
def get_static(game_id: str):
    """What is the same in every match of the game (a board's geometry, a map).

    Fetch it once and cache it. `{}` for a game without such data."""
    body = orjson.dumps(_known(game_id).static() or {})
    etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
    headers = {"ETag": etag, "Cache-Control": KEEP_A_DAY}
    if none_match(etag):
        return json_response(b"", 304, headers)
    return json_response(body, 200, headers)
