"""Shared helpers for the Catan tests: invariants, policies, hand-built states.

Hand-built states go through the public contract: `GAME.setup`, then `edited`
(`GAME.load` of an edited `GAME.dump`); every builder returns the new state
(`state = give(state, 0, ore=2)`) and never writes into a live one. The rules'
own functions are not imported: the road lengths a builder needs, and the
invariants' from-scratch check, come from `longest_trail`, a brute-force
search written here."""

from __future__ import annotations

import json
import random

from engine.catan import GAME
from engine.catan import board as B
from engine.catan import data as D
from engine.rng import Rng

RES = D.RESOURCES


# ----------------------------------------------------------------------------- invariants
def check_invariants(game, state) -> None:
    """What must hold after every move of any game."""
    n = state["n"]
    # Bank + hands = 19 of each resource; nobody holds a negative count.
    for r in range(5):
        assert state["bank"][r] + sum(h[r] for h in state["hands"]) == D.BANK_PER_RESOURCE, RES[r]
        assert state["bank"][r] >= 0 and all(h[r] >= 0 for h in state["hands"])
    # 25 development cards: deck + hands + played, per kind.
    for c in range(5):
        held = sum(d[c] for d in state["devs"])
        assert state["deck"].count(c) + held + state["played"][c] == D.DEV_COUNTS[c], D.DEV_CARDS[c]
    assert state["played"][D.KNIGHT] == sum(state["knights"])
    assert state["played"][D.VICTORY_POINT] == 0
    # Pieces within limits (stock + board = 15 / 5 / 4), the distance rule,
    # and points recomputed from scratch equal the tracked ones.
    board = board_facts(state)
    for s in range(n):
        roads, settlements, cities = board["pieces"][s]
        assert [roads + state["stock"][s][0], settlements + state["stock"][s][1], cities + state["stock"][s][2]] == [
            D.ROADS,
            D.SETTLEMENTS,
            D.CITIES,
        ]
        assert min(state["stock"][s]) >= 0
    assert board["distance_ok"]
    lens = board["lengths"]
    assert lens == state["road_len"]
    holder = state["longest"]
    if holder != -1:
        assert lens[holder] >= D.LONGEST_ROAD_MIN and lens[holder] == max(lens)
    army = state["army"]
    if army != -1:
        assert state["knights"][army] >= D.LARGEST_ARMY_MIN and state["knights"][army] == max(state["knights"])
    else:
        assert max(state["knights"]) < D.LARGEST_ARMY_MIN
    for s in range(n):
        _, settlements, cities = board["pieces"][s]
        expected = settlements + 2 * cities + 2 * (holder == s) + 2 * (army == s)
        assert state["vp"][s] == expected
    if state["phase"] not in ("over", "setup"):
        assert all_points(state, state["turn"]) < D.VP_TO_WIN


def all_points(state, seat) -> int:
    """Public points and hidden VP cards (read off the dump)."""
    return state["vp"][seat] + state["devs"][seat][D.VICTORY_POINT]


def check_everyone_can_move(game, state) -> None:
    """Every seat to act has a move, listed or parametric (the harness checks the one it picks)."""
    for s in game.to_act(state):
        assert game.legal_moves(state, s) or game.move_templates(state, s)


_FACTS: dict = {}


def board_facts(state) -> dict:
    """Pieces on the board, the distance rule and every longest road, from
    scratch (memoised on the board: most moves do not change it)."""
    key = (state["n"], tuple(state["edge"]), tuple(state["node"]), tuple(state["city"]))
    found = _FACTS.get(key)
    if found is None:
        if len(_FACTS) > 20000:
            _FACTS.clear()
        node, city, n = state["node"], state["city"], state["n"]
        pieces = [[state["edge"].count(s), 0, 0] for s in range(n)]
        for i in range(B.N_NODES):
            if node[i] != -1:
                pieces[node[i]][2 if city[i] else 1] += 1
        found = _FACTS[key] = {
            "pieces": pieces,
            "distance_ok": all(
                node[i] == -1 or all(node[m] == -1 for m in B.NODE_NEIGHBOURS[i]) for i in range(B.N_NODES)
            ),
            "lengths": [longest_trail(state, s) for s in range(n)],
        }
    return found


