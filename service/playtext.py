"""Words and tables for `portside play` in a terminal: a compact table per game (or any
view condensed), a move and the log's events in words (service/playmenu.py numbers the moves).

Pure functions over the JSON the public API returns (the standard library only), so the
terminal client stays a client: it knows how to show a view, never the rules.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any

WIDTH = 100  # the columns of text that goes to no terminal; a no-break space (\xa0) holds two words together
# A part of a table and its lines. A named part (a map, the prices) is printed at a prompt only when it
# changed since the terminal printed it; the unnamed one, the status, always, nearest the moves.
Part = tuple[str, list[str]]


def fit(lines: Iterable[str], width: int = WIDTH, hang: int = 2) -> list[str]:
    """Lines broken between words to `width`, continuations `hang` more indented (a move's past `[n] `)."""
    fitted: list[str] = []
    for line in lines:
        lead = len(line) - len(line.lstrip(" "))
        move = re.match(r"\[\d+\] ", line[lead:])
        indent = " " * (lead + (move.end() if move else hang))
        if len(line) <= width:
            fitted.append(line)
        else:
            fitted += textwrap.wrap(
                line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
            )
    return [line.replace("\xa0", " ") for line in fitted]


def words(name: object) -> str:
    return str(name).replace("_", " ")


def summarize(value: Any, depth: int = 0) -> str:
    """Any JSON value as a short line (objects as `key value, …`, nothing zero or empty)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(summarize(v, depth + 1) for v in value) if value else "none"
    if isinstance(value, dict):
        if depth > 2:
            return "…"
        if isinstance(value.get("kind"), str) and "value" in value:
            return f"{value['kind']} {value['value']}"  # a tile or a card
        parts = [
            f"{words(k)} {summarize(v, depth + 1)}"
            for k, v in value.items()
            if v not in (0, None, False, [], {}) and not (depth and k == "id")
        ]
        return ", ".join(parts) if parts else "none"
    return words(value)


def clip(text: str, most: int = WIDTH) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def table(rows: Sequence[dict], columns: Sequence[str] | None = None) -> list[str]:
    """Rows of records as aligned text columns, a header first."""
    if not rows:
        return []
    columns = list(columns or dict.fromkeys(k for row in rows for k in row))
    cells = [[words(c) for c in columns]] + [[clip(summarize(row.get(c)), 40) for c in columns] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip() for r in cells]


def move_text(move: dict, label: str | None = None) -> str:
    """A move in words: the server's label when it sends one, else its JSON made readable."""
    if label:
        return label
    details = [f"{words(k)} {summarize(v)}" for k, v in move.items() if k != "type"]
    text = words(move.get("type", "?")).capitalize()
    return f"{text}: {', '.join(details)}" if details else text


def entry_text(events: list[dict]) -> str:
    """A log entry's events in one line. A seat that sees a private event beside the public one it
    details ("Ana drew a secret", then "Ana drew a secret: favour owed") reads the detailed one only.
    Each event's text is a sentence of its own (it starts with a capital): they are joined as such."""
    texts = [event_text(ev) for ev in events]
    return ". ".join(
        text for text, then in zip(texts, [*texts[1:], ""]) if not (len(then) > len(text) and then.startswith(text))
    )


def event_text(event: dict) -> str:
    if event.get("text"):
        return str(event["text"])
    details = [f"{words(k)} {summarize(v)}" for k, v in event.items() if k != "type"]
    return clip(f"{words(event.get('type', '?'))} ({', '.join(details)})" if details else words(event.get("type", "?")))


# --- per game -------------------------------------------------------------------------


def generic(view: dict, seat: int | None) -> list[str]:
    lines, tables = [], []
    for key, value in view.items():
        if key in ("topology", "game"):
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables += ["", f"{words(key)}:", *table(value)]
        else:
            lines.append(clip(f"{words(key)}: {summarize(value)}"))
    return lines + tables


def catan(view: dict, seat: int | None) -> list[str]:
    return joined(catan_parts(view, seat))


def catan_parts(view: dict, seat: int | None) -> list[Part]:
    """The map (drawn from the topology), then the status: the turn, the seats, the hand, the trade."""
    drawn = catan_board(view, view["topology"]) if view.get("topology") else []
    return [("map", drawn), ("", catan_status(view, seat))]


def catan_status(view: dict, seat: int | None) -> list[str]:
    dice = f" · dice {summarize(view['dice'])}" if view.get("dice") else ""
    lines = [
        f"Catan · {words(view['phase'])} · turn of seat {view['turn']}{dice} · robber on hex {view['board']['robber']}"
    ]
    players = [
        {
            "seat": p["seat"],
            "points": p["points"],
            "cards": p["cards"],
            "dev": p["development_cards"],
            "knights": p["knights"],
            "road": f"{p['road_length']}{' longest' if p['longest_road'] else ''}",
            "army": "largest" if p["largest_army"] else "",
            "left s/c/r": f"{p['settlements_left']}/{p['cities_left']}/{p['roads_left']}",
        }
        for p in view["players"]
    ]
    lines += table(players)
    you = view.get("you")
    if you:
        buildings = [n for n, s in view["settlements"] if s == seat], [n for n, s in view["cities"] if s == seat]
        held = f"your hand: {summarize(you['hand'])} · development: {summarize(you['development_cards'])}"
        built = f"settlements at {summarize(buildings[0])}; cities at {summarize(buildings[1])}".replace(" ", "\xa0")
        lines.append(f"{held} · {built}")  # the buildings on a line of their own when both do not fit
        ratios = ", ".join(f"{k} {v}:1" for k, v in you["trade_ratios"].items() if v < 4)
        if ratios:
            lines.append(f"your harbours: {ratios}")
    return lines + catan_trade(view, seat)


CELL = 7  # columns per unit of the topology's x: a hex's inside is 2 * CELL - 2 wide


def catan_board(view: dict, topology: dict) -> list[str]:
    """The map, drawn from the topology's coordinates (pointy-top hexes; y grows downwards):
    each intersection as its number (S<seat> a settlement, C<seat> a city), each path as / \\ |
    (the owner's seat number once a road is on it), each hex as #id, terrain and number."""
    nodes, board = topology["nodes"], view["board"]
    ends = [(nodes[a], nodes[b]) for a, b in (edge["nodes"] for edge in topology["edges"])]
    slanted = {min(a["y"], b["y"]) for a, b in ends if a["x"] != b["x"]}
    left = min(n["x"] for n in nodes)
    row_of: dict[float, int] = {}
    for y in range(min(n["y"] for n in nodes), max(n["y"] for n in nodes) + 1):
        row_of[y] = len(row_of)
        if y in slanted and y + 1 not in row_of:  # a row between the ends of a slanted path
            row_of[y + 0.5] = len(row_of)
    grid = [[" "] * ((max(n["x"] for n in nodes) - left) * CELL + 2) for _ in row_of]

    def put(x: float, y: float, text: str) -> None:
        col = round((x - left) * CELL)
        grid[row_of[y]][col : col + len(text)] = text

    owners = {e: s for e, s in view["roads"]}
    for edge in topology["edges"]:
        a, b = sorted((nodes[n] for n in edge["nodes"]), key=lambda n: n["y"])
        mark = "|" if a["x"] == b["x"] else "\\" if a["x"] < b["x"] else "/"
        put((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2, str(owners.get(edge["id"], mark)))
    built = {n: f"S{s}" for n, s in view["settlements"]} | {n: f"C{s}" for n, s in view["cities"]}
    for node in nodes:
        put(node["x"], node["y"], built.get(node["id"], f"{node['id']:02d}"))
    for hex_ in topology["hexes"]:  # inside a hex: #id (dice number), its terrain, the robber
        h, x = hex_["id"], hex_["x"] - 1 + 2 / CELL
        number = f" ({board['numbers'][h]})" if board["numbers"][h] else ""
        put(x, hex_["y"] - 1, f"#{h}{number}".center(2 * CELL - 2))
        put(x, hex_["y"], board["terrain"][h].center(2 * CELL - 2))
        if board["robber"] == h:
            put(x, hex_["y"] + 1, "robber".center(2 * CELL - 2))
    harbours = ", ".join(  # `wool 2:1 00-03`, `3:1 01-05` (any kind): two lines at 80 columns, not three
        f"{h['kind']} {h['ratio']}:1 {h['nodes'][0]:02d}-{h['nodes'][1]:02d}".removeprefix("any ").replace(" ", "\xa0")
        for h in board["harbours"]
    )  # no-break spaces: a line breaks between harbours only
    return [
        *("".join(row).rstrip() for row in grid),
        "S0, C0: seat 0's settlement, city · 0 on a path: its road · #hex (dice\xa0number)",
        f"harbours: {harbours}",
    ]


def catan_trade(view: dict, seat: int | None) -> list[str]:
    """The negotiation on the table (the view's `trade`): the offer or the call for proposals, the
    proposals, who is asked and, to a seat asked, what it may answer (a bot's call was only a log line)."""
    trade = view.get("trade") or {}
    offer, asked = trade.get("offer"), trade.get("asked") or []
    lines = []
    if offer:
        accepted = f" · accepted by seat {summarize(offer['accepted'])}" if offer.get("accepted") else ""
        lines.append(
            f"offer from seat {offer['from']} to seat {summarize(offer['to'])}: gives {summarize(offer['give'])},"
            f" asks {summarize(offer['get'])}{accepted}"
        )
    elif asked:  # answers awaited and no offer: the active seat asked for proposals
        lines.append(f"seat {view['turn']} calls for proposals: the seats asked may each propose a trade")
    for proposal in trade.get("proposals") or []:
        lines.append(
            f"proposal from seat {proposal['from']}: gives {summarize(proposal['give'])},"
            f" asks {summarize(proposal['get'])}"
        )
    if seat in asked:
        lines.append(f"you are asked to answer: {answers(offer, (view.get('you') or {}).get('hand') or {})}")
    if asked:
        lines.append(f"waiting for the answers of seat {summarize(asked)}")
    return lines


def answers(offer: dict | None, hand: dict) -> str:
    """What a seat asked may answer: accept the offer (if it holds what is asked), propose, decline."""
    if offer and all(hand.get(kind, 0) >= count for kind, count in offer["get"].items()):
        return "accept the offer, propose other terms, or decline"
    return "propose a trade of your own, or decline"


def speicherstadt(view: dict, seat: int | None) -> list[str]:
    """The row of cards, counted from 1 as the moves' labels count them; a row per seat; then each seat's
    cards (a contract with its goods: it leaves the row once bought), warehouse and market hall."""
    offer, on_offer = view.get("offer"), ""
    if offer:
        card = words(view["row"][offer["position"]]["card"])
        on_offer = f" · on offer: {card} at position {offer['position'] + 1} for {offer['price']}"
    lines = [
        f"Speicherstadt · round {view['round']}{' (last)' if view['last_round'] else ''} · {words(view['phase'])}"
        + on_offer
    ]
    row = [
        {
            "pos": slot["position"] + 1,
            "card": slot["card"],
            "kind": slot["kind"],
            "workers": ",".join(map(str, slot["workers"])) or "none",
            "price": slot["price"],
            "goods/vp": summarize(slot.get("cubes") or slot.get("goods") or slot.get("good") or slot.get("value"))
            + (f" {slot['vp']}vp" if slot.get("vp") else ""),
        }
        for slot in view["row"]
        if slot
    ]
    seats = [
        {
            "seat": f"{s['seat']}{' (you)' if s['seat'] == seat else ''}",
            "coins": s["coins"],
            "workers": s["workers"],
            "firemen": s["firemen"],
            "score": s["score"],
        }
        for s in view["seats"]
    ]
    held = [line for s in view["seats"] for line in speicherstadt_holdings(s, seat)]
    return [*lines, *table(row), "", *table(seats), *held]


def speicherstadt_holdings(me: dict, seat: int | None) -> list[str]:
    """A seat's cards, warehouse, market hall and the cubes it unloaded, on a line of its own."""
    contracts = {c["card"]: c for c in me["contracts"]}
    cards = [
        f"{words(c)} ({', '.join(contracts[c]['goods'])} for {contracts[c]['vp']}vp:"
        f" {len(contracts[c]['placed'])}/{len(contracts[c]['goods'])} delivered)"
        if c in contracts
        else words(c)
        for c in me["cards"]
    ]
    kept = [f"{name} {summarize(me[key])}" for key, name in SPEICHERSTADT_CUBES if me.get(key)]
    return (
        [f"{whose(me['seat'], seat)} cards: {', '.join(cards) or 'none'}" + "".join(f"; {k}" for k in kept)]
        if cards or kept
        else []
    )


SPEICHERSTADT_CUBES = (("ship", "unloaded from the ship:"), ("warehouse", "warehouse:"), ("market", "market hall:"))


def medici(view: dict, seat: int | None) -> list[str]:
    """The lot, a row per seat, a line per ship (three full ones in a row broke it at 80 columns), and
    each harbour's tracks with the seats' cargo values there (the higher wins the harbour)."""
    price = f" · price {view['price']}" if view.get("price") is not None else ""
    size = "" if view["lot_limit"] is None else f" (tiles: up to {view['lot_limit']})"
    lines = [
        f"Medici · round {view['round']}/{view['rounds']} · {words(view['phase'])}{price}",
        f"lot{size}: {summarize(view['lot']) or 'none'} · bag {view['bag']['count']}",
    ]
    players = [
        {**p, "seat": f"{p['seat']} {p['name']}{' (you)' if p['seat'] == seat else ''}"} for p in view["players"]
    ]
    lines += table(players, ["seat", "money", "credit"])
    for p in view["players"]:
        for s in p["ships"]:
            at = f" in harbour {s['harbour'] + 1}" if s["harbour"] is not None else ""
            cargo = summarize(s["tiles"]) if s["tiles"] else "empty"
            lines.append(f"  {p['name']}'s ship {s['ship'] + 1} [{len(s['tiles'])}/{s['capacity']}]{at}: {cargo}")
    names = [p["name"] for p in view["players"]]
    lines.append(f"monopoly tracks (- toward {names[0]}, + toward {names[1]}) and cargo value:")
    for h in view["harbours"]:
        marks = [f"{m['good']} {m['position']:+d}" for m in view["markers"] if m["harbour"] == h["harbour"]]
        cargo = ", ".join(f"{name} {total}" for name, total in zip(names, h["totals"]))
        lines.append(f"  {h['name']}: {', '.join(marks)} · cargo {cargo}")
    return lines


def smuggler(view: dict, seat: int | None) -> list[str]:
    return joined(smuggler_parts(view, seat))


def smuggler_parts(view: dict, seat: int | None) -> list[Part]:
    """The status (the customs, each seat's table, your cards), then the seats' characters and those for
    hire, goods ashore and in warehouses, the sale prices, the networks. With the game's static data in
    the view (the prompt merges it in) places and cards read by name."""
    cards = view.get("characters") or {}
    hire = [card_text(cid, cards, view) for cid in view.get("face_up", {}).values() if cid]
    characters = [
        f"seat {p['seat']}'s characters: " + ", ".join(card_name(c, cards) for c in p["characters"])
        for p in view["players"]
        if p["characters"]
    ]
    return [
        ("", smuggler_status(view, seat)),
        ("characters", characters + (["for hire: " + "; ".join(hire)] if hire else [])),
        ("goods and warehouses", smuggler_goods(view)),
        ("sale prices", smuggler_prices(view)),
        ("networks", smuggler_networks(view, seat)),
    ]


def smuggler_status(view: dict, seat: int | None) -> list[str]:
    """Who is to act, the customs and officers, each seat's table, and your own cards."""
    customs = view["customs"]
    deciding = f" · deciding: {words(view['deciding'])}" if view.get("deciding") else ""
    ending = f" · ending: {words(view['ending'])}" if view.get("ending") else ""
    lines = [
        f"Cornish Smuggler · round {view['round']} · {words(view['phase'])} · active seat {view['active']}"
        f" · to act: seat {summarize(view['to_act'])}{deciding}{ending}",
        f"customs track step {customs['track']}/{customs['track_end']} · discovery {customs['discovery']}"
        f" · bribe {customs['bribe']} · gold sold {customs['gold_sold']}",
        "officers: " + "; ".join(officer_text(o, view) for o in view["officers"]),
        *smuggler_seats(view, seat),
    ]
    cards = view.get("characters") or {}
    you = next((p for p in view["players"] if p["seat"] == seat), None) or {}
    if you.get("characters"):
        lines.append("your characters: " + "; ".join(card_text(cid, cards, view) for cid in you["characters"]))
    drawn = you.get("setup_draw")
    if isinstance(drawn, list) and drawn:  # the seat's own cards to keep one of, each said in full
        lines.append("drawn, to keep one: " + "; ".join(card_text(cid, cards, view) for cid in drawn))
    if you.get("hand"):
        lines.append("your secrets: " + "; ".join(secret_text(card["secret"], view) for card in you["hand"]))
    return lines


def smuggler_seats(view: dict, seat: int | None) -> list[str]:
    """A row per seat: gold, influence, reputation, score, secrets; then a line per boat with what is aboard
    (a table's cell cut it at 40 characters, and a row with it broke at 80 columns)."""
    aboard: dict[int, list[str]] = {}
    for gid, good in view["goods"].items():
        if good["where"] == "boat" and good["owner"] is not None:
            aboard.setdefault(good["owner"], []).append(goods_name(gid, view))
    players = [
        {
            "seat": f"{p['seat']}{' (you)' if p['seat'] == seat else ''}{' passed' if p['passed'] else ''}",
            "gold": p["gold"],
            "infl": p["influence"],
            "rep": p["reputation"],
            "score": p["score"],
            "secrets": p["secrets"],
        }
        for p in view["players"]
    ]
    boats = [
        f"{whose(p['seat'], seat)} boat: {hold_text(p['boat'], aboard.get(p['seat'], []), view)}"
        for p in view["players"]
    ]
    return table(players) + boats


def smuggler_prices(view: dict) -> list[str]:
    if not view.get("prices"):
        return []
    prices = " · ".join(
        f"size\xa0{size}:\xa0" + "\xa0".join(f"{g}+{r}" for g, r in rows) for size, rows in view["prices"].items()
    )
    return [f"sale prices (gold+reputation) by row 1, 2, 3 (a row costs 0, 1, 2): {prices}"]


def smuggler_networks(view: dict, seat: int | None) -> list[str]:
    """Every seat's pawns: they are on the board for all to see."""
    lines = []
    for p in view["players"]:
        lines.append(
            f"{whose(p['seat'], seat)} network: {', '.join(place_name(s, view) for s in p['pawns']) or 'none'}"
        )
    return lines


def whose(owner: int, seat: int | None) -> str:
    return "your" if owner == seat else f"seat {owner}'s"


def smuggler_goods(view: dict) -> list[str]:
    """Goods lying on the board by place, and the warehouses the seats hold with what is inside."""
    ashore: dict[str, list[str]] = {}
    stored: dict[str, list[str]] = {}
    for gid, good in view["goods"].items():
        owner = "" if good["owner"] is None else f", seat\xa0{good['owner']}"
        if good["where"] == "board":
            ashore.setdefault(good["space"], []).append(goods_name(gid, view).removesuffix(")") + owner + ")")
        elif good["where"] == "warehouse":
            stored.setdefault(good["warehouse"], []).append(goods_name(gid, view))
    lines = []
    if ashore:
        goods = "; ".join(f"{place_name(space, view)}: {', '.join(found)}" for space, found in sorted(ashore.items()))
        lines.append(f"goods ashore: {goods}")
    held = [
        f"{warehouse_name(wid, view)} (seat\xa0{w['owner']}{', ' + place_name(w['space'], view) if w['space'] else ''})"
        f": {', '.join(stored.get(wid, [])) or 'empty'}"
        for wid, w in view.get("warehouses", {}).items()
        if w.get("owner") is not None and w["owner"] >= 0
    ]
    if held:
        lines.append("warehouses: " + "; ".join(held))
    return lines


def place_name(space: str | None, view: dict) -> str:
    """A land or sea space, or a merchant's, by its name in the static data, else its id in words."""
    found = next((view[kind][space] for kind in ("land", "sea", "merchants") if space in (view.get(kind) or {})), None)
    return found["name"] if found else words(space or "-")


def goods_name(gid: str, view: dict) -> str:
    """A shape as the moves name it ("Irish trader #1", its merchant and number), with its kind."""
    merchant, _, number = gid.rpartition("_")
    kind = view["goods"].get(gid, {}).get("kind", "")
    return f"{place_name(merchant, view)} #{number} ({kind})"


def secret_text(sid: str, view: dict) -> str:
    """A secret card by its kind ("decoy4" is a "False trail"), in full: its name, what it does, when."""
    secret = (view.get("secrets") or {}).get(sid.rstrip("0123456789"), {})
    when = f" (on {secret['when']})" if secret.get("when") else ""
    return f"{secret['text']}{when}" if secret.get("text") else words(sid)


def card_name(cid: str, cards: dict) -> str:
    return cards[cid]["name"] if cid in cards else words(cid)


ABILITIES = {
    "boat": "sails your boat",
    "goods": "moves goods",
    "officer": "moves an officer",
    "secret": "finds a secret",
    "witch": "takes goods at sea",
}


def card_text(cid: str, cards: dict, view: dict | None = None) -> str:
    """A character in full, as the web page says it: trade, cost, reputation, and what it brings."""
    card = cards.get(cid)
    if card is None:
        return words(cid)
    ability, house, view = card.get("ability") or {}, card.get("warehouse") or {}, view or {}
    cost = ", ".join(f"{n} {k}" for k, n in ability.get("cost", {}).items() if n) or "free"
    extras = [
        ", mob" if card.get("mob") else "",
        f", +{card['influence']} influence a round" if card.get("influence") else "",
        f", ability: {ABILITIES.get(ability['kind'], words(ability['kind']))} ({cost})" if ability else "",
        f", warehouse: {house['name']} at {place_name(house['space'], view)}" if house else "",
        f", opens {place_name(card['cove'], view)}" if card.get("cove") else "",
    ]
    return f"{card['name']} ({card['trade']}: {card['gold']} gold, reputation {card['reputation']}{''.join(extras)})"


def warehouse_name(wid: str, view: dict) -> str:
    starts = view.get("start_warehouses") or {}
    if wid in starts:
        return starts[wid]["name"]
    card = (view.get("characters") or {}).get(wid.removeprefix("w_"), {})
    return card.get("warehouse", {}).get("name") or words(wid)


def hold_text(boat: dict, goods: list[str], view: dict | None = None) -> str:
    """The seat's boat, where it is, and the goods aboard (`not chosen yet` before one is)."""
    if not boat.get("hold"):
        return "not chosen yet"
    view = view or {}
    name = (view.get("boats") or {}).get(boat["hold"], {}).get("name") or boat["hold"]
    return f"{name} @{place_name(boat['space'], view) if boat['space'] else '-'}: {summarize(sorted(goods))}"


def officer_text(officer: dict, view: dict | None = None) -> str:
    """An officer as moves and events name him: numbered from 1."""
    view = view or {}
    where = place_name(officer["space"], view) if officer["space"] else f"waits at step {officer['waits_at_step']}"
    bribed = f" (bribed by seat {officer['bribed_by']})" if officer.get("bribed_by") is not None else ""
    return f"{officer['officer'] + 1} {where}{bribed}"


RENDERERS: dict[str, Callable[[dict, int | None], list[str]]] = {
    "catan": catan,
    "speicherstadt": speicherstadt,
    "medici": medici,
    "smuggler": smuggler,
}
# The games whose table has named parts (a map) that the prompt prints again only when they change.
PARTS: dict[str, Callable[[dict, int | None], list[Part]]] = {"catan": catan_parts, "smuggler": smuggler_parts}


def render(game: str, view: dict, seat: int | None, width: int = WIDTH, hang: int = 0) -> str:
    """The seat's view as a few lines fit to `width` (see fit): the game's own table, or any view condensed."""
    try:
        return "\n".join(fit(RENDERERS.get(game, generic)(view, seat), width, hang))
    except (KeyError, TypeError, ValueError, IndexError):  # a view newer than this client
        return "\n".join(fit(generic(view, seat), width, hang))


def parts(game: str, view: dict, seat: int | None) -> list[Part]:
    """The seat's table in parts (see Part); a game without named parts is one unnamed part."""
    try:
        return PARTS[game](view, seat) if game in PARTS else [("", RENDERERS.get(game, generic)(view, seat))]
    except (KeyError, TypeError, ValueError, IndexError):  # a view newer than this client
        return [("", generic(view, seat))]


def joined(named: list[Part]) -> list[str]:
    return [line for _, lines in named for line in lines]
