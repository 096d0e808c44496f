# Cornish Smuggler in the terminal: its table below the status line that playtext.smuggler_status
# writes, and what a seat decides on that the table leaves out. (The game's name stays out of the
# strings: tests/test_house_style.py.)
"""The smuggling game's table (characters, goods, prices, networks, each seat's boat and cards) and
what its decisions need beside it: the holds of the boats (or warehouses) to choose from, and the
goods each merchant has left, each shape drawn row by row. The web page draws them; the names alone
say nothing of the squares a hold or a shape takes."""

from __future__ import annotations

from service import playmenu
from service.playlines import Part, summarize, table, words
from service.playwords import labelled, named, t, term, tn


def decision_parts(view: dict) -> list[Part]:
    """The merchants' goods (printed again when they change), and the boats or warehouses being chosen
    among, if any (with the status)."""
    return [(t("merchants' goods"), merchant_goods(view)), ("", choices(view))]


def choices(view: dict) -> list[str]:
    """The boats (or warehouses) nobody has taken while a seat chooses one, each hold row by row."""
    where = ""
    if view.get("deciding") == "choose_boat":
        what, taken = t("boats to choose from"), {p["boat"]["hold"] for p in view["players"]}
        holds = {b["name"]: b["hold"] for bid, b in (view.get("boats") or {}).items() if bid not in taken}
    elif view.get("deciding") == "choose_warehouse":
        what = t("warehouses to choose from")
        taken = {wid for wid, w in view["warehouses"].items() if w.get("owner") is not None}
        # The names (a pub cellar, a sea cave) read as places on the map: a player asked where each one is.
        where = t("; each is where you first store goods in it, until it is empty again")
        holds = {w["name"]: w["grid"] for wid, w in (view.get("start_warehouses") or {}).items() if wid not in taken}
    else:
        return []
    said = [
        held(named(name), f"{hold_rows(rows)} ({squares(''.join(rows).count('.'))})") for name, rows in holds.items()
    ]
    how = t("row by row: x a square, . none")
    return [labelled(f"{what} ({how}{where})", t("; ").join(said))] if said else []


def held(name: str, shape: str) -> str:
    """A hold to choose held on one line by playtext.fit if it fits the narrowest terminal (40 columns, 2 of
    them an indent); else its name breaks between words, its last word kept with the shape: held whole,
    « Galerie de la vieille mine xxx/x.. (4 carrés) » was wider than a 45-column terminal, which broke it
    inside a word."""
    if len(f"{name} {shape}") <= 38:
        return glued(f"{name} {shape}")
    *first, last = name.split(" ")
    return " ".join([*first, glued(f"{last} {shape}")])


def squares(n: int) -> str:
    return tn("{n} square", "{n} squares", n)


def hold_rows(rows: list[str]) -> str:
    """A hold's grid (`.` a square, `#` none, as the game's data has it) written as shapes are."""
    return "/".join(row.replace(".", "x").replace("#", ".") for row in rows)