_TRAILS: dict = {}


def longest_trail(state, seat) -> int:
    """The seat's longest road by brute force (every trail from every intersection: no path
    twice, never through an opponent's building, which may end it), memoised on the seat's
    roads and who holds the intersections they touch."""
    edge, node = state["edge"], state["node"]
    mine = tuple(e for e in range(B.N_EDGES) if edge[e] == seat)
    touched = sorted({n for e in mine for n in B.EDGE_NODES[e]})
    key = (seat, mine, tuple(node[n] for n in touched))
    found = _TRAILS.get(key)
    if found is not None:
        return found
    if len(_TRAILS) > 50000:
        _TRAILS.clear()
    steps: dict[int, list] = {n: [] for n in touched}
    for e in mine:
        a, b = B.EDGE_NODES[e]
        steps[a].append((e, b))
        steps[b].append((e, a))

    def walk(n, used: frozenset) -> int:
        if used and node[n] not in (-1, seat):
            return len(used)
        return max((walk(m, used | {e}) for e, m in steps[n] if e not in used), default=len(used))

    found = _TRAILS[key] = max((walk(n, frozenset()) for n in touched), default=0)
    return found


def scrambled(state, viewer, rng: random.Random) -> dict:
    """The same public table with every secret the viewer may not know changed:
    other hands (same sizes), other development cards (same counts), the deck
    order, the RNG."""

    def change(other):
        other["rng"] = rng.getrandbits(63)
        rng.shuffle(other["deck"])
        for s in range(state["n"]):
            if s == viewer or state["phase"] == "over":
                continue
            hand = other["hands"][s]
            total = sum(hand)
            cards = [rng.randrange(5) for _ in range(total)]
            other["hands"][s] = [cards.count(r) for r in range(5)]
            # Development cards: same count, other kinds (VP cards become knights,
            # which changes the hidden points); the active seat's fresh cards too.
            total_devs = sum(other["devs"][s])
            other["devs"][s] = [0] * 5
            for _ in range(total_devs):
                other["devs"][s][rng.choice([D.KNIGHT, D.MONOPOLY, D.ROAD_BUILDING])] += 1
            if s == state["turn"]:
                fresh = sum(other["fresh"])
                other["fresh"] = [0] * 5
                for c in range(5):
                    take = min(fresh, other["devs"][s][c])
                    other["fresh"][c], fresh = take, fresh - take

    return edited(state, change)


TOP_KEYS = {
    "game",
    "phase",
    "turn",
    "turn_number",
    "to_act",
    "rolled",
    "dice",
    "board",
    "settlements",
    "cities",
    "roads",
    "bank",
    "development_deck",
    "players",
    "longest_road",
    "largest_army",
    "trade",
    "free_roads",
    "winner",
    "trade_order",
    "built_this_turn",
}
PLAYER_KEYS = {
    "seat",
    "cards",
    "development_cards",
    "knights",
    "points",
    "road_length",
    "roads_left",
    "settlements_left",
    "cities_left",
    "to_discard",
    "longest_road",
    "largest_army",
}


def check_view_shape(state, viewer) -> None:
    """Cheap per-move leak check: a view has only public fields, plus the
    viewer's own `you`; other players appear as counts and public points."""
    view = GAME.view(state, viewer)
    over = state["phase"] == "over"
    extra = {"setup", "topology"} if state["phase"] == "setup" else set()
    assert set(view) == TOP_KEYS | extra | ({"you"} if viewer is not None else set())
    for s, p in enumerate(view["players"]):
        assert set(p) == PLAYER_KEYS | ({"victory_point_cards"} if over else set())
        assert p["cards"] == sum(state["hands"][s]) and p["development_cards"] == sum(state["devs"][s])
        assert p["points"] == (all_points(state, s) if over else state["vp"][s])
    if viewer is not None:
        you = view["you"]
        assert you["seat"] == viewer and list(you["hand"].values()) == state["hands"][viewer]
    assert view["development_deck"] == len(state["deck"])


