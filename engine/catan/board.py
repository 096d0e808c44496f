"""The static board topology, computed once at import.

Coordinates: hexes are "pointy-top", in axial coordinates (q, r), radius 2,
numbered 0..18 row by row from the top, left to right. Intersections and paths
live on an integer lattice: a hex's centre is at x = 2q + r, y = 3r and its
six corners, clockwise from the top, at (x, y-2), (x+1, y-1), (x+1, y+1),
(x, y+2), (x-1, y+1), (x-1, y-1). To draw: screen_x = x * sqrt(3)/2,
screen_y = y / 2 (in hex radii). Intersections (54) are numbered by (y, x);
paths (72) by their two intersections.
"""

from __future__ import annotations

import math

HEX_COORDS = tuple((q, r) for r in range(-2, 3) for q in range(max(-2, -r - 2), min(2, -r + 2) + 1))
HEX_INDEX = {qr: i for i, qr in enumerate(HEX_COORDS)}
_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _hex_centre(q: int, r: int) -> tuple[int, int]:
    return 2 * q + r, 3 * r


def _corners(h: int) -> list[tuple[int, int]]:
    x, y = _hex_centre(*HEX_COORDS[h])
    return [(x + dx, y + dy) for dx, dy in _CORNER_OFFSETS]


_points = sorted({p for h in range(19) for p in _corners(h)}, key=lambda p: (p[1], p[0]))
NODE_XY = tuple(_points)
_NODE_AT = {p: i for i, p in enumerate(NODE_XY)}

HEX_NODES = tuple(tuple(_NODE_AT[p] for p in _corners(h)) for h in range(19))
_edge_pairs = sorted({tuple(sorted((ns[i], ns[(i + 1) % 6]))) for ns in HEX_NODES for i in range(6)})
EDGE_NODES = tuple(_edge_pairs)
EDGE_AT = {pair: i for i, pair in enumerate(EDGE_NODES)}

NODE_HEXES = tuple(tuple(h for h in range(19) if n in HEX_NODES[h]) for n in range(len(NODE_XY)))
NODE_EDGES = tuple(tuple(e for e, (a, b) in enumerate(EDGE_NODES) if n in (a, b)) for n in range(len(NODE_XY)))
NODE_NEIGHBOURS = tuple(
    tuple(EDGE_NODES[e][1] if EDGE_NODES[e][0] == n else EDGE_NODES[e][0] for e in NODE_EDGES[n])
    for n in range(len(NODE_XY))
)
# Edges touching each edge (sharing an intersection).
EDGE_EDGES = tuple(
    tuple(sorted({f for n in EDGE_NODES[e] for f in NODE_EDGES[n] if f != e})) for e in range(len(EDGE_NODES))
)
HEX_NEIGHBOURS = tuple(
    tuple(
        HEX_INDEX[(q + dq, r + dr)]
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
        if (q + dq, r + dr) in HEX_INDEX
    )
    for q, r in HEX_COORDS
)

N_HEXES, N_NODES, N_EDGES = 19, len(NODE_XY), len(EDGE_NODES)
assert (N_NODES, N_EDGES) == (54, 72)


def _angle(h: int) -> float:
    x, y = _hex_centre(*HEX_COORDS[h])
    return math.atan2(-y * 0.5, x * math.sqrt(3) / 2)  # screen y grows downwards


def _ring(k: int) -> list[int]:
    hexes = [h for h, (q, r) in enumerate(HEX_COORDS) if max(abs(q), abs(r), abs(q + r)) == k]
    return sorted(hexes, key=_angle)  # counter-clockwise on screen


OUTER_RING, INNER_RING = _ring(2), _ring(1)
CENTRE = HEX_INDEX[(0, 0)]
CORNER_HEXES = tuple(h for h in OUTER_RING if 0 in HEX_COORDS[h] or 0 == sum(HEX_COORDS[h]))


def spiral_from(corner: int) -> list[int]:
    """The 19 hexes in spiral order (counter-clockwise, inwards) from a corner hex."""
    start = OUTER_RING.index(corner)
    outer = OUTER_RING[start:] + OUTER_RING[:start]
    first_inner = next(h for h in INNER_RING if h in HEX_NEIGHBOURS[corner])
    i = INNER_RING.index(first_inner)
    return outer + INNER_RING[i:] + INNER_RING[:i] + [CENTRE]


def _coast_cycle() -> list[int]:
    """The 30 coastal paths, clockwise from the top-left hex's upper-left side."""
    coastal = [e for e in range(N_EDGES) if sum(1 for h in range(19) if set(EDGE_NODES[e]) <= set(HEX_NODES[h])) == 1]
    by_node: dict[int, list[int]] = {}
    for e in coastal:
        for n in EDGE_NODES[e]:
            by_node.setdefault(n, []).append(e)
    top_left = HEX_NODES[0]
    edge = EDGE_AT[tuple(sorted((top_left[5], top_left[0])))]
    node = top_left[0]
    cycle = [edge]
    while len(cycle) < len(coastal):
        edge = next(e for e in by_node[node] if e != cycle[-1])
        cycle.append(edge)
        a, b = EDGE_NODES[edge]
        node = b if a == node else a
    return cycle


COAST = tuple(_coast_cycle())
# DECIDED: harbours sit on every third or fourth coastal path (gaps 3,4,3,
# repeated), clockwise from the top-left, like the printed frame's rhythm.
HARBOUR_EDGES = tuple(COAST[i] for i in (0, 3, 7, 10, 13, 17, 20, 23, 27))
HARBOUR_NODES = tuple(EDGE_NODES[e] for e in HARBOUR_EDGES)

# Hexes by number need the match's layout; here only what never changes.
TOPOLOGY = {
    "scheme": "catan-std19-v1",
    "coordinates": "pointy-top hexes; hex centre x=2q+r, y=3r; draw at (x*sqrt(3)/2, y/2) hex radii",
    "hexes": [
        {
            "id": h,
            "q": q,
            "r": r,
            "x": 2 * q + r,
            "y": 3 * r,
            "nodes": list(HEX_NODES[h]),
            "hexes": list(HEX_NEIGHBOURS[h]),
        }
        for h, (q, r) in enumerate(HEX_COORDS)
    ],
    "nodes": [
        {
            "id": n,
            "x": x,
            "y": y,
            "hexes": list(NODE_HEXES[n]),
            "nodes": list(NODE_NEIGHBOURS[n]),
            "edges": list(NODE_EDGES[n]),
        }
        for n, (x, y) in enumerate(NODE_XY)
    ],
    "edges": [{"id": e, "nodes": list(ab), "edges": list(EDGE_EDGES[e])} for e, ab in enumerate(EDGE_NODES)],
    "harbours": [{"id": i, "edge": e, "nodes": list(EDGE_NODES[e])} for i, e in enumerate(HARBOUR_EDGES)],
}
