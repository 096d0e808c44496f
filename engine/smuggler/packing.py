"""Packing goods shapes into a grid (a boat's hold or a warehouse).

A hold's content is a set of shapes; it is legal when some packing of them exists, searched
here (players may re-pack at any time, so no layout is stored). Shapes may be rotated by
quarter turns, never flipped.
"""

from __future__ import annotations

from functools import lru_cache

Cells = frozenset[tuple[int, int]]


def normalise(cells) -> tuple[tuple[int, int], ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def rotations(cells) -> list[tuple[tuple[int, int], ...]]:
    """The distinct quarter-turn rotations of a shape, normalised."""
    found: list[tuple[tuple[int, int], ...]] = []
    current = list(cells)
    for _ in range(4):
        shape = normalise(current)
        if shape not in found:
            found.append(shape)
        current = [(c, -r) for r, c in current]
    return found


def free_cells(grid: tuple[str, ...]) -> Cells:
    return frozenset((r, c) for r, row in enumerate(grid) for c, mark in enumerate(row) if mark == ".")


def packing(grid: list[str] | tuple[str, ...], shapes: list) -> list[tuple[tuple[int, int], ...]] | None:
    """One placement (absolute cells per shape, in the order given) of every shape, or None.

    `shapes` are lists of (row, column) squares."""
    order = sorted(range(len(shapes)), key=lambda i: -len(shapes[i]))
    keyed = tuple(normalise(shapes[i]) for i in order)
    found = _search(tuple(grid), keyed)
    if found is None:
        return None
    result: list = [None] * len(shapes)
    for position, index in enumerate(order):
        result[index] = found[position]
    return result


def fits(grid: list[str] | tuple[str, ...], shapes: list) -> bool:
    """Whether the shapes can all be packed into the grid together."""
    return packing(grid, shapes) is not None


# A game asks a few hundred distinct packings (88 % of its asks are repeats); a served worker keeps
# the cache for ever, so its bound is its memory: 4,096 entries of about 1 KB with their keys, where
# 65,536 grew to tens of MB over a long run. A miss costs one search (about 70 us).
@lru_cache(maxsize=4096)
def _search(grid: tuple[str, ...], shapes: tuple) -> tuple | None:
    free = free_cells(grid)
    if sum(len(s) for s in shapes) > len(free):
        return None
    return _place(free, shapes, ())


def _place(free: Cells, shapes: tuple, placed: tuple) -> tuple | None:
    if not shapes:
        return placed
    first, rest = shapes[0], shapes[1:]
    for shape in rotations(first):
        for top, left in free:
            cells = frozenset((top + r - shape[0][0], left + c - shape[0][1]) for r, c in shape)
            if cells <= free:
                found = _place(free - cells, rest, (*placed, tuple(sorted(cells))))
                if found is not None:
                    return found
    return None
