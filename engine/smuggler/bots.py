"""A heuristic bot for Cornish Smuggler that decides from its seat's view and legal moves only
(plus the public map and cards). Its plan is the smuggler's loop: sail to the merchant nearest
its landing place (a port or an opened cove with its pawn, one no unbribed officer watches),
buy the goods that sell best for their gold in the town they will reach, sail back, land with
just enough influence spent on hiding that no unbribed officer can reach the beach, take goods
out of the warehouse and carry them to the best town next door when they landed where nothing
sells (a pawn along if need be), sell at the dearest row worth its cost; bribe officers where it
lands, hire characters whose reputation is worth their gold, play its secrets (favours,
turncoats, informers, coves, false trails), raid the customs when Penzance is safe, walk a pawn
back to the coast when it has no landing place, and buy reputation with spare gold early on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.smuggler.board import PORTS, distances_from, land_near, risk_of, size_of
from engine.smuggler.content import BOATS, CHARACTERS, MERCHANTS, PRICES, SHAPES, START_WAREHOUSES


def cells(grid) -> int:
    return sum(row.count(".") for row in grid)


class SmugglerBot:
    name = "greedy"

    def choose(self, view: dict, legal: list[dict], rng: random.Random, templates: Sequence[dict] = ()) -> dict:
        self.view, self.me, self.rng = view, view["seat"], rng
        self.player = view["players"][self.me]
        kind = legal[0]["type"] if legal else "land"
        decide = getattr(self, "decide_" + kind, None)
        if view["deciding"] and decide is not None:
            return decide(legal)
        return self.action(legal, templates)

    # --- decisions asked of this seat ---------------------------------------------------
    def decide_choose_boat(self, legal):
        return max(legal, key=lambda m: cells(BOATS[m["boat"]][1]))

    def decide_choose_warehouse(self, legal):
        return max(legal, key=lambda m: cells(START_WAREHOUSES[m["warehouse"]][1]))

    def decide_draw_characters(self, legal):
        for pair in (["commerce", "officials"], ["religious", "officials"], ["officials", "officials"]):
            for move in legal:
                if move["decks"] == pair:
                    return move
        return legal[0]

    def decide_keep_character(self, legal):
        return max(legal, key=lambda m: CHARACTERS[m["card"]]["reputation"] - CHARACTERS[m["card"]]["gold"] / 4)

    def decide_place_pawn(self, legal):
        """The best place, chosen at random among those nearly as good (so bots at one table
        do not all follow the same seat order to the same ports)."""
        worth = {m["space"]: self.pawn_worth(m["space"]) for m in legal}
        best = max(worth.values())
        return self.rng.choice([m for m in legal if worth[m["space"]] >= best - 2])

    def decide_place_boat(self, legal):
        home = self.home_port()
        return min(legal, key=lambda m: (m["space"] not in MERCHANTS, distances_from(home, True).get(m["space"], 99)))

    def decide_choose_officer(self, legal):
        # Move the officer farthest from my own goods and pawns.
        return max(legal, key=lambda m: self.officer_threat_distance(self.view["officers"][m["officer"]]["space"]))

    def decide_choose_path(self, legal):
        """The next space of a moving officer: not onto my goods, onto others' if it may, and
        else the one farthest from my goods and pawns."""

        def worth(move):
            officer = self.view["officers"][move["officer"]]
            goods = [g for g in self.view["goods"].values() if g["where"] == "board" and g["space"] == move["space"]]
            seized = [g for g in goods if g["owner"] != officer["bribed_by"]]
            mine = sum(g["owner"] == self.me for g in seized)
            return (-mine, len(seized) - mine, self.officer_threat_distance(move["space"]), move["space"])

        return max(legal, key=worth)

    def decide_end_turn(self, legal):
        """After the action, before the turn passes (free moves at any time of the turn): store
        the goods an officer stands by or can reach soon, the biggest first, and claim abandoned
        goods no officer watches; else end the turn. Abilities and secrets are kept for the start
        of a turn, where the bot plays those worth their price (`free`): spent now they would buy
        nothing the next turn's could not."""
        stashes = [m for m in legal if m["type"] == "stash" and self.exposed(self.view["goods"][m["shape"]]["space"])]
        if stashes:
            return max(stashes, key=lambda m: (len(SHAPES[self.view["goods"][m["shape"]]["kind"]]), m["shape"]))
        claims = self.claims(legal)
        if claims:
            return claims[0]
        return next(m for m in legal if m["type"] == "end_turn")

    def claims(self, legal):
        """Abandoned goods to claim where they lie: only where no officer I have not bribed stands."""
        return [
            m for m in legal if m["type"] == "claim" and not self.hostile_at(self.view["goods"][m["shape"]]["space"])
        ]

    def decide_raid_card(self, legal):
        """The mob character that costs least (reputation, then a warehouse or an ability lost);
        after the first shape, go on only for a seized shape worth more than the card."""
        cards = [m for m in legal if m["card"] is not None]
        best = min(cards, key=lambda m: (self.card_worth(m["card"]), m["card"]))
        if len(cards) == len(legal):
            return best  # the first shape: the raid was chosen for it
        seized = [len(SHAPES[g["kind"]]) for g in self.view["goods"].values() if g["where"] == "customs"]
        if self.hostile_at("penzance") or max(seized, default=0) < 2 + 2 * self.card_worth(best["card"]):
            return next(m for m in legal if m["card"] is None)
        return best

    def decide_raid_shape(self, legal):
        return max(legal, key=lambda m: (len(SHAPES[self.view["goods"][m["shape"]]["kind"]]), m["shape"]))

    @staticmethod
    def card_worth(cid: str) -> float:
        info = CHARACTERS[cid]
        return info["reputation"] + ("warehouse" in info or "ability" in info) * 0.5

    def decide_place_officer(self, legal):
        return max(legal, key=lambda m: self.officer_threat_distance(m["space"]))

    def decide_remove_pawn(self, legal):
        return min(legal, key=lambda m: self.pawn_worth(m["space"]))

    def decide_tipoff(self, legal):
        return next((m for m in legal if m["play"]), legal[0])

    def decide_witch(self, legal):
        return max(
            legal, key=lambda m: 0 if m["shape"] is None else len(SHAPES[self.view["goods"][m["shape"]]["kind"]])
        )

    # --- helpers ------------------------------------------------------------------------
    def pawn_worth(self, space: str) -> float:
        size = size_of(space) or 0
        worth = size * 2 + 4 if space in PORTS and space != "scilly" else size * 0.5
        if space in self.player["open_coves"]:
            worth = self.landing_value(space) * 2 + 5
        officers = [o for o in self.view["officers"] if o["space"] == space and o["bribed_by"] != self.me]
        worth -= 7 * len(officers)
        near = [o for o in self.view["officers"] if o["space"] in land_near(space) and o["bribed_by"] != self.me]
        worth -= 3 * len(near)  # an officer next door comes at the first landing or sale
        worth -= 4 * sum(space in p["pawns"] for p in self.view["players"] if p["seat"] != self.me)
        worth -= 5 if space in self.player["pawns"] else 0
        return worth

    def home_port(self) -> str:
        """Where to land: the port or opened cove holding my pawn with the best sale in reach,
        avoiding one an officer I have not bribed watches (unless I can bribe him now)."""
        mine = [s for s in self.player["pawns"] if s in PORTS or s in self.player["open_coves"]]
        if not mine:
            return "penzance"

        def score(space: str) -> float:
            watched = self.hostile_at(space)
            penalty = 0 if not watched else (1 if self.player["gold"] >= self.view["customs"]["bribe"] + 3 else 4)
            return self.landing_value(space) - penalty - (risk_of(space) or 0) / 10

        return max(sorted(mine), key=score)

    def landing_value(self, space: str) -> int:
        """The sale size goods landed here can reach: the town's own, or (carried one step) the
        best next to it without an officer I have not bribed, less one for the carrying."""
        own = size_of(space) or 0
        near = max(((size_of(s) or 0) - 1 for s in land_near(space) if not self.hostile_at(s)), default=0)
        return max(own, near)

    def exposed(self, space: str) -> bool:
        """Goods of mine lying here are exposed: an officer stands on the space (mine, but another
        may bribe him or turn him with a secret), or one I have not bribed is two steps away or
        less (a sale, a landing or a paid move brings him)."""
        far = distances_from(space)
        return any(
            o["space"] == space or (o["bribed_by"] != self.me and far.get(o["space"], 99) <= 2)
            for o in self.view["officers"]
            if o["space"] is not None
        )

    def hostile_at(self, space: str) -> bool:
        return any(o["space"] == space and o["bribed_by"] != self.me for o in self.view["officers"])

    def officer_threat_distance(self, space: str | None) -> int:
        if space is None:
            return 0
        mine = list(self.player["pawns"]) + [
            g["space"] for g in self.view["goods"].values() if g["owner"] == self.me and g["space"]
        ]
        far = distances_from(space)
        return min((far.get(s, 50) for s in mine), default=50)

    def my_goods(self, where: str) -> list[str]:
        return [sid for sid, g in self.view["goods"].items() if g["owner"] == self.me and g["where"] == where]

    def pick_pay(self, moves: list[dict]) -> dict | None:
        """Prefer influence while some is spare, else gold while we stay solvent."""
        by_pay = {m["pay"]: m for m in moves}
        if "influence" in by_pay and self.player["influence"] >= 2:
            return by_pay["influence"]
        if "gold" in by_pay and self.player["gold"] >= 12:
            return by_pay["gold"]
        return by_pay.get("influence")

    # --- the action -----------------------------------------------------------------------
    def action(self, legal: list[dict], templates: Sequence[dict]) -> dict:
        by_type: dict[str, list[dict]] = {}
        for move in legal:
            by_type.setdefault(move["type"], []).append(move)
        steps = (self.free, self.sell, self.land, self.carry, self.bribe, self.clear_home, self.hire, self.sail)
        for step in (*steps, self.buy, self.raid, self.reposition, self.honest, self.invest):
            move = step(by_type, templates)
            if move is not None:
                return move
        return {"type": "pass"}

    def free(self, by_type, templates):
        for kind in ("play_favour", "play_turncoat", "motivate_secret"):
            if by_type.get(kind):
                return by_type[kind][0]
        informers = by_type.get("play_informer", [])
        if informers:  # from the player holding the most secrets
            return max(informers, key=lambda m: self.view["players"][m["seat"]]["secrets"])
        coves = by_type.get("play_cove", [])
        if coves:  # the cove whose neighbours sell best
            return max(coves, key=lambda m: (self.landing_value(m["cove"]), m["cove"]))
        claims = self.claims(by_type.get("claim", []))
        if claims:
            return claims[0]
        for move in by_type.get("unstash", []):  # out of the warehouse to be sold or carried on
            space = self.view["goods"][move["shape"]]["space"]
            if not self.hostile_at(space) and (size_of(space) or self.can_carry()):
                return move
        return None

    def can_carry(self) -> bool:
        return self.player["influence"] >= 2 or self.player["gold"] >= 10

    def carry(self, by_type, templates):
        """Goods landed where nothing sells (a cove, a village port): one step to the best town
        next to them without an officer, with my pawn there already or taking one along."""
        best, best_worth = None, 0.0
        for kind, extra in (("motivate_goods", 0.5), ("move_goods", 0.0), ("move_both", -1.5)):
            for move in by_type.get(kind, []):
                shape = self.view["goods"][move["shape"]]
                if shape["owner"] != self.me and kind == "move_both":
                    continue
                here, to = (size_of(shape["space"]) or 0), (size_of(move["to"]) or 0)
                if to <= here or self.hostile_at(move["to"]):
                    continue
                if kind != "motivate_goods" and (self.pick_pay([move]) is None or not self.can_carry()):
                    continue
                worth = to - here + extra + (0.2 if move.get("pay") == "influence" else 0)
                if worth > best_worth:
                    best, best_worth = move, worth
        return best

    def reposition(self, by_type, templates):
        """No port or opened cove to land at: walk the pawn nearest to one a step toward it."""
        mine = [s for s in self.player["pawns"] if s in PORTS or s in self.player["open_coves"]]
        moves = [m for m in by_type.get("move_pawn", []) if self.pick_pay([m]) is not None]
        if mine or not moves or not self.can_carry():
            return None
        targets = [s for s in [*PORTS, *self.player["open_coves"]] if s != "scilly" and not self.hostile_at(s)]
        if not targets:
            return None

        def left(move):
            return min(distances_from(t).get(move["to"], 99) for t in targets)

        best = min(left(m) for m in moves)
        return self.pick_pay([m for m in moves if left(m) == best])

    def clear_home(self, by_type, templates):
        """An unbribed officer on the home port: lure him away (a secret, a character, or paid)."""
        home = self.home_port()
        far = distances_from(home)
        for kind in ("play_decoy", "motivate_officer", "move_officer"):
            for move in by_type.get(kind, []):
                officer = self.view["officers"][move["officer"]]
                if officer["space"] == home and officer["bribed_by"] != self.me and far[move["to"]] > 0:
                    if kind != "move_officer" or (move["pay"] == "influence" and self.player["influence"] >= 6):
                        return move
        return None

    def raid(self, by_type, templates):
        """Only when no officer I have not bribed stands at Penzance (he would seize the goods
        again); the mob characters and the shapes are chosen inside it (decide_raid_*)."""
        raids = by_type.get("raid", [])
        if not raids or self.hostile_at("penzance"):
            return None
        return raids[0]

    def invest(self, by_type, templates):
        """Spare gold before passing: reputation (more influence every round) or a secret."""
        customs = self.view["customs"]
        early = not self.view["ending"] and customs["track_end"] - customs["track"] >= 3
        if early and by_type.get("buy_reputation") and self.player["gold"] >= 14:
            return by_type["buy_reputation"][0]
        secrets = [m for m in by_type.get("discover_secret", []) if m["pay"] == "gold"]
        if secrets and self.player["gold"] >= 12 and not self.view["ending"]:
            return secrets[0]
        return None

    def sell(self, by_type, templates):
        sells = by_type.get("sell", [])
        if not sells:
            return None

        def worth(move):
            shape = self.view["goods"][move["shape"]]
            size = min(len(SHAPES[shape["kind"]]), size_of(shape["space"]) or 0)
            gold, rep = PRICES[size][move["row"]]
            cost = move["row"] * (1.0 if move["pay"] == "influence" else 1.6)
            return gold + rep * 1.5 - cost

        return max(sells, key=worth)

    def land(self, by_type, templates):
        if not templates or not by_type.get("land"):
            return None
        port = self.player["boat"]["space"]
        if any(o["space"] == port and o["bribed_by"] != self.me for o in self.view["officers"]):
            return None  # landing under an unbribed officer's nose loses everything
        shapes = self.my_goods("boat")
        squares = sum(len(SHAPES[self.view["goods"][s]["kind"]]) for s in shapes)
        risk = (risk_of(port) or 0) + squares
        over = risk - self.view["customs"]["discovery"]
        far = distances_from(port)
        hostile = [
            far[o["space"]]
            for o in self.view["officers"]
            if o["space"] in far and o["bribed_by"] != self.me and o["space"] != port
        ]
        reach = min(hostile, default=99)
        tipoffs = 2 if any(p["secrets"] for p in self.view["players"] if p["seat"] != self.me) else 0
        hide = 0 if port == "scilly" else max(0, over + tipoffs - (reach - 1))
        hide = min(hide, self.player["influence"] - 1)
        return {"type": "land", "shapes": {sid: 1 for sid in shapes}, "hide": hide, "stash": 1}

    def bribe(self, by_type, templates):
        home = self.home_port()
        for move in by_type.get("bribe", []):
            officer = self.view["officers"][move["officer"]]
            rich = self.player["gold"] >= (6 if officer["bribed_by"] is None else 9)
            loaded = bool(self.my_goods("boat"))
            if officer["space"] == home and (rich or loaded):
                return move
        return None

    def hire(self, by_type, templates):
        hires = [m for m in by_type.get("hire", []) if m["pay"] == "influence"]
        if not hires or self.player["influence"] < 3:
            return None
        best = max(hires, key=lambda m: CHARACTERS[m["card"]]["reputation"] - CHARACTERS[m["card"]]["gold"] * 0.6)
        info = CHARACTERS[best["card"]]
        if info["reputation"] >= info["gold"] - 1 and self.player["gold"] - info["gold"] >= 10:
            return best
        return None

    def sail(self, by_type, templates):
        moves = by_type.get("move_boat", [])
        if not moves:
            return None
        here = self.player["boat"]["space"]
        target: str | None = self.home_port()
        if not self.my_goods("boat"):
            if here in MERCHANTS and self.can_buy_here():
                return None
            target = self.nearest_merchant()
            if target is None:
                return None
        if here == target:
            return None
        far = distances_from(target, True)
        for free in by_type.get("motivate_boat", []):
            if far.get(free["to"], 99) < far.get(here, 99):
                return free
        best = min(far.get(m["to"], 99) for m in moves)
        if best >= far.get(here, 99):
            return None
        return self.pick_pay([m for m in moves if far.get(m["to"], 99) == best])

    def can_buy_here(self) -> bool:
        here = self.player["boat"]["space"]
        return any(g["where"] == "merchant" and g["merchant"] == here for g in self.view["goods"].values())

    def nearest_merchant(self) -> str | None:
        home = self.home_port()
        stocked = {g["merchant"] for g in self.view["goods"].values() if g["where"] == "merchant"}
        if not stocked:
            return None
        far = distances_from(home, True)
        return min(stocked, key=lambda m: far.get(m, 99))

    def buy(self, by_type, templates):
        buys = by_type.get("buy_goods", [])
        if not buys or self.player["influence"] < 3:
            return None
        affordable = [m for m in buys if self.player["gold"] - len(SHAPES[self.view["goods"][m["shape"]]["kind"]]) >= 1]
        if not affordable:
            return None
        town = max(1, self.landing_value(self.home_port()))

        def profit(move):
            """What the shape sells for (middle row, capped by the town it will sell in) less its
            gold: a big shape sold in a small town loses money."""
            size = len(SHAPES[self.view["goods"][move["shape"]]["kind"]])
            gold, rep = PRICES[min(size, town)][1]
            return gold + rep - size, size

        best = max(affordable, key=profit)
        return best if profit(best)[0] > 0 else None

    def honest(self, by_type, templates):
        if by_type.get("honest_work") and self.player["gold"] <= 2 and self.player["reputation"] <= 3:
            if not self.my_goods("boat") and not self.my_goods("board"):
                return by_type["honest_work"][0]
        return None


BOTS: dict[str, type] = {"greedy": SmugglerBot}
