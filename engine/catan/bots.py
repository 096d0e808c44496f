"""Catan bots. `greedy`: a heuristic player deciding from its view and legal moves only.

It values an intersection by the dice odds ("pips") of the hexes around it,
builds the most valuable thing it can (city, then settlement, then a
development card), steers roads toward the best free spot, trades toward its
next build (first with the players: one spare card for one missing card,
then with the bank), robs the leader's best hex, and discards its most
plentiful cards. It never trades with a player who has 8 or more public
points: one card could be that player's winning one (and takes back a
standing proposal to such a player when asked again). `random_bounded`: uniform
over its moves like everyone's `random` bot, but at most two offers or calls
for proposals per turn and never a like-for-like trade (which the rules
refuse). Catan's `random` is that bot with one offer or call per turn: the
shared uniform bot asked a human again after each refusal, turn after turn
(two of its three moves with few cards are trade moves). The board's static topology is public and the same for every
match (the catalogue carries it); the bots read it from engine.catan.board
rather than from any match state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.catan import board as B
from engine.core import fill, random_value

RES = ("lumber", "brick", "wool", "grain", "ore")
NEAR_WIN = 8  # public points from which the bot stops trading with a player
TERRAIN_RES = {"forest": "lumber", "hills": "brick", "pasture": "wool", "fields": "grain", "mountains": "ore"}
COSTS = {
    "city": {"grain": 2, "ore": 3},
    "settlement": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1},
    "development": {"wool": 1, "grain": 1, "ore": 1},
    "road": {"lumber": 1, "brick": 1},
}


def pips(number: int) -> int:
    return 0 if not number else 6 - abs(7 - number)


class Table:
    """What the bot reads off its view, computed once per decision."""

    def __init__(self, view: dict):
        self.view = view
        self.me = view["you"]["seat"]
        self.hand = view["you"]["hand"]
        board = view["board"]
        self.numbers, self.terrain, self.robber = board["numbers"], board["terrain"], board["robber"]
        self.owner = [-1] * B.N_NODES
        self.city = [0] * B.N_NODES
        for n, s in view["settlements"]:
            self.owner[n] = s
        for n, s in view["cities"]:
            self.owner[n], self.city[n] = s, 1
        self.road = [-1] * B.N_EDGES
        for e, s in view["roads"]:
            self.road[e] = s
        self.harbour_kind = {}
        for h in board["harbours"]:
            for n in h["nodes"]:
                self.harbour_kind[n] = h["kind"]
        self.income = self._income()

    def _income(self) -> dict:
        """My expected cards per resource (pips), to know what is scarce."""
        inc = dict.fromkeys(RES, 0.0)
        for n in range(B.N_NODES):
            if self.owner[n] == self.me:
                for h in B.NODE_HEXES[n]:
                    res = TERRAIN_RES.get(self.terrain[h])
                    if res and h != self.robber:
                        inc[res] += pips(self.numbers[h]) * (1 + self.city[n])
        return inc

    def node_value(self, n: int) -> float:
        value, kinds = 0.0, set()
        for h in B.NODE_HEXES[n]:
            res = TERRAIN_RES.get(self.terrain[h])
            if res:
                p = pips(self.numbers[h])
                value += p * (1.5 if self.income[res] == 0 else 1.0)
                kinds.add(res)
        value += 0.5 * len(kinds)
        if n in self.harbour_kind:
            value += 1.0
        return value

    def spot_free(self, n: int) -> bool:
        return self.owner[n] == -1 and all(self.owner[m] == -1 for m in B.NODE_NEIGHBOURS[n])

    def road_value(self, e: int) -> float:
        """Best free settlement spot this road reaches, within two more paths."""
        best = 0.0
        for n in B.EDGE_NODES[e]:
            if self.owner[n] not in (-1, self.me):
                continue
            for m, dist in ((n, 0), *((k, 1) for k in B.NODE_NEIGHBOURS[n])):
                if self.spot_free(m):
                    best = max(best, self.node_value(m) / (1 + dist))
        return best

    def hex_harm(self, h: int, victim_points: dict) -> float:
        """How much robbing a hex hurts others (and spares me)."""
        harm = 0.0
        for n in B.HEX_NODES[h]:
            s = self.owner[n]
            if s == self.me:
                return -1.0
            if s != -1:
                harm += pips(self.numbers[h]) * (1 + self.city[n]) * (1 + victim_points.get(s, 0) / 5)
        return harm

    def missing(self, cost: dict) -> dict:
        return {r: c - self.hand.get(r, 0) for r, c in cost.items() if self.hand.get(r, 0) < c}


class GreedyBot:
    name = "greedy"

    def choose(self, view: dict, legal: list[dict], rng: random.Random, templates: Sequence[dict] = ()) -> dict:
        by_type: dict[str, list[dict]] = {}
        for m in legal:
            by_type.setdefault(m["type"], []).append(m)
        table = Table(view)
        self.templates = templates
        if view["phase"] == "discard":
            return self._discard(table, view, templates)
        for decide in (
            self._setup,
            self._answer,
            self._robber,
            self._roll_phase,
            self._build,
            self._domestic,
            self._trade,
            self._finish,
        ):
            move = decide(table, view, by_type, rng)
            if move is not None:
                return move
        return rng.choice(legal)

    # --- phases ---------------------------------------------------------------
    def _setup(self, t, view, by_type, rng):
        if view["phase"] != "setup":
            return None
        if "build_settlement" in by_type:
            return max(by_type["build_settlement"], key=lambda m: (t.node_value(m["node"]), -m["node"]))
        if "build_road" in by_type:
            return max(by_type["build_road"], key=lambda m: (t.road_value(m["edge"]), -m["edge"]))
        return None

    def _answer(self, t, view, by_type, rng):
        """Asked by the active player: accept a fair offer, else propose one spare card for one needed card."""
        if "decline_trade" not in by_type:
            return None
        active = view["turn"]
        if view["players"][active]["points"] >= NEAR_WIN:
            return by_type.get("withdraw_proposal", by_type["decline_trade"])[0]
        need, spare = self._need_and_spare(t, view)
        offer = view["trade"]["offer"]
        if "accept_offer" in by_type and self._good_deal(offer["give"], offer["get"], need, spare):
            return by_type["accept_offer"][0]
        if need and spare and view["players"][active]["cards"]:
            return {"type": "propose_trade", "give": {min(spare): 1}, "get": {min(need): 1}}
        return by_type["decline_trade"][0]

    def _need_and_spare(self, t, view) -> tuple[dict, dict]:
        """Cards missing for my next build, and cards beyond it I can give away."""
        target = self._target_cost(t, view)
        need = t.missing(target)
        spare = {r: c - target.get(r, 0) for r, c in t.hand.items() if c > target.get(r, 0) and r not in need}
        return need, spare

    @staticmethod
    def _good_deal(gets: dict, gives: dict, need: dict, spare: dict) -> bool:
        """Only cards I lack coming in, only spare cards going out, never more out than in."""
        return (
            bool(gets)
            and all(need.get(r, 0) >= c for r, c in gets.items())
            and all(spare.get(r, 0) >= c for r, c in gives.items())
            and sum(gives.values()) <= sum(gets.values())
        )

    def _domestic(self, t, view, by_type, rng):
        """As the active player: take a good proposal, confirm an accepted offer, or offer once per turn."""
        table = view["trade"]
        need, spare = self._need_and_spare(t, view)
        points = {p["seat"]: p["points"] for p in view["players"]}
        for m in by_type.get("accept_proposal", []):
            proposal = next(p for p in table["proposals"] if p["from"] == m["seat"])
            if points[m["seat"]] < NEAR_WIN and self._good_deal(proposal["give"], proposal["get"], need, spare):
                return m
        confirms = [m for m in by_type.get("confirm_trade", []) if points[m["seat"]] < NEAR_WIN]
        if confirms:
            return min(confirms, key=lambda m: (points[m["seat"]], m["seat"]))
        if table["offers_made"] or not need or not spare or view["phase"] != "main":
            return None
        partners = [s for s, p in points.items() if s != t.me and p < NEAR_WIN]
        offers = [m for m in self.templates if m["move"]["type"] == "offer_trade"]
        if not partners or not offers:
            return None
        most = max(spare, key=lambda r: spare[r])
        return {"type": "offer_trade", "give": {most: 1}, "get": {min(need): 1}, "to": partners}

    def _discard(self, t, view, templates):
        """The most plentiful cards beyond what the next build needs."""
        tmpl = next(m for m in templates if m["move"]["type"] == "discard")
        owed, keep = tmpl["params"]["cards"]["min_total"], self._target_cost(t, view)
        left, cards = dict(t.hand), dict[str, int]()
        for _ in range(owed):
            r = max((r for r in RES if left.get(r, 0)), key=lambda r: (left[r] - keep.get(r, 0), r))
            left[r] -= 1
            cards[r] = cards.get(r, 0) + 1
        return {"type": "discard", "cards": cards}

    def _robber(self, t, view, by_type, rng):
        if "move_robber" not in by_type:
            return None
        points = {p["seat"]: p["points"] for p in view["players"]}
        cards = {p["seat"]: p["cards"] for p in view["players"]}
        return max(
            by_type["move_robber"],
            key=lambda m: (
                t.hex_harm(m["hex"], points),
                cards.get(m["victim"], 0) if m["victim"] is not None else -1,
                -m["hex"],
            ),
        )

    def _roll_phase(self, t, view, by_type, rng):
        if view["phase"] != "roll":
            return None
        if "play_knight" in by_type and self._robber_on_me(t):
            return by_type["play_knight"][0]
        return by_type.get("roll", [None])[0]

    def _robber_on_me(self, t) -> bool:
        return any(t.owner[n] == t.me for n in B.HEX_NODES[t.robber])

    def _build(self, t, view, by_type, rng):
        if view["phase"] == "road_building" and "build_road" in by_type:
            return max(by_type["build_road"], key=lambda m: (t.road_value(m["edge"]), -m["edge"]))
        if view["phase"] != "main":
            return None
        if "build_city" in by_type:
            return max(by_type["build_city"], key=lambda m: (t.node_value(m["node"]), -m["node"]))
        if "build_settlement" in by_type:
            return max(by_type["build_settlement"], key=lambda m: (t.node_value(m["node"]), -m["node"]))
        if "play_knight" in by_type and (self._robber_on_me(t) or self._army_race(view)):
            return by_type["play_knight"][0]
        if "play_road_building" in by_type and view["players"][t.me]["roads_left"] >= 2:
            return by_type["play_road_building"][0]
        if "play_year_of_plenty" in by_type:
            need = t.missing(self._target_cost(t, view))
            return max(
                by_type["play_year_of_plenty"],
                key=lambda m: (sum(1 for r in m["resources"] if need.get(r, 0) > 0), sorted(m["resources"])),
            )
        if "play_monopoly" in by_type:
            return max(by_type["play_monopoly"], key=lambda m: (-t.income[m["resource"]], m["resource"]))
        spots = self._reachable_spots(t)
        if "build_road" in by_type and not spots and view["players"][t.me]["settlements_left"]:
            best = max(by_type["build_road"], key=lambda m: (t.road_value(m["edge"]), -m["edge"]))
            if t.road_value(best["edge"]) > 0:
                return best
        if "buy_development" in by_type and not (spots and t.hand.get("grain", 0) < 2):
            return by_type["buy_development"][0]
        return None

    def _army_race(self, view) -> bool:
        me = view["you"]["seat"]
        mine = view["players"][me]["knights"]
        top = max(p["knights"] for p in view["players"] if p["seat"] != me)
        return view["largest_army"] != me and mine + 1 >= 3 and mine + 1 > top

    def _reachable_spots(self, t) -> list:
        spots = set()
        for e in range(B.N_EDGES):
            if t.road[e] == t.me:
                for n in B.EDGE_NODES[e]:
                    if t.spot_free(n):
                        spots.add(n)
        return sorted(spots)

    def _target_cost(self, t, view) -> dict:
        me = view["players"][t.me]
        if view["settlements"] and any(s == t.me for _, s in view["settlements"]) and me["cities_left"]:
            return COSTS["city"]
        if self._reachable_spots(t) and me["settlements_left"]:
            return COSTS["settlement"]
        if view["development_deck"]:
            return COSTS["development"]
        return COSTS["road"]

    def _trade(self, t, view, by_type, rng):
        if "maritime_trade" not in by_type:
            return None
        target = self._target_cost(t, view)
        need = t.missing(target)
        if not need:
            return None
        ratios = view["you"]["trade_ratios"]
        useful = [
            m
            for m in by_type["maritime_trade"]
            if need.get(m["get"], 0) > 0 and t.hand[m["give"]] - target.get(m["give"], 0) >= ratios[m["give"]]
        ]
        if not useful:
            return None
        return max(
            useful,
            key=lambda m: (t.hand[m["give"]] - target.get(m["give"], 0), -t.income[m["get"]], m["give"], m["get"]),
        )

    def _finish(self, t, view, by_type, rng):
        return by_type.get("end_turn", [None])[0]


class BoundedRandomBot:
    """The random bot, with at most MAX_OFFERS offers or calls for proposals per turn,
    and trades that ask only for resources they do not give (the rules refuse like for like)."""

    name = "random_bounded"
    MAX_OFFERS = 2

    def choose(self, view: dict, legal: list[dict], rng: random.Random, templates: Sequence[dict] = ()) -> dict:
        if view.get("trade", {}).get("offers_made", 0) >= self.MAX_OFFERS:
            legal = [m for m in legal if m["type"] != "call_for_proposals"] or legal
            templates = [m for m in templates if m["move"]["type"] != "offer_trade"]
        pick = rng.randrange(len(legal) + len(templates))
        if pick < len(legal):
            return legal[pick]
        move = fill(templates[pick - len(legal)], lambda param: random_value(param, rng))
        if "get" in move and type(move["get"]) is dict:
            move["get"] = {r: c for r, c in move["get"].items() if r not in move["give"]}
            if not move["get"]:
                return rng.choice(legal) if legal else self.choose(view, legal, rng, templates)
        return move


class RandomBot(BoundedRandomBot):
    """Catan's `random`: uniform, but one offer or call for proposals per turn, so a turn moves on
    once the players asked have answered."""

    name = "random"
    MAX_OFFERS = 1


BOTS = {"greedy": GreedyBot, "random": RandomBot, "random_bounded": BoundedRandomBot}
