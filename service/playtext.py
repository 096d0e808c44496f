"""Tables for `portside play` in a terminal: a compact table per game (or any view condensed), in
the terminal's language (service/playwords.py); the lines any table is made of are in
service/playlines.py (re-exported here), service/playmenu.py numbers the moves.

Pure functions over the JSON the public API returns (the standard library and the terminal's words),
so the terminal client stays a client: it knows how to show a view, never the rules.
"""

from __future__ import annotations

from collections.abc import Callable

from service import playsmuggler
from service.playlines import (  # noqa: F401 (re-exported: the client's modules and tests read them here)
    WIDTH,
    Part,
    clip,
    entry_head,
    entry_text,
    event_text,
    fit,
    generic,
    log_line,
    move_text,
    seat_names,
    summarize,
    table,
    terminal_head,
    words,
)
from service.playsmuggler import card_text, goods_name, place_name  # noqa: F401 (re-exported: tests read them here)
from service.playwords import counted, labelled, t, term, tn

# --- per game -------------------------------------------------------------------------


def catan(view: dict, seat: int | None) -> list[str]:
    """The seats, the map's key, the map (drawn from the topology), then the turn, the hand and the trade,
    all printed at every prompt: at 80x24 the map and what is decided on it stay on screen above the
    moves (the seats, first, are the first to scroll off)."""
    head, *rest = catan_status(view, seat)
    seats = len(view["players"]) + 1  # the table's rows: its header and a row per seat
    drawn = catan_board(view, view["topology"]) if view.get("topology") else []
    return rest[:seats] + drawn + [head] + rest[seats:]


# A phase translated by what it asks, as the web page says it: « voleur » alone (the word the map marks the
# robber's hex with) read as a name beside « mise en place », « défausse », not as what is to be done.
# English says the view's word (`Catan · robber ·`), as for every phase.
CATAN_PHASES = {"robber": "move the robber"}


def catan_status(view: dict, seat: int | None) -> list[str]:
    dice = " · " + t("dice {dice}", dice=summarize(view["dice"])) if view.get("dice") else ""
    turn = t("turn of seat {seat}", seat=view["turn"])
    # The map marks the robber (`#4*`): said here too, the French line took two of 24 rows.
    robber = "" if view.get("topology") else " · " + t("robber on hex {hex}", hex=view["board"]["robber"])
    phase = term(view["phase"], CATAN_PHASES.get(view["phase"]))
    lines = [f"Catan · {phase} · {turn}{dice}{robber}"]
    players = [
        {
            "seat": p["seat"],
            "points": p["points"],
            "cards": p["cards"],
            "dev": p["development_cards"],
            "knights": p["knights"],
            "road": f"{p['road_length']}{' ' + t('longest') if p['longest_road'] else ''}",
            "army": t("largest") if p["largest_army"] else "",
            "left s/c/r": f"{p['settlements_left']}/{p['cities_left']}/{p['roads_left']}",
        }
        for p in view["players"]
    ]
    lines += table(players)
    you = view.get("you")
    if you:
        buildings = [n for n, s in view["settlements"] if s == seat], [n for n, s in view["cities"] if s == seat]
        held = t(
            "your hand: {hand} · development: {cards}",
            hand=counted(you["hand"]) if any(you["hand"].values()) else t("empty"),
            cards=counted(you["development_cards"]) if any(you["development_cards"].values()) else t("none in hand"),
        )
        built = t(
            "settlements: {settlements}; cities: {cities}",
            settlements=summarize(buildings[0]),
            cities=summarize(buildings[1]),
        )
        lines.append(
            f"{held} · {built.replace(' ', chr(0xA0))}"
        )  # the buildings on a line of their own when both do not fit
        by_ratio: dict[int, list[str]] = {}  # `3:1 lumber, brick, …` once: a 3:1 harbour named it five times
        for kind, ratio in sorted(you["trade_ratios"].items(), key=lambda item: item[1]):
            by_ratio.setdefault(ratio, []).append(term(kind))
        ratios = " · ".join(f"{ratio}:1 {', '.join(kinds)}" for ratio, kinds in by_ratio.items() if ratio < 4)
        if ratios:
            lines.append(t("your harbours: {ratios}", ratios=ratios))
    return lines + catan_trade(view, seat)


