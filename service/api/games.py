"""GET /v1/games: the catalogue."""

from flask_smorest import Blueprint

from engine import registry
from engine.bots import bots_for
from service.api import json_response, problem_responses
from service.api.schemas import GameSchema
from service.errors import ApiError

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="The games this server hosts.")

_catalogue: dict[str, dict] = {}


def entry(game_id: str) -> dict:
    """A game's catalogue entry, with its options as JSON Schema (built once)."""
    if game_id not in _catalogue:
        from flask import current_app

        game = registry.get(game_id)
        converter = current_app.extensions["portside_api"].ma_plugin.converter
        _catalogue[game_id] = {
            **game.catalogue(),
            "options": converter.schema2jsonschema(game.options),
            "bots": sorted(bots_for(game_id)),
            "moves": f"#/components/schemas/{move_schema_name(game_id)}",
        }
    return _catalogue[game_id]


def move_schema_name(game_id: str) -> str:
    return f"{game_id.capitalize()}Move"


@blp.route("")
@blp.response(200, GameSchema(many=True))
def list_games():
    """Every game: id, title, player counts, options, bots."""
    return json_response([entry(game_id) for game_id in sorted(registry.GAMES)])


@blp.route("/<game_id>")
@blp.response(200, GameSchema)
@blp.doc(responses=problem_responses(404))
def get_game(game_id: str):
    """One game's catalogue entry."""
    if game_id not in registry.GAMES:
        raise ApiError("not_found", f"No game {game_id!r}; see GET /v1/games.")
    return json_response(entry(game_id))
