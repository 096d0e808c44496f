"""Medici vs Strozzi (Reiner Knizia), the two-player auction of goods tiles.

The state is one JSON-native dict (see `new_state`), so `dump` is a cheap
copy and `load` is trivial. The rules, in the order they happen:

    turn    drawer reveals 1 tile (at once), may `draw` a 2nd and 3rd  ->  `offer` a price
            opponent `buy`s or `decline`s (then the drawer must buy)
            the buyer pays the bank (credit when short) and `load`s or `discard`s
            the buyer draws next
    round   ends after a lot when the bag is empty or a player's ships are full;
            harbours, then monopoly markers, are scored (scoring.py)
    game    three rounds, then credit is repaid; most money wins, ties share.

Seat 0 is Medici, seat 1 Strozzi. A marker's position is signed: negative
steps are on Medici's side of the centre, positive ones on Strozzi's.
"""

from __future__ import annotations

from marshmallow import Schema

from engine.core import Game, IllegalMove, Outcome, event, integer_param, rank_by, template
from engine.medici import data, wire
from engine.medici.bots import BOTS
from engine.medici.moves import MOVES
from engine.medici.scoring import score_round, tile_json
from engine.medici.table import (
    LEDGER_KEYS,
    SEATS,
    can_draw,
    copy_state,
    empty_ships,
    load_targets,
    lot_limit,
    new_state,
    other,
    room,
    round_over,
    used_harbours,
)
from engine.medici.view import build_view
from engine.rng import Rng


class MediciOptions(Schema):
    """Medici vs Strozzi has no variants: the options object must be empty."""


# --- the game ----------------------------------------------------------------
class Medici(Game):
    id = "medici"
    title = "Medici vs Strozzi"
    min_players = 2
    max_players = 2
    options = MediciOptions
    move_schema = MOVES
    bots = BOTS
    view_schema = wire.MediciView
    event_schemas = wire.EVENTS

    # setup and questions --------------------------------------------------
    def setup(self, players: int, options: dict, seed: int) -> dict:
        if players != 2:
            raise ValueError("Medici vs Strozzi is played by exactly two players")
        state = new_state(seed)
        start_turn(state, state["drawer"])
        return state

    def players(self, state: dict) -> int:
        return 2

    def to_act(self, state: dict) -> set[int]:
        phase = state["phase"]
        if phase == "draw":
            return {state["drawer"]}
        if phase == "answer":
            return {other(state["drawer"])}
        if phase == "place":
            return {state["buyer"]}
        return set()

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == "draw":
            return [{"type": "draw"}] if can_draw(state) else []
        if phase == "answer":
            return [{"type": "buy"}, {"type": "decline"}]
        moves = [{"type": "load", "ship": ship, "harbour": h} for ship, h in load_targets(state, seat)]
        moves.append({"type": "discard"})
        return moves

    def move_templates(self, state: dict, seat: int) -> list[dict]:
        if seat in self.to_act(state) and state["phase"] == "draw":
            return [template({"type": "offer"}, price=integer_param(0, data.MAX_PRICE))]
        return []

    # moves ---------------------------------------------------------------
    def play(self, state: dict, seat: int, move: dict) -> list:
        handler = getattr(self, "_" + move["type"])
        return handler(state, seat, move)

    def _draw(self, state, seat, move):
        require_phase(state, "draw", "You can only draw tiles before naming a price.")
        if not state["bag"]:
            raise IllegalMove("illegal_move", "The bag is empty: name a price for the tiles drawn.")
        if len(state["lot"]) >= lot_limit(state):
            raise IllegalMove(
                "illegal_move",
                "You may not draw more tiles than fit together on one of your ships, nor more than three.",
                limit=lot_limit(state),
            )
        return draw_tile(state)

    def _offer(self, state, seat, move):
        require_phase(state, "draw", "The price has already been named.")
        state["price"] = move["price"]
        state["phase"] = "answer"
        return [event("price_offered", seat=seat, price=move["price"], lot=[tile_json(t) for t in state["lot"]])]

    def _buy(self, state, seat, move):
        require_phase(state, "answer", "There is no offer to answer.")
        return self._sell(state, seat, forced=False)

    def _decline(self, state, seat, move):
        require_phase(state, "answer", "There is no offer to answer.")
        events = [event("offer_declined", seat=seat, price=state["price"])]
        return events + self._sell(state, state["drawer"], forced=True)

    def _sell(self, state, buyer, forced):
        price = state["price"]
        loan = pay_bank(state, buyer, price)
        state["buyer"] = buyer
        state["phase"] = "place"
        return [event("lot_bought", seat=buyer, price=price, credit_taken=loan, forced=forced)]

    def _load(self, state, seat, move):
        require_phase(state, "place", "There is no bought lot to load.")
        ship_index, harbour = move["ship"], move["harbour"]
        ship = state["ships"][seat][ship_index]
        if room(state, seat, ship_index) < len(state["lot"]):
            raise IllegalMove(
                "illegal_move",
                "All the tiles of a lot go onto one ship, and this ship has not enough room for them.",
                room=room(state, seat, ship_index),
                lot_size=len(state["lot"]),
            )
        if ship["harbour"] is not None and ship["harbour"] != harbour:
            raise IllegalMove(
                "illegal_move",
                "A ship stays in the harbour it was first loaded in for the whole round.",
                harbour=ship["harbour"],
            )
        if ship["harbour"] is None and harbour in used_harbours(state, seat, except_ship=ship_index):
            raise IllegalMove(
                "illegal_move",
                "Each of your ships must go to a different harbour: another of your ships is already there.",
                harbour=harbour,
            )
        ship["harbour"] = harbour
        ship["tiles"].extend(state["lot"])
        events = [
            event("lot_loaded", seat=seat, ship=ship_index, harbour=harbour, tiles=[tile_json(t) for t in state["lot"]])
        ]
        state["lot"] = []
        return events + self._next_turn(state, seat)

    def _discard(self, state, seat, move):
        require_phase(state, "place", "There is no bought lot to discard.")
        events = [event("lot_discarded", seat=seat, tiles=[tile_json(t) for t in state["lot"]])]
        state["discards"].extend(state["lot"])
        state["lot"] = []
        return events + self._next_turn(state, seat)

    # turn, round and game ends ---------------------------------------------
    def _next_turn(self, state, buyer):
        state["price"] = None
        state["buyer"] = None
        if round_over(state):
            return self._end_round(state)
        return start_turn(state, buyer)  # the buyer draws next

    def _end_round(self, state):
        result = score_round(state["ships"], state["markers"])
        state["markers"] = list(result["markers"])
        for seat in SEATS:
            for key in ("harbours", "monopolies", "bonuses"):
                amount = result["income"][seat][key]
                state["ledger"][seat][key] += amount
                state["cash"][seat] += amount
                state["bank"] -= amount
        state["history"].append(
            {
                "round": state["round"],
                "harbour_winners": [h["winner"] for h in result["harbours"]],
                "income": [dict(entry) for entry in result["income"]],
            }
        )
        events = [event("round_scored", round=state["round"], **result)]
        # Tiles go back into the bag, ships come home; the markers stay.
        state["bag"] = list(range(len(data.TILES)))
        state["discards"] = []
        state["ships"] = [empty_ships() for _ in SEATS]
        if state["round"] == data.ROUNDS:
            return events + self._end_game(state)
        state["round"] += 1
        drawer = data.FIRST_DRAWER[state["round"] - 1]
        return events + [event("round_started", round=state["round"], seat=drawer)] + start_turn(state, drawer)

    def _end_game(self, state):
        repaid = [repay_credit(state, seat) for seat in SEATS]
        state["phase"] = "over"
        result = self.outcome(state)
        return [
            event("credit_repaid", amounts=repaid, debts=list(state["credit"])),
            event("game_over", **result.to_json()),
        ]

    def outcome(self, state: dict) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = [state["cash"][seat] - state["credit"][seat] for seat in SEATS]
        breakdown = [
            {"start": data.START_MONEY, **{key: state["ledger"][seat][key] for key in LEDGER_KEYS}} for seat in SEATS
        ]
        for entry in breakdown:
            entry["purchases"] = -entry["purchases"]
        ranks, winners = rank_by([(score,) for score in scores])
        return Outcome(scores, breakdown, ranks, winners, "")

    # views and storage -------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        return build_view(self, state, seat)

    def dump(self, state: dict) -> dict:
        return copy_state(state)

    def load(self, data_: dict) -> dict:
        return copy_state(data_)


