"""Builders and invariants shared by the Medici vs Strozzi tests."""

from __future__ import annotations

import json

from engine.core import IllegalMove
from engine.medici import GAME, data
from engine.medici.table import SEATS, lot_limit
from tests.engine.playout import assert_refused

ALL_TILES = list(range(len(data.TILES)))


def tile_id(kind: str, value: int, nth: int = 0) -> int:
    """The id of the nth tile of that kind and value (4s and golds come in pairs)."""
    ids = [i for i, (k, v) in enumerate(data.TILES) if k == kind and v == value]
    return ids[nth]


def fresh(seed: int = 1) -> dict:
    return GAME.setup(2, GAME.load_options({}), seed)


def take(state: dict, tile: int) -> None:
    """Take a tile out of the bag or the lot (hand-built positions)."""
    if tile in state["bag"]:
        state["bag"].remove(tile)
    else:
        state["lot"].remove(tile)


def set_lot(state: dict, tiles: list[int]) -> None:
    """Make the drawer's revealed lot exactly these tiles (the rest goes back in the bag)."""
    for tile in tiles:
        take(state, tile)
    state["bag"] = sorted(state["bag"] + state["lot"])
    state["lot"] = list(tiles)


def draw_tile(state: dict, seat: int, tile: int) -> None:
    """Play a `draw` move that draws exactly this tile."""
    rest = [t for t in state["bag"] if t != tile]
    assert tile in state["bag"], "that tile is not in the bag"
    state["bag"] = [tile]
    GAME.apply(state, seat, {"type": "draw"})
    state["bag"] = rest


def sell(state: dict, drawer: int, tiles: list[int], price: int, buy: bool) -> None:
    """The drawer reveals these tiles, offers them at price, and the opponent buys or declines."""
    assert state["drawer"] == drawer and state["phase"] == "draw"
    set_lot(state, tiles[:1])
    for tile in tiles[1:]:
        draw_tile(state, drawer, tile)
    GAME.apply(state, drawer, {"type": "offer", "price": price})
    GAME.apply(state, 1 - drawer, {"type": "buy" if buy else "decline"})


def refused(state: dict, seat: int, move, code: str = "illegal_move") -> IllegalMove:
    """Assert the move is refused with that code and changes nothing."""
    return assert_refused(GAME, state, seat, move, code)


def invariants(game, state: dict) -> None:
    """What must hold after every move of any game."""
    # Money: what the bank holds plus what the players hold, less the credit
    # the bank wrote, is always the box's coins.
    assert state["bank"] + sum(state["cash"]) - sum(state["credit"]) == data.BOX_MONEY
    for seat in SEATS:
        assert state["cash"][seat] >= 0 and state["credit"][seat] >= 0
        ledger = state["ledger"][seat]
        income = ledger["harbours"] + ledger["monopolies"] + ledger["bonuses"]
        assert state["cash"][seat] - state["credit"][seat] == data.START_MONEY - ledger["purchases"] + income
    # The 26 tiles: each exactly once, in the bag, the lot, the discards or a ship.
    where = state["bag"] + state["lot"] + state["discards"]
    for fleet in state["ships"]:
        for ship in fleet:
            where += ship["tiles"]
    assert sorted(where) == ALL_TILES
    assert state["bag"] == sorted(state["bag"])
    # Ships: within capacity; a loaded ship has a harbour, an empty one none;
    # a player's ships are in different harbours.
    for fleet in state["ships"]:
        harbours = [ship["harbour"] for ship in fleet if ship["harbour"] is not None]
        assert len(harbours) == len(set(harbours))
        for capacity, ship in zip(data.SHIP_CAPACITY, fleet):
            assert len(ship["tiles"]) <= capacity
            assert (ship["harbour"] is None) == (not ship["tiles"])
    assert all(-data.TRACK_STEPS <= m <= data.TRACK_STEPS for m in state["markers"])
    # The turn's bookkeeping matches its phase.
    phase = state["phase"]
    assert len(state["lot"]) <= data.MAX_LOT
    if phase == "draw":
        # A turn opens with a tile drawn, so the drawer always has a ship with room.
        assert state["price"] is None and state["buyer"] is None
        assert 1 <= len(state["lot"]) <= lot_limit(state)
    elif phase == "answer":
        assert state["lot"] and state["price"] is not None and state["buyer"] is None
    elif phase == "place":
        assert state["lot"] and state["buyer"] in SEATS
    else:
        assert phase == "over" and not state["lot"] and game.outcome(state) is not None
        assert state["credit"] == [0, 0] or min(state["cash"]) == 0


def invariants_and_views(game, state: dict) -> None:
    """The invariants, and the views: JSON, all alike but for the seat, no RNG in them."""
    invariants(game, state)
    views = [game.view(state, seat) for seat in (None, 0, 1)]
    texts = set()
    for view in views:
        view = dict(view)
        view.pop("seat")
        texts.add(json.dumps(view, sort_keys=True))
    assert len(texts) == 1
    assert "rng" not in texts.pop()
