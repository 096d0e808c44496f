"""Medici vs Strozzi (Reiner Knizia), the two-player auction of goods tiles:
the contract and the turn's flow.

The state is one JSON-native dict (see table.py), so `dump` is a cheap
copy and `load` is trivial. The rules, in the order they happen:

    turn    drawer reveals 1 tile (at once), may `draw` a 2nd and 3rd  ->  `offer` a price
            opponent `buy`s or `decline`s (then the drawer must buy)
            the buyer pays the bank (credit when short) and `load`s or `discard`s
            the buyer draws next
    round   ends after a lot when the bag is empty or a player's ships are full;
            harbours, then monopoly markers, are scored (scoring.py)
    game    three rounds, then credit is repaid; most money wins, ties share.

Each move type is played by a function of rules.py (`HANDLERS`); then
`advance` moves the game on once the lot is placed. Seat 0 is Medici, seat 1
Strozzi. A marker's position is signed: negative steps are on Medici's side
of the centre, positive ones on Strozzi's.
"""

from __future__ import annotations

from collections.abc import Callable

from marshmallow import Schema

from engine.core import Event, Game, Outcome, event, integer_param, template
from engine.medici import data, rules, wire
from engine.medici.bots import BOTS
from engine.medici.moves import MOVES
from engine.medici.scoring import final_outcome, score_round
from engine.medici.table import SEATS, can_draw, copy_state, empty_ships, load_targets, new_state, other, round_over
from engine.medici.view import build_view
from engine.rng import Rng


class MediciOptions(Schema):
    """Medici vs Strozzi has no variants: the options object must be empty."""


HANDLERS: dict[str, Callable[[dict, int, dict, Rng], list[Event]]] = {
    "draw": rules.draw,
    "offer": rules.offer,
    "buy": rules.buy,
    "decline": rules.decline,
    "load": rules.load,
    "discard": rules.discard,
}


class Medici(Game):
    id = "medici"
    title = "Medici vs Strozzi"
    min_players = 2
    max_players = 2
    options = MediciOptions
    move_schema = MOVES
    bots = BOTS
    seat_names = data.SEAT_NAMES
    view_schema = wire.MediciView
    event_schemas = wire.EVENTS

    def setup(self, players: int, options: dict, seed: int) -> dict:
        return self.open(players, options, seed)[0]

    def open(self, players: int, options: dict, seed: int) -> tuple[dict, list[Event]]:
        """Round 1 starts and its first drawer's first tile is drawn (start_turn), as later rounds do."""
        if players != 2:
            raise ValueError("Medici vs Strozzi is played by exactly two players")
        state = new_state(seed)
        rng = Rng(state["rng"])
        drawer = state["drawer"]
        events = [event("round_started", round=state["round"], seat=drawer), *start_turn(state, drawer, rng)]
        state["rng"] = rng.state
        return state, events

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

    def play(self, state: dict, seat: int, move: dict) -> list[Event]:
        rng = Rng(state["rng"])
        events = HANDLERS[move["type"]](state, seat, move, rng)
        events += advance(state, rng)
        state["rng"] = rng.state
        return events

    def outcome(self, state: dict) -> Outcome | None:
        return final_outcome(state)

    def view(self, state: dict, seat: int | None) -> dict:
        return build_view(self, state, seat)

    def move_label(self, state, seat, move, lang="en", strict=False, names=None):
        """Buying or declining the lot says its price: "Buy the lot" alone sent a player to the header."""
        if isinstance(move, dict) and move.get("type") in ("buy", "decline") and state.get("price") is not None:
            move = {**move, "type": f"{move['type']}.priced", "price": state["price"]}
        return super().move_label(state, seat, move, lang, strict, names)

    def dump(self, state: dict) -> dict:
        return copy_state(state)

    def load(self, data_: dict) -> dict:
        return copy_state(data_)


# --- the turn's flow --------------------------------------------------------------
def advance(state: dict, rng: Rng) -> list[Event]:
    """Once the bought lot is loaded or discarded: the next turn, or the round's end."""
    if state["phase"] != "place" or state["lot"]:
        return []
    buyer = state["buyer"]
    state["price"] = None
    state["buyer"] = None
    if round_over(state):
        return end_round(state, rng)
    return start_turn(state, buyer, rng)  # the buyer draws next


def start_turn(state: dict, drawer: int, rng: Rng) -> list[Event]:
    """A turn opens with the drawer's first tile: that draw is not optional, so it
    happens at once (DECIDED) and only the 2nd and 3rd draws are moves."""
    state["drawer"] = drawer
    state["phase"] = "draw"
    return [event("turn_started", seat=drawer), *rules.draw_tile(state, rng)]


def end_round(state: dict, rng: Rng) -> list[Event]:
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
        return events + end_game(state)
    state["round"] += 1
    drawer = data.FIRST_DRAWER[state["round"] - 1]
    return events + [event("round_started", round=state["round"], seat=drawer)] + start_turn(state, drawer, rng)


def end_game(state: dict) -> list[Event]:
    repaid = [rules.repay_credit(state, seat) for seat in SEATS]
    state["phase"] = "over"
    result = final_outcome(state)
    assert result is not None
    return [
        event("credit_repaid", amounts=repaid, debts=list(state["credit"])),
        event("game_over", **result.to_json()),
    ]
