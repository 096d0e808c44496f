# Cornish Smuggler in the terminal: what a seat decides on that playtext.smuggler's table
# leaves out. (The game's name stays out of the strings: tests/test_house_style.py.)
"""What the decisions of the smuggling game need beside the table: the holds of the boats (or
warehouses) to choose from, and the goods each merchant has left, each shape drawn row by row.
The web page draws them; the names alone say nothing of the squares a hold or a shape takes."""

from __future__ import annotations

from service import playtext


def decision_parts(view: dict) -> list[playtext.Part]:
    """The merchants' goods (printed again when they change), and the boats or warehouses being chosen
    among, if any (with the status)."""
    return [("merchants' goods", merchant_goods(view)), ("", choices(view))]


def choices(view: dict) -> list[str]:
    """The boats (or warehouses) nobody has taken while a seat chooses one, each hold row by row."""
    where = ""
    if view.get("deciding") == "choose_boat":
        what, taken = "boats", {p["boat"]["hold"] for p in view["players"]}
        holds = {b["name"]: b["hold"] for bid, b in (view.get("boats") or {}).items() if bid not in taken}
    elif view.get("deciding") == "choose_warehouse":
        what, taken = "warehouses", {wid for wid, w in view["warehouses"].items() if w.get("owner") is not None}
        # The names (a pub cellar, a sea cave) read as places on the map: a player asked where each one is.
        where = "; each is where you first store goods in it, until it is empty again"
        holds = {w["name"]: w["grid"] for wid, w in (view.get("start_warehouses") or {}).items() if wid not in taken}
    else:
        return []
    said = [glued(f"{name} {hold_rows(rows)} ({''.join(rows).count('.')} squares)") for name, rows in holds.items()]
    return [f"{what} to choose from (row by row: x a square, . none{where}): {'; '.join(said)}"] if said else []


def hold_rows(rows: list[str]) -> str:
    """A hold's grid (`.` a square, `#` none, as the game's data has it) written as shapes are."""
    return "/".join(row.replace(".", "x").replace("#", ".") for row in rows)


def merchant_goods(view: dict) -> list[str]:
    """The goods each merchant has left, numbered as the moves name them, each shape row by row."""
    left: dict[str, list[str]] = {merchant: [] for merchant in view.get("merchants") or {}}
    for gid, good in view["goods"].items():
        if good["where"] == "merchant" and good["merchant"] in left:
            shape = shape_rows((view.get("shapes") or {}).get(good["kind"]) or [[0, 0]])
            left[good["merchant"]].append(glued(f"#{gid.rpartition('_')[2]} {good['kind']} {shape}"))
    sells = [
        f"{glued(playtext.place_name(merchant, view))}: {', '.join(goods) or 'sold out'}"
        for merchant, goods in left.items()
    ]
    return [f"merchants' goods (each shape row by row: x a square, . none): {'; '.join(sells)}"] if sells else []


def glued(text: str) -> str:
    """The text held on one line by playtext.fit."""
    return text.replace(" ", "\xa0")


def shape_rows(cells: list) -> str:
    """A goods shape row by row, `x` a square: an L of three is `x./xx`."""
    rows = [["."] * (1 + max(c for _, c in cells)) for _ in range(1 + max(r for r, _ in cells))]
    for r, c in cells:
        rows[r][c] = "x"
    return "/".join("".join(row) for row in rows)
