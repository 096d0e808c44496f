"""Catan's words: a label per move type, a line per event (English here,
French in locale/fr/LC_MESSAGES/messages.po). See engine/i18n.py.

A move type not listed here (a newer trade move) reads as a plain gap,
which the every-move label test reports."""

from __future__ import annotations

MOVES = {
    "roll": "Roll the dice",
    "build_road": "Build a road on path {edge}",
    "build_settlement": "Build a settlement on intersection {node}",
    "build_city": "Build a city on intersection {node}",
    "buy_development": "Buy a development card",
    "play_knight": "Play a knight",
    "play_road_building": "Play Road Building",
    "play_year_of_plenty": "Play Year of Plenty: {resources}",
    "play_monopoly": "Play Monopoly on {resource}",
    "move_robber": "Move the robber to hex {hex}, stealing from {victim}",
    "discard": "Discard one {resource}",
    "maritime_trade": "Trade {give} to the bank for one {get}",
    "propose_trade": "Propose a trade",
    "offer_give": "Offer one {resource}",
    "offer_get": "Ask for one {resource}",
    "send_offer": "Send the offer to {to}",
    "cancel_offer": "Cancel the offer",
    "accept_offer": "Accept the offer",
    "decline_offer": "Decline the offer",
    "confirm_trade": "Trade with {seat}",
    "end_turn": "End your turn",
}

EVENTS = {
    "city_built": "{seat} built a city on intersection {node}",
    "development_bought": "{seat} bought a development card",
    "development_drawn": "{seat} drew {card}",
    "development_played": "{seat} played {card}",
    "dice_rolled": "{seat} rolled {total}",
    "discarded": "{seat} discarded one {resource}",
    "game_over": "Game over: {winner} won",
    "largest_army": "{seat} has the largest army ({knights} knights)",
    "longest_road": "{seat} has the longest road ({length})",
    "maritime_trade": "{seat} traded {ratio} {give} with the bank for one {get}",
    "monopoly": "{seat} took every {resource} (Monopoly)",
    "must_discard": "Players holding more than 7 cards discard half",
    "offer_answered": "{seat} answered the offer: {accepted}",
    "offer_cancelled": "{seat} cancelled the offer",
    "offer_made": "{seat} offers {give} for {get}",
    "road_built": "{seat} built a road on path {edge}",
    "robber_moved": "{seat} moved the robber to hex {hex}",
    "second_settlement_yield": "{seat} collected {gains}",
    "settlement_built": "{seat} built a settlement on intersection {node}",
    "stolen": "{thief} stole a card from {victim}",
    "stolen_card": "{thief} stole one {resource} from {victim}",
    "traded": "{seat} traded {give} with {partner} for {get}",
    "turn_ended": "{seat} ended the turn; {next} plays",
    "year_of_plenty": "{seat} took {resources} from the bank",
}
