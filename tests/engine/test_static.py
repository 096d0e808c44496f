"""Each game's static data (GET /v1/games/{game_id}/static) is what its declared schema says, key for
key: the OpenAPI document types it from that schema (service/api/spec.py), so a generated client reads it."""

from __future__ import annotations

import copy

import pytest
from marshmallow import RAISE, ValidationError

from engine import registry


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_a_games_static_data_loads_whole_with_its_declared_schema(game_id):
    game = registry.get(game_id)
    data = game.static()
    if game.static_schema is None:
        assert data is None  # served as {}
        return
    assert game.static_schema().load(data, unknown=RAISE) == data


@pytest.mark.parametrize(
    ("game_id", "path"), [("catan", ["topology", "nodes", 0]), ("smuggler", ["characters", "r_trewin"])]
)
def test_a_key_the_schema_does_not_declare_is_refused_however_deep(game_id, path):
    game = registry.get(game_id)
    data = copy.deepcopy(game.static())
    inner = data
    for step in path:
        inner = inner[step]
    inner["unknown"] = 1
    with pytest.raises(ValidationError):
        game.static_schema().load(data, unknown=RAISE)