def check_no_leak(state, rng: random.Random) -> None:
    """A view depends only on what that seat may know."""
    for viewer in [None, *range(state["n"])]:
        a = GAME.view(state, viewer)
        b = GAME.view(scrambled(state, viewer, rng), viewer)
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True), f"view of {viewer} leaks"


# ----------------------------------------------------------------------------- policies
BUILDS = (
    "build_city",
    "build_settlement",
    "buy_development",
    "play_knight",
    "play_road_building",
    "play_monopoly",
    "play_year_of_plenty",
)


def building_policy(rng, legal, state=None):
    """Still random, every legal move possible, but biased toward building so a
    random game ends in a few hundred moves: builds and cards first, a road
    often, a maritime trade for a scarce resource when the hand is big, rarely
    a domestic offer. None: a uniform choice over the listed moves and the
    templates (offers, proposals) is left to the harness."""
    if rng.random() < 0.03:
        return None
    if legal[0]["type"] in ("accept_offer", "decline_trade"):  # asked: answer, sometimes with a proposal
        return None if rng.random() < 0.3 else rng.choice(legal)
    if state is not None and state["phase"] == "setup" and legal[0]["type"] == "build_settlement":
        best = sorted(legal, key=lambda m: -spot_pips(state, m["node"]))[:8]
        return rng.choice(best)
    builds = [m for m in legal if m["type"] in BUILDS]
    if builds and rng.random() < 0.95:
        return rng.choice(builds)
    roads = [m for m in legal if m["type"] == "build_road"]
    if roads and rng.random() < 0.7:
        return rng.choice(roads)
    trades = [m for m in legal if m["type"] == "maritime_trade"]
    if trades and state is not None:
        wanted = useful_trades(state, trades)
        if wanted and rng.random() < 0.9:
            return rng.choice(wanted)
    if rng.random() < 0.9:
        cheap = [m for m in legal if m["type"] not in ("call_for_proposals", "maritime_trade")] or legal
        return rng.choice(cheap)
    return rng.choice(legal)


def spot_pips(state, node) -> int:
    """The dice odds (in 36ths) of the hexes around an intersection."""
    return sum(6 - abs(7 - state["numbers"][h]) for h in B.NODE_HEXES[node] if state["numbers"][h])


def useful_trades(state, trades):
    """Maritime trades that give a surplus card for one the next build lacks (read off the
    dump and the public topology, as a player at the table sees them)."""
    seat = state["turn"]
    held, node, stock = state["hands"][seat], state["node"], state["stock"][seat]
    if stock[2] and any(node[n] == seat and not state["city"][n] for n in range(B.N_NODES)):
        cost = D.COST_CITY
    elif stock[1] and any(
        free_spot(state, n) for e in range(B.N_EDGES) if state["edge"][e] == seat for n in B.EDGE_NODES[e]
    ):
        cost = D.COST_SETTLEMENT
    else:
        cost = D.COST_DEVELOPMENT if state["deck"] else D.COST_ROAD
    ratios = harbour_ratios(state, seat)
    index = D.RESOURCE_INDEX
    return [
        m
        for m in trades
        if held[index[m["get"]]] < cost[index[m["get"]]]
        and held[index[m["give"]]] - cost[index[m["give"]]] >= ratios[index[m["give"]]]
    ]


def harbour_ratios(state, seat) -> list:
    """Cards given per card taken from the bank: 4, 3 with a generic harbour, 2 for a special one."""
    kinds = {
        kind for kind, nodes in zip(state["harbours"], B.HARBOUR_NODES) if any(state["node"][n] == seat for n in nodes)
    }
    ratios = [3 if D.GENERIC in kinds else 4] * 5
    for kind in kinds - {D.GENERIC}:
        ratios[kind] = 2
    return ratios


