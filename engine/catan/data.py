"""Catan component data (shared/rules/CONTENT.md), in one place.

Values from CONTENT.md are the base game's. Rows marked DECIDED are our own
choice where the printed value is not public (see README.md, "Decided").
"""

RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}

# Terrain -> resource it produces (desert produces nothing).
TERRAINS = ("forest", "hills", "pasture", "fields", "mountains", "desert")
FOREST, HILLS, PASTURE, FIELDS, MOUNTAINS, DESERT = range(6)
TERRAIN_RESOURCE = (LUMBER, BRICK, WOOL, GRAIN, ORE, None)

# 19 terrain hexes: 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert.
TERRAIN_TILES = [FOREST] * 4 + [PASTURE] * 4 + [FIELDS] * 4 + [HILLS] * 3 + [MOUNTAINS] * 3 + [DESERT]

# Number tokens A..R, laid in this order in a spiral from a corner, skipping the desert.
NUMBER_TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)

# Harbours: 4 generic 3:1 and one 2:1 per resource. Codes: 0..4 = 2:1 of that
# resource, 5 = generic 3:1.
GENERIC = 5
HARBOUR_TILES = (GENERIC, WOOL, GENERIC, GENERIC, BRICK, LUMBER, GENERIC, GRAIN, ORE)
HARBOUR_NAMES = RESOURCES + ("any",)

BANK_PER_RESOURCE = 19

# Development cards: 14 knight, 5 victory point, 2 road building, 2 year of plenty, 2 monopoly.
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
DEV_COUNTS = (14, 5, 2, 2, 2)

# Pieces per player.
ROADS, SETTLEMENTS, CITIES = 15, 5, 4

# Costs, indexed by resource (lumber, brick, wool, grain, ore).
COST_ROAD = (1, 1, 0, 0, 0)
COST_SETTLEMENT = (1, 1, 1, 1, 0)
COST_CITY = (0, 0, 0, 2, 3)
COST_DEVELOPMENT = (0, 0, 1, 1, 1)

VP_TO_WIN = 10
LONGEST_ROAD_MIN, LONGEST_ROAD_VP = 5, 2
LARGEST_ARMY_MIN, LARGEST_ARMY_VP = 3, 2
DISCARD_ABOVE = 7  # more than 7 cards on a 7: discard half, rounded down

# The beginner map (the rulebook's "starting set-up for beginners"). Rows from
# top to bottom, each from left to right: (terrain, number). DECIDED: our
# rendition of the printed beginner board.
BEGINNER_ROWS = (
    ((MOUNTAINS, 10), (PASTURE, 2), (FOREST, 9)),
    ((FIELDS, 12), (HILLS, 6), (PASTURE, 4), (HILLS, 10)),
    ((FIELDS, 9), (FOREST, 11), (DESERT, 0), (FOREST, 3), (MOUNTAINS, 8)),
    ((FOREST, 8), (MOUNTAINS, 3), (FIELDS, 4), (PASTURE, 5)),
    ((HILLS, 5), (FIELDS, 6), (PASTURE, 11)),
)
# The beginner map's harbours, one per harbour slot (board.HARBOUR_EDGES,
# clockwise from the top-left), DECIDED in CONTENT.md by the land hexes each
# touches: 3:1 M10, 2:1 grain P2+F9, 2:1 ore F9+H10, 3:1 M8, 2:1 wool P5+P11,
# 3:1 P11+Fi6, 3:1 H5, 2:1 brick F8+Fi9, 2:1 lumber Fi9+Fi12.
BEGINNER_HARBOURS = (GENERIC, GRAIN, ORE, GENERIC, WOOL, GENERIC, GENERIC, BRICK, LUMBER)
