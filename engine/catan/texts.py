"""Catan's words: a label per move type, a line per event (English here,
French in locale/fr/LC_MESSAGES/messages.po). See engine/i18n.py.

A move type not listed here (a newer trade move) reads as a plain gap,
which the every-move label test reports."""

from __future__ import annotations

from engine.catan.board import EDGE_NODES

MOVES = {
    "roll": "Roll the dice",
    "build_road": "Build a road on path {edge} (between intersections {a} and {b})",
    "build_settlement": "Build a settlement on intersection {node}",
    "build_city": "Build a city on intersection {node}",
    "buy_development": "Buy a development card",
    "play_knight": "Play a knight",
    "play_road_building": "Play Road Building",
    "play_year_of_plenty": "Play Year of Plenty: {resources}",
    "play_monopoly": "Play Monopoly on {resource}",
    "move_robber": "Move the robber to hex {hex} ({number}, {yields}), stealing from {victim}",
    "move_robber.desert": "Move the robber to hex {hex} (the desert), stealing from {victim}",
    # French says « sans voler personne », not « et voler personne »: nobody to rob is its own text.
    "move_robber.nobody": "Move the robber to hex {hex} ({number}, {yields}), stealing from nobody",
    "move_robber.desert.nobody": "Move the robber to hex {hex} (the desert), stealing from nobody",
    "discard": "Discard {cards}",
    "maritime_trade": "Trade {give} to the bank for one {get}",
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
    "development_drawn": "{seat} drew {card}",
    "development_played": "{seat} played {card}",
    "dice_rolled": "{seat} rolled {total}",
    "discarded": "{seat} discarded {cards}",
    "game_over": "Game over: {winner} won",
    "largest_army": "{seat} has the largest army ({knights} knights)",
    "longest_road": "{seat} has the longest road ({length})",
    "maritime_trade": "{seat} traded {ratio} {give} with the bank for one {get}",
    "monopoly": "{seat} took every {resource} (Monopoly)",
    "must_discard": "Players holding more than 7 cards discard half",
    "offer_made": "{seat} offers {give} for {get} to {addressed}",
    "proposals_called": "{seat} asks {asked} for proposals",
    "offer_accepted": "{seat} accepts the offer of {partner}",
    "trade_proposed": "{seat} proposes {give} for {get} to {partner}",
    "trade_declined": "{seat} declines to trade",
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


def fields(kind: str, data: dict) -> dict:
    """A path reads with the intersections at its ends, which a map shows by number."""
    edge = data.get("edge")
    if type(edge) is int and 0 <= edge < len(EDGE_NODES):
        a, b = EDGE_NODES[edge]
        return {"a": a, "b": b}
    return {}
