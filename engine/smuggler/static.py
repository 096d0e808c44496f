"""The map and the cards, the same in every match: served once through Game.static()."""

from __future__ import annotations

from functools import cache

from engine.i18n import LANGUAGES, Words, sentence
from engine.smuggler.content import (
    BOATS,
    CHARACTERS,
    DECK_OF,
    LAND,
    LAND_LINKS,
    MERCHANT_GOODS,
    MERCHANTS,
    PRICES,
    ROW_COST,
    SEA,
    SEA_LINKS,
    SECRETS,
    SHAPES,
    START_WAREHOUSES,
    TRACK_BRIBE,
    TRACK_DISCOVERY,
    TRACK_END,
    TRACK_NEW_OFFICER,
    WHEEL_SPACES,
)
from engine.smuggler.texts import ashore


def static_data() -> dict:
    land = {
        sid: {"name": n, "kind": k, "size": size, "risk": risk, "x": x, "y": y}
        for sid, (n, k, size, risk, x, y) in LAND.items()
    }
    return {
        "land": land,
        "sea": {sid: {"name": n, "x": x, "y": y} for sid, (n, x, y) in SEA.items()},
        "merchants": {
            sid: {"name": n, "x": x, "y": y, "goods": list(MERCHANT_GOODS[sid])} for sid, (n, x, y) in MERCHANTS.items()
        },
        "land_links": [list(link) for link in LAND_LINKS],
        "sea_links": [list(link) for link in SEA_LINKS],
        "shapes": {kind: [list(c) for c in cells] for kind, cells in SHAPES.items()},
        "boats": {bid: {"name": n, "hold": list(grid)} for bid, (n, grid) in BOATS.items()},
        "start_warehouses": {wid: {"name": n, "grid": list(grid)} for wid, (n, grid) in START_WAREHOUSES.items()},
        "characters": {cid: {**character_json(cid), "deck": DECK_OF[cid]} for cid in CHARACTERS},
        "secrets": {kind: {"count": c, "text": text, "when": when} for kind, (c, text, when) in SECRETS.items()},
        "track": {
            "discovery": TRACK_DISCOVERY,
            "bribe": TRACK_BRIBE,
            "new_officer": TRACK_NEW_OFFICER,
            "end": {str(players): step for players, step in TRACK_END.items()},
        },
        "wheel_spaces": WHEEL_SPACES,
        "prices": {str(size): [list(p) for p in rows] for size, rows in PRICES.items()},
        "row_cost": ROW_COST,
    }


def character_json(cid: str) -> dict:
    info = dict(CHARACTERS[cid])
    if "warehouse" in info:
        name, grid, space = info["warehouse"]
        info["warehouse"] = {"name": name, "grid": list(grid), "space": space}
    return info


@cache  # the same words for every caller: rendered once
def where_said(words: Words) -> dict[str, dict[str, str]]:
    """Where a boat or a piece is, by space, as the server's sentences say it (texts.ashore: "in the
    waters off Cape Cornwall", "at the Irish trader", "in the North", "at Penzance"), a line's start,
    in each language: a page says its boat's place with it, not with a second list of its own."""
    return {
        space: {lang: sentence(words.value("at", ashore(space), lang, None, False), lang) for lang in LANGUAGES}
        for space in (*LAND, *SEA, *MERCHANTS)
    }
