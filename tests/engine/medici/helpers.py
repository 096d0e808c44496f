"""Builders and invariants shared by the Medici vs Strozzi tests.

Positions come from `GAME.setup`, moves through `GAME.apply`, and, where play
would take too long, `GAME.load` of an edited `GAME.dump`: every builder takes a
state and returns a new one. Tests read the dump (`dumped`), views, events and
the outcome; they never write into a state.
"""

from __future__ import annotations

import json

from engine.core import IllegalMove
from engine.medici import GAME, data
from tests.engine.playout import assert_refused

ALL_TILES = list(range(len(data.TILES)))
SEATS = (0, 1)


def tile_id(kind: str, value: int, nth: int = 0) -> int:
    """The id of the nth tile of that kind and value (4s and golds come in pairs)."""
    ids = [i for i, (k, v) in enumerate(data.TILES) if k == kind and v == value]
    return ids[nth]


def fresh(seed: int = 1) -> dict:
    return GAME.setup(2, GAME.load_options({}), seed)


def dumped(state: dict) -> dict:
    """The state as the contract shows it: a JSON-native copy."""
    return GAME.dump(state)


def edited(state: dict, change) -> dict:
    """A new state: the dump of `state`, changed by `change(data)`, then loaded."""
    table = GAME.dump(state)
    change(table)
    return GAME.load(table)


def take(table: dict, tile: int) -> None:
    """Take a tile out of a dump's bag or lot (hand-built positions)."""
    if tile in table["bag"]:
        table["bag"].remove(tile)
    else:
        table["lot"].remove(tile)


def set_lot(state: dict, tiles: list[int]) -> dict:
    """Make the drawer's revealed lot exactly these tiles (the rest goes back in the bag)."""

    def lot(table):
        for tile in tiles:
            take(table, tile)
        table["bag"] = sorted(table["bag"] + table["lot"])
        table["lot"] = list(tiles)

    return edited(state, lot)


def draw_tile(state: dict, seat: int, tile: int) -> dict:
    """Play a `draw` move that draws exactly this tile: the bag holds only it for that move."""
    rest = [t for t in dumped(state)["bag"] if t != tile]
    assert tile in dumped(state)["bag"], "that tile is not in the bag"
    state = edited(state, lambda table: table.update(bag=[tile]))
    GAME.apply(state, seat, {"type": "draw"})
    return edited(state, lambda table: table.update(bag=rest))


def sell(state: dict, drawer: int, tiles: list[int], price: int, buy: bool) -> dict:
    """The drawer reveals these tiles, offers them at price, and the opponent buys or declines."""
    table = dumped(state)
    assert table["drawer"] == drawer and table["phase"] == "draw"
    state = set_lot(state, tiles[:1])
    for tile in tiles[1:]:
        state = draw_tile(state, drawer, tile)
    GAME.apply(state, drawer, {"type": "offer", "price": price})
    GAME.apply(state, 1 - drawer, {"type": "buy" if buy else "decline"})
    return state


def refused(state: dict, seat: int, move, code: str = "illegal_move") -> IllegalMove:
    """Assert the move is refused with that code and changes nothing."""
    return assert_refused(GAME, state, seat, move, code)


def lot_limit(table: dict) -> int:
    """The rule, computed from the dump: at most 3 tiles, and no more than fit
    together on one of the drawer's ships."""
    fleet = table["ships"][table["drawer"]]
    return min(data.MAX_LOT, max(cap - len(ship["tiles"]) for cap, ship in zip(data.SHIP_CAPACITY, fleet)))


def invariants(game, state: dict) -> None:
    """What must hold after every move of any game."""
    table = game.dump(state)
    # Money: what the bank holds plus what the players hold, less the credit
    # the bank wrote, is always the box's coins.
    assert table["bank"] + sum(table["cash"]) - sum(table["credit"]) == data.BOX_MONEY
    for seat in SEATS:
        assert table["cash"][seat] >= 0 and table["credit"][seat] >= 0
        ledger = table["ledger"][seat]
        income = ledger["harbours"] + ledger["monopolies"] + ledger["bonuses"]
        assert table["cash"][seat] - table["credit"][seat] == data.START_MONEY - ledger["purchases"] + income
    # The 26 tiles: each exactly once, in the bag, the lot, the discards or a ship.
    where = table["bag"] + table["lot"] + table["discards"]
    for fleet in table["ships"]:
        for ship in fleet:
            where += ship["tiles"]
    assert sorted(where) == ALL_TILES
    assert table["bag"] == sorted(table["bag"])
    # Ships: within capacity; a loaded ship has a harbour, an empty one none;
    # a player's ships are in different harbours.
    for fleet in table["ships"]:
        harbours = [ship["harbour"] for ship in fleet if ship["harbour"] is not None]
        assert len(harbours) == len(set(harbours))
        for capacity, ship in zip(data.SHIP_CAPACITY, fleet):
            assert len(ship["tiles"]) <= capacity
            assert (ship["harbour"] is None) == (not ship["tiles"])
    assert all(-data.TRACK_STEPS <= m <= data.TRACK_STEPS for m in table["markers"])
    # The turn's bookkeeping matches its phase.
    phase = table["phase"]
    assert len(table["lot"]) <= data.MAX_LOT
    if phase == "draw":
        # A turn opens with a tile drawn, so the drawer always has a ship with room.
        assert table["price"] is None and table["buyer"] is None
        assert 1 <= len(table["lot"]) <= lot_limit(table)
    elif phase == "answer":
        assert table["lot"] and table["price"] is not None and table["buyer"] is None
    elif phase == "place":
        assert table["lot"] and table["buyer"] in SEATS
    else:
        assert phase == "over" and not table["lot"] and game.outcome(state) is not None
        assert table["credit"] == [0, 0] or min(table["cash"]) == 0


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
