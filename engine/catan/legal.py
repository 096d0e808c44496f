"""Who is to act and what each seat may do now (the moves listed whole)."""

from __future__ import annotations

from engine.catan import data as D
from engine.catan.development import legal_dev_plays
from engine.catan.production import discard_templates, legal_robber
from engine.catan.setup import legal_setup
from engine.catan.spots import city_spots, harbour_ratios, road_spots, settlement_spots
from engine.catan.trade import legal_answers, legal_domestic, may_trade, trade_templates


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
    if not may_trade(state):
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
    return moves + legal_domestic(state, seat)


def legal_moves(state, seat) -> list:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "discard":
        return []  # a template: the cards chosen all at once
    if phase == "trade":
        return legal_answers(state, seat) if state["asked"][seat] else []
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
    raise AssertionError(phase)


def to_act(state) -> set:
    phase = state["phase"]
    if phase == "over":
        return set()
    if phase == "discard":
        return {s for s, owed in enumerate(state["discard"]) if owed}
    if phase == "trade":
        # Only the players asked, who owe an answer: the active player waits for them (a seat
        # listed here must be able to move now, and a server bot cannot wait), then withdraws,
        # replaces or confirms in one move. Nobody else: a proposal is made when asked.
        return {s for s, asked in enumerate(state["asked"]) if asked}
    return {state["turn"]}


def move_templates(state, seat) -> list:
    """The parametric moves: a 7's discard, a domestic offer or proposal."""
    phase = state["phase"]
    if phase == "discard":
        return discard_templates(state, seat)
    if phase in ("main", "trade") and seat in to_act(state):
        return trade_templates(state, seat)
    return []
