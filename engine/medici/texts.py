"""Medici's words: a label per move type, a line per event (English here,
French in locale/fr/LC_MESSAGES/messages.po). See engine/i18n.py."""

from __future__ import annotations

from engine.i18n import Amount

MOVES = {
    "draw": "Draw another tile",
    "offer": "Offer the lot for {price}",
    "buy": "Buy the lot",
    "decline": "Decline the lot",
    "buy.priced": "Buy the lot for {price}",
    "decline.priced": "Decline the lot at {price}",
    "load": "Load the lot on ship {ship} in harbour {harbour}",
    "discard": "Discard the lot",
}

TEMPLATES = {"offer": "Name a price for the lot"}

EVENTS = {
    "credit_repaid": "Credits are repaid",
    "game_over": "Game over: {winners} won",
    "lot_bought": "{seat} bought the lot for {price}",
    "lot_discarded": "{seat} discarded the lot",
    "lot_loaded": "{seat} loaded the lot on ship {ship} in harbour {harbour}",
    "offer_declined": "{seat} declined the lot at {price}",
    "price_offered": "{seat} offers the lot for {price}",
    "round_scored": "Round {round} is scored: {seat} earns {gain}, {next} earns {other}",
    "round_started": "Round {round} begins; {seat} draws first",
    "tile_drawn": "{seat} drew {kind} ({value})",
    "turn_started": "{seat}'s turn",
}


def fields(kind: str, data: dict) -> dict:
    """A drawn tile reads as its goods and value; ships and harbours count from 1; a scored round
    says what each seat earns (its harbours, monopolies and bonuses together); money as coins."""
    out: dict = {}
    tile = data.get("tile")
    if isinstance(tile, dict):
        out.update(kind=tile.get("kind"), value=tile.get("value"))
    for name in ("ship", "harbour"):
        if type(data.get(name)) is int:
            out[name] = data[name] + 1
    income = data.get("income")
    if isinstance(income, list) and len(income) == 2 and all(isinstance(i, dict) for i in income):
        gains = [sum(n for n in i.values() if type(n) is int) for i in income]  # harbours, monopolies, bonuses
        out.update(seat=0, gain=Amount(gains[0], "coin"), next=1, other=Amount(gains[1], "coin"))
    if type(data.get("price")) is int:
        out["price"] = Amount(data["price"], "coin")
    return out