def free_spot(state, n) -> bool:
    """Nobody on the intersection nor next to it (the distance rule)."""
    node = state["node"]
    return node[n] == -1 and all(node[m] == -1 for m in B.NODE_NEIGHBOURS[n])


# ----------------------------------------------------------------------------- hand-built states
def new_game(players=4, seed=0, **options):
    return GAME.setup(players, GAME.load_options({"map": "beginner", **options}), seed)


def edited(state, change):
    """The state `change` makes of a copy of its dump, loaded back (never the live state)."""
    data = GAME.dump(state)
    change(data)
    return GAME.load(data)


def updated(state, **fields):
    """The state with these top-level fields set (through dump and load)."""
    return edited(state, lambda data: data.update(fields))


def empty_main(players=4, seed=0, turn=0, **options):
    """A beginner board with nothing built, in `turn`'s main phase (rolled)."""
    return updated(
        new_game(players, seed, **options),
        phase="main",
        turn=turn,
        rolled=True,
        dice=[3, 4],
        setup_step=2 * players,
        turns=5,
    )


def put(state, seat, settlements=(), cities=(), roads=()):
    """Pieces placed (stock, points and every road length kept consistent): a new state."""

    def change(data):
        for n in settlements:
            data["node"][n] = seat
            data["stock"][seat][1] -= 1
            data["vp"][seat] += 1
        for n in cities:
            data["node"][n], data["city"][n] = seat, 1
            data["stock"][seat][2] -= 1
            data["vp"][seat] += 2
        for e in roads:
            data["edge"][e] = seat
            data["stock"][seat][0] -= 1
        data["road_len"] = [longest_trail(data, s) for s in range(data["n"])]

    return edited(state, change)


def give(state, seat, **cards):
    """Cards moved from the bank into a hand: a new state."""

    def change(data):
        for name, count in cards.items():
            r = D.RESOURCE_INDEX[name]
            data["bank"][r] -= count
            data["hands"][seat][r] += count

    return edited(state, change)


def give_dev(state, seat, card, count=1):
    """Development cards moved from the deck into a hand: a new state."""

    def change(data):
        for _ in range(count):
            data["deck"].remove(card)
            data["devs"][seat][card] += 1

    return edited(state, change)


def on_top(state, card):
    """The deck with one `card` moved to its top (the next one bought)."""

    def change(data):
        data["deck"].remove(card)
        data["deck"].append(card)

    return edited(state, change)


def hand(state, seat) -> dict:
    return {RES[r]: c for r, c in enumerate(state["hands"][seat]) if c}


def path(*nodes) -> list:
    """The edges along a walk of adjacent intersections."""
    return [B.EDGE_AT[tuple(sorted(pair))] for pair in zip(nodes, nodes[1:])]


def line_from(start, length, avoid=()):
    """A simple walk of `length` paths from `start` (deterministic, first free way)."""
    nodes = [start]
    while len(nodes) <= length:
        nxt = next(m for m in B.NODE_NEIGHBOURS[nodes[-1]] if m not in nodes and m not in avoid)
        nodes.append(nxt)
    return nodes


def rng_for_total(total: int) -> int:
    """An RNG state whose next roll of the two dice adds up to `total`."""
    for value in range(10_000):
        pair = Rng(value).below(36)
        if pair // 6 + pair % 6 + 2 == total:
            return value
    raise AssertionError(total)


def roll_total(state, total):
    """The active player rolls `total` (the state's RNG set to give it): the new state and
    the roll's events."""
    state = updated(state, phase="roll", rolled=False, dice=None, rng=rng_for_total(total))
    return state, play(state, state["turn"], {"type": "roll"})


def play(state, seat, move):
    return GAME.apply(state, seat, move)


def legal_types(state, seat) -> set:
    return {m["type"] for m in GAME.legal_moves(state, seat)}
