"""Speicherstadt's rules (Stefan Feld, 2010), as a `Game`.

A round is: 1) supply (reveal players+1 cards; ships get 3 cubes from the
bag; fires are resolved at once), 2) demand (3 workers each, one at a time),
3) purchase (left to right; the lowest worker buys or declines), 4) shipping
(simultaneous, cube by cube, each seat ends with `done`), 5) income. The
game ends after the round in which only the 4th fire is left in the deck.

The state is one JSON-native dict (see `setup` for its fields); the deck and
the bag's draws are secret, everything else is on the table.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from marshmallow import Schema

from engine.core import Game, IllegalMove, Outcome, event, rank_by
from engine.rng import Rng
from engine.speicherstadt import scoring, wire
from engine.speicherstadt.bots import BOTS
from engine.speicherstadt.data import (
    CARDS,
    CUBES_PER_GOOD,
    GOODS,
    LAST_SEASON,
    MARKET_CAPACITY,
    MARKET_CONVERT,
    MARKET_KEEP,
    MARKET_SELL,
    MAX_PLAYERS,
    MAX_WORKERS_PER_CARD,
    MIN_PLAYERS,
    REMOVED,
    SEASONS,
    SHIP_CUBES,
    START_COINS,
    WAREHOUSE_CAPACITY,
    WORKERS,
    season_cards,
)
from engine.speicherstadt.moves import MOVES
from engine.speicherstadt.view import table_view

LAST_FIRE = "fire_4"


class Options(Schema):
    """Speicherstadt has no variants."""


def kind(card: str) -> str:
    return CARDS[card]["kind"]


def illegal(message: str, code: str = "illegal_move", **details) -> IllegalMove:
    return IllegalMove(code, message, **details)


class Speicherstadt(Game):
    id = "speicherstadt"
    title = "Speicherstadt"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = Options
    move_schema = MOVES
    bots = BOTS
    view_schema = wire.SpeicherstadtView
    event_schemas = wire.EVENTS

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, options: dict, seed: int) -> dict:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Speicherstadt is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        rng = Rng.from_seed(seed)
        state = {
            "players": players,
            "round": 0,
            "phase": "supply",
            "last_round": False,
            "start": rng.below(players),  # the holder of the start coin
            "turn": None,  # demand: who places next
            "offer": None,  # purchase: row position of the card on offer
            "deck": self._build_deck(players, rng),  # top card first: secret
            "bag": {good: CUBES_PER_GOOD for good in GOODS},
            "supply": {good: 0 for good in GOODS},
            "row": [],  # the water spaces: {"card", "workers" (lowest first), "cubes"} or None
            "discard": [],
            "removed": list(REMOVED[players]),
            "fires": [],  # each resolved fire: card, value, totals, gained, lost
            "shipping": [],  # seats still to finish the shipping phase
            "seats": [self._new_seat() for _ in range(players)],
            "rng": 0,
        }
        events: list = []
        self._start_round(state, rng, events)
        state["rng"] = rng.state
        return state

    @staticmethod
    def _build_deck(players: int, rng: Rng) -> list[str]:
        deck = []
        for season in SEASONS:  # A on top, then B, C, D, then the 4th fire
            cards = [c for c in season_cards(season) if c not in REMOVED[players]]
            rng.shuffle(cards)
            deck += cards
        return deck + season_cards(LAST_SEASON)

    @staticmethod
    def _new_seat() -> dict:
        return {
            "coins": START_COINS,
            "fire": 0,  # victory points won and lost at fires
            "workers": WORKERS,  # workers in front of the player
            "cards": [],
            "contracts": {},  # contract card -> goods placed on it
            "ship": [],  # cubes unloaded from ships bought this round
            "warehouse": [],
            "market": [],
            "bought": False,  # bought a card this round
        }

    # ---------------------------------------------------------------- queries
    def players(self, state: dict) -> int:
        return state["players"]

    def to_act(self, state: dict) -> set[int]:
        phase = state["phase"]
        if phase == "demand":
            return {state["turn"]}
        if phase == "purchase":
            return {state["row"][state["offer"]]["workers"][0]}
        if phase == "shipping":
            return set(state["shipping"])
        return set()

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == "demand":
            return [{"type": "place_worker", "card": i} for i in self._open_cards(state)]
        if phase == "purchase":
            return [{"type": "buy"}, {"type": "decline"}]
        moves = self._cube_moves(state, seat)
        if len(state["seats"][seat]["market"]) <= MARKET_KEEP:
            moves.append({"type": "done"})
        return moves

    @staticmethod
    def _open_cards(state: dict) -> list[int]:
        return [i for i, slot in enumerate(state["row"]) if len(slot["workers"]) < MAX_WORKERS_PER_CARD]

    def _cube_moves(self, state: dict, seat: int) -> list[dict]:
        """Every shipping move but `done`, in a fixed order."""
        me = state["seats"][seat]
        moves = []
        for source in ("ship", "warehouse", "market"):
            for good in sorted(set(me[source])):
                cube = {"from": source, "good": good}
                for contract in me["contracts"]:
                    if self._free_symbol(me, contract, good):
                        moves.append({"type": "deliver", **cube, "contract": contract})
                if self._has_trader(me, good):
                    moves.append({"type": "sell", **cube})
                if source != "warehouse" and self._warehouse_room(me):
                    moves.append({"type": "store", **cube})
                if source != "market" and len(me["market"]) < MARKET_CAPACITY:
                    moves.append({"type": "to_market", **cube})
        market = sorted(me["market"])
        for pair in sorted(set(combinations(market, MARKET_SELL))):
            moves.append({"type": "market_sell", "goods": list(pair)})
        for triple in sorted(set(combinations(market, MARKET_CONVERT))):
            for take in GOODS:
                if state["supply"][take] > 0:
                    moves.append({"type": "convert", "goods": list(triple), "take": take})
        return moves

    @staticmethod
    def _free_symbol(me: dict, contract: str, good: str) -> bool:
        wanted = CARDS[contract]["goods"].count(good)
        return me["contracts"][contract].count(good) < wanted

    @staticmethod
    def _has_trader(me: dict, good: str) -> bool:
        return any(kind(c) == "trader" and CARDS[c]["good"] == good for c in me["cards"])

    @staticmethod
    def _warehouse_room(me: dict) -> bool:
        return "warehouse" in me["cards"] and len(me["warehouse"]) < WAREHOUSE_CAPACITY

    # ------------------------------------------------------------------- play
    def play(self, state: dict, seat: int, move: dict) -> list:
        handler = getattr(self, "_play_" + move["type"])
        rng = Rng(state["rng"])
        events: list = []
        handler(state, seat, move, rng, events)
        state["rng"] = rng.state
        return events

    # demand ---------------------------------------------------------------
    def _play_place_worker(self, state, seat, move, rng, events):
        position = move["card"]
        if state["phase"] != "demand":
            raise illegal("Workers are placed in the demand phase only.")
        if position >= len(state["row"]):
            raise illegal("There is no card at that position.", position=position)
        workers = state["row"][position]["workers"]
        if len(workers) >= MAX_WORKERS_PER_CARD:
            raise illegal("All 8 spaces above that card are taken.", position=position)
        workers.append(seat)
        state["seats"][seat]["workers"] -= 1
        events.append(
            event(
                "worker_placed", seat=seat, position=position, card=state["row"][position]["card"], space=len(workers)
            )
        )
        n = state["players"]
        if all(p["workers"] == 0 for p in state["seats"]):
            self._start_purchase(state, rng, events)
        else:
            state["turn"] = (seat + 1) % n

    # purchase ---------------------------------------------------------------
    def _play_buy(self, state, seat, move, rng, events):
        if state["phase"] != "purchase":
            raise illegal("Cards are bought in the purchase phase only.")
        slot = state["row"][state["offer"]]
        price = len(slot["workers"])
        me = state["seats"][seat]
        if me["coins"] < price:
            raise illegal(
                f"The card costs {price} coins; you have {me['coins']}.",
                "cannot_afford",
                price=price,
                coins=me["coins"],
            )
        me["coins"] -= price
        me["bought"] = True
        card = slot["card"]
        me["cards"].append(card)
        if kind(card) == "contract":
            me["contracts"][card] = []
        if kind(card) == "ship":
            me["ship"] += slot["cubes"]
        for owner in slot["workers"]:
            state["seats"][owner]["workers"] += 1
        events.append(event("card_bought", seat=seat, card=card, price=price, cubes=list(slot["cubes"])))
        self._close_offer(state)
        self._next_offer(state, rng, events)

    def _play_decline(self, state, seat, move, rng, events):
        if state["phase"] != "purchase":
            raise illegal("Cards are declined in the purchase phase only.")
        self._take_back_lowest(state, events, reason="declined")
        self._next_offer(state, rng, events)

    @staticmethod
    def _take_back_lowest(state, events, reason):
        slot = state["row"][state["offer"]]
        seat = slot["workers"].pop(0)
        state["seats"][seat]["workers"] += 1
        events.append(
            event("purchase_declined", seat=seat, card=slot["card"], reason=reason, price=len(slot["workers"]) + 1)
        )

    @staticmethod
    def _close_offer(state):
        state["row"][state["offer"]] = None
        state["offer"] += 1

    def _start_purchase(self, state, rng, events):
        state["phase"] = "purchase"
        state["turn"] = None
        state["offer"] = 0
        self._next_offer(state, rng, events)

    def _next_offer(self, state, rng, events):
        """Settle the offer until someone who can pay must decide, else move on."""
        while state["offer"] < len(state["row"]):
            slot = state["row"][state["offer"]]
            while slot["workers"]:
                bidder = state["seats"][slot["workers"][0]]
                if bidder["coins"] >= len(slot["workers"]):
                    return
                self._take_back_lowest(state, events, reason="cannot_afford")
            self._discard_unbought(state, slot, events)
            self._close_offer(state)
        self._start_shipping(state, rng, events)

    @staticmethod
    def _discard_unbought(state, slot, events):
        state["discard"].append(slot["card"])
        for good in slot["cubes"]:
            state["supply"][good] += 1
        events.append(event("card_discarded", card=slot["card"], cubes=slot["cubes"]))

    # shipping -------------------------------------------------------------
    def _start_shipping(self, state, rng, events):
        state["phase"] = "shipping"
        state["offer"] = None
        state["row"] = []
        state["shipping"] = [seat for seat in range(state["players"]) if self._cube_moves(state, seat)]
        if state["shipping"]:
            events.append(event("shipping_started", seats=list(state["shipping"])))
        else:
            self._income(state, rng, events)

    def _take_cube(self, state, seat, move) -> None:
        """Remove the move's cube from where it says, or refuse."""
        place = state["seats"][seat][move["source"]]
        if move["good"] not in place:
            raise illegal(
                f"There is no {move['good']} cube on your {move['source']}.", source=move["source"], good=move["good"]
            )
        place.remove(move["good"])

    def _need_shipping(self, state):
        if state["phase"] != "shipping":
            raise illegal("Cubes are moved in the shipping phase only.")

    def _play_deliver(self, state, seat, move, rng, events):
        self._need_shipping(state)
        me = state["seats"][seat]
        contract, good = move["contract"], move["good"]
        if contract not in me["contracts"]:
            raise illegal("You own no such contract.", contract=contract)
        if not self._free_symbol(me, contract, good):
            raise illegal(f"That contract has no free {good} symbol.", contract=contract)
        self._take_cube(state, seat, move)
        me["contracts"][contract].append(good)
        events.append(event("cube_delivered", seat=seat, good=good, contract=contract, **{"from": move["source"]}))

    def _play_sell(self, state, seat, move, rng, events):
        self._need_shipping(state)
        me = state["seats"][seat]
        if not self._has_trader(me, move["good"]):
            raise illegal(f"You own no trader who buys {move['good']}.", good=move["good"])
        self._take_cube(state, seat, move)
        me["coins"] += 1
        state["supply"][move["good"]] += 1
        events.append(event("cube_sold", seat=seat, good=move["good"], coins=1, **{"from": move["source"]}))

    def _play_store(self, state, seat, move, rng, events):
        self._need_shipping(state)
        me = state["seats"][seat]
        if "warehouse" not in me["cards"]:
            raise illegal("You own no warehouse.")
        if move["source"] == "warehouse":
            raise illegal("That cube is already in your warehouse.")
        if len(me["warehouse"]) >= WAREHOUSE_CAPACITY:
            raise illegal("A warehouse holds at most 4 cubes.")
        self._take_cube(state, seat, move)
        me["warehouse"].append(move["good"])
        events.append(event("cube_stored", seat=seat, good=move["good"], **{"from": move["source"]}))

    def _play_to_market(self, state, seat, move, rng, events):
        self._need_shipping(state)
        if move["source"] == "market":
            raise illegal("That cube is already on your market hall.")
        if len(state["seats"][seat]["market"]) >= MARKET_CAPACITY:
            raise illegal(
                "Your market hall holds at most 4 cubes at a time (1 kept + 3 to convert): sell or convert first."
            )
        self._take_cube(state, seat, move)
        state["seats"][seat]["market"].append(move["good"])
        events.append(event("cube_to_market", seat=seat, good=move["good"], **{"from": move["source"]}))

    def _play_market_sell(self, state, seat, move, rng, events):
        self._need_shipping(state)
        me = state["seats"][seat]
        self._take_from_market(me, move["goods"])
        for good in move["goods"]:
            state["supply"][good] += 1
        me["coins"] += 1
        events.append(event("market_sold", seat=seat, goods=move["goods"], coins=1))

    def _play_convert(self, state, seat, move, rng, events):
        self._need_shipping(state)
        me = state["seats"][seat]
        take = move["take"]
        if state["supply"][take] == 0:
            raise illegal(f"The supply holds no {take} cube (cubes never come from the bag).", good=take)
        self._take_from_market(me, move["goods"])
        state["supply"][take] -= 1
        for good in move["goods"]:
            state["supply"][good] += 1
        me["market"].append(take)
        events.append(event("market_converted", seat=seat, goods=move["goods"], take=take))

    @staticmethod
    def _take_from_market(me: dict, goods: list[str]) -> None:
        """Remove those cubes from the market hall, or refuse without a change."""
        if Counter(goods) - Counter(me["market"]):
            raise illegal("Those cubes are not all on your market hall.", goods=goods)
        for good in goods:
            me["market"].remove(good)

    def _play_done(self, state, seat, move, rng, events):
        self._need_shipping(state)
        me = state["seats"][seat]
        if len(me["market"]) > MARKET_KEEP:
            raise illegal(
                "Your market hall may keep at most 1 cube: sell, convert or use the others first.",
                cubes=len(me["market"]),
            )
        lost = me["ship"]
        for good in lost:
            state["supply"][good] += 1
        me["ship"] = []
        state["shipping"].remove(seat)
        events.append(event("shipping_done", seat=seat, lost=lost))
        if not state["shipping"]:
            self._income(state, rng, events)

    # income and the next round ------------------------------------------------
    def _income(self, state, rng, events):
        paid = []
        for me in state["seats"]:
            coins = 1 + (not me["bought"]) + sum(kind(c) == "bank" for c in me["cards"])
            me["coins"] += coins
            me["bought"] = False
            paid.append(coins)
        state["start"] = (state["start"] + 1) % state["players"]
        events.append(event("income", coins=paid, start=state["start"]))
        if state["last_round"]:
            self._end_game(state, events)
        else:
            self._start_round(state, rng, events)

    def _start_round(self, state, rng, events):
        state["round"] += 1
        state["phase"] = "supply"
        events.append(event("round_started", round=state["round"], start=state["start"]))
        self._reveal_cards(state, rng, events)
        if not state["row"]:  # only fires were left (3rd fire just above the 4th)
            self._end_game(state, events)
            return
        state["last_round"] = state["deck"] == [LAST_FIRE]
        state["phase"] = "demand"
        state["turn"] = state["start"]

    def _reveal_cards(self, state, rng, events):
        """Fill the water spaces left to right: players+1 cards, fires resolved and replaced."""
        deck, row = state["deck"], state["row"]
        while len(row) < state["players"] + 1 and deck[0] != LAST_FIRE:
            card = deck.pop(0)
            if kind(card) == "fire":
                self._resolve_fire(state, card, events)
                continue
            cubes = self._draw_cubes(state, rng) if kind(card) == "ship" else []
            row.append({"card": card, "workers": [], "cubes": cubes})
            events.append(event("card_revealed", card=card, position=len(row) - 1, cubes=list(cubes)))

    @staticmethod
    def _draw_cubes(state, rng) -> list[str]:
        bag, cubes = state["bag"], []
        for _ in range(SHIP_CUBES):
            total = sum(bag.values())
            if total == 0:
                break
            pick = rng.below(total)
            for good in GOODS:
                if pick < bag[good]:
                    break
                pick -= bag[good]
            bag[good] -= 1
            cubes.append(good)
        return cubes

    @staticmethod
    def _resolve_fire(state, card, events):
        value = CARDS[card]["value"]
        totals = [scoring.fireman_total(me) for me in state["seats"]]
        high, low = max(totals), min(totals)
        gained = [s for s, t in enumerate(totals) if t == high] if high != low else []
        lost = [s for s, t in enumerate(totals) if t == low] if high != low else []
        for s in gained:
            state["seats"][s]["fire"] += value
        for s in lost:
            state["seats"][s]["fire"] -= value
        state["discard"].append(card)
        record = {"card": card, "value": value, "totals": totals, "gained": gained, "lost": lost}
        state["fires"].append(record)
        events.append(event("fire", card=card, value=value, totals=list(totals), gained=list(gained), lost=list(lost)))

    def _end_game(self, state, events):
        state["deck"].remove(LAST_FIRE)
        self._resolve_fire(state, LAST_FIRE, events)
        state["phase"] = "over"
        state["turn"] = None
        state["last_round"] = False
        outcome = self.outcome(state)
        events.append(event("game_over", scores=outcome.scores, winners=outcome.winners))

    # ---------------------------------------------------------------- outcome
    def outcome(self, state: dict) -> Outcome | None:
        if state["phase"] != "over":
            return None
        breakdown = [scoring.breakdown(me) for me in state["seats"]]
        scores = [sum(b.values()) for b in breakdown]
        coins = [me["coins"] for me in state["seats"]]
        ranks, winners = rank_by(list(zip(scores, coins)))
        tied = len(set(scores)) < len(scores)
        return Outcome(scores, breakdown, ranks, winners, "most coins among tied scores" if tied else "")

    # ------------------------------------------------------------------ views
    def view(self, state: dict, seat: int | None) -> dict:
        return table_view(state, seat, sorted(self.to_act(state)))

    # ------------------------------------------------------------- persistence
    def dump(self, state: dict) -> dict:
        return copy_state(state)

    def load(self, data: dict) -> dict:
        return copy_state(data)


def copy_state(state: dict) -> dict:
    """A deep copy of a state, written out field by field: twice as fast as a
    generic copy, and the playouts dump after every move. A test checks that
    no list or dict is shared with the original."""
    return {
        **state,
        "deck": list(state["deck"]),
        "bag": dict(state["bag"]),
        "supply": dict(state["supply"]),
        "row": [
            None
            if slot is None
            else {"card": slot["card"], "workers": list(slot["workers"]), "cubes": list(slot["cubes"])}
            for slot in state["row"]
        ],
        "discard": list(state["discard"]),
        "removed": list(state["removed"]),
        "fires": [
            {**fire, "totals": list(fire["totals"]), "gained": list(fire["gained"]), "lost": list(fire["lost"])}
            for fire in state["fires"]
        ],
        "shipping": list(state["shipping"]),
        "seats": [
            {
                **me,
                "cards": list(me["cards"]),
                "ship": list(me["ship"]),
                "warehouse": list(me["warehouse"]),
                "market": list(me["market"]),
                "contracts": {card: list(placed) for card, placed in me["contracts"].items()},
            }
            for me in state["seats"]
        ],
    }