# What a hex yields, by its terrain (the view names the terrain): a player reads a hex by its yield, as
# the robber's moves name it, and « minerai » fits a hex on an 80-column map where « montagnes » did not.
TERRAIN_YIELDS = {"forest": "lumber", "hills": "brick", "pasture": "wool", "fields": "grain", "mountains": "ore"}
MAP_WIDTH = 79  # an 80-column terminal, its last column left free
WIDEST_CELL = 8  # columns per unit of the topology's x, at most (a hex's inside is 2 * cell - 1 wide)


def catan_board(view: dict, topology: dict, width: int = MAP_WIDTH) -> list[str]:
    """The map in 11 rows, drawn from the topology's coordinates: each hex a box, its top corners on one
    row (the zigzag of paths between them a line: `03-----00==1==04`, a road as its seat's number), its
    bottom corners on the next such row, its sides (`|`, or a road's seat number) on the row between,
    around `#id dice yield` (`*` the robber). An intersection reads as its number, S<seat> a settlement,
    C<seat> a city. The key and the harbours above it."""
    nodes, board = topology["nodes"], view["board"]
    by_id = {node["id"]: node for node in nodes}
    slanted = {
        min(by_id[a]["y"], by_id[b]["y"])
        for a, b in (e["nodes"] for e in topology["edges"])
        if by_id[a]["x"] != by_id[b]["x"]
    }
    row_of: dict[int, int] = {}
    for y in sorted({n["y"] for n in nodes}):  # the two ends of a slanted path on one row
        row_of[y] = row_of[y - 1] if y - 1 in slanted and y - 1 in row_of else 2 * len(set(row_of.values()))
    left, right = min(n["x"] for n in nodes), max(n["x"] for n in nodes)
    cell = min(WIDEST_CELL, (width - 2) / (right - left))
    grid = [[" "] * (round((right - left) * cell) + 2) for _ in range(max(row_of.values()) + 1)]

    def col(x: float) -> int:
        return round((x - left) * cell)

    def put(row: int, at: int, text: str) -> None:
        grid[row][at : at + len(text)] = text

    owners = {e: s for e, s in view["roads"]}
    for edge in topology["edges"]:
        a, b = sorted((by_id[n] for n in edge["nodes"]), key=lambda n: (n["x"], n["y"]))
        owner = owners.get(edge["id"])
        if a["x"] == b["x"]:  # a side: on the row between its ends
            put(row_of[a["y"]] + 1, col(a["x"]), "|" if owner is None else str(owner))
        else:
            span = col(b["x"]) - col(a["x"]) - 2
            put(row_of[a["y"]], col(a["x"]) + 2, "-" * span if owner is None else f"={owner}=".center(span, "="))
    built = {n: t("S{seat}", seat=s) for n, s in view["settlements"]} | {
        n: t("C{seat}", seat=s) for n, s in view["cities"]
    }
    for node in nodes:
        put(row_of[node["y"]], col(node["x"]), built.get(node["id"], f"{node['id']:02d}"))
    for hex_ in topology["hexes"]:
        inside = col(hex_["x"] + 1) - col(hex_["x"] - 1) - 1
        put(
            row_of[min(by_id[n]["y"] for n in hex_["nodes"])] + 1,
            col(hex_["x"] - 1) + 1,
            hex_text(board, hex_["id"], inside),
        )
    harbours = ", ".join(  # `wool 2:1 00-03`, `3:1 01-05` (any kind): two lines at 80 columns, not three
        f"{harbour_kind(h['kind'])}{h['ratio']}:1 {h['nodes'][0]:02d}-{h['nodes'][1]:02d}".replace(" ", "\xa0")
        for h in board["harbours"]
    )  # no-break spaces: a line breaks between harbours only
    return [
        t("S0/C0: seat 0's settlement/city · =0= or 0: its road · #hex dice · *: robber"),
        t("harbours: {harbours}", harbours=harbours),
        *("".join(row).rstrip() for row in grid),
    ]


def hex_text(board: dict, h: int, inside: int) -> str:
    """`#7 5 wool` (`#4* desert`: the robber there) centred in `inside` columns, the yield cut to fit."""
    mark = "*" if board["robber"] == h else ""
    number = f" {board['numbers'][h]}" if board["numbers"][h] else ""
    terrain = board["terrain"][h]
    said = term(TERRAIN_YIELDS.get(terrain, terrain))
    head = f"#{h}{mark}{number} "
    if len(head) + len(said) > inside:
        said = said[: max(1, inside - len(head) - 1)] + "."
    return (head + said).center(inside)


