"""Every view, event, legal move, template and outcome the engine produces in random play is
valid against the game's schemas in openapi/openapi.json, and each legal move matches exactly
one member of the top-level `Move` (so a client can post it as is)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine import registry
from engine.core import IllegalMove, fill, random_value

DOC = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json").read_text())
MOVES_PER_MATCH = 400


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator({"components": DOC["components"], "$ref": f"#/components/schemas/{name}"})


_found: dict[tuple[str, str], list[str]] = {}


def errors(validator_: Draft202012Validator, item) -> list[str]:
    """What the schema finds wrong with the item. The same item (a move listed again a turn later) is
    validated once: validation against the union of every game's moves is most of this test's time."""
    key = (validator_.schema["$ref"], json.dumps(item, sort_keys=True))
    if key not in _found:
        _found[key] = [f"{e.json_path}: {e.message[:300]}" for e in validator_.iter_errors(item)]
    return _found[key]


TYPED = sorted(game_id for game_id, game in registry.GAMES.items() if game.view_schema and game.event_schemas)


@pytest.mark.parametrize("game_id", TYPED)
def test_what_the_engine_sends_fits_the_documented_schemas(game_id):
    game, prefix = registry.get(game_id), game_id.capitalize()
    view, event, move = (validator(f"{prefix}{kind}") for kind in ("View", "Event", "Move"))
    any_move, template, outcome = validator("Move"), validator("MoveTemplate"), validator("Outcome")
    rng = random.Random(5)
    players = game.max_players
    state = game.setup(players, game.load_options({}), 11)
    for step in range(MOVES_PER_MATCH):
        for seat in [*range(players), None] if step % 10 == 0 else ():
            assert not errors(view, game.view(state, seat)), errors(view, game.view(state, seat))
        if game.outcome(state) is not None:
            assert not errors(outcome, game.outcome(state).to_json())
            break
        seat = rng.choice(sorted(game.to_act(state)))
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        for listed in legal if step % 3 == 0 else ():
            assert not errors(move, listed) and not errors(any_move, listed), (listed, errors(move, listed))
        for tmpl in templates:
            sent = {**tmpl, "label": game.template_label(state, seat, tmpl, "en")}  # as service/matches.py sends it
            assert not errors(template, sent), errors(template, sent)
        pick = rng.randrange(len(legal) + len(templates))
        chosen = (
            legal[pick] if pick < len(legal) else fill(templates[pick - len(legal)], lambda p: random_value(p, rng))
        )
        try:
            events = game.apply(state, seat, chosen)
        except IllegalMove:  # a filled template the rules refuse: pick again
            continue
        for ev in events:
            sent = {**ev.to_json(), "text": game.event_text(ev.to_json(), "en", {})}  # as service/matches.py sends it
            assert not errors(event, sent), (sent, errors(event, sent))
