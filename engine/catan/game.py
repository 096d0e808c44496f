"""Base Catan for 3-4 players under the engine contract (see README.md).

The state is one JSON-native dict (lists of ints, a few strings), so `dump`
and `load` are shallow copies of small lists. Static topology lives in
board.py, component data in data.py, board queries (where one may build,
harbour ratios) in spots.py, points and the two special cards in scoring.py,
views in view.py; this module holds the turn's flow and every move.

Phases: setup -> (roll -> [discard] -> robber -> main ... end_turn) ...
with the sub-phases road_building (free roads), robber (7 or knight),
draft (building a domestic offer) and trade (the offer awaits answers).
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from engine.catan import board as B
from engine.catan import data as D
from engine.catan import wire
from engine.catan.bots import BOTS
from engine.catan.moves import MOVES
from engine.catan.scoring import breakdown, total_vp, update_largest_army, update_longest_road
from engine.catan.spots import (
    can_afford,
    city_spots,
    harbour_ratios,
    pay,
    road_connects,
    road_spots,
    robber_victims,
    settlement_spot_free,
    settlement_spots,
)
from engine.core import Game, IllegalMove, Outcome, event, rank_by
from engine.rng import Rng

R = D.RESOURCE_INDEX
OFFER_TARGETS = {  # (players, active) -> every non-empty set of opponents
    (n, a): [[s for k, s in enumerate(o) if mask >> k & 1] for mask in range(1, 1 << len(o))]
    for n in (3, 4)
    for a in range(n)
    for o in [[s for s in range(n) if s != a]]
}
SETUP_ORDERS = {n: list(range(n)) + list(range(n - 1, -1, -1)) for n in (3, 4)}
IN_TURN = ("roll", "main")  # phases where the active player may play a development card


class Options(Schema):
    map = fields.String(
        load_default="variable",
        validate=validate.OneOf(["beginner", "variable"]),
        metadata={"description": "beginner: the fixed starting map; variable: shuffled terrain"},
    )
    numbers = fields.String(
        load_default="spiral",
        validate=validate.OneOf(["spiral", "random"]),
        metadata={
            "description": "variable map only: tokens A-R in a spiral from a random "
            "corner, or shuffled with no two 6/8 adjacent"
        },
    )
    trade_order = fields.String(
        load_default="combined",
        validate=validate.OneOf(["combined", "strict"]),
        metadata={
            "description": "combined: trade and build in any order after the roll "
            "(the rules' advanced tip); strict: no trade once you "
            "have built or bought this turn"
        },
    )


def _fail(message: str, code: str = "illegal_move", **details):
    raise IllegalMove(code, message, **details)


def _names(counts) -> dict:
    return {D.RESOURCES[r]: c for r, c in enumerate(counts) if c}


# ----------------------------------------------------------------------------- set-up
def _layout(options: dict, rng: Rng) -> tuple[list, list, list]:
    if options["map"] == "beginner":
        cells = [cell for row in D.BEGINNER_ROWS for cell in row]
        return [t for t, _ in cells], [n for _, n in cells], list(D.HARBOUR_TILES)
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
        "offer": None,
        "winner": -1,
        "strict_order": options.get("trade_order") == "strict",
        "built": False,
    }


# ----------------------------------------------------------------------------- helpers
def after_interlude(state: dict) -> None:
    """Back to the turn after the robber or free roads: before or after the roll."""
    state["phase"] = "main" if state["rolled"] else "roll"


# ----------------------------------------------------------------------------- legal moves
def legal_setup(state, seat):
    if state["setup_node"] == -1:
        return [{"type": "build_settlement", "node": n} for n in settlement_spots(state, seat)]
    return [{"type": "build_road", "edge": e} for e in road_spots(state, seat)]


def legal_dev_plays(state, seat) -> list:
    if state["dev_played"]:
        return []
    devs, fresh = state["devs"][seat], state["fresh"]
    ready = [devs[c] - fresh[c] > 0 for c in range(5)]
    moves = []
    if ready[D.KNIGHT]:
        moves.append({"type": "play_knight"})
    if ready[D.ROAD_BUILDING]:
        moves.append({"type": "play_road_building"})
    if ready[D.YEAR_OF_PLENTY]:
        moves += [{"type": "play_year_of_plenty", "resources": pick} for pick in plenty_picks(state["bank"])]
    if ready[D.MONOPOLY]:
        moves += [{"type": "play_monopoly", "resource": name} for name in D.RESOURCES]
    return moves


def plenty_picks(bank) -> list:
    """Two cards from the bank (the same twice if it has two); one if it has only one."""
    names = D.RESOURCES
    picks = [
        [names[a], names[b]] for a in range(5) for b in range(a, 5) if bank[a] and bank[b] and (a != b or bank[a] >= 2)
    ]
    if not picks and sum(bank) == 1:
        picks = [[names[r]] for r in range(5) if bank[r]]
    return picks


def legal_main(state, seat) -> list:
    hand = state["hands"][seat]
    lumber, brick, wool, grain, ore = hand
    moves = [{"type": "end_turn"}]
    if lumber and brick:
        moves += [{"type": "build_road", "edge": e} for e in road_spots(state, seat)]
        if wool and grain:
            moves += [{"type": "build_settlement", "node": n} for n in settlement_spots(state, seat)]
    if grain >= 2 and ore >= 3:
        moves += [{"type": "build_city", "node": n} for n in city_spots(state, seat)]
    if wool and grain and ore and state["deck"]:
        moves.append({"type": "buy_development"})
    if not state["dev_played"] and any(state["devs"][seat]):
        moves += legal_dev_plays(state, seat)
    if state["built"] and state["strict_order"]:
        return moves
    if max(hand) >= 2:
        ratios, bank, names = harbour_ratios(state, seat), state["bank"], D.RESOURCES
        for g in range(5):
            if hand[g] >= ratios[g]:
                moves += [
                    {"type": "maritime_trade", "give": names[g], "get": names[t]}
                    for t in range(5)
                    if t != g and bank[t]
                ]
    if state["offers"] < D.MAX_OFFERS_PER_TURN and (lumber or brick or wool or grain or ore):
        moves.append({"type": "propose_trade"})
    return moves


def legal_draft(state, seat) -> list:
    hand, offer, names = state["hands"][seat], state["offer"], D.RESOURCES
    give, get = offer["give"], offer["get"]
    moves = [{"type": "cancel_offer"}]
    moves += [{"type": "offer_give", "resource": names[r]} for r in range(5) if hand[r] > give[r] and not get[r]]
    if sum(get) < D.MAX_OFFER_CARDS:
        moves += [{"type": "offer_get", "resource": names[r]} for r in range(5) if not give[r]]
    if sum(give) and sum(get):
        moves += [{"type": "send_offer", "to": to} for to in OFFER_TARGETS[(state["n"], seat)]]
    return moves


def legal_trade(state, seat) -> list:
    offer = state["offer"]
    if seat == state["turn"]:
        moves = [{"type": "cancel_offer"}]
        return moves + [
            {"type": "confirm_trade", "seat": s}
            for s in offer["to"]
            if offer["answers"][s] == 1 and can_afford(state["hands"][s], offer["get"])
        ]
    moves = [{"type": "decline_offer"}]
    if can_afford(state["hands"][seat], offer["get"]):
        moves.insert(0, {"type": "accept_offer"})
    return moves


def legal_robber(state, seat) -> list:
    node, hands, robber = state["node"], state["hands"], state["robber"]
    victims = [set() for _ in range(B.N_HEXES)]
    for n in range(B.N_NODES):
        s = node[n]
        if s != -1 and s != seat and any(hands[s]):
            for h in B.NODE_HEXES[n]:
                victims[h].add(s)
    moves = []
    for h in range(B.N_HEXES):
        if h == robber:
            continue
        if victims[h]:
            moves += [{"type": "move_robber", "hex": h, "victim": v} for v in sorted(victims[h])]
        else:
            moves.append({"type": "move_robber", "hex": h, "victim": None})
    return moves


def legal_moves(state, seat) -> list:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "discard":
        hand = state["hands"][seat]
        if not state["discard"][seat]:
            return []
        return [{"type": "discard", "resource": D.RESOURCES[r]} for r in range(5) if hand[r]]
    if phase == "trade":
        offer = state["offer"]
        if seat != state["turn"] and not (seat in offer["to"] and offer["answers"][seat] == 0):
            return []
        return legal_trade(state, seat)
    if seat != state["turn"]:
        return []
    if phase == "setup":
        return legal_setup(state, seat)
    if phase == "roll":
        if state["dev_played"] or not any(state["devs"][seat]):
            return [{"type": "roll"}]
        return [{"type": "roll"}] + legal_dev_plays(state, seat)
    if phase == "main":
        return legal_main(state, seat)
    if phase == "robber":
        return legal_robber(state, seat)
    if phase == "road_building":
        return [{"type": "build_road", "edge": e} for e in road_spots(state, seat)]
    if phase == "draft":
        return legal_draft(state, seat)
    raise AssertionError(phase)


def to_act(state) -> set:
    phase = state["phase"]
    if phase == "over":
        return set()
    if phase == "discard":
        return {s for s, owed in enumerate(state["discard"]) if owed}
    if phase == "trade":
        offer = state["offer"]
        return {state["turn"]} | {s for s in offer["to"] if offer["answers"][s] == 0}
    return {state["turn"]}


# ----------------------------------------------------------------------------- moves
def do_roll(state, seat, move):
    if state["phase"] != "roll":
        _fail("You roll once, at the start of your turn.")
    rng = Rng(state["rng"])
    pair = rng.below(36)  # two fair dice at once
    state["rng"] = rng.state
    dice = [pair // 6 + 1, pair % 6 + 1]
    state["dice"], state["rolled"] = dice, True
    total = dice[0] + dice[1]
    if total == 7:
        return [event("dice_rolled", seat=seat, dice=dice, total=total)] + start_seven(state)
    state["phase"] = "main"
    gains, short = produce(state, total)
    return [event("dice_rolled", seat=seat, dice=dice, total=total, gains=gains, bank_short=short)]


_PRODUCERS: dict = {}


def producers(state) -> dict:
    """Roll total -> [(hex, resource, its six intersections)], cached per layout."""
    key = (tuple(state["numbers"]), tuple(state["terrain"]))
    found = _PRODUCERS.get(key)
    if found is None:
        found = {
            t: [
                (h, D.TERRAIN_RESOURCE[state["terrain"][h]], B.HEX_NODES[h])
                for h in range(B.N_HEXES)
                if state["numbers"][h] == t
            ]
            for t in range(2, 13)
        }
        if len(_PRODUCERS) > 4096:
            _PRODUCERS.clear()
        _PRODUCERS[key] = found
    return found


def produce(state, total) -> tuple[list, list]:
    """Every building on a hex with the rolled number (not under the robber)
    earns 1 card, 2 for a city. If the bank cannot pay all of a resource,
    nobody gets it, unless only one player is owed it: they get what is left.
    Returns each seat's gains and the resources the bank ran short of."""
    node, city, robber = state["node"], state["city"], state["robber"]
    owed: dict = {}  # resource -> {seat: cards}
    for h, res, corners in producers(state)[total]:
        if h == robber:
            continue
        for n in corners:
            s = node[n]
            if s != -1:
                claims = owed.setdefault(res, {})
                claims[s] = claims.get(s, 0) + 1 + city[n]
    bank, hands = state["bank"], state["hands"]
    gains = [{} for _ in range(state["n"])]
    short = []
    for res, claims in sorted(owed.items()):
        if sum(claims.values()) > bank[res]:
            short.append(D.RESOURCES[res])
            if len(claims) > 1:
                continue
            claims = {s: bank[res] for s in claims}
        for s, cards in claims.items():
            if cards:
                hands[s][res] += cards
                bank[res] -= cards
                gains[s][D.RESOURCES[res]] = cards
    return gains, short


