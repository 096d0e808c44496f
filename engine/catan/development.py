"""Development cards: buying, and playing one per turn."""

from __future__ import annotations

from engine.catan import data as D
from engine.catan.common import R, after_interlude, fail
from engine.catan.scoring import update_largest_army
from engine.catan.spots import can_afford, pay, road_spots
from engine.core import event

IN_TURN = ("roll", "main")  # phases where the active player may play a development card


def legal_dev_plays(state, seat) -> list:
    if state["dev_played"]:
        return []
    devs, fresh = state["devs"][seat], state["fresh"]
    if devs[D.VICTORY_POINT] == sum(devs):  # victory point cards are never played
        return []
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


def do_buy_development(state, seat, move):
    if state["phase"] != "main":
        fail("You buy development cards after rolling, on your own turn.")
    if not state["deck"]:
        fail("The development deck is empty.", code="deck_empty")
    if not can_afford(state["hands"][seat], D.COST_DEVELOPMENT):
        fail("A development card costs 1 wool, 1 grain and 1 ore.", code="cannot_afford")
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
        fail(
            "Development cards are played on your turn, before or after the roll, not in the middle of another action."
        )
    if state["dev_played"]:
        fail("You may play only one development card per turn.", code="already_played")
    if state["devs"][seat][card] - state["fresh"][card] <= 0:
        held = state["devs"][seat][card] > 0
        fail(
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
    if sorted(move["resources"], key=lambda name: R[name]) not in plenty_picks(state["bank"]):
        fail(
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
