"""What one seat (or a spectator) sees: public table state plus its own secrets.

Never in a view: another seat's cards by kind, its development cards by
kind (VP cards stay hidden until the end), the deck's order, the RNG.
The static topology (board.TOPOLOGY, ~9 KB) goes out only while the match
is in its set-up and in the game catalogue; every view carries the match's
small layout (terrain, numbers, harbour kinds) and the scheme id.
"""

from __future__ import annotations

from engine.catan import board as B
from engine.catan import data as D
from engine.catan.legal import to_act
from engine.catan.scoring import total_vp
from engine.catan.spots import harbour_ratios


def _named(counts) -> dict:
    return dict(zip(D.RESOURCES, counts))


def _player(state, s, final) -> dict:
    stock = state["stock"][s]
    public = {
        "seat": s,
        "cards": sum(state["hands"][s]),
        "development_cards": sum(state["devs"][s]),
        "knights": state["knights"][s],
        "points": state["vp"][s],
        "road_length": state["road_len"][s],
        "roads_left": stock[0],
        "settlements_left": stock[1],
        "cities_left": stock[2],
        "to_discard": state["discard"][s],
        "longest_road": state["longest"] == s,
        "largest_army": state["army"] == s,
    }
    if final:
        public["victory_point_cards"] = state["devs"][s][D.VICTORY_POINT]
        public["points"] = total_vp(state, s)
    return public


def _you(state, s) -> dict:
    devs, fresh = state["devs"][s], state["fresh"] if s == state["turn"] else [0] * 5
    return {
        "seat": s,
        "hand": _named(state["hands"][s]),
        "development_cards": dict(zip(D.DEV_CARDS, devs)),
        "bought_this_turn": dict(zip(D.DEV_CARDS, fresh)),
        "points": total_vp(state, s),
        "trade_ratios": _named(harbour_ratios(state, s)),
    }


def _table(state) -> dict:
    """The domestic negotiation, public to every seat and spectator."""
    offer = state["offer"]
    return {
        "offer": None
        if offer is None
        else {
            "from": state["turn"],
            "give": _counted(offer["give"]),
            "get": _counted(offer["get"]),
            "to": list(offer["to"]),
            "accepted": [s for s in offer["to"] if state["accepted"][s]],
        },
        "proposals": [
            {"from": s, "give": _counted(p["give"]), "get": _counted(p["get"])}
            for s, p in enumerate(state["proposals"])
            if p is not None
        ],
        "asked": [s for s, asked in enumerate(state["asked"]) if asked],
        "offers_made": state["offers"],
        "max_offers": state["max_offers"] or None,
    }


def _counted(counts) -> dict:
    return {D.RESOURCES[r]: c for r, c in enumerate(counts) if c}


def build_view(state, seat) -> dict:
    final = state["phase"] == "over"
    node, city, edge = state["node"], state["city"], state["edge"]
    settlements: list[list[int]] = []  # one pass over the nodes for both
    cities: list[list[int]] = []
    for n, owner in enumerate(node):
        if owner != -1:
            (cities if city[n] else settlements).append([n, owner])
    out = {
        "game": "catan",
        "phase": state["phase"],
        "turn": state["turn"],
        "turn_number": state["turns"],
        "to_act": sorted(to_act(state)),
        "rolled": state["rolled"],
        "dice": None if state["dice"] is None else list(state["dice"]),
        "board": {
            "scheme": B.TOPOLOGY["scheme"],
            "terrain": [D.TERRAINS[t] for t in state["terrain"]],
            "numbers": list(state["numbers"]),
            "harbours": [
                {"kind": D.HARBOUR_NAMES[k], "ratio": 3 if k == D.GENERIC else 2, "nodes": list(B.HARBOUR_NODES[i])}
                for i, k in enumerate(state["harbours"])
            ],
            "robber": state["robber"],
        },
        "settlements": settlements,
        "cities": cities,
        "roads": [[e, owner] for e, owner in enumerate(edge) if owner != -1],
        "bank": _named(state["bank"]),
        "development_deck": len(state["deck"]),
        "players": [_player(state, s, final) for s in range(state["n"])],
        "longest_road": None if state["longest"] == -1 else state["longest"],
        "largest_army": None if state["army"] == -1 else state["army"],
        "trade": _table(state),
        "free_roads": state["free_roads"],
        "trade_order": "strict" if state["strict_order"] else "combined",
        "built_this_turn": state["built"],
        "winner": None if state["winner"] == -1 else state["winner"],
    }
    if state["phase"] == "setup":
        out["setup"] = {
            "round": 1 if state["setup_step"] < state["n"] else 2,
            "settlement": None if state["setup_node"] == -1 else state["setup_node"],
        }
        out["topology"] = B.TOPOLOGY
    if seat is not None:
        out["you"] = _you(state, seat)
    return out
