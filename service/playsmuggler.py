# Cornish Smuggler in the terminal: what a seat decides on that playtext.smuggler's table
# leaves out. (The game's name stays out of the strings: tests/test_house_style.py.)
"""What the decisions of the smuggling game need beside the table: the holds of the boats (or
warehouses) to choose from, and the goods each merchant has left, each shape drawn row by row.
The web page draws them; the names alone say nothing of the squares a hold or a shape takes."""

from __future__ import annotations

from service import playmenu, playtext


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


def template_words(view: dict, tmpl: dict) -> dict[str, playmenu.Asked]:
    """The landing's values in the table's words: a player was asked for `shapes` as
    `irish_4=1,irish_5=1` (the table says Irish trader #4), and for `hide` and `stash` as bare integers."""
    if tmpl["move"].get("type") != "land":
        return {}
    params, you = tmpl["params"], next((p for p in view["players"] if p["seat"] == view.get("seat")), None)
    port = playtext.place_name((you or {}).get("boat", {}).get("space"), view)
    risk = ((view.get("land") or {}).get((you or {}).get("boat", {}).get("space")) or {}).get("risk") or 0
    hide, stash = params["hide"], params["stash"]
    return {
        "shapes": goods_asked(view, params["shapes"]),
        "hide": playmenu.Asked(
            f"influence to spend hiding the landing, on top of the 1 it costs: its risk is {port}'s {risk},"
            f" +1 a square landed, -1 a point hidden, +2 if another seat plays a Tip-off; the customs move a"
            f" step for each point above discovery"
            f" {view['customs']['discovery']}",
            f"a whole number from {hide['min']} to {hide['max']}",
        ),
        "stash": playmenu.Asked(
            "1 puts the goods landed straight into your warehouses here (as many as fit; not if an officer"
            " you have not bribed is here), 0 leaves them on the beach",
            " or ".join(str(n) for n in range(stash["max"], stash["min"] - 1, -1)),
        ),
    }


def goods_asked(view: dict, param: dict) -> playmenu.Asked:
    """The goods to land by the numbers the table gives them (`4`, or `irish 4` when two merchants' goods
    aboard share a number), with their shapes."""
    keys = list(param["max"])
    number = {key: key.rpartition("_")[2] for key in keys}
    alone = len(set(number.values())) == len(keys)
    names: dict[str, str] = {}
    for key in keys:
        merchant = playtext.place_name(key.rpartition("_")[0], view)
        for name in (key, f"{merchant} {number[key]}", f"{merchant.split()[0]} {number[key]}"):
            names[playmenu.fold(name)] = key
        if alone:
            names[number[key]] = key
    typed = [number[key] if alone else f"{key.rpartition('_')[0]} {number[key]}" for key in keys]
    shapes = view.get("shapes") or {}
    listed = ", ".join(
        glued(
            f"{playtext.goods_name(key, view)[:-1]} {shape_rows(shapes.get(view['goods'][key]['kind']) or [[0, 0]])})"
        )
        for key in keys
        if key in view["goods"]
    )
    how = (
        typed[0] if len(keys) == 1 else f"the numbers of those to land, such as {typed[0]} or {','.join(typed)}, or all"
    )
    return playmenu.Asked(f"the goods to land (the others stay aboard): {listed}", how, names)
