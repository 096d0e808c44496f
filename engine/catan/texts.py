"""Catan's words: a label per move type, a line per event (English here,
French in locale/fr/LC_MESSAGES/messages.po). See engine/i18n.py.

A move type not listed here (a newer trade move) reads as a plain gap,
which the every-move label test reports."""

from __future__ import annotations

from collections import Counter

from engine.catan.board import EDGE_NODES
from engine.i18n import Amount, Phrase

MOVES = {
    "roll": "Roll the dice",
    "build_road": "Build a road on path {edge} (between intersections {a} and {b})",
    "build_settlement": "Build a settlement on intersection {node}",
    "build_city": "Build a city on intersection {node}",
    "buy_development": "Buy a development card",
    "play_knight": "Play a Knight",
    "play_road_building": "Play Road Building",
    "play_year_of_plenty": "Play Year of Plenty: {resources}",
    "play_monopoly": "Play Monopoly on {resource}",
    "move_robber": "Move the robber to hex {hex} ({number}, {yields}), stealing from {victim}",
    "move_robber.desert": "Move the robber to hex {hex} (the desert), stealing from {victim}",
    # French says « sans voler personne », not « et voler personne »: nobody to rob is its own text.
    "move_robber.nobody": "Move the robber to hex {hex} ({number}, {yields}), stealing from nobody",
    "move_robber.desert.nobody": "Move the robber to hex {hex} (the desert), stealing from nobody",
    "discard": "Discard {cards}",
    "maritime_trade": "Trade {give} to the bank for 1 {get}",
    "maritime_trade.counted": "Trade {give} to the bank for {get}",
    "offer_trade": "Offer {give} for {get} to {to}",
    "call_for_proposals": "Ask everyone for proposals",
    "withdraw_offer": "Withdraw your offer",
    "withdraw_proposal": "Withdraw your proposal",
    "confirm_trade": "Trade with {seat}",
    "accept_proposal": "Accept the proposal of {seat}",
    "accept_offer": "Accept the offer",
    "propose_trade": "Propose {give} for {get}",
    "decline_trade": "Decline to trade",
    "end_turn": "End your turn",
}

TEMPLATES = {
    "offer_trade": "Offer a trade",
    "propose_trade": "Propose a trade",
    "discard": "Discard half your hand",
}

EVENTS = {
    "city_built": "{seat} built a city on intersection {node}",
    "development_bought": "{seat} bought a development card",
    "development_drawn": "{seat} drew a {card} card",
    "development_played": "{seat} played a {card} card",
    "dice_rolled": "{seat} rolled {total}",
    "dice_rolled.produced": "{seat} rolled {total}: {produced}",
    "dice_rolled.short": "{seat} rolled {total}; the bank ran short of {bank_short}",
    "dice_rolled.produced.short": "{seat} rolled {total}: {produced}; the bank ran short of {bank_short}",
    "discarded": "{seat} discarded {cards}",
    "game_over": "Game over: {winner} won",
    "largest_army": "{seat} has the largest army ({knights} knights)",
    "longest_road": "{seat} has the longest road ({length})",
    "longest_road.none": "{seat} lost the longest road; nobody holds it now",
    "maritime_trade": "{seat} traded {gave} with the bank for {got}",
    # (after "Ana played a Monopoly card", in the same log entry)
    "monopoly": "{seat} took {took} from the other players",
    "monopoly.none": "{seat} took no {resource}: no other player held any",
    "must_discard": "Players holding more than 7 cards discard half",
    "offer_made": "{seat} offered {give} for {get} to {addressed}",
    "proposals_called": "{seat} asked {asked} for proposals",
    "offer_accepted": "{seat} accepted the offer of {partner}",
    "trade_proposed": "{seat} proposed {give} for {get} to {partner}",
    "trade_declined": "{seat} declined to trade",
    "offer_withdrawn": "{seat} withdrew the offer",
    "proposal_withdrawn": "{seat} withdrew the proposal to {partner}",
    "road_built": "{seat} built a road on path {edge} (between intersections {a} and {b})",
    "robber_moved": "{seat} moved the robber to hex {hex}",
    "second_settlement_yield": "{seat} collected {gains}",
    "settlement_built": "{seat} built a settlement on intersection {node}",
    "stolen": "{thief} stole a card from {victim}",
    "stolen_card": "{thief} stole a card from {victim}: {resource}",  # the public line, detailed
    "traded": "{seat} traded {give} with {partner} for {get}",
    "turn_ended": "{seat} ended the turn; {next} plays",
    "year_of_plenty": "{seat} took {resources} from the bank",
}


# The development cards by their titles, as the rules print them: "drew a Road Building card"
# (engine.i18n Words.term reads this table).
TERMS = {
    "knight": "Knight",
    "victory_point": "Victory Point",
    "road_building": "Road Building",
    "year_of_plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}


def variant(event: dict) -> dict:
    """An event whose usual line would be wrong or say too little: a roll that paid cards says to
    whom (a log of "Ana rolled 9" alone left each player to work it out from the map), and what the
    bank ran short of (the rules pay nobody, or the one seat owed what is left); a Monopoly that
    took nothing ("took 0 ore"), a longest road set aside (no seat holds it)."""
    kind = event.get("type")
    if kind == "dice_rolled":
        produced = ".produced" if isinstance(event.get("gains"), list) and any(event["gains"]) else ""
        short = ".short" if event.get("bank_short") else ""
        return {**event, "type": f"dice_rolled{produced}{short}"} if produced or short else event
    if kind == "monopoly" and isinstance(event.get("taken"), list) and not any(event["taken"]):
        return {**event, "type": "monopoly.none"}
    if kind == "longest_road" and event.get("seat") is None and event.get("previous") is not None:
        return {**event, "type": "longest_road.none", "seat": event["previous"]}
    return event


def fields(kind: str, data: dict) -> dict:
    """A path reads with the intersections at its ends, which a map shows by number; cards are
    counted as every line counts them ("took 2 ore", not "took ore, ore"; "for 1 brick", not "for
    one brick"); a road's length in roads."""
    out: dict = {}
    edge = data.get("edge")
    if type(edge) is int and 0 <= edge < len(EDGE_NODES):
        out["a"], out["b"] = EDGE_NODES[edge]
    resources = data.get("resources")
    if isinstance(resources, list) and all(isinstance(r, str) for r in resources):
        out["resources"] = dict(Counter(resources))
    type_, give, get, resource = (data.get(key) for key in ("type", "give", "get", "resource"))
    if type_ == "maritime_trade" and type(data.get("ratio")) is int and isinstance(give, str):
        out["gave"], out["got"] = {give: data["ratio"]}, {get: 1}
    if type_ == "monopoly" and isinstance(data.get("taken"), list) and isinstance(resource, str):
        out["took"] = Amount(sum(data["taken"]), resource)
    if isinstance(data.get("gains"), list):  # a roll's, by seat
        out["produced"] = [Phrase.of("{gains} for {seat}", gains=g, seat=s) for s, g in enumerate(data["gains"]) if g]
    if type_ == "longest_road" and type(data.get("length")) is int:
        out["length"] = Amount(data["length"], "road")
    return out