def harbour_kind(kind: str) -> str:
    return "" if kind == "any" else f"{term(kind)} "


def catan_trade(view: dict, seat: int | None) -> list[str]:
    """The negotiation on the table (the view's `trade`): the offer or the call for proposals, the
    proposals, who is asked and, to a seat asked, what it may answer (a bot's call was only a log line)."""
    trade = view.get("trade") or {}
    offer, asked = trade.get("offer"), trade.get("asked") or []
    lines = []
    if offer:
        accepted = (
            " · " + t("accepted by seat {seats}", seats=summarize(offer["accepted"])) if offer.get("accepted") else ""
        )
        said = tn(
            "offer from seat {seat} to seat {to}: gives {give}, asks for {get}",
            "offer from seat {seat} to seats {to}: gives {give}, asks for {get}",
            len(offer["to"]),
            seat=offer["from"],
            to=summarize(offer["to"]),
            give=counted(offer["give"]),
            get=counted(offer["get"]),
        )
        lines.append(said + accepted)
    elif asked:  # answers awaited and no offer: the active seat asked for proposals
        lines.append(t("seat {seat} calls for proposals: the seats asked may each propose a trade", seat=view["turn"]))
    for proposal in trade.get("proposals") or []:
        lines.append(
            t(
                "proposal from seat {seat}: gives {give}, asks for {get}",
                seat=proposal["from"],
                give=counted(proposal["give"]),
                get=counted(proposal["get"]),
            )
        )
    if seat in asked:
        lines.append(
            t("you are asked to answer: {answers}", answers=answers(offer, (view.get("you") or {}).get("hand") or {}))
        )
    others = [asked_seat for asked_seat in asked if asked_seat != seat]  # the line above asks this seat's
    if others:
        lines.append(t("waiting for the answers of seat {seats}", seats=summarize(others)))
    return lines


def answers(offer: dict | None, hand: dict) -> str:
    """What a seat asked may answer: accept the offer (if it holds what is asked), propose, decline."""
    if offer and all(hand.get(kind, 0) >= count for kind, count in offer["get"].items()):
        return t("accept the offer, propose other terms, or decline")
    return t("propose a trade of your own, or decline")


def speicherstadt(view: dict, seat: int | None) -> list[str]:
    """The row of cards, counted from 1 as the moves' labels count them; a row per seat; then each seat's
    cards (a contract with its goods: it leaves the row once bought), warehouse and market hall."""
    # What is on offer on a line of its own: after the round and the phase it made a line 95 to 103 columns
    # wide (a church, the chamber of commerce), which broke at 80 within the offer: « en position 6 » / « pour 12 ».
    offer, on_offer = view.get("offer"), []
    if offer:
        said = t(
            "on offer: {card} at position {position} for {price}",
            position=offer["position"] + 1,
            price=offer["price"],
            card=card_words(view["row"][offer["position"]]["card"]),
        )
        on_offer.append(said)
    round_ = (
        t("round {round} (last)", round=view["round"])
        if view["last_round"]
        else t("round {round}", round=view["round"])
    )
    lines = [f"Speicherstadt · {round_} · {term(view['phase'])}", *on_offer]
    slots = [slot for slot in view["row"] if slot]
    counts = table(
        [
            {
                "pos": slot["position"] + 1,
                "workers": ",".join(map(str, slot["workers"])) or t("none"),
                "price": slot["price"],
            }
            for slot in slots
        ]
    )
    # The card last, unpadded, with its kind and what it holds: as columns of their own, a five-seat French
    # row was 85 to 90 columns wide (« chambre de commerce » twice beside a ship's three goods) and wrapped.
    wide = max(map(len, counts), default=0)
    row = [f"{line.ljust(wide)}  {card}" for line, card in zip(counts, [term("card"), *map(row_card, slots)])]
    seats = [
        {
            "seat": f"{s['seat']}{' ' + t('(you)') if s['seat'] == seat else ''}",
            "coins": s["coins"],
            "workers": s["workers"],
            "firemen": s["firemen"],
            "score": s["score"],
        }
        for s in view["seats"]
    ]
    held = [line for s in view["seats"] for line in speicherstadt_holdings(s, seat)]
    return [*lines, *row, "", *table(seats), *held]


