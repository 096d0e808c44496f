"""Trade after the roll: maritime (with the bank) and domestic (between players).

Domestic trade as at the table (rule text, "Échange Domestique"): the
active player makes an offer to all or to chosen players (`offer_trade`) or
calls for proposals (`call_for_proposals`); the players asked then answer,
each in one move: `accept_offer` (an offer addressed to them), `propose_trade`
(their own terms to the active player: a proposal, or a counter-proposal to
the offer on the table) or `decline_trade`. While answers are awaited the
phase is `trade`: the players asked and the active player are to act. The
active player may then withdraw his offer or call (`withdraw_offer`),
replace it by a new offer (which asks its players again), confirm with a
player who already accepted or accept a proposal already made; a player
asked may also withdraw his standing proposal (`withdraw_proposal`) or
replace it by a new one. Once all have answered, the active player may
`confirm_trade` with a player who accepted, `accept_proposal` of any player
whose proposal stands, make a new offer, `withdraw_offer`, or go on with the
turn. Each seat has at most one offer or proposal standing; a new one
replaces it. An exchange, or the end of the turn, clears the table. Both
sides always give something, never the same resource on both sides, and the
cards must be held when offered and again at the exchange.
"""

from __future__ import annotations

from engine.catan import data as D
from engine.catan.common import R, card_names, fail
from engine.catan.spots import can_afford, harbour_ratios
from engine.core import counts_param, event, seats_param, template


def counts(named: dict) -> list[int]:
    """A move's {resource: count} as a list indexed by resource."""
    out = [0] * 5
    for name, count in named.items():
        out[R[name]] += count
    return out


def table_open(state) -> bool:
    return state["offer"] is not None or state["proposals"].count(None) != state["n"] or any(state["asked"])


def close_table(state) -> None:
    n = state["n"]
    state["offer"] = None
    state["asked"], state["accepted"], state["proposals"] = [0] * n, [0] * n, [None] * n


def may_trade(state) -> bool:
    return not (state["built"] and state["strict_order"])


# ----------------------------------------------------------------------------- what may be done
def trade_templates(state, seat) -> list:
    """The parametric trade moves: an offer by the active player, a proposal by a player asked."""
    hands, n = state["hands"], state["n"]
    mine = {D.RESOURCES[r]: c for r, c in enumerate(hands[seat]) if c}
    if not mine:
        return []
    if seat == state["turn"]:
        if state["phase"] not in ("main", "trade") or not may_trade(state) or over_cap(state):
            return []
        others = [s for s in range(n) if s != seat]
        held = askable(state, others)
        if not held:
            return []
        return [
            template(
                {"type": "offer_trade"},
                disjoint=[("give", "get")],
                give=counts_param(mine, 1, sum(hands[seat])),
                get=counts_param(dict.fromkeys(D.RESOURCES, held), 1, held),
                to=seats_param(others, 1, n - 1),
            )
        ]
    active = askable(state, [state["turn"]])
    if state["phase"] != "trade" or not state["asked"][seat] or not active:
        return []
    return [
        template(
            {"type": "propose_trade"},
            disjoint=[("give", "get")],
            give=counts_param(mine, 1, sum(hands[seat])),
            get=counts_param(dict.fromkeys(D.RESOURCES, active), 1, active),
        )
    ]


def askable(state, partners: list[int]) -> int:
    """The most cards a trade may ask of these partners: what they hold (at most a resource's
    whole bank), as the templates say; an offer asking more could never be accepted."""
    return min(D.BANK_PER_RESOURCE, sum(sum(state["hands"][s]) for s in partners))


def check_asked_for(get: list[int], most: int) -> None:
    if sum(get) > most:
        fail("You can ask for at most {most} cards: what the other side holds.", code="asks_too_much", most=most)


def over_cap(state) -> bool:
    return bool(state["max_offers"]) and state["offers"] >= state["max_offers"]


def legal_answers(state, seat) -> list:
    """A player asked: accept the offer addressed to them (cards held), or decline;
    and take back his own proposal if one stands (proposals are templates)."""
    offer = state["offer"]
    moves = [{"type": "decline_trade"}]
    if offer is not None and seat in offer["to"] and can_afford(state["hands"][seat], offer["get"]):
        moves.insert(0, {"type": "accept_offer"})
    if state["proposals"][seat] is not None:
        moves.append({"type": "withdraw_proposal"})
    return moves