def start_turn(state: dict, drawer: int) -> list:
    """A turn opens with the drawer's first tile: that draw is not optional, so it
    happens at once (DECIDED) and only the 2nd and 3rd draws are moves."""
    state["drawer"] = drawer
    state["phase"] = "draw"
    return [event("turn_started", seat=drawer)] + draw_tile(state)


def draw_tile(state: dict) -> list:
    """The drawer takes one tile at random from the bag (the state's RNG) and shows it."""
    rng = Rng(state["rng"])
    tile = state["bag"].pop(rng.below(len(state["bag"])))
    state["rng"] = rng.state
    state["lot"].append(tile)
    return [
        event(
            "tile_drawn",
            seat=state["drawer"],
            tile=tile_json(tile),
            lot_size=len(state["lot"]),
            bag_left=len(state["bag"]),
        )
    ]


def require_phase(state: dict, phase: str, message: str) -> None:
    if state["phase"] != phase:
        raise IllegalMove("illegal_move", message, phase=state["phase"])


def pay_bank(state: dict, seat: int, price: int) -> int:
    """The buyer pays the bank, borrowing exactly what he lacks. Returns the loan.

    A loan is recorded as credit and its coins are new money (the bank's own
    balance does not move), so bank + players' money - credit never changes.
    """
    loan = max(0, price - state["cash"][seat])
    state["credit"][seat] += loan
    state["cash"][seat] += loan - price
    state["bank"] += price
    state["ledger"][seat]["purchases"] += price
    return loan


def repay_credit(state: dict, seat: int) -> int:
    """At the end the credit is repaid, without interest, from the player's money.

    A player who cannot repay it all keeps the rest as a debt that counts
    against his money. Returns the amount repaid.
    """
    repaid = min(state["cash"][seat], state["credit"][seat])
    state["cash"][seat] -= repaid
    state["credit"][seat] -= repaid
    return repaid
