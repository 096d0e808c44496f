"""The roll: production, the 7 (discards), the robber and the steal."""

from __future__ import annotations

from engine.catan import board as B
from engine.catan import data as D
from engine.catan.common import R, after_interlude, card_names, fail
from engine.catan.spots import can_afford, owned, robber_victims
from engine.core import counts_param, event, template
from engine.rng import Rng


def do_roll(state, seat, move):
    if state["phase"] != "roll":
        fail("You roll once, at the start of your turn.")
    rng = Rng(state["rng"])
    pair = rng.below(36)  # two fair dice at once
    state["rng"] = rng.state
    dice = [pair // 6 + 1, pair % 6 + 1]
    state["dice"], state["rolled"] = list(dice), True
    total = dice[0] + dice[1]
    if total == 7:
        return [event("dice_rolled", seat=seat, dice=dice, total=total)] + start_seven(state)
    state["phase"] = "main"
    gains, short = produce(state, total)
    return [event("dice_rolled", seat=seat, dice=dice, total=total, gains=gains, bank_short=short)]


_PRODUCERS: dict = {}
_LAST: list = [None, None, None]  # the last layout asked for: numbers, terrain, its producers


def producers(state) -> dict:
    """Roll total -> [(hex, resource, its six intersections)], cached per layout."""
    numbers, terrain = state["numbers"], state["terrain"]
    if numbers == _LAST[0] and terrain == _LAST[1]:
        return _LAST[2]
    key = (tuple(numbers), tuple(terrain))
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
    _LAST[:] = [numbers[:], terrain[:], found]
    return found


def produce(state, total) -> tuple[list, list]:
    """Every building on a hex with the rolled number (not under the robber)
    earns 1 card, 2 for a city. If the bank cannot pay all of a resource,
    nobody gets it, unless only one player is owed it: they get what is left.
    Returns each seat's gains and the resources the bank ran short of."""
    node, city, robber = state["node"], state["city"], state["robber"]
    owed: dict[int, list[int]] = {}  # resource -> cards owed per seat
    for h, res, corners in producers(state)[total]:
        if h == robber:
            continue
        for n in corners:
            s = node[n]
            if s != -1:
                claims = owed.get(res)
                if claims is None:
                    claims = owed[res] = [0, 0, 0, 0]
                claims[s] += 1 + city[n]
    bank, hands = state["bank"], state["hands"]
    gains: list[dict[str, int]] = [{} for _ in range(state["n"])]
    short = []
    for res in sorted(owed):
        claims = owed[res]
        if sum(claims) > bank[res]:
            short.append(D.RESOURCES[res])
            owed_to = [s for s in range(4) if claims[s]]
            if len(owed_to) > 1:
                continue
            claims[owed_to[0]] = bank[res]
        for s in range(4):
            cards = claims[s]
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


def discard_templates(state, seat) -> list:
    """After a 7: the cards to discard, chosen all at once (exactly the number owed)."""
    owed = state["discard"][seat] if state["phase"] == "discard" else 0
    if not owed:
        return []
    held = {D.RESOURCES[r]: c for r, c in enumerate(state["hands"][seat]) if c}
    return [template({"type": "discard"}, cards=counts_param(held, owed, owed))]


def do_discard(state, seat, move):
    owed = state["discard"][seat]
    if state["phase"] != "discard" or not owed:
        fail("You only discard after a 7, while you owe cards.")
    cards = [0] * 5
    for name, count in move["cards"].items():
        cards[R[name]] += count
    if sum(cards) != owed:
        fail("You discard exactly {owed} cards (half your hand, rounded down).", code="wrong_count", owed=owed)
    hand = state["hands"][seat]
    if not can_afford(hand, cards):
        fail("You can only discard cards you hold.", code="cannot_afford")
    for r in range(5):
        hand[r] -= cards[r]
        state["bank"][r] += cards[r]
    state["discard"][seat] = 0
    if not any(state["discard"]):
        state["phase"] = "robber"
    return [event("discarded", seat=seat, cards=card_names(cards))]


SEATS_IN = tuple(tuple(s for s in range(4) if mask >> s & 1) for mask in range(16))  # seat bits -> seats


def legal_robber(state, seat) -> list:
    hands, robber = state["hands"], state["robber"]
    robbable = [s != seat and any(hand) for s, hand in enumerate(hands)]
    victims = [0] * B.N_HEXES  # per hex, a bit per seat that may be robbed there
    for s in range(len(hands)):
        if robbable[s]:
            for n in owned(state["node"], s):
                for h in B.NODE_HEXES[n]:
                    victims[h] |= 1 << s
    moves = []
    for h in range(B.N_HEXES):
        if h == robber:
            continue
        if victims[h]:
            moves += [{"type": "move_robber", "hex": h, "victim": v} for v in SEATS_IN[victims[h]]]
        else:
            moves.append({"type": "move_robber", "hex": h, "victim": None})
    return moves


def do_move_robber(state, seat, move):
    h, victim = move["hex"], move["victim"]
    if state["phase"] != "robber":
        fail("The robber moves only after a 7 or a knight.")
    if h == state["robber"]:
        fail("The robber must move to another hex.", hex=h)
    victims = robber_victims(state, h, seat)
    if victim is None and victims:
        fail("You must steal from an opponent next to the robber who has cards.", victims=victims)
    if victim is not None and victim not in victims:
        fail("You can only steal from an opponent with a building next to that hex and cards in hand.", victims=victims)
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