def start_seven(state) -> list:
    owe = [sum(h) // 2 if sum(h) > D.DISCARD_ABOVE else 0 for h in state["hands"]]
    state["discard"] = owe
    if any(owe):
        state["phase"] = "discard"
        return [event("must_discard", counts=owe[:])]
    state["phase"] = "robber"
    return []


def do_discard(state, seat, move):
    r = R[move["resource"]]
    if state["phase"] != "discard" or not state["discard"][seat]:
        _fail("You only discard after a 7, while you owe cards.")
    if not state["hands"][seat][r]:
        _fail("You can only discard a card you hold.", resource=move["resource"])
    state["hands"][seat][r] -= 1
    state["bank"][r] += 1
    state["discard"][seat] -= 1
    if not any(state["discard"]):
        state["phase"] = "robber"
    return [event("discarded", seat=seat, resource=move["resource"], left=state["discard"][seat])]


def do_move_robber(state, seat, move):
    h, victim = move["hex"], move["victim"]
    if state["phase"] != "robber":
        _fail("The robber moves only after a 7 or a knight.")
    if h == state["robber"]:
        _fail("The robber must move to another hex.", hex=h)
    victims = robber_victims(state, h, seat)
    if victim is None and victims:
        _fail("You must steal from an opponent next to the robber who has cards.", victims=victims)
    if victim is not None and victim not in victims:
        _fail(
            "You can only steal from an opponent with a building next to that hex and cards in hand.", victims=victims
        )
    state["robber"] = h
    events = [event("robber_moved", seat=seat, hex=h, victim=victim)]
    if victim is not None:
        events += steal(state, seat, victim)
    after_interlude(state)
    return events


def steal(state, thief, victim) -> list:
    hand = state["hands"][victim]
    rng = Rng(state["rng"])
    pick = rng.below(sum(hand))
    state["rng"] = rng.state
    r = 0
    while pick >= hand[r]:
        pick -= hand[r]
        r += 1
    hand[r] -= 1
    state["hands"][thief][r] += 1
    return [
        event("stolen", thief=thief, victim=victim),
        event("stolen_card", to=[thief, victim], thief=thief, victim=victim, resource=D.RESOURCES[r]),
    ]


def do_build_road(state, seat, move):
    e, phase = move["edge"], state["phase"]
    if phase not in ("setup", "main", "road_building") or (phase == "setup" and state["setup_node"] == -1):
        _fail("You cannot build a road now.")
    if state["stock"][seat][0] == 0:
        _fail("You have no road left in your stock (15 at most).", code="no_pieces")
    if state["edge"][e] != -1:
        _fail("Only one road can be built on a path.", edge=e)
    if phase == "setup":
        if e not in B.NODE_EDGES[state["setup_node"]]:
            _fail("In the set-up, the road must touch the settlement you just placed.", edge=e)
    elif not road_connects(state, seat, e):
        _fail("A new road must connect to your road, settlement or city (not through an opponent's building).", edge=e)
    if phase == "main":
        if not can_afford(state["hands"][seat], D.COST_ROAD):
            _fail("A road costs 1 lumber and 1 brick.", code="cannot_afford")
        pay(state, seat, D.COST_ROAD)
        state["built"] = True
    state["edge"][e] = seat
    state["stock"][seat][0] -= 1
    events = [event("road_built", seat=seat, edge=e, free=phase != "main")]
    events += update_longest_road(state, [seat])
    if phase == "setup":
        next_setup(state)
        return events
    if phase == "road_building":
        state["free_roads"] -= 1
        if not state["free_roads"] or not road_spots(state, seat):
            state["free_roads"] = 0
            after_interlude(state)
    return events


def next_setup(state) -> None:
    state["setup_node"] = -1
    state["setup_step"] += 1
    order = SETUP_ORDERS[state["n"]]
    if state["setup_step"] == len(order):
        state["phase"], state["turn"], state["turns"] = "roll", 0, 1
    else:
        state["turn"] = order[state["setup_step"]]


def do_build_settlement(state, seat, move):
    n, phase = move["node"], state["phase"]
    if phase not in ("setup", "main") or (phase == "setup" and state["setup_node"] != -1):
        _fail("You cannot build a settlement now.")
    if state["stock"][seat][1] == 0:
        _fail("You have no settlement left in your stock (5 at most).", code="no_pieces")
    if state["node"][n] != -1:
        _fail("That intersection is already built on.", node=n)
    if not settlement_spot_free(state, n):
        _fail("Distance rule: no settlement may touch an intersection next to another building.", node=n)
    if phase == "main":
        if not any(state["edge"][e] == seat for e in B.NODE_EDGES[n]):
            _fail("A settlement must be built at the end of one of your roads.", node=n)
        if not can_afford(state["hands"][seat], D.COST_SETTLEMENT):
            _fail("A settlement costs 1 lumber, 1 brick, 1 wool and 1 grain.", code="cannot_afford")
        pay(state, seat, D.COST_SETTLEMENT)
        state["built"] = True
    state["node"][n] = seat
    state["stock"][seat][1] -= 1
    state["vp"][seat] += 1
    events = [event("settlement_built", seat=seat, node=n)]
    if phase == "setup":
        state["setup_node"] = n
        if state["setup_step"] >= state["n"]:
            events += second_settlement_yield(state, seat, n)
        return events
    cut = {state["edge"][e] for e in B.NODE_EDGES[n]} - {-1, seat}
    if cut:
        events += update_longest_road(state, sorted(cut))
    return events


def second_settlement_yield(state, seat, n) -> list:
    gains = [0] * 5
    for h in B.NODE_HEXES[n]:
        res = D.TERRAIN_RESOURCE[state["terrain"][h]]
        if res is not None and state["bank"][res]:
            gains[res] += 1
            state["bank"][res] -= 1
            state["hands"][seat][res] += 1
    return [event("second_settlement_yield", seat=seat, gains=_names(gains))]


def do_build_city(state, seat, move):
    n = move["node"]
    if state["phase"] != "main":
        _fail("You build after rolling, on your own turn.")
    if state["node"][n] != seat or state["city"][n]:
        _fail("A city replaces one of your own settlements.", node=n)
    if state["stock"][seat][2] == 0:
        _fail("You have no city left in your stock (4 at most).", code="no_pieces")
    if not can_afford(state["hands"][seat], D.COST_CITY):
        _fail("A city costs 2 grain and 3 ore.", code="cannot_afford")
    pay(state, seat, D.COST_CITY)
    state["built"] = True
    state["city"][n] = 1
    state["stock"][seat][2] -= 1
    state["stock"][seat][1] += 1
    state["vp"][seat] += 1
    return [event("city_built", seat=seat, node=n)]


def do_buy_development(state, seat, move):
    if state["phase"] != "main":
        _fail("You buy development cards after rolling, on your own turn.")
    if not state["deck"]:
        _fail("The development deck is empty.", code="deck_empty")
    if not can_afford(state["hands"][seat], D.COST_DEVELOPMENT):
        _fail("A development card costs 1 wool, 1 grain and 1 ore.", code="cannot_afford")
    pay(state, seat, D.COST_DEVELOPMENT)
    state["built"] = True
    card = state["deck"].pop()
    state["devs"][seat][card] += 1
    state["fresh"][card] += 1
    return [
        event("development_bought", seat=seat, left=len(state["deck"])),
        event("development_drawn", to=[seat], seat=seat, card=D.DEV_CARDS[card]),
    ]


def check_dev_play(state, seat, card) -> None:
    if state["phase"] not in IN_TURN:
        _fail(
            "Development cards are played on your turn, before or after the roll, not in the middle of another action."
        )
    if state["dev_played"]:
        _fail("You may play only one development card per turn.", code="already_played")
    if state["devs"][seat][card] - state["fresh"][card] <= 0:
        held = state["devs"][seat][card] > 0
        _fail(
            "You cannot play a development card bought this turn."
            if held
            else "You do not hold that development card.",
            card=D.DEV_CARDS[card],
        )


def play_card(state, seat, card) -> list:
    state["devs"][seat][card] -= 1
    state["played"][card] += 1
    state["dev_played"] = True
    return [event("development_played", seat=seat, card=D.DEV_CARDS[card])]


def do_play_knight(state, seat, move):
    check_dev_play(state, seat, D.KNIGHT)
    events = play_card(state, seat, D.KNIGHT)
    state["knights"][seat] += 1
    state["phase"] = "robber"
    return events + update_largest_army(state, seat)


def do_play_road_building(state, seat, move):
    check_dev_play(state, seat, D.ROAD_BUILDING)
    events = play_card(state, seat, D.ROAD_BUILDING)
    state["phase"] = "road_building"
    state["free_roads"] = min(2, state["stock"][seat][0])
    if not state["free_roads"] or not road_spots(state, seat):
        state["free_roads"] = 0
        after_interlude(state)
    return events


def do_play_year_of_plenty(state, seat, move):
    check_dev_play(state, seat, D.YEAR_OF_PLENTY)
    picks = [R[name] for name in move["resources"]]
    if sorted(move["resources"], key=R.get) not in plenty_picks(state["bank"]):
        _fail(
            "Year of Plenty takes two cards the bank holds (one only if the bank holds just one).",
            resources=move["resources"],
        )
    events = play_card(state, seat, D.YEAR_OF_PLENTY)
    for r in picks:
        state["bank"][r] -= 1
        state["hands"][seat][r] += 1
    return events + [event("year_of_plenty", seat=seat, resources=move["resources"])]


def do_play_monopoly(state, seat, move):
    check_dev_play(state, seat, D.MONOPOLY)
    r = R[move["resource"]]
    events = play_card(state, seat, D.MONOPOLY)
    taken = [0] * state["n"]
    for s, hand in enumerate(state["hands"]):
        if s != seat and hand[r]:
            taken[s] = hand[r]
            state["hands"][seat][r] += hand[r]
            hand[r] = 0
    return events + [event("monopoly", seat=seat, resource=move["resource"], taken=taken)]


def check_trade_time(state) -> None:
    if state["phase"] != "main":
        _fail("You trade after rolling, on your own turn.")
    if state["built"] and state["strict_order"]:
        _fail("Trade comes before building: once you have built or bought this turn, you can no longer trade.")


def do_maritime_trade(state, seat, move):
    g, t = R[move["give"]], R[move["get"]]
    check_trade_time(state)
    if g == t:
        _fail("A maritime trade gives one resource for another.")
    ratio = harbour_ratios(state, seat)[g]
    if state["hands"][seat][g] < ratio:
        _fail(f"You need {ratio} {move['give']} for this trade.", code="cannot_afford", ratio=ratio)
    if not state["bank"][t]:
        _fail("The bank has no card of that resource left.", code="bank_empty")
    state["hands"][seat][g] -= ratio
    state["bank"][g] += ratio
    state["hands"][seat][t] += 1
    state["bank"][t] -= 1
    return [event("maritime_trade", seat=seat, give=move["give"], get=move["get"], ratio=ratio)]


def do_propose_trade(state, seat, move):
    check_trade_time(state)
    if state["offers"] >= D.MAX_OFFERS_PER_TURN:
        _fail(f"At most {D.MAX_OFFERS_PER_TURN} offers per turn.", code="too_many_offers")
    if not sum(state["hands"][seat]):
        _fail("You have no card to offer.", code="cannot_afford")
    state["offers"] += 1
    state["phase"] = "draft"
    state["offer"] = {"give": [0] * 5, "get": [0] * 5, "to": [], "answers": [0] * state["n"]}
    return []


def do_offer_card(state, seat, move):
    if state["phase"] != "draft":
        _fail("Start an offer with propose_trade first.")
    r, offer = R[move["resource"]], state["offer"]
    if move["type"] == "offer_give":
        if offer["get"][r]:
            _fail("You cannot give and ask for the same resource.")
        if state["hands"][seat][r] <= offer["give"][r]:
            _fail("You can only offer cards you hold.", code="cannot_afford")
        offer["give"][r] += 1
    else:
        if offer["give"][r]:
            _fail("You cannot give and ask for the same resource.")
        if sum(offer["get"]) >= D.MAX_OFFER_CARDS:
            _fail(f"An offer asks for at most {D.MAX_OFFER_CARDS} cards.")
        offer["get"][r] += 1
    return []


def do_send_offer(state, seat, move):
    if state["phase"] != "draft":
        _fail("Draft an offer before sending it.")
    offer, to = state["offer"], sorted(set(move["to"]))
    if not sum(offer["give"]) or not sum(offer["get"]):
        _fail("Both sides of a trade must give something.")
    if not can_afford(state["hands"][seat], offer["give"]):
        _fail("You can only offer cards you hold.", code="cannot_afford")
    if to not in OFFER_TARGETS[(state["n"], seat)] or len(to) != len(move["to"]):
        _fail("An offer goes to one or more other players, each named once.", to=move["to"])
    offer["to"] = to
    offer["answers"] = [0 if s in to else -1 for s in range(state["n"])]
    state["phase"] = "trade"
    return [event("offer_made", seat=seat, give=_names(offer["give"]), get=_names(offer["get"]), to=to)]


def do_cancel_offer(state, seat, move):
    if state["phase"] not in ("draft", "trade") or seat != state["turn"]:
        _fail("There is no offer of yours to cancel.")
    was_sent = state["phase"] == "trade"
    state["offer"], state["phase"] = None, "main"
    return [event("offer_cancelled", seat=seat)] if was_sent else []


def do_answer(state, seat, move):
    offer = state["offer"]
    if state["phase"] != "trade" or seat == state["turn"] or seat not in offer["to"]:
        _fail("Only a player the offer is addressed to may answer it.")
    if offer["answers"][seat] != 0:
        _fail("You have already answered this offer.")
    accept = move["type"] == "accept_offer"
    if accept and not can_afford(state["hands"][seat], offer["get"]):
        _fail("You can only accept if you hold the cards asked for.", code="cannot_afford")
    offer["answers"][seat] = 1 if accept else -1
    return [event("offer_answered", seat=seat, accepted=accept)]


def do_confirm_trade(state, seat, move):
    other, offer = move["seat"], state["offer"]
    if state["phase"] != "trade" or seat != state["turn"]:
        _fail("Only the player who made the offer confirms it.")
    if other not in offer["to"] or offer["answers"][other] != 1:
        _fail("You can only trade with a player who accepted.", seat=other)
    mine, theirs = state["hands"][seat], state["hands"][other]
    if not can_afford(mine, offer["give"]) or not can_afford(theirs, offer["get"]):
        _fail("Both players must still hold the cards of the trade.", code="cannot_afford")
    for r in range(5):
        mine[r] += offer["get"][r] - offer["give"][r]
        theirs[r] += offer["give"][r] - offer["get"][r]
    state["offer"], state["phase"] = None, "main"
    return [event("traded", seat=seat, partner=other, give=_names(offer["give"]), get=_names(offer["get"]))]


def do_end_turn(state, seat, move):
    if state["phase"] != "main":
        _fail("You end your turn after rolling, with nothing left pending.")
    state["turn"] = (seat + 1) % state["n"]
    state["turns"] += 1
    state["phase"], state["rolled"], state["dice"] = "roll", False, None
    state["dev_played"], state["fresh"], state["offers"], state["built"] = False, [0] * 5, 0, False
    return [event("turn_ended", seat=seat, next=state["turn"])]


HANDLERS = {
    "roll": do_roll,
    "discard": do_discard,
    "move_robber": do_move_robber,
    "build_road": do_build_road,
    "build_settlement": do_build_settlement,
    "build_city": do_build_city,
    "buy_development": do_buy_development,
    "play_knight": do_play_knight,
    "play_road_building": do_play_road_building,
    "play_year_of_plenty": do_play_year_of_plenty,
    "play_monopoly": do_play_monopoly,
    "maritime_trade": do_maritime_trade,
    "propose_trade": do_propose_trade,
    "offer_give": do_offer_card,
    "offer_get": do_offer_card,
    "send_offer": do_send_offer,
    "cancel_offer": do_cancel_offer,
    "accept_offer": do_answer,
    "decline_offer": do_answer,
    "confirm_trade": do_confirm_trade,
    "end_turn": do_end_turn,
}
# Moves after which the active player's points may have changed (or a new
# player is active), so a win must be checked.
SCORING_MOVES = {"build_road", "build_settlement", "build_city", "buy_development", "play_knight", "end_turn"}
# Moves only the active player makes outside the discard and answer windows.
ACTIVE_ONLY = set(HANDLERS) - {"discard", "accept_offer", "decline_offer"}


def play(state, seat, move) -> list:
    kind = move["type"]
    if kind in ACTIVE_ONLY and seat != state["turn"]:
        _fail("Only the player whose turn it is may do that.", code="not_your_turn")
    events = HANDLERS[kind](state, seat, move)
    if kind in SCORING_MOVES:
        events += check_win(state)
    return events


def check_win(state) -> list:
    """Ten points (hidden VP cards included) on your own turn end the game at once."""
    if state["phase"] in ("setup", "over"):
        return []
    seat = state["turn"]
    if total_vp(state, seat) < D.VP_TO_WIN:
        return []
    state["phase"], state["winner"], state["offer"] = "over", seat, None
    state["discard"] = [0] * state["n"]
    return [
        event(
            "game_over",
            winner=seat,
            points=[total_vp(state, s) for s in range(state["n"])],
            victory_point_cards=[state["devs"][s][D.VICTORY_POINT] for s in range(state["n"])],
        )
    ]


# ----------------------------------------------------------------------------- dump / view / outcome
def dump(state) -> dict:
    out = dict(state)
    for key in (
        "terrain",
        "numbers",
        "harbours",
        "bank",
        "fresh",
        "played",
        "knights",
        "deck",
        "node",
        "city",
        "edge",
        "discard",
        "road_len",
        "vp",
    ):
        out[key] = state[key][:]
    for key in ("hands", "devs", "stock"):
        out[key] = [row[:] for row in state[key]]
    if state["dice"] is not None:
        out["dice"] = state["dice"][:]
    if state["offer"] is not None:
        out["offer"] = {k: v[:] for k, v in state["offer"].items()}
    return out


def outcome(state):
    if state["phase"] != "over":
        return None
    n, winner = state["n"], state["winner"]
    parts = [breakdown(state, s) for s in range(n)]
    scores = [sum(p.values()) for p in parts]
    ranks, winners = rank_by([(s == winner, scores[s]) for s in range(n)])
    tie = any(scores[s] >= scores[winner] for s in range(n) if s != winner)
    return Outcome(
        scores, parts, ranks, winners, "the player who reaches 10 points on their own turn wins" if tie else ""
    )


def view(state, seat) -> dict:
    from engine.catan.view import build_view

    return build_view(state, seat)


class Catan(Game):
    id = "catan"
    title = "Catan"
    min_players = 3
    max_players = 4
    options = Options
    move_schema = MOVES
    bots = BOTS
    view_schema = wire.CatanView
    event_schemas = wire.EVENTS
    topology = B.TOPOLOGY

    def setup(self, players, options, seed):
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("bad_players", "Catan is for 3 or 4 players.", players=players)
        return new_state(players, options, seed)

    def players(self, state):
        return state["n"]

    def to_act(self, state):
        return to_act(state)

    def legal_moves(self, state, seat):
        return legal_moves(state, seat)

    def play(self, state, seat, move):
        return play(state, seat, move)

    def view(self, state, seat):
        return view(state, seat)

    def outcome(self, state):
        return outcome(state)

    def dump(self, state):
        return dump(state)

    def load(self, data):
        return dump(data)

    def static(self):
        """The board topology, the same in every match: GET /v1/games/catan/static."""
        return {"topology": self.topology}
