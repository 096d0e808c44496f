"""Speicherstadt's words: a label per move type, a line per event (English here,
French in locale/fr/LC_MESSAGES/messages.po). See engine/i18n.py.

Where a cube comes from and the card a text names are phrases, each translated as a whole
(`fields`): French says « du navire » but « de l'entrepôt » and « de la halle », « le contrat A1 »
but « la banque » and « l'entrepôt », which a bare noun after a fixed « de » or « le » got wrong."""

from __future__ import annotations

import re
from collections import Counter

from engine.i18n import Amount

MOVES = {
    "place_worker": "Place a worker at position {place}",
    "buy": "Buy the card",
    "decline": "Decline the card",
    "deliver": "Deliver {good} {origin} to {contract}",
    "sell": "Sell {good} {origin} to your trader",
    "store": "Store {good} {origin} in your warehouse",
    "to_market": "Put {good} {origin} on your market hall",
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
    "fire": "{card} breaks out (strength {value})",
    "game_over": "Game over: {winners} won",
    "income": "Income is paid",  # the next start player: "Round 3 begins; Ben starts", said once
    "market_converted": "{seat} converted {goods} into {take}",
    "market_sold": "{seat} sold {goods} from the market hall for {coins}",
    "purchase_declined": "{seat} did not buy {card} for {price}",  # a seat declines once per worker there
    "round_started": "Round {round} begins; {start} starts",
    "shipping_done": "{seat} ended shipping, losing {lost}",
    "shipping_started": "Shipping begins for {seats}",
    "worker_placed": "{seat} placed a worker on {card}",
}


# Where a cube comes from (a move's `from`), as a phrase: French « du navire », « de l'entrepôt ».
ORIGINS = {"ship": "from the ship", "warehouse": "from the warehouse", "market": "from the market hall"}
# A card named in a text reads with its article (`fields` puts THE before its id): "the bank", « la banque ».
THE = "the "
# A card whose name is a name of its own, without "the" in English.
PROPER = {"st_michaelis": "St. Michaelis"}


def fields(kind: str, obj: dict) -> dict:
    """Positions in the row of cards, counted from 1 as the players count them (the wire counts from 0);
    where a cube comes from and each card named, as phrases (`ORIGINS`, THE before a card's id);
    money as coins ("for 3 coins": « pour 3 » said no unit); cubes of a market hall's sale or
    conversion, or lost, counted by good ("Sell 2 tea", « 2 thés »: "Sell tea, tea" named each cube)."""
    out: dict = {}
    if obj.get("type") == "place_worker" and isinstance(obj.get("card"), int):
        out["place"] = obj["card"] + 1
    if obj.get("type") == "card_revealed" and isinstance(obj.get("position"), int):
        out["place"] = obj["position"] + 1
    if isinstance(obj.get("from"), str) and obj["from"] in ORIGINS:
        out["origin"] = ORIGINS[obj["from"]]
    for name in ("card", "contract"):
        if isinstance(obj.get(name), str):
            out[name] = THE + obj[name]
    for name in ("price", "coins"):
        if type(obj.get(name)) is int:
            out[name] = Amount(obj[name], "coin")
    for name in ("goods", "lost"):
        if isinstance(obj.get(name), list) and all(isinstance(good, str) for good in obj[name]):
            out[name] = dict(Counter(obj[name]))
    return out


_CARD = re.compile(r"^(contract|fireman|fire|office|ship)_([a-e]?\d?)$")


def term(value: str) -> tuple[str, str]:
    """A card id reads as its kind and its letter: "contract_a1" -> ("contract", " A1"); a card
    named in a text (`fields`) with its article: "the contract_a1" -> ("the contract", " A1"),
    "the bank" -> ("the bank", ""), "the st_michaelis" -> ("St. Michaelis", "")."""
    article = THE if value.startswith(THE) else ""
    card = value.removeprefix(article)
    if article and card in PROPER:
        return PROPER[card], ""
    found = _CARD.match(card)
    if found:
        return article + found.group(1), " " + found.group(2).upper()
    return article + card.replace("_", " "), ""
