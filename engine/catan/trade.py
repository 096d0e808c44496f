"""Trade after the roll: maritime (with the bank) and domestic (between players)."""

from __future__ import annotations

from engine.catan import data as D
from engine.catan.common import R, card_names, fail
from engine.catan.spots import can_afford, harbour_ratios
from engine.core import event

OFFER_TARGETS = {  # (players, active) -> every non-empty set of opponents
    (n, a): [[s for k, s in enumerate(o) if mask >> k & 1] for mask in range(1, 1 << len(o))]
    for n in (3, 4)
    for a in range(n)
    for o in [[s for s in range(n) if s != a]]
}


def legal_draft(state, seat) -> list:
    hand, offer, names = state["hands"][seat], state["offer"], D.RESOURCES
    give, get = offer["give"], offer["get"]
    moves: list[dict] = [{"type": "cancel_offer"}]
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


def check_trade_time(state) -> None:
    if state["phase"] != "main":
        fail("You trade after rolling, on your own turn.")
    if state["built"] and state["strict_order"]:
        fail("Trade comes before building: once you have built or bought this turn, you can no longer trade.")


def do_maritime_trade(state, seat, move):
    g, t = R[move["give"]], R[move["get"]]
    check_trade_time(state)
    if g == t:
        fail("A maritime trade gives one resource for another.")
    ratio = harbour_ratios(state, seat)[g]
    if state["hands"][seat][g] < ratio:
        fail(f"You need {ratio} {move['give']} for this trade.", code="cannot_afford", ratio=ratio)
    if not state["bank"][t]:
        fail("The bank has no card of that resource left.", code="bank_empty")
    state["hands"][seat][g] -= ratio
    state["bank"][g] += ratio
    state["hands"][seat][t] += 1
    state["bank"][t] -= 1
    return [event("maritime_trade", seat=seat, give=move["give"], get=move["get"], ratio=ratio)]


def do_propose_trade(state, seat, move):
    check_trade_time(state)
    if state["offers"] >= D.MAX_OFFERS_PER_TURN:
        fail(f"At most {D.MAX_OFFERS_PER_TURN} offers per turn.", code="too_many_offers")
    if not sum(state["hands"][seat]):
        fail("You have no card to offer.", code="cannot_afford")
    state["offers"] += 1
    state["phase"] = "draft"
    state["offer"] = {"give": [0] * 5, "get": [0] * 5, "to": [], "answers": [0] * state["n"]}
    return []


def do_offer_card(state, seat, move):
    if state["phase"] != "draft":
        fail("Start an offer with propose_trade first.")
    r, offer = R[move["resource"]], state["offer"]
    if move["type"] == "offer_give":
        if offer["get"][r]:
            fail("You cannot give and ask for the same resource.")
        if state["hands"][seat][r] <= offer["give"][r]:
            fail("You can only offer cards you hold.", code="cannot_afford")
        offer["give"][r] += 1
    else:
        if offer["give"][r]:
            fail("You cannot give and ask for the same resource.")
        if sum(offer["get"]) >= D.MAX_OFFER_CARDS:
            fail(f"An offer asks for at most {D.MAX_OFFER_CARDS} cards.")
        offer["get"][r] += 1
    return []


def do_send_offer(state, seat, move):
    if state["phase"] != "draft":
        fail("Draft an offer before sending it.")
    offer, to = state["offer"], sorted(set(move["to"]))
    if not sum(offer["give"]) or not sum(offer["get"]):
        fail("Both sides of a trade must give something.")
    if not can_afford(state["hands"][seat], offer["give"]):
        fail("You can only offer cards you hold.", code="cannot_afford")
    if to not in OFFER_TARGETS[(state["n"], seat)] or len(to) != len(move["to"]):
        fail("An offer goes to one or more other players, each named once.", to=move["to"])
    offer["to"] = to
    offer["answers"] = [0 if s in to else -1 for s in range(state["n"])]
    state["phase"] = "trade"
    return [event("offer_made", seat=seat, give=card_names(offer["give"]), get=card_names(offer["get"]), to=to)]


def do_cancel_offer(state, seat, move):
    if state["phase"] not in ("draft", "trade") or seat != state["turn"]:
        fail("There is no offer of yours to cancel.")
    was_sent = state["phase"] == "trade"
    state["offer"], state["phase"] = None, "main"
    return [event("offer_cancelled", seat=seat)] if was_sent else []


def do_answer(state, seat, move):
    offer = state["offer"]
    if state["phase"] != "trade" or seat == state["turn"] or seat not in offer["to"]:
        fail("Only a player the offer is addressed to may answer it.")
    if offer["answers"][seat] != 0:
        fail("You have already answered this offer.")
    accept = move["type"] == "accept_offer"
    if accept and not can_afford(state["hands"][seat], offer["get"]):
        fail("You can only accept if you hold the cards asked for.", code="cannot_afford")
    offer["answers"][seat] = 1 if accept else -1
    return [event("offer_answered", seat=seat, accepted=accept)]


def do_confirm_trade(state, seat, move):
    other, offer = move["seat"], state["offer"]
    if state["phase"] != "trade" or seat != state["turn"]:
        fail("Only the player who made the offer confirms it.")
    if other not in offer["to"] or offer["answers"][other] != 1:
        fail("You can only trade with a player who accepted.", seat=other)
    mine, theirs = state["hands"][seat], state["hands"][other]
    if not can_afford(mine, offer["give"]) or not can_afford(theirs, offer["get"]):
        fail("Both players must still hold the cards of the trade.", code="cannot_afford")
    for r in range(5):
        mine[r] += offer["get"][r] - offer["give"][r]
        theirs[r] += offer["give"][r] - offer["get"][r]
    state["offer"], state["phase"] = None, "main"
    return [event("traded", seat=seat, partner=other, give=card_names(offer["give"]), get=card_names(offer["get"]))]