def merchant_goods(view: dict) -> list[str]:
    """The goods each merchant has left, numbered as the moves name them, each shape row by row."""
    left: dict[str, list[str]] = {merchant: [] for merchant in view.get("merchants") or {}}
    for gid, good in view["goods"].items():
        if good["where"] == "merchant" and good["merchant"] in left:
            shape = shape_rows((view.get("shapes") or {}).get(good["kind"]) or [[0, 0]])
            number = t("#{n}", n=gid.rpartition("_")[2])
            left[good["merchant"]].append(glued(f"{number} {named(good['kind'])} {shape}"))
    sells = [
        labelled(glued(place_name(merchant, view)), ", ".join(goods) or t("sold out"))
        for merchant, goods in left.items()
    ]
    if not sells:
        return []
    return [t("merchants' goods (each shape row by row: x a square, . none): {goods}", goods=t("; ").join(sells))]


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
    port = place_name((you or {}).get("boat", {}).get("space"), view)
    risk = ((view.get("land") or {}).get((you or {}).get("boat", {}).get("space")) or {}).get("risk") or 0
    hide, stash = params["hide"], params["stash"]
    return {
        "shapes": goods_asked(view, params["shapes"]),
        "hide": playmenu.Asked(
            t(
                "influence to spend hiding the landing, on top of the 1 it costs: its risk is {port}'s {risk},"
                " +1 a square landed, -1 a point hidden, +2 if another seat plays a Tip-off; the customs move a"
                " step for each point above discovery {discovery}",
                port=port,
                risk=risk,
                discovery=view["customs"]["discovery"],
            ),
            t("a whole number from {min} to {max}", min=hide["min"], max=hide["max"]),
        ),
        "stash": playmenu.Asked(
            t(
                "1 puts the goods landed straight into your warehouses here (as many as fit; not if an officer"
                " you have not bribed is here), 0 leaves them on the beach"
            ),
            t(" or ").join(str(n) for n in range(stash["max"], stash["min"] - 1, -1)),
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
        merchant, said = english_name(key.rpartition("_")[0], view), place_name(key.rpartition("_")[0], view)
        n, label = number[key], goods_label(key, view)  # the label as the table writes it, or without its article
        for name in (
            key,
            f"{merchant} {n}",
            f"{merchant.split()[0]} {n}",
            f"{said} {n}",
            label,
            label.partition(" ")[2],
        ):
            names[playmenu.fold(name)] = key
        if alone:
            names[number[key]] = key
    typed = [number[key] if alone else f"{key.rpartition('_')[0]} {number[key]}" for key in keys]
    shapes = view.get("shapes") or {}
    listed = ", ".join(
        glued(f"{goods_name(key, view)[:-1]} {shape_rows(shapes.get(view['goods'][key]['kind']) or [[0, 0]])})")
        for key in keys
        if key in view["goods"]
    )
    how = (
        typed[0]
        if len(keys) == 1
        else t("the numbers of those to land, such as {one} or {all}, or all", one=typed[0], all=",".join(typed))
    )
    return playmenu.Asked(t("the goods to land (the others stay aboard): {goods}", goods=listed), how, names)


# --- the table (service/playtext.py puts its status first) ----------------------------------------


def table_parts(view: dict, seat: int | None) -> list[Part]:
    """The seats' characters and those for hire, goods ashore and in warehouses, the sale prices, the
    networks, what your characters and secrets do: each a named part, printed again when it changes
    (the status names your cards: in full there, they took ten rows of 24 at every prompt)."""
    cards, you = view.get("characters") or {}, next((p for p in view["players"] if p["seat"] == seat), None) or {}
    hire = [card_text(cid, cards, view) for cid in view.get("face_up", {}).values() if cid]
    characters = [
        t(
            "seat {seat}'s characters: {cards}",
            seat=p["seat"],
            cards=", ".join(card_name(c, cards) for c in p["characters"]),
        )
        for p in view["players"]
        if p["characters"]
    ]
    return [
        (t("characters"), characters + ([t("for hire: {cards}", cards=t("; ").join(hire))] if hire else [])),
        (t("goods and warehouses"), goods_lines(view)),
        (t("sale prices"), prices(view)),
        (t("networks"), networks(view, seat)),
        (t("your cards"), characters_and_secrets(view, you, in_full=True)),
    ]


def your_cards(view: dict, seat: int | None, in_full: bool = True) -> list[str]:
    """The seat's characters, the cards drawn to keep one of (always in full), and its secrets: each in
    full, or (`in_full` false: the status, under the part that says them in full) by its name."""
    cards, you = view.get("characters") or {}, next((p for p in view["players"] if p["seat"] == seat), None) or {}
    lines, drawn = characters_and_secrets(view, you, in_full), you.get("setup_draw")
    if isinstance(drawn, list) and drawn:
        said = t("drawn, to keep one: {cards}", cards=t("; ").join(card_text(cid, cards, view) for cid in drawn))
        lines.insert(1 if you.get("characters") else 0, said)
    return lines


def characters_and_secrets(view: dict, you: dict, in_full: bool) -> list[str]:
    """`you`'s characters and secrets, in full (what each does) or by name."""
    cards, lines = view.get("characters") or {}, []
    if you.get("characters"):
        kept = [card_text(cid, cards, view) if in_full else card_name(cid, cards) for cid in you["characters"]]
        lines.append(t("your characters: {cards}", cards=(t("; ") if in_full else ", ").join(kept)))
    if you.get("hand"):
        held = [(secret_text if in_full else secret_name)(card["secret"], view) for card in you["hand"]]
        lines.append(t("your secrets: {secrets}", secrets=(t("; ") if in_full else ", ").join(held)))
    return lines


def seats(view: dict, seat: int | None) -> list[str]:
    """A row per seat: gold, influence, reputation, score, secrets; then a line per boat with what is aboard
    (a table's cell cut it at 40 characters, and a row with it broke at 80 columns)."""
    aboard: dict[int, list[str]] = {}
    for gid, good in view["goods"].items():
        if good["where"] == "boat" and good["owner"] is not None:
            aboard.setdefault(good["owner"], []).append(goods_name(gid, view))
    players = [
        {
            "seat": f"{p['seat']}{' ' + t('(you)') if p['seat'] == seat else ''}"
            f"{' ' + t('passed') if p['passed'] else ''}",
            "gold": p["gold"],
            "infl": p["influence"],
            "rep": p["reputation"],
            "score": p["score"],
            "secrets": p["secrets"],
        }
        for p in view["players"]
    ]
    boats = []
    for p in view["players"]:
        hold = hold_text(p["boat"], aboard.get(p["seat"], []), view)
        mine = p["seat"] == seat
        boats.append(
            t("your boat: {hold}", hold=hold) if mine else t("seat {seat}'s boat: {hold}", seat=p["seat"], hold=hold)
        )
    return table(players) + boats


def prices(view: dict) -> list[str]:
    if not view.get("prices"):
        return []
    listed = " · ".join(
        t("size {size}:", size=size).replace(" ", "\xa0") + "\xa0" + "\xa0".join(f"{g}+{r}" for g, r in rows)
        for size, rows in view["prices"].items()
    )
    return [t("sale prices (gold+reputation) by row 1, 2, 3 (a row costs 0, 1, 2): {prices}", prices=listed)]


def networks(view: dict, seat: int | None) -> list[str]:
    """Every seat's pawns: they are on the board for all to see."""
    lines = []
    for p in view["players"]:
        pawns = ", ".join(place_name(s, view) for s in p["pawns"]) or t("none")
        mine = p["seat"] == seat
        lines.append(
            t("your network: {pawns}", pawns=pawns)
            if mine
            else t("seat {seat}'s network: {pawns}", seat=p["seat"], pawns=pawns)
        )
    return lines


def goods_lines(view: dict) -> list[str]:
    """Goods lying on the board by place, and the warehouses the seats hold with what is inside."""
    ashore: dict[str, list[str]] = {}
    stored: dict[str, list[str]] = {}
    for gid, good in view["goods"].items():
        owner = "" if good["owner"] is None else ", " + t("seat {seat}", seat=good["owner"]).replace(" ", "\xa0")
        if good["where"] == "board":
            ashore.setdefault(good["space"], []).append(goods_name(gid, view).removesuffix(")") + owner + ")")
        elif good["where"] == "warehouse":
            stored.setdefault(good["warehouse"], []).append(goods_name(gid, view))
    lines = []
    if ashore:
        goods = t("; ").join(
            labelled(place_name(space, view), ", ".join(found)) for space, found in sorted(ashore.items())
        )
        lines.append(t("goods ashore: {goods}", goods=goods))
    held = [
        labelled(
            warehouse_name(wid, view)
            + " ("
            + t("seat {seat}", seat=w["owner"]).replace(" ", "\xa0")
            + (", " + place_name(w["space"], view) if w["space"] else "")
            + ")",
            ", ".join(stored.get(wid, [])) or t("empty"),
        )
        for wid, w in view.get("warehouses", {}).items()
        if w.get("owner") is not None and w["owner"] >= 0
    ]
    if held:
        lines.append(t("warehouses: {warehouses}", warehouses=t("; ").join(held)))
    return lines


def place_name(space: str | None, view: dict) -> str:
    """A land or sea space, or a merchant's, by its name in the static data (a place that says what it
    is, "To the North", in the terminal's language), else its id in words."""
    found = next((view[kind][space] for kind in ("land", "sea", "merchants") if space in (view.get(kind) or {})), None)
    if not found:
        return words(space or "-")
    return named(found["name"])


def english_name(space: str, view: dict) -> str:
    """A merchant's name as printed ("Irish trader"): what a player types, whatever the language."""
    return ((view.get("merchants") or {}).get(space) or {}).get("name") or words(space)


def goods_name(gid: str, view: dict) -> str:
    """A shape as the moves name it, with its kind: "Irish trader #1 (keg)", « la forme irlandaise n° 1
    (tonnelet) » (a kind that is letters, `l3`, is the same in French)."""
    kind = view["goods"].get(gid, {}).get("kind", "")
    return f"{goods_label(gid, view)} ({named(kind)})"


def goods_label(gid: str, view: dict) -> str:
    """A shape by its merchant and number in the words of the server's labels: their msgid is the
    merchant's printed name and `#{n}` ("Irish trader #{n}", « la forme irlandaise n° {n} »)."""
    merchant, _, number = gid.rpartition("_")
    return named(f"{english_name(merchant, view)} #{{n}}").format(n=number)


def secret_text(sid: str, view: dict) -> str:
    """A secret card by its kind ("decoy4" is a "False trail"), in full: its name, what it does, when."""
    secret = (view.get("secrets") or {}).get(sid.rstrip("0123456789"), {})
    if not secret.get("text"):
        return words(sid)
    name, _, does = secret["text"].partition(": ")
    said = labelled(term(name), term(does)) if does else term(name)
    return said + (" " + t("(on {when})", when=term(secret["when"])) if secret.get("when") else "")


def secret_name(sid: str, view: dict) -> str:
    secret = (view.get("secrets") or {}).get(sid.rstrip("0123456789"), {})
    return term(secret["text"].partition(": ")[0]) if secret.get("text") else words(sid)


def card_name(cid: str, cards: dict) -> str:
    return named(cards[cid]["name"]) if cid in cards else words(cid)


def abilities() -> dict[str, str]:
    return {
        "boat": t("sails your boat"),
        "goods": t("moves goods"),
        "officer": t("moves an officer"),
        "secret": t("finds a secret"),
        "witch": t("takes goods at sea"),
    }


def card_text(cid: str, cards: dict, view: dict | None = None) -> str:
    """A character in full, as the web page says it: trade, cost, reputation, and what it brings."""
    card = cards.get(cid)
    if card is None:
        return words(cid)
    ability, house, view = card.get("ability") or {}, card.get("warehouse") or {}, view or {}
    cost = ", ".join(f"{n} {term(k)}" for k, n in ability.get("cost", {}).items() if n) or t("free")
    kind = abilities().get(ability["kind"], words(ability["kind"])) if ability else ""
    extras = [
        ", " + t("mob") if card.get("mob") else "",
        ", " + t("+{n} influence a round", n=card["influence"]) if card.get("influence") else "",
        ", " + t("ability: {kind} ({cost})", kind=kind, cost=cost) if ability else "",
        ", " + t("warehouse: {name} at {space}", name=named(house["name"]), space=place_name(house["space"], view))
        if house
        else "",
        ", " + t("opens {space}", space=place_name(card["cove"], view)) if card.get("cove") else "",
    ]
    said = t(
        "{trade}: {gold} gold, reputation {reputation}",
        trade=term(card["trade"]),
        gold=card["gold"],
        reputation=card["reputation"],
    )
    return f"{named(card['name'])} ({said}{''.join(extras)})"


def warehouse_name(wid: str, view: dict) -> str:
    """A warehouse by its card's name ("Pub cellar", « Cave du pub »), a character's by its own."""
    starts = view.get("start_warehouses") or {}
    if wid in starts:
        return named(starts[wid]["name"])
    card = (view.get("characters") or {}).get(wid.removeprefix("w_"), {})
    return named(card.get("warehouse", {}).get("name") or words(wid))


def hold_text(boat: dict, goods: list[str], view: dict | None = None) -> str:
    """The seat's boat, where it is, and the goods aboard (`not chosen yet` before one is)."""
    if not boat.get("hold"):
        return t("not chosen yet")
    view = view or {}
    name = named((view.get("boats") or {}).get(boat["hold"], {}).get("name") or boat["hold"])
    return labelled(f"{name} @{place_name(boat['space'], view) if boat['space'] else '-'}", summarize(sorted(goods)))


def officer_text(officer: dict, view: dict | None = None) -> str:
    """An officer as moves and events name him: numbered from 1."""
    view = view or {}
    if officer["space"]:
        where = place_name(officer["space"], view)
    else:
        where = t("waits at step {step}", step=officer["waits_at_step"])
    bribed = (
        " " + t("(bribed by seat {seat})", seat=officer["bribed_by"]) if officer.get("bribed_by") is not None else ""
    )
    return f"{officer['officer'] + 1} {where}{bribed}"
