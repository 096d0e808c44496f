"""Building Speicherstadt positions through the contract, and the invariants every state keeps.

A position is built by `GAME.setup`, moves through `GAME.apply`, and, where play
would take too long, `GAME.load` of an edited `GAME.dump`: each builder below
takes a state and returns a new one loaded from an edited dump. Tests read the
dump (`dumped`), views, events and the outcome; they never write into a state.
"""

from collections import Counter

from engine.speicherstadt import GAME
from engine.speicherstadt.data import CARDS, CUBES_PER_GOOD, GOODS, WAREHOUSE_CAPACITY, WORKERS
from tests.engine.playout import assert_refused

ALL_CARDS = Counter(list(CARDS))


def dumped(state):
    """The state as the contract shows it: a JSON-native copy."""
    return GAME.dump(state)


def edited(state, change):
    """A new state: the dump of `state`, changed by `change(data)`, then loaded."""
    data = GAME.dump(state)
    change(data)
    return GAME.load(data)


def new_game(players=3, seed=1, start=0):
    """A fresh game whose row is revealed; the start player forced to `start`."""

    def start_with(data):
        data["start"] = data["turn"] = start

    return edited(GAME.setup(players, {}, seed), start_with)


# --- edits of a dump (a plain dict); each keeps every card and cube accounted for ---
def take_card(data, card):
    """Remove a card from wherever it lies (deck, discard, box, row) and return it."""
    for pile in (data["deck"], data["discard"], data["removed"]):
        if card in pile:
            pile.remove(card)
            return card
    for i, slot in enumerate(data["row"]):
        if slot and slot["card"] == card:
            for good in slot["cubes"]:
                data["bag"][good] += 1
            del data["row"][i]
            return card
    raise AssertionError(f"{card} is not free")


def take_cubes(data, goods):
    """Take these cubes out of the bag (so the 45 stay accounted for)."""
    for good in goods:
        assert data["bag"][good] > 0, f"no {good} left in the bag"
        data["bag"][good] -= 1
    return list(goods)


def row_of(data, cards, ship_cubes=()):
    """Replace the row by these cards; ships get the given cube triples in order."""
    old = data["row"]
    data["row"] = []
    for slot in old:
        if slot:
            for good in slot["cubes"]:
                data["bag"][good] += 1
            data["deck"].insert(0, slot["card"])
    triples = iter(ship_cubes)
    for card in cards:
        take_card(data, card)
        cubes = take_cubes(data, next(triples)) if CARDS[card]["kind"] == "ship" else []
        data["row"].append({"card": card, "workers": [], "cubes": cubes})


def cards_to(data, seat, *cards):
    """Hand these cards to a seat as if bought earlier."""
    me = data["seats"][seat]
    for card in cards:
        take_card(data, card)
        me["cards"].append(card)
        if CARDS[card]["kind"] == "contract":
            me["contracts"][card] = []


# --- the same edits as state -> new state ---------------------------------------------
def set_row(state, cards, ship_cubes=()):
    return edited(state, lambda data: row_of(data, cards, ship_cubes))


def give(state, seat, *cards):
    return edited(state, lambda data: cards_to(data, seat, *cards))


def give_cubes(state, seat, place, goods):
    return edited(state, lambda data: data["seats"][seat][place].extend(take_cubes(data, goods)))


def start_shipping(state, seats):
    """Jump to the shipping phase (the row emptied back into the deck)."""

    def shipping(data):
        row_of(data, [])
        data["phase"] = "shipping"
        data["turn"] = None
        data["shipping"] = list(seats)

    return edited(state, shipping)


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
    table = game.dump(state)
    seats = table["seats"]
    cubes = dict(table["bag"])
    for good, count in table["supply"].items():
        cubes[good] += count
    loose = [g for slot in table["row"] if slot for g in slot["cubes"]]
    workers = [0] * len(seats)
    for slot in table["row"]:
        if slot:
            for seat in slot["workers"]:
                workers[seat] += 1
    cards = table["deck"] + table["discard"] + table["removed"]
    cards += [slot["card"] for slot in table["row"] if slot]
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
        if seat not in table["shipping"]:
            assert len(me["market"]) <= 1
            assert not me["ship"] or table["phase"] == "purchase"  # unloaded when shipping
        assert len(me["contracts"]) == len(CONTRACT_CARDS.intersection(me["cards"]))
        cards += me["cards"]
    for good in loose:
        cubes[good] += 1
    assert cubes == FULL_BAG, cubes
    assert sorted(cards) == SORTED_CARDS, Counter(cards) - ALL_CARDS or ALL_CARDS - Counter(cards)
    assert (game.outcome(state) is None) == bool(game.to_act(state))
