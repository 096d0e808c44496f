"""The map of West Cornwall: land spaces, sea spaces, merchants, their links and drawing coordinates.

Land space kinds: `town` (has a sale `size`), `village` (no size), `cove` (a secret cove: lands
goods with no risk, needs an opened cove), `inland` ("To the North": a sale place far inland).
A land space with a `risk` is a port: boats enter it from the sea and land goods there.
Coves are entered from the sea too (the dashed line). Coordinates are on a 100 x 64 grid, west
on the left, north at the top (decided: a drawable sketch of the real geography).
"""

from __future__ import annotations

# id: (name, kind, sale size or None, port risk or None, x, y). From the text: St Ives risk 5,
# Porthleven risk 3, coves 0, and sizes only at St Ives, Madron, Penzance and Marazion in the
# part of the board its example shows; every other size and risk is decided (README).
LAND: dict[str, tuple[str, str, int | None, int | None, int, int]] = {
    "scilly": ("Isles of Scilly", "town", 1, 2, 4, 44),
    "sennen": ("Sennen Cove", "village", None, 1, 16, 38),
    "st_levan": ("St Levan", "village", None, None, 22, 47),
    "porthcurno": ("Porthcurno", "cove", None, 0, 27, 51),
    "st_buryan": ("St Buryan", "village", None, None, 28, 40),
    "st_just": ("St Just", "town", 2, 3, 19, 28),
    "zennor": ("Zennor", "village", None, None, 32, 18),
    "madron": ("Madron", "town", 1, None, 36, 31),
    "mousehole": ("Mousehole", "village", None, 2, 36, 46),
    "penzance": ("Penzance", "town", 4, 6, 42, 39),
    "st_ives": ("St Ives", "town", 3, 5, 45, 13),
    "ludgvan": ("Ludgvan", "village", None, None, 48, 28),
    "lelant": ("Lelant", "village", None, None, 52, 18),
    "hayle": ("Hayle", "town", 2, 4, 58, 15),
    "gwithian": ("Gwithian", "cove", None, 0, 65, 9),
    "st_erth": ("St Erth", "village", None, None, 58, 24),
    "marazion": ("Marazion", "town", 2, None, 52, 38),
    "perranuthnoe": ("Perranuthnoe", "village", None, None, 58, 43),
    "st_hilary": ("St Hilary", "village", None, None, 61, 34),
    "prussia_cove": ("Prussia Cove", "cove", None, 0, 65, 46),
    "breage": ("Breage", "village", None, None, 72, 40),
    "godolphin": ("Godolphin", "village", None, None, 72, 31),
    "leedstown": ("Leedstown", "village", None, None, 68, 23),
    "porthleven": ("Porthleven", "town", 2, 3, 78, 47),
    "helston": ("Helston", "town", 3, None, 85, 38),
    "north": ("To the North", "inland", 5, None, 86, 14),
}

# Decided: the real neighbours, constrained by the text's placement example and Lelant being
# two steps from Gwithian.
LAND_LINKS: list[tuple[str, str]] = [
    ("sennen", "st_levan"),
    ("sennen", "st_just"),
    ("st_levan", "st_buryan"),
    ("st_levan", "porthcurno"),
    ("porthcurno", "st_buryan"),
    ("st_buryan", "st_just"),
    ("st_buryan", "madron"),
    ("st_buryan", "mousehole"),
    ("st_just", "madron"),
    ("st_just", "zennor"),
    ("zennor", "madron"),
    ("zennor", "st_ives"),
    ("madron", "penzance"),
    ("madron", "ludgvan"),
    ("mousehole", "penzance"),
    ("penzance", "ludgvan"),
    ("penzance", "marazion"),
    ("st_ives", "lelant"),
    ("st_ives", "ludgvan"),
    ("ludgvan", "marazion"),
    ("ludgvan", "st_erth"),
    ("lelant", "st_erth"),
    ("lelant", "hayle"),
    ("hayle", "st_erth"),
    ("hayle", "gwithian"),
    ("gwithian", "north"),
    ("st_erth", "leedstown"),
    ("marazion", "perranuthnoe"),
    ("marazion", "st_hilary"),
    ("perranuthnoe", "prussia_cove"),
    ("prussia_cove", "breage"),
    ("st_hilary", "leedstown"),
    ("st_hilary", "breage"),
    ("st_hilary", "godolphin"),
    ("breage", "godolphin"),
    ("breage", "porthleven"),
    ("godolphin", "leedstown"),
    ("godolphin", "helston"),
    ("leedstown", "north"),
    ("porthleven", "helston"),
    ("helston", "north"),
]

# id: (name, x, y) (decided)
SEA: dict[str, tuple[str, int, int]] = {
    "sea_north": ("Off the North Coast", 40, 5),
    "st_ives_bay": ("St Ives Bay", 57, 6),
    "sea_cape": ("Off Cape Cornwall", 8, 26),
    "off_st_levan": ("Off St Levan", 16, 56),
    "scilly_sound": ("Scilly Sound", 6, 56),
    "mounts_bay_west": ("Mount's Bay (west)", 34, 55),
    "mounts_bay": ("Mount's Bay", 50, 52),
    "off_porthleven": ("Off Porthleven", 76, 56),
}

# id: (name, x, y) -- the three merchant spaces (the text's count), at sea; places decided.
MERCHANTS: dict[str, tuple[str, int, int]] = {
    "irish": ("Irish trader", 24, 2),
    "dutch": ("Dutch merchantman", 2, 62),
    "roscoff": ("Roscoff lugger", 92, 60),
}

# Boats move between sea spaces, merchants, ports and coves (ports and coves count as sea
# spaces). Decided.
SEA_LINKS: list[tuple[str, str]] = [
    ("irish", "sea_north"),
    ("sea_north", "st_ives_bay"),
    ("sea_north", "sea_cape"),
    ("st_ives_bay", "st_ives"),
    ("st_ives_bay", "hayle"),
    ("st_ives_bay", "gwithian"),
    ("sea_cape", "sennen"),
    ("sea_cape", "st_just"),  # decided: Priest's Cove, below St Just, lands goods for the town
    ("sea_cape", "off_st_levan"),
    ("off_st_levan", "porthcurno"),
    ("off_st_levan", "scilly_sound"),
    ("off_st_levan", "mounts_bay_west"),
    ("scilly_sound", "scilly"),
    ("scilly_sound", "dutch"),
    ("mounts_bay_west", "mousehole"),
    ("mounts_bay_west", "mounts_bay"),
    ("mounts_bay", "penzance"),
    ("mounts_bay", "prussia_cove"),
    ("mounts_bay", "off_porthleven"),
    ("off_porthleven", "porthleven"),
    ("off_porthleven", "roscoff"),
]

CUSTOMS_HOUSE = "penzance"  # the customs warehouse, where seized goods lie
OFFICERS_START = ["penzance", "st_ives"]  # the text (p.8)
WITCH_WATERS = "off_st_levan"  # decided: the sea area every route from coast to coast passes