def row_card(slot: dict) -> str:
    """A card of the row in words: its name, its kind unless the name says it (« épicier (négociant) »,
    « navire D4 »), then its goods, a contract's or a church's points (« contrat A1 : café, thé 5 PV »)."""
    name, kind = card_words(slot["card"]), term(slot["kind"])
    name = name if name.lower().startswith(kind.lower()) else f"{name} ({kind})"
    goods, vp = row_goods(slot), t("{vp}vp", vp=slot["vp"]) if slot.get("vp") else ""
    held = " ".join(part for part in (goods if goods != "-" else "", vp) if part)
    return labelled(name, held) if held else name


def speicherstadt_parts(view: dict, seat: int | None) -> list[Part]:
    """The other seats' cards (a line or more each, by the last rounds: at 80x24 they pushed the card on
    offer and the log off the screen), printed again only when they change; then the status: the round,
    what is on offer, the row, the seats and your own cards."""
    others = [line for s in view["seats"] if s["seat"] != seat for line in speicherstadt_holdings(s, seat)]
    status = [line for line in speicherstadt(view, seat) if line not in others]
    return [(t("the others' cards"), others), ("", status)]


def row_goods(slot: dict) -> str:
    """What a card of the row holds or asks: its cubes, a contract's goods, a trader's good, a fire's value."""
    goods = slot.get("cubes") or slot.get("goods") or slot.get("good")
    if not goods and isinstance(slot.get("value"), int):  # a fireman's: « pompier A2 : 2 » said nothing of what
        return t("value {value}", value=slot["value"])
    if isinstance(goods, str):
        return term(goods)
    return ", ".join(map(term, goods)) if goods else summarize(slot.get("value"))


def card_words(card: str) -> str:
    """A card by its kind and its letter and number, as the moves' labels say it: `contract_a1`, « contrat A1 »."""
    kind, _, mark = card.rpartition("_")
    if kind and (mark[-1:].isdigit() or len(mark) == 1):
        return f"{term(kind)} {mark.upper()}"
    return term(card)


def speicherstadt_holdings(me: dict, seat: int | None) -> list[str]:
    """A seat's cards, warehouse, market hall and the cubes it unloaded, on a line of its own."""
    contracts = {c["card"]: c for c in me["contracts"]}
    cards = [
        t(
            "{card} ({goods} for {vp}vp: {placed}/{wanted} delivered)",
            card=card_words(c),
            goods=", ".join(map(term, contracts[c]["goods"])),
            vp=contracts[c]["vp"],
            placed=len(contracts[c]["placed"]),
            wanted=len(contracts[c]["goods"]),
        )
        if c in contracts
        else card_words(c)
        for c in me["cards"]
    ]
    kept = [f"{name} {', '.join(map(term, me[key]))}" for key, name in speicherstadt_cubes() if me.get(key)]
    if not cards and not kept:
        return []
    listed = ", ".join(cards) or t("none")
    said = (
        t("your cards: {cards}", cards=listed)
        if me["seat"] == seat
        else t("seat {seat}'s cards: {cards}", seat=me["seat"], cards=listed)
    )
    return [said + "".join(t("; ") + k for k in kept)]


def speicherstadt_cubes() -> tuple[tuple[str, str], ...]:
    return (
        ("ship", t("unloaded from the ship:")),
        ("warehouse", t("warehouse:")),
        ("market", t("market hall:")),
    )


