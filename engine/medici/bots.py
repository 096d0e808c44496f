"""A greedy bot for Medici vs Strozzi, deciding only from its seat's view and legal moves.

It values a lot for each player as the best change the lot's placement makes
to "the round's scoring if it ended now" (harbour wins and monopoly markers,
the markers weighted by the rounds they will still pay in), less a small
price for the ship space it takes. Then, in money terms for itself:

- answering an offer at price p: buying gives  v_me - p,  declining gives
  p - v_drawer (the drawer pays and gains v_drawer); take the better one;
- naming a price: p = (v_me + v_opp) / 2, the price at which a rational
  opponent is indifferent, so either answer leaves it half the difference;
- drawing another tile: when the expected worth of the bigger lot (over the
  bag's public contents) beats the lot as it is;
- placing: the best load, or discard when no load is worth anything.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

HARBOUR_WIN = 20
MARKER_PAY = 10


class Table:
    """The parts of a view the bot reasons about, as small tuples."""

    def __init__(self, view: dict):
        self.me = view["seat"]
        self.harbour_goods = [tuple(h["goods"]) for h in view["harbours"]]
        self.tracks = [(m["harbour"], m["good"]) for m in view["markers"]]
        self.markers = [m["position"] for m in view["markers"]]
        self.steps = view["track_steps"]
        self.bonus = view["step_bonus"]
        self.rounds_left = view["rounds"] - view["round"]  # after this one
        # fleets[seat] = [(capacity, harbour, [(kind, value), ...]), ...]
        self.fleets = [
            [(s["capacity"], s["harbour"], [(t["kind"], t["value"]) for t in s["tiles"]]) for s in p["ships"]]
            for p in view["players"]
        ]
        self.bag = [(t["kind"], t["value"]) for t in view["bag"]["tiles"]]
        self.lot = [(t["kind"], t["value"]) for t in view["lot"]]
        self.tiles_left = len(self.bag)

    # --- evaluation ---------------------------------------------------------
    def worth(self, fleets, seat: int) -> float:
        """Seat's advantage (its income minus the other's) if the round were scored now."""
        cargo: list[list[list[tuple[str, int]]]] = [[[], []] for _ in self.harbour_goods]
        for s, fleet in enumerate(fleets):
            for _, harbour, tiles in fleet:
                if harbour is not None:
                    cargo[harbour][s].extend(tiles)
        # Harbour contests are still open: count a lead as most of a win.
        total = 0.0
        for harbour in range(len(cargo)):
            mine = sum(v for _, v in cargo[harbour][seat])
            theirs = sum(v for _, v in cargo[harbour][1 - seat])
            if mine != theirs:
                lead = min(1.0, 0.55 + 0.1 * abs(mine - theirs))
                total += HARBOUR_WIN * lead * (1 if mine > theirs else -1)
        marker_weight = 1 + 0.6 * self.rounds_left
        direction = -1 if seat == 0 else 1
        for track, (harbour, good) in enumerate(self.tracks):
            pushes = [sum(2 if v == 0 else 1 for k, v in cargo[harbour][s] if k == good) for s in (0, 1)]
            position = max(-self.steps, min(self.steps, self.markers[track] + pushes[1] - pushes[0]))
            if position:
                pay = MARKER_PAY + self.bonus[abs(position)]
                total += marker_weight * pay * (1 if position * direction > 0 else -1)
        return total

    def placements(self, seat: int, size: int):
        """(ship, harbour) pairs where seat may load a lot of that size."""
        fleet = self.fleets[seat]
        used = {harbour for _, harbour, _ in fleet if harbour is not None}
        for index, (capacity, harbour, tiles) in enumerate(fleet):
            if capacity - len(tiles) < size:
                continue
            if harbour is not None:
                yield index, harbour
            else:
                for h in range(len(self.harbour_goods)):
                    if h not in used:
                        yield index, h

    def slot_cost(self) -> float:
        """What a ship place is worth: more while the bag is full and the round young."""
        return 0.8 + 0.12 * self.tiles_left

    def gain(self, seat: int, lot, ship: int, harbour: int, base: float | None = None) -> float:
        if base is None:
            base = self.worth(self.fleets, seat)
        fleets = [list(f) for f in self.fleets]
        capacity, _, tiles = fleets[seat][ship]
        fleets[seat][ship] = (capacity, harbour, tiles + list(lot))
        return self.worth(fleets, seat) - base - self.slot_cost() * len(lot)

    def lot_value(self, seat: int, lot) -> float:
        """The best a seat can make of a lot (0: it can always discard)."""
        base = self.worth(self.fleets, seat)
        best = 0.0
        for ship, harbour in self.placements(seat, len(lot)):
            best = max(best, self.gain(seat, lot, ship, harbour, base))
        return best

    def offer_result(self, lot) -> float:
        """What the drawer expects from offering this lot at the indifference price."""
        return (self.lot_value(self.me, lot) - self.lot_value(1 - self.me, lot)) / 2


class GreedyBot:
    name = "greedy"

    def choose(self, view: dict, legal: list[dict], rng: random.Random, templates: Sequence[dict] = ()) -> dict:
        table = Table(view)
        kinds = {move["type"] for move in legal}
        if "buy" in kinds:
            return self._answer(table, view)
        if "discard" in kinds:
            return self._place(table, legal, rng)
        return self._draw_or_offer(table, view, legal, templates)

    def _answer(self, table: Table, view: dict) -> dict:
        price = view["price"]
        drawer = view["drawer"]
        buy = table.lot_value(table.me, table.lot) - price
        decline = price - table.lot_value(drawer, table.lot)
        return {"type": "buy"} if buy > decline else {"type": "decline"}

    def _place(self, table: Table, legal: list[dict], rng: random.Random) -> dict:
        base = table.worth(table.fleets, table.me)
        best, best_gain = {"type": "discard"}, 0.0
        for move in legal:
            if move["type"] != "load":
                continue
            gain = table.gain(table.me, table.lot, move["ship"], move["harbour"], base)
            if gain > best_gain or (gain == best_gain and best["type"] == "load" and rng.random() < 0.5):
                best, best_gain = move, gain
        return best

    def _draw_or_offer(self, table: Table, view: dict, legal: list[dict], templates: Sequence[dict]) -> dict:
        price = next(t for t in templates if t["move"]["type"] == "offer")["params"]["price"]
        if any(move["type"] == "draw" for move in legal) and table.bag:
            now = table.offer_result(table.lot)
            later = sum(table.offer_result(table.lot + [tile]) for tile in table.bag) / len(table.bag)
            if later > now:
                return {"type": "draw"}
        value = (table.lot_value(table.me, table.lot) + table.lot_value(1 - table.me, table.lot)) / 2
        low, high = price["min"], price["max"]
        return {"type": "offer", "price": max(low, min(high, round(value)))}


BOTS = {"greedy": GreedyBot}
