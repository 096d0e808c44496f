"""Views and events: JSON, useful to a thin client, and nothing of the RNG (the draw order)."""

from __future__ import annotations

import json
from pathlib import Path

import engine.medici as package
from engine.medici import GAME

from .helpers import dumped, edited, fresh, sell, tile_id


def test_the_view_shows_phase_turn_table_money_and_the_bags_contents():
    state = fresh(3)
    view = GAME.view(state, 0)
    for key in ("phase", "to_act", "round", "drawer", "lot", "bag", "players", "harbours", "markers", "bank"):
        assert key in view
    assert view["to_act"] == [0] and view["phase"] == "draw" and view["seat"] == 0
    assert view["bag"]["count"] == len(view["bag"]["tiles"]) == 25
    assert [t["id"] for t in view["bag"]["tiles"]] == sorted(t["id"] for t in view["bag"]["tiles"])
    json.dumps(view)


def test_no_view_depends_on_the_rng_so_the_next_draws_cannot_be_read():
    a = fresh(3)
    b = edited(a, lambda table: table.update(rng=table["rng"] ^ 0xFFFF))  # same table, other future draws
    for seat in (None, 0, 1):
        assert GAME.view(a, seat) == GAME.view(b, seat)
        assert "rng" not in json.dumps(GAME.view(a, seat))


def test_every_event_is_public_and_has_no_rng():
    state = fresh(4)
    events = GAME.apply(state, 0, {"type": "draw"})
    events += GAME.apply(state, 0, {"type": "offer", "price": 3})
    events += GAME.apply(state, 1, {"type": "buy"})
    events += GAME.apply(state, 1, {"type": "discard"})
    for e in events:
        assert e.to is None
        text = json.dumps(e.to_json())
        assert "rng" not in text and str(dumped(state)["rng"]) not in text


def test_the_view_is_a_copy():
    state = fresh(5)
    state = sell(state, 0, [tile_id("dye", 1)], 2, buy=True)
    GAME.apply(state, 1, {"type": "load", "ship": 0, "harbour": 0})
    before = GAME.dump(state)
    view = GAME.view(state, 1)
    view["players"][1]["ships"][0]["tiles"].clear()
    view["bag"]["tiles"].clear()
    view["lot"].clear()
    assert GAME.dump(state) == before


def test_dump_is_compact_and_load_round_trips():
    state = fresh(6)
    dumped = GAME.dump(state)
    assert len(json.dumps(dumped)) < 2000
    assert GAME.dump(GAME.load(json.loads(json.dumps(dumped)))) == dumped


def test_same_seed_and_moves_give_the_same_game_and_chance_comes_only_from_the_state():
    def scripted(seed):
        state = fresh(seed)
        for seat, move in [
            (0, {"type": "draw"}),
            (0, {"type": "offer", "price": 4}),
            (1, {"type": "buy"}),
            (1, {"type": "discard"}),
            (1, {"type": "offer", "price": 0}),
            (0, {"type": "decline"}),
        ]:
            GAME.apply(state, seat, move)
        return GAME.dump(state)

    assert scripted(11) == scripted(11)
    assert scripted(11) != scripted(12)
    for source in Path(package.__file__).parent.glob("*.py"):
        if source.name == "bots.py":
            continue  # a bot is handed its rng; the rules never see it
        text = source.read_text()
        assert "import random" not in text and "from random" not in text, source.name
