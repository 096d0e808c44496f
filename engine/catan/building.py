"""Roads, settlements and cities (paid after the roll, free in the set-up and with Road Building)."""

from __future__ import annotations

from engine.catan import board as B
from engine.catan import data as D
from engine.catan.common import after_interlude, fail
from engine.catan.scoring import update_longest_road
from engine.catan.setup import next_setup, second_settlement_yield
from engine.catan.spots import can_afford, pay, road_connects, road_spots, settlement_spot_free
from engine.core import event


def do_build_road(state, seat, move):
    e, phase = move["edge"], state["phase"]
    if phase not in ("setup", "main", "road_building") or (phase == "setup" and state["setup_node"] == -1):
        fail("You cannot build a road now.")
    if state["stock"][seat][0] == 0:
        fail("You have no road left in your stock (15 at most).", code="no_pieces")
    if state["edge"][e] != -1:
        fail("Only one road can be built on a path.", edge=e)
    if phase == "setup":
        if e not in B.NODE_EDGES[state["setup_node"]]:
            fail("In the set-up, the road must touch the settlement you just placed.", edge=e)
    elif not road_connects(state, seat, e):
        fail("A new road must connect to your road, settlement or city (not through an opponent's building).", edge=e)
    if phase == "main":
        if not can_afford(state["hands"][seat], D.COST_ROAD):
            fail("A road costs 1 lumber and 1 brick.", code="cannot_afford")
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


def do_build_settlement(state, seat, move):
    n, phase = move["node"], state["phase"]
    if phase not in ("setup", "main") or (phase == "setup" and state["setup_node"] != -1):
        fail("You cannot build a settlement now.")
    if state["stock"][seat][1] == 0:
        fail("You have no settlement left in your stock (5 at most).", code="no_pieces")
    if state["node"][n] != -1:
        fail("That intersection is already built on.", node=n)
    if not settlement_spot_free(state, n):
        fail("Distance rule: no settlement may touch an intersection next to another building.", node=n)
    if phase == "main":
        if not any(state["edge"][e] == seat for e in B.NODE_EDGES[n]):
            fail("A settlement must be built at the end of one of your roads.", node=n)
        if not can_afford(state["hands"][seat], D.COST_SETTLEMENT):
            fail("A settlement costs 1 lumber, 1 brick, 1 wool and 1 grain.", code="cannot_afford")
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


def do_build_city(state, seat, move):
    n = move["node"]
    if state["phase"] != "main":
        fail("You build after rolling, on your own turn.")
    if state["node"][n] != seat or state["city"][n]:
        fail("A city replaces one of your own settlements.", node=n)
    if state["stock"][seat][2] == 0:
        fail("You have no city left in your stock (4 at most).", code="no_pieces")
    if not can_afford(state["hands"][seat], D.COST_CITY):
        fail("A city costs 2 grain and 3 ore.", code="cannot_afford")
    pay(state, seat, D.COST_CITY)
    state["built"] = True
    state["city"][n] = 1
    state["stock"][seat][2] -= 1
    state["stock"][seat][1] += 1
    state["vp"][seat] += 1
    return [event("city_built", seat=seat, node=n)]
