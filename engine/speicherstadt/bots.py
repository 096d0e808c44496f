"""A greedy Speicherstadt bot: values each card in victory points for its seat.

It reads only its seat's view and its legal moves (as the HTTP API gives
them), never the state:

- demand: puts each worker where (value - price it would then pay) is best,
  preferring cards where it would be the lowest (first) bidder;
- purchase: buys when the card is worth its price, coins counted in VP;
- shipping: delivers to contracts (fullest first), converts 3 useless cubes
  into a needed one, sells to its traders, stores in its warehouse, sells
  pairs at the market hall, keeps the best cube, then `done`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.speicherstadt.data import CARDS, OFFICE_VP

FIRE_VALUES = {"fire_1": 1, "fire_2": 2, "fire_3": 3, "fire_4": 4}


class GreedyBot:
    name = "greedy"
    NOT_FIRST = 0.5  # share of a card's value lost when another player bids first

    def choose(self, view: dict, legal: list[dict], rng: random.Random, templates: Sequence[dict] = ()) -> dict:
        kind = legal[0]["type"]
        if kind == "place_worker":
            return self._place(view, legal)
        if kind in ("buy", "decline"):
            return self._purchase(view, legal)
        return self._ship(view, legal)

    # ----------------------------------------------------------- valuations
    @staticmethod
    def _me(view):
        return view["seats"][view["you"]]

    @staticmethod
    def _rounds_left(view) -> float:
        cards = sum(n for season, n in view["deck"].items() if season != "E")
        return cards / (len(view["seats"]) + 1)

    def _coin_vp(self, view) -> float:
        me = self._me(view)
        if "chamber_of_commerce" in me["cards"]:
            return 1.0
        left = self._rounds_left(view)
        return 0.8 if left >= 3 else 0.55 if left >= 1 else 0.3

    @staticmethod
    def _free_slots(me) -> dict[str, float]:
        """Good -> VP a cube of it brings to my contracts (best open symbol)."""
        slots: dict[str, float] = {}
        for contract in me["contracts"]:
            missing = list(contract["goods"])
            for good in contract["placed"]:
                missing.remove(good)
            if not missing:
                continue
            per_cube = contract["vp"] / len(contract["goods"])
            bonus = 1.5 if len(missing) == 1 else 1.0  # the cube that completes it
            for good in missing:
                slots[good] = max(slots.get(good, 0), per_cube * bonus)
        return slots

    def _cube_vp(self, view, good, slots) -> float:
        me = self._me(view)
        if good in slots:
            return slots[good]
        coin = self._coin_vp(view)
        traders = {CARDS[c].get("good") for c in me["cards"] if CARDS[c]["kind"] == "trader"}
        return coin if good in traders else coin / 2

    def _card_vp(self, view, card: str, cubes: list[str]) -> float:
        me = self._me(view)
        info = CARDS[card]
        left = self._rounds_left(view)
        kind = info["kind"]
        owned = [CARDS[c]["kind"] for c in me["cards"]]
        if kind == "contract":
            have = me["warehouse"] + me["market"]
            head = sum(1 for g in set(info["goods"]) if g in have)
            # tuned against random play: contracts are worth less than they look
            chance = min(1.0, 0.05 + 0.04 * left + 0.2 * head)
            return info["vp"] * chance
        if kind == "ship":
            slots = self._free_slots(me)
            value = 1.2 * sum(self._cube_vp(view, g, slots) for g in cubes)
            return value + (1.2 if "port" in owned else 0.36)
        if kind == "fireman":
            return self._fireman_vp(view, info["value"])
        if kind == "office":
            count = owned.count("office")
            return OFFICE_VP[count + 1] - OFFICE_VP[count]
        if kind == "church":
            return info["vp"]
        if kind == "port":
            return owned.count("ship") + 0.5 * left
        if kind == "chamber":
            return me["coins"] + 0.5 * left
        if kind == "trader":
            return 1 + 0.25 * min(left, 6)
        if kind == "warehouse":
            return 1 + 0.4 * min(left, 5)
        if kind == "bank":
            return self._coin_vp(view) * left
        return 0.0

    def _fireman_vp(self, view, value) -> float:
        """The fire points this fireman would swing if nobody else bought one, discounted."""
        done = {f["card"] for f in view["fires"]}
        at_stake = sum(v for card, v in FIRE_VALUES.items() if card not in done)
        mine = self._me(view)["firemen"]
        others = [s["firemen"] for s in view["seats"] if s["seat"] != view["you"]]
        swing = _fire_result(mine + value, others) - _fire_result(mine, others)
        return (0.7 * swing + 0.1 * value) * at_stake

    # --------------------------------------------------------------- phases
    def _place(self, view, legal):
        me = self._me(view)
        coin = self._coin_vp(view)
        best, choice = None, legal[0]
        for move in legal:
            slot = view["row"][move["card"]]
            price = len(slot["workers"]) + 1
            first = not slot["workers"] or slot["workers"][0] == view["you"]
            value = self._card_vp(view, slot["card"], slot["cubes"])
            score: float
            if price > me["coins"]:
                score = -price  # it will be passed over; waste the worker cheaply
            else:
                score = value - coin * price - (0 if first else self.NOT_FIRST * value)
            if best is None or score > best:
                best, choice = score, move
        return choice

    def _purchase(self, view, legal):
        slot = view["row"][view["offer"]["position"]]
        value = self._card_vp(view, slot["card"], slot["cubes"])
        worth = value >= self._coin_vp(view) * view["offer"]["price"]
        want = {"type": "buy"} if worth else {"type": "decline"}
        return want if want in legal else legal[-1]

    def _ship(self, view, legal):
        me = self._me(view)
        by_type: dict[str, list[dict]] = {}
        for move in legal:
            by_type.setdefault(move["type"], []).append(move)
        if "deliver" in by_type:
            return min(by_type["deliver"], key=lambda m: self._missing(me, m["contract"]))
        slots = self._free_slots(me)
        for move in by_type.get("convert", []):
            if move["take"] in slots and not any(g in slots for g in move["goods"]):
                return move
        if "sell" in by_type:
            return by_type["sell"][0]
        from_ship = [m for m in by_type.get("store", []) if m["from"] == "ship"]
        if from_ship:
            return max(from_ship, key=lambda m: m["good"] in slots)
        if "market_sell" in by_type:
            return max(by_type["market_sell"], key=lambda m: self._keeps(me, m, slots))
        to_market = [m for m in by_type.get("to_market", []) if m["from"] == "ship"]
        if to_market:
            return max(to_market, key=lambda m: m["good"] in slots)
        if {"type": "done"} in legal:
            return {"type": "done"}
        return legal[0]

    @staticmethod
    def _missing(me, contract_id) -> int:
        contract = next(c for c in me["contracts"] if c["card"] == contract_id)
        return len(contract["goods"]) - len(contract["placed"])

    @staticmethod
    def _keeps(me, move, slots) -> float:
        """How good the cube left on the market hall after this sale is."""
        left = list(me["market"])
        for good in move["goods"]:
            left.remove(good)
        return max((slots.get(g, 0.1) for g in left), default=0)


def _fire_result(mine: int, others: list[int]) -> int:
    """+1 if I would gain a fire's points, -1 if I would lose them, else 0."""
    totals = [mine, *others]
    if max(totals) == min(totals):
        return 0
    return (mine == max(totals)) - (mine == min(totals))


BOTS = {"greedy": GreedyBot}
