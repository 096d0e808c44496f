"""Map queries: links, shortest distances, placements. Pure functions over the content."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from engine.smuggler.content import LAND, LAND_LINKS, MERCHANTS, SEA, SEA_LINKS


def _neighbours(links) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for a, b in links:
        table.setdefault(a, []).append(b)
        table.setdefault(b, []).append(a)
    return {space: sorted(near) for space, near in table.items()}


LAND_NEAR = _neighbours(LAND_LINKS)
SEA_NEAR = _neighbours(SEA_LINKS)
LAND_SPACES = list(LAND)
BOAT_START_SPACES = [*SEA, *MERCHANTS]
PORTS = [s for s, (_, kind, _, risk, _, _) in LAND.items() if risk is not None and kind != "cove"]
COVES = [s for s, (_, kind, _, _, _, _) in LAND.items() if kind == "cove"]
SALE_PLACES = [s for s, (_, _, size, _, _, _) in LAND.items() if size]
OFFICER_PLACES = [s for s, (_, kind, _, _, _, _) in LAND.items() if kind in ("town", "village") and s != "scilly"]


def land_near(space: str) -> list[str]:
    return LAND_NEAR.get(space, [])


def sea_near(space: str) -> list[str]:
    return SEA_NEAR.get(space, [])


def size_of(space: str) -> int | None:
    return LAND[space][2]


def risk_of(space: str) -> int | None:
    return LAND[space][3]


@lru_cache(maxsize=None)
def distances_from(space: str, sea: bool = False) -> dict[str, int]:
    """Shortest number of steps from `space` to every reachable space (land or sea graph)."""
    near = SEA_NEAR if sea else LAND_NEAR
    seen = {space: 0}
    queue = deque([space])
    while queue:
        here = queue.popleft()
        for there in near.get(here, []):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def placements(own: list[str], anywhere: bool = False) -> list[str]:
    """Where a new network pawn may go: a space linked to one of the player's pawns (not one he
    already holds), or the Isles of Scilly; anywhere when he has only Scilly pawns (or none) or
    the card says so."""
    mainland = [s for s in own if s != "scilly"]
    if anywhere or not mainland:
        return list(LAND_SPACES)
    found = {near for s in mainland for near in land_near(s)} - set(own)
    found.add("scilly")
    return [s for s in LAND_SPACES if s in found]
