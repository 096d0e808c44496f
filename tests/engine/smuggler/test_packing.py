"""Hold packing on hand-made grids, and the content's own numbers."""

from __future__ import annotations

from engine.smuggler.board import distances_from, size_of
from engine.smuggler.content import BOATS, MERCHANT_GOODS, SHAPES, TRACK_DISCOVERY, WHEEL_SPACES
from engine.smuggler.packing import fits, packing, rotations


def test_a_shape_that_fits_only_rotated():
    grid = ["..", "..", ".."]  # 3 rows of 2
    assert fits(grid, [SHAPES["i3"]])
    (placed,) = packing(grid, [SHAPES["i3"]])
    assert len({c for _, c in placed}) == 1 and sorted(r for r, _ in placed) == [0, 1, 2]  # standing up


def test_a_shape_that_cannot_fit():
    assert not fits(["...", "#.#"], [SHAPES["o4"]])
    assert not fits(["....", "...."], [SHAPES["o4"], SHAPES["o4"], SHAPES["keg"]])


def test_shapes_are_rotated_never_flipped():
    s_shape = SHAPES["s4"]
    assert len(rotations(s_shape)) == 2
    assert fits(["#..#", "..##"], [s_shape])
    assert not fits(["..##", "#..#"], [s_shape])  # room only for its mirror image, a Z


def test_shapes_pack_together_in_a_hold():
    hold = BOATS["lugger"][1]
    assert fits(hold, [SHAPES["i2"], SHAPES["l3"], SHAPES["o4"]])  # Bob's 9 squares
    assert not fits(hold, [SHAPES["p5"], SHAPES["l5"], SHAPES["keg"]])


def test_content_numbers_from_the_text():
    assert TRACK_DISCOVERY[0] == 7
    assert WHEEL_SPACES == 8
    assert len(BOATS) == 10 and len(MERCHANT_GOODS) == 3
    assert distances_from("gwithian")["lelant"] == 2
    region = ["st_ives", "madron", "penzance", "marazion", "lelant", "ludgvan", "zennor", "perranuthnoe"]
    assert [s for s in region if size_of(s)] == ["st_ives", "madron", "penzance", "marazion"]


def test_every_hold_and_warehouse_grid_is_a_rectangle():
    """The Sloop's hold had rows of 5, 4 and 4 marks: the terminal printed it as `xxxx./xxxx/xxx.` and
    a page drew a ragged grid. Its usable squares are the same once padded with blocked ones."""
    from engine.smuggler.content import CHARACTERS, START_WAREHOUSES

    grids = {f"boat {k}": g for k, (_, g) in BOATS.items()} | {
        f"warehouse {k}": g for k, (_, g) in START_WAREHOUSES.items()
    }
    grids |= {f"card {k}": c["warehouse"][1] for k, c in CHARACTERS.items() if c.get("warehouse")}
    ragged = {name: [len(row) for row in grid] for name, grid in grids.items() if len({len(row) for row in grid}) != 1}
    assert not ragged
    assert sum(row.count(".") for row in BOATS["sloop"][1]) == 11
