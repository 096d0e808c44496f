"""Goods shapes, boat holds, warehouses, the customs track, the golden wheel and the sale prices.

Grids are lists of rows: "." is a cell goods may use, "#" a blocked cell. Shapes are lists of
(row, column) squares; they may be rotated, never flipped (CONTENT.md).
"""

from __future__ import annotations

# The goods shapes (decided: polyominoes of 1 to 5 squares; the text shows shapes, not their set).
SHAPES: dict[str, list[tuple[int, int]]] = {
    "keg": [(0, 0)],
    "i2": [(0, 0), (0, 1)],
    "i3": [(0, 0), (0, 1), (0, 2)],
    "l3": [(0, 0), (1, 0), (1, 1)],
    "i4": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "o4": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "l4": [(0, 0), (1, 0), (2, 0), (2, 1)],
    "t4": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "s4": [(0, 1), (0, 2), (1, 0), (1, 1)],
    "p5": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "l5": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "t5": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
}

# Each merchant's goods at set-up (decided: 8 shapes each, 22 to 24 squares, sizes 1 to 5).
MERCHANT_GOODS: dict[str, list[str]] = {
    "irish": ["keg", "i2", "i2", "l3", "i3", "o4", "t4", "p5"],
    "dutch": ["keg", "i2", "l3", "i3", "l4", "s4", "i4", "keg"],
    "roscoff": ["i2", "i2", "l3", "l3", "o4", "l4", "t5", "keg"],
}

# The 10 boat cards (the text's count): name and hold (decided: 10 to 12 usable cells each,
# all different).
BOATS: dict[str, tuple[str, list[str]]] = {
    "lugger": ("Lugger", ["....", "....", "#..#"]),
    "cutter": ("Cutter", ["#...#", ".....", "#...#"]),
    "gig": ("Pilot gig", ["......", "#....#"]),
    "ketch": ("Ketch", ["...", "...", "...", "#.#"]),
    "sloop": ("Sloop", ["....#", "....#", "...##"]),
    "yawl": ("Yawl", [".....", "..#..", "#...#"]),
    "pinnace": ("Pinnace", ["#..#", "....", "....", "#..#"]),
    "brig": ("Brig", ["....", "....", "...."]),
    "smack": ("Fishing smack", [".#..", "....", "..#."]),
    "galley": ("Galley", ["#....", ".....", "#..##"]),
}

# Warehouse cards: name, grid, and the space it is tied to (None: the START warehouses, placed
# where their owner first stores goods and free again once empty; decided, the text ties
# warehouses to "places and/or characters").
START_WAREHOUSES: dict[str, tuple[str, list[str]]] = {
    "w_cellar": ("Pub cellar", ["..", ".."]),
    "w_barn": ("Hay barn", ["...", "#.."]),
    "w_cave": ("Sea cave", ["...."]),
    "w_chapel": ("Chapel loft", ["..", ".#"]),
    "w_mine": ("Old mine adit", ["...", ".##"]),
    "w_pigsty": ("Pigsty", ["#.", ".."]),
}

# Customs track (decided): discovery level and bribe cost at each step; a new officer waits on
# the marked steps and enters the board when the customs marker reaches it; the last step ends
# the game. Discovery 7 at the start, as in the text's landing examples.
TRACK_DISCOVERY = [7, 7, 7, 6, 6, 6, 5, 5, 5, 5, 4, 4, 4]
TRACK_BRIBE = [2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]
TRACK_NEW_OFFICER = [2, 4, 6]
# The step that ends the game, by the number of players (decided: more sellers feed the one
# golden wheel faster, so the end lies further along with more players; tuned by simulation so
# bot games last about as many rounds at every table size, README "Figures").
TRACK_END = {2: 8, 3: 10, 4: 11, 5: 12}
assert max(TRACK_END.values()) == len(TRACK_DISCOVERY) - 1 == len(TRACK_BRIBE) - 1

WHEEL_SPACES = 8  # the golden wheel (CONTENT.md, from the text's examples): START once per 8 gold sold

# Sale prices (decided): effective size (goods size capped by the town's) -> three rows of
# (gold, reputation); the top row is free, the middle costs 1 and the bottom 2 influence or
# reputation. Lower prices give more reputation, as the text says.
PRICES: dict[int, list[tuple[int, int]]] = {
    1: [(2, 1), (3, 1), (4, 0)],
    2: [(4, 1), (6, 1), (8, 0)],
    3: [(6, 2), (9, 1), (12, 0)],
    4: [(8, 2), (12, 1), (16, 0)],
    5: [(10, 3), (15, 2), (20, 0)],
}
ROW_COST = [0, 1, 2]  # the text (p.16): top row free, middle 1, bottom 2 influence or reputation

START_GOLD = 13  # the text (p.8)
START_INFLUENCE = 10  # the text (p.8)
ROUND_LIMIT = 12  # decided, a safety net only: any play (even random) ends; bot games rarely reach it (README)