def legal_domestic(state, seat) -> list:
    """The active player's domestic moves (offers are templates). While answers are
    awaited (phase `trade`) only the negotiation: withdraw or replace the offer or call,
    confirm with who accepted, accept a proposal; no new call."""
    hands, offer = state["hands"], state["offer"]
    waiting = state["phase"] == "trade"
    moves: list[dict] = [] if over_cap(state) or waiting else [{"type": "call_for_proposals"}]
    if offer is None and not waiting and state["proposals"].count(None) == state["n"]:
        return moves
    if offer is not None or waiting:
        moves.append({"type": "withdraw_offer"})
    if offer is not None and can_afford(hands[seat], offer["give"]):
        moves += [
            {"type": "confirm_trade", "seat": s}
            for s in offer["to"]
            if state["accepted"][s] and can_afford(hands[s], offer["get"])
        ]
    for s, proposal in enumerate(state["proposals"]):
        if proposal and can_afford(hands[s], proposal["give"]) and can_afford(hands[seat], proposal["get"]):
            moves.append({"type": "accept_proposal", "seat": s})
    return moves


def check_trade_time(state, negotiating: bool = False) -> None:
    """After the roll, on one's own turn; `negotiating`: also while answers are awaited."""
    if state["phase"] != "main" and not (negotiating and state["phase"] == "trade"):
        fail("You trade after rolling, on your own turn (with the bank, once the answers are in).")
    if state["built"] and state["strict_order"]:
        fail("Trade comes before building: once you have built or bought this turn, you can no longer trade.")


def do_maritime_trade(state, seat, move):
    g, t = R[move["give"]], R[move["get"]]
    check_trade_time(state)
    if g == t:
        fail("A maritime trade gives one resource for another.")
    ratio = harbour_ratios(state, seat)[g]
    if state["hands"][seat][g] < ratio:
        fail("You need {ratio} {give} for this trade.", code="cannot_afford", ratio=ratio, give=move["give"])
    if not state["bank"][t]:
        fail("The bank has no card of that resource left.", code="bank_empty")
    state["hands"][seat][g] -= ratio
    state["bank"][g] += ratio
    state["hands"][seat][t] += 1
    state["bank"][t] -= 1
    return [event("maritime_trade", seat=seat, give=move["give"], get=move["get"], ratio=ratio)]


def check_terms(give: list[int], get: list[int], held: list[int]) -> None:
    if not any(give) or not any(get):
        fail("Both sides of a trade give something: no gifts.", code="no_gifts")
    if any(g and t for g, t in zip(give, get)):
        fail("A trade never has the same resource on both sides.", code="like_for_like")
    if not can_afford(held, give):
        fail("You can only offer cards you hold.", code="cannot_afford")


def do_offer_trade(state, seat, move):
    """A new offer replaces the active player's offer or call: its players are asked anew."""
    check_trade_time(state, negotiating=True)
    if over_cap(state):
        fail(
            "At most {max_offers} offers per turn at this table.",
            code="too_many_offers",
            max_offers=state["max_offers"],
        )
    give, get, to = counts(move["give"]), counts(move["get"]), move["to"]
    check_terms(give, get, state["hands"][seat])
    if not to or to != sorted(set(to)) or seat in to or max(to) >= state["n"]:
        fail("An offer goes to one or more other players, each named once, in order.", to=to)
    check_asked_for(get, askable(state, [s for s in range(state["n"]) if s != seat]))
    state["offer"], state["accepted"] = {"give": give, "get": get, "to": list(to)}, [0] * state["n"]
    return ask(state, to) + [
        event("offer_made", seat=seat, give=card_names(give), get=card_names(get), addressed=list(to))
    ]


def do_call_for_proposals(state, seat, move):
    check_trade_time(state)
    if over_cap(state):
        fail(
            "At most {max_offers} offers per turn at this table.",
            code="too_many_offers",
            max_offers=state["max_offers"],
        )
    others = [s for s in range(state["n"]) if s != seat]
    return ask(state, others) + [event("proposals_called", seat=seat, asked=others)]


