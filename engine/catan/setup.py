"""The match's start: the board's layout, the initial state, and the snake-order set-up."""

from __future__ import annotations

from engine.catan import board as B
from engine.catan import data as D
from engine.catan.common import card_names
from engine.catan.spots import road_spots, settlement_spots
from engine.core import event
from engine.rng import Rng

SETUP_ORDERS = {n: list(range(n)) + list(range(n - 1, -1, -1)) for n in (3, 4)}


def _layout(options: dict, rng: Rng) -> tuple[list, list, list]:
    if options["map"] == "beginner":
        cells = [cell for row in D.BEGINNER_ROWS for cell in row]
        return [t for t, _ in cells], [n for _, n in cells], list(D.BEGINNER_HARBOURS)
    terrain = list(D.TERRAIN_TILES)
    rng.shuffle(terrain)
    harbours = list(D.HARBOUR_TILES)
    rng.shuffle(harbours)
    if options["numbers"] == "random":
        return terrain, _random_numbers(terrain, rng), harbours
    numbers = [0] * B.N_HEXES
    tokens = iter(D.NUMBER_TOKENS)
    for h in B.spiral_from(rng.choice(B.CORNER_HEXES)):
        if terrain[h] != D.DESERT:
            numbers[h] = next(tokens)
    return terrain, numbers, harbours


def _random_numbers(terrain: list, rng: Rng) -> list:
    """Tokens shuffled onto the non-desert hexes until no 6 or 8 touches another."""
    land = [h for h in range(B.N_HEXES) if terrain[h] != D.DESERT]
    while True:
        tokens = list(D.NUMBER_TOKENS)
        rng.shuffle(tokens)
        numbers = [0] * B.N_HEXES
        for h, t in zip(land, tokens):
            numbers[h] = t
        if not any(numbers[h] in (6, 8) and numbers[g] in (6, 8) for h in land for g in B.HEX_NEIGHBOURS[h]):
            return numbers


def new_state(players: int, options: dict, seed: int) -> dict:
    rng = Rng.from_seed(seed)
    terrain, numbers, harbours = _layout(options, rng)
    deck = [card for card, count in enumerate(D.DEV_COUNTS) for _ in range(count)]
    rng.shuffle(deck)
    return {
        "n": players,
        "rng": rng.state,
        "terrain": terrain,
        "numbers": numbers,
        "harbours": harbours,
        "robber": terrain.index(D.DESERT),
        "phase": "setup",
        "turn": 0,
        "setup_step": 0,
        "setup_node": -1,
        "rolled": False,
        "dice": None,
        "turns": 0,
        "hands": [[0] * 5 for _ in range(players)],
        "bank": [D.BANK_PER_RESOURCE] * 5,
        "devs": [[0] * 5 for _ in range(players)],
        "fresh": [0] * 5,
        "dev_played": False,
        "played": [0] * 5,
        "knights": [0] * players,
        "deck": deck,
        "node": [-1] * B.N_NODES,
        "city": [0] * B.N_NODES,
        "edge": [-1] * B.N_EDGES,
        "stock": [[D.ROADS, D.SETTLEMENTS, D.CITIES] for _ in range(players)],
        "discard": [0] * players,
        "road_len": [0] * players,
        "longest": -1,
        "army": -1,
        "vp": [0] * players,
        "free_roads": 0,
        "offers": 0,
        "max_offers": options.get("max_offers", 0),
        "offer": None,
        "asked": [0] * players,
        "accepted": [0] * players,
        "proposals": [None] * players,
        "winner": -1,
        "strict_order": options.get("trade_order") == "strict",
        "built": False,
    }


def legal_setup(state, seat):
    if state["setup_node"] == -1:
        return [{"type": "build_settlement", "node": n} for n in settlement_spots(state, seat)]
    return [{"type": "build_road", "edge": e} for e in road_spots(state, seat)]


def next_setup(state) -> None:
    state["setup_node"] = -1
    state["setup_step"] += 1
    order = SETUP_ORDERS[state["n"]]
    if state["setup_step"] == len(order):
        state["phase"], state["turn"], state["turns"] = "roll", 0, 1
    else:
        state["turn"] = order[state["setup_step"]]


def second_settlement_yield(state, seat, n) -> list:
    gains = [0] * 5
    for h in B.NODE_HEXES[n]:
        res = D.TERRAIN_RESOURCE[state["terrain"][h]]
        if res is not None and state["bank"][res]:
            gains[res] += 1
            state["bank"][res] -= 1
            state["hands"][seat][res] += 1
    return [event("second_settlement_yield", seat=seat, gains=card_names(gains))]