def medici(view: dict, seat: int | None) -> list[str]:
    """The lot, a row per seat, a line per ship (three full ones in a row broke it at 80 columns), and
    each harbour's tracks with the seats' cargo values there (the higher wins the harbour)."""
    price = " · " + t("price {price}", price=view["price"]) if view.get("price") is not None else ""
    size = "" if view["lot_limit"] is None else " " + t("(tiles: up to {n})", n=view["lot_limit"])
    round_ = t("round {round}/{rounds}", round=view["round"], rounds=view["rounds"])
    lot = t("lot{size}: {lot} · bag {bag}", size=size, lot=summarize(view["lot"]), bag=view["bag"]["count"])
    lines = [f"Medici · {round_} · {term(view['phase'])}{price}", lot]
    players = [
        {**p, "seat": f"{p['seat']} {p['name']}{' ' + t('(you)') if p['seat'] == seat else ''}"}
        for p in view["players"]
    ]
    lines += table(players, ["seat", "money", "credit"])
    for p in view["players"]:  # a seat's ships on a line (six lines left the log 3 of 24 rows), each whole
        ships = []
        for s in p["ships"]:
            at = " " + t("in harbour {n}", n=s["harbour"] + 1) if s["harbour"] is not None else ""
            ship = f"{s['ship'] + 1} [{len(s['tiles'])}/{s['capacity']}]{at}"  # `1 [0/3]`: empty
            ships.append((labelled(ship, summarize(s["tiles"])) if s["tiles"] else ship).replace(" ", "\xa0"))
        lines.append("  " + labelled(t("{name}'s ships", name=p["name"]), " · ".join(ships)))
    names = [p["name"] for p in view["players"]]
    lines.append(
        t("monopoly tracks (- toward {first}, + toward {second}) and cargo value:", first=names[0], second=names[1])
    )
    for h in view["harbours"]:
        marks = [f"{term(m['good'])} {m['position']:+d}" for m in view["markers"] if m["harbour"] == h["harbour"]]
        cargo = ", ".join(f"{name} {total}" for name, total in zip(names, h["totals"]))
        harbour = t("Harbour {n}", n=h["harbour"] + 1) if h["name"].startswith("Harbour ") else h["name"]
        lines.append("  " + labelled(harbour, ", ".join(marks)) + " · " + t("cargo {values}", values=cargo))
    return lines


def smuggler(view: dict, seat: int | None) -> list[str]:
    return joined(smuggler_parts(view, seat))


def smuggler_parts(view: dict, seat: int | None) -> list[Part]:
    """The status (the customs, each seat's table, your cards), then the seats' characters and those for
    hire, goods ashore and in warehouses, the sale prices, the networks. With the game's static data in
    the view (the prompt merges it in) places and cards read by name (service/playsmuggler.py)."""
    return [("", smuggler_status(view, seat)), *playsmuggler.table_parts(view, seat)]


def smuggler_status(view: dict, seat: int | None) -> list[str]:
    """Who is to act, the customs and officers, each seat's table, and your own cards."""
    customs = view["customs"]
    deciding = " · " + t("deciding: {what}", what=term(view["deciding"])) if view.get("deciding") else ""
    ending = " · " + t("ending: {why}", why=term(view["ending"])) if view.get("ending") else ""
    turn = t(
        "round {round} · {phase} · active seat {seat} · to act: seat {seats}",
        round=view["round"],
        phase=term(view["phase"]),
        seat=view["active"],
        seats=summarize(view["to_act"]),
    )
    track = t(
        "customs track step {step}/{end} · discovery {discovery} · bribe {bribe} · gold sold {sold}",
        step=customs["track"],
        end=customs["track_end"],
        discovery=customs["discovery"],
        bribe=customs["bribe"],
        sold=customs["gold_sold"],
    )
    officers = t("; ").join(playsmuggler.officer_text(o, view) for o in view["officers"])
    lines = [f"Cornish Smuggler · {turn}{deciding}{ending}", track, t("officers: {officers}", officers=officers)]
    return lines + playsmuggler.seats(view, seat) + playsmuggler.your_cards(view, seat, in_full=False)


RENDERERS: dict[str, Callable[[dict, int | None], list[str]]] = {
    "catan": catan,
    "speicherstadt": speicherstadt,
    "medici": medici,
    "smuggler": smuggler,
}


def catan_scrolls_off(view: dict) -> int:
    """The seats, the map's key and harbours; and while a trade is negotiated (the decision is what to
    answer, not where to build), the map too: at 80x24 the offer, the proposals and the answers awaited
    filled the rows the log's last lines would have come back in (what seat 3 rolled, who declined)."""
    seats = len(view["players"]) + 1
    if not view.get("topology"):
        return seats
    return seats + (len(catan_board(view, view["topology"])) if view.get("phase") == "trade" else 2)


# How many of a game's status lines may scroll off a short screen for the log's last lines, said again
# above the moves (playprompt.recall): Catan's seats, the map's key and harbours (the map, the turn stay
# but for a trade's answer).
SCROLLS_OFF: dict[str, Callable[[dict], int]] = {"catan": catan_scrolls_off}
# The games whose table has named parts (a map) that the prompt prints again only when they change.
PARTS: dict[str, Callable[[dict, int | None], list[Part]]] = {
    "smuggler": smuggler_parts,
    "speicherstadt": speicherstadt_parts,
}


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
