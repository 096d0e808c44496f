"""Building Speicherstadt states by hand, and the invariants every state keeps."""

from collections import Counter

from engine.speicherstadt import GAME
from engine.speicherstadt.data import CARDS, CUBES_PER_GOOD, GOODS, WAREHOUSE_CAPACITY, WORKERS
from tests.engine.playout import assert_refused

ALL_CARDS = Counter(list(CARDS))


def new_game(players=3, seed=1, start=0):
    """A fresh game whose row is revealed; the start player forced to `start`."""
    state = GAME.setup(players, {}, seed)
    state["start"] = state["turn"] = start
    return state


def take_card(state, card):
    """Remove a card from wherever it lies (deck, discard, box, row) and return it."""
    for pile in (state["deck"], state["discard"], state["removed"]):
        if card in pile:
            pile.remove(card)
            return card
    for i, slot in enumerate(state["row"]):
        if slot and slot["card"] == card:
            for good in slot["cubes"]:
                state["bag"][good] += 1
            del state["row"][i]
            return card
    raise AssertionError(f"{card} is not free")


def take_cubes(state, goods):
    """Take these cubes out of the bag (so the 45 stay accounted for)."""
    for good in goods:
        assert state["bag"][good] > 0, f"no {good} left in the bag"
        state["bag"][good] -= 1
    return list(goods)


def set_row(state, cards, ship_cubes=()):
    """Replace the row by these cards; ships get the given cube triples in order."""
    old = state["row"]
    state["row"] = []
    for slot in old:
        if slot:
            for good in slot["cubes"]:
                state["bag"][good] += 1
            state["deck"].insert(0, slot["card"])
    triples = iter(ship_cubes)
    for card in cards:
        take_card(state, card)
        cubes = take_cubes(state, next(triples)) if CARDS[card]["kind"] == "ship" else []
        state["row"].append({"card": card, "workers": [], "cubes": cubes})
    return state


def give(state, seat, *cards):
    """Hand these cards to a seat as if bought earlier."""
    me = state["seats"][seat]
    for card in cards:
        take_card(state, card)
        me["cards"].append(card)
        if CARDS[card]["kind"] == "contract":
            me["contracts"][card] = []
    return state


def give_cubes(state, seat, place, goods):
    state["seats"][seat][place] += take_cubes(state, goods)
    return state


def start_shipping(state, seats):
    """Jump to the shipping phase (the row emptied back into the deck)."""
    set_row(state, [])
    state["phase"] = "shipping"
    state["turn"] = None
    state["shipping"] = list(seats)
    return state


def play(state, seat, move_type, **fields):
    return GAME.apply(state, seat, {"type": move_type, **fields})


def refused(state, seat, move, code="illegal_move"):
    """Assert the move is refused with that code and changes nothing."""
    return assert_refused(GAME, state, seat, move, code)


SORTED_CARDS = sorted(CARDS)
CONTRACT_CARDS = {card for card, info in CARDS.items() if info["kind"] == "contract"}
FULL_BAG = {good: CUBES_PER_GOOD for good in GOODS}


def check_invariants(game, state):
    """What holds after every move: cubes, workers, cards conserved; no negative coins.

    Written for speed (it runs after every move of thousands of games).
    """
    seats = state["seats"]
    cubes = dict(state["bag"])
    for good, count in state["supply"].items():
        cubes[good] += count
    loose = [g for slot in state["row"] if slot for g in slot["cubes"]]
    workers = [0] * len(seats)
    for slot in state["row"]:
        if slot:
            for seat in slot["workers"]:
                workers[seat] += 1
    cards = state["deck"] + state["discard"] + state["removed"]
    cards += [slot["card"] for slot in state["row"] if slot]
    for seat, me in enumerate(seats):
        loose += me["ship"] + me["warehouse"] + me["market"]
        for card, placed in me["contracts"].items():
            if placed:
                loose += placed
                goods = CARDS[card]["goods"]
                assert all(placed.count(g) <= goods.count(g) for g in placed), (card, placed)
        assert me["workers"] + workers[seat] == WORKERS, (seat, me["workers"], workers)
        assert me["coins"] >= 0, me["coins"]
        assert len(me["warehouse"]) <= WAREHOUSE_CAPACITY
        assert not me["warehouse"] or "warehouse" in me["cards"]
        if seat not in state["shipping"]:
            assert len(me["market"]) <= 1
            assert not me["ship"] or state["phase"] == "purchase"  # unloaded when shipping
        assert len(me["contracts"]) == len(CONTRACT_CARDS.intersection(me["cards"]))
        cards += me["cards"]
    for good in loose:
        cubes[good] += 1
    assert cubes == FULL_BAG, cubes
    assert sorted(cards) == SORTED_CARDS, Counter(cards) - ALL_CARDS or ALL_CARDS - Counter(cards)
    assert (game.outcome(state) is None) == bool(game.to_act(state))
