"""Speicherstadt's words: a label per move type, a line per event (English here,
French in locale/fr/LC_MESSAGES/messages.po). See engine/i18n.py."""

from __future__ import annotations

import re

MOVES = {
    "place_worker": "Place a worker at position {place}",
    "buy": "Buy the card",
    "decline": "Decline the card",
    "deliver": "Deliver {good} from the {from} to {contract}",
    "sell": "Sell {good} from the {from} to your trader",
    "store": "Store {good} from the {from} in your warehouse",
    "to_market": "Put {good} from the {from} on your market hall",
    "market_sell": "Sell {goods} from your market hall",
    "convert": "Convert {goods} into {take}",
    "done": "End your shipping",
}

EVENTS = {
    "card_bought": "{seat} bought {card} for {price}",
    "card_discarded": "{card} was discarded",
    "card_revealed": "{card} is revealed at position {place}",
    "cube_delivered": "{seat} delivered {good} to {contract}",
    "cube_sold": "{seat} sold {good} for {coins}",
    "cube_stored": "{seat} stored {good} in the warehouse",
    "cube_to_market": "{seat} put {good} on the market hall",
    "fire": "Fire: {card} breaks out (strength {value})",
    "game_over": "Game over: {winners} won",
    "income": "Income is paid; {start} starts",
    "market_converted": "{seat} converted {goods} into {take}",
    "market_sold": "{seat} sold {goods} from the market hall for {coins}",
    "purchase_declined": "{seat} did not buy {card}",
    "round_started": "Round {round} begins; {start} starts",
    "shipping_done": "{seat} ended shipping, losing {lost}",
    "shipping_started": "Shipping begins for {seats}",
    "worker_placed": "{seat} placed a worker on {card}",
}


def fields(kind: str, obj: dict) -> dict:
    """Positions in the row of cards, counted from 1 as the players count them (the wire counts from 0)."""
    if obj.get("type") == "place_worker" and isinstance(obj.get("card"), int):
        return {"place": obj["card"] + 1}
    if obj.get("type") == "card_revealed" and isinstance(obj.get("position"), int):
        return {"place": obj["position"] + 1}
    return {}


_CARD = re.compile(r"^(contract|fireman|fire|office|ship)_([a-e]?\d?)$")


def term(value: str) -> tuple[str, str]:
    """A card id reads as its kind and its letter: "contract_a1" -> ("contract", " A1")."""
    found = _CARD.match(value)
    if found:
        return found.group(1), " " + found.group(2).upper()
    return value.replace("_", " "), ""