def ask(state, seats) -> list:
    """Only these players are asked now, and answer afresh: acceptances of earlier terms are
    dropped; a standing proposal stays until its maker withdraws or replaces it."""
    state["offers"] += 1
    state["asked"] = [0] * state["n"]
    for s in seats:
        state["asked"][s], state["accepted"][s] = 1, 0
    state["phase"] = "trade"
    return []


def answered(state, seat) -> None:
    state["asked"][seat] = 0
    if not any(state["asked"]):
        state["phase"] = "main"


def check_asked(state, seat) -> None:
    if state["phase"] != "trade" or not state["asked"][seat]:
        fail("You answer when the active player asks you (an offer or a call for proposals).")


def do_accept_offer(state, seat, move):
    check_asked(state, seat)
    offer = state["offer"]
    if offer is None or seat not in offer["to"]:
        fail("No offer on the table is addressed to you.")
    if not can_afford(state["hands"][seat], offer["get"]):
        fail("You can only accept if you hold the cards asked for.", code="cannot_afford")
    state["accepted"][seat], state["proposals"][seat] = 1, None
    answered(state, seat)
    return [event("offer_accepted", seat=seat, partner=state["turn"])]


def do_propose_trade(state, seat, move):
    check_asked(state, seat)
    give, get = counts(move["give"]), counts(move["get"])
    check_terms(give, get, state["hands"][seat])
    check_asked_for(get, askable(state, [state["turn"]]))
    counter = state["offer"] is not None and seat in state["offer"]["to"]
    state["proposals"][seat], state["accepted"][seat] = {"give": give, "get": get}, 0
    answered(state, seat)
    return [
        event(
            "trade_proposed",
            seat=seat,
            partner=state["turn"],
            give=card_names(give),
            get=card_names(get),
            counter=counter,
        )
    ]


def do_decline_trade(state, seat, move):
    """No to this offer or call; a proposal the seat made earlier still stands."""
    check_asked(state, seat)
    state["accepted"][seat] = 0
    answered(state, seat)
    return [event("trade_declined", seat=seat)]


def do_withdraw_offer(state, seat, move):
    """The active player takes his offer or call off the table, even while answers are
    awaited: nobody is asked any more; proposals already made stand."""
    if state["phase"] not in ("main", "trade") or (state["offer"] is None and state["phase"] != "trade"):
        fail("You have no offer on the table to withdraw.")
    n = state["n"]
    state["offer"], state["accepted"], state["asked"], state["phase"] = None, [0] * n, [0] * n, "main"
    return [event("offer_withdrawn", seat=seat)]


def do_withdraw_proposal(state, seat, move):
    """A player asked takes his standing proposal back (he still owes his answer)."""
    check_asked(state, seat)
    if state["proposals"][seat] is None:
        fail("You have no proposal on the table to withdraw.")
    state["proposals"][seat] = None
    return [event("proposal_withdrawn", seat=seat, partner=state["turn"])]


def do_confirm_trade(state, seat, move):
    other, offer = move["seat"], state["offer"]
    check_trade_time(state, negotiating=True)
    if offer is None or other not in offer["to"] or not state["accepted"][other]:
        fail("You can only confirm your offer with a player who accepted it.", seat=other)
    return exchange(state, seat, other, offer["give"], offer["get"])


def do_accept_proposal(state, seat, move):
    other = move["seat"]
    check_trade_time(state, negotiating=True)
    proposal = state["proposals"][other] if 0 <= other < state["n"] else None
    if proposal is None:
        fail("That player has no proposal on the table.", seat=other)
    return exchange(state, seat, other, proposal["get"], proposal["give"])


def exchange(state, seat, other, give, get) -> list:
    """`seat` gives `give` to `other` and takes `get`; both must still hold their cards."""
    mine, theirs = state["hands"][seat], state["hands"][other]
    if not can_afford(mine, give) or not can_afford(theirs, get):
        fail("Both players must still hold the cards of the trade.", code="cannot_afford")
    for r in range(5):
        mine[r] += get[r] - give[r]
        theirs[r] += give[r] - get[r]
    close_table(state)
    state["phase"] = "main"
    return [event("traded", seat=seat, partner=other, give=card_names(give), get=card_names(get))]
