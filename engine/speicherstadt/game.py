"""Speicherstadt's rules (Stefan Feld, 2010), as a `Game`: the contract and the turn's flow.

A round is: 1) supply (reveal players+1 cards; ships get 3 cubes from the
bag; fires are resolved at once), 2) demand (3 workers each, one at a time),
3) purchase (left to right; the lowest worker buys or declines), 4) shipping
(simultaneous, cube by cube, each seat ends with `done`), 5) income. The
game ends after the round in which only the 4th fire is left in the deck.

Each move type is played by a function of a rule module (`HANDLERS`); then
`advance` moves the game on as far as it goes without a player's decision.
The state is one JSON-native dict (table.py); the deck and the bag's draws
are secret, everything else is on the table.
"""

from __future__ import annotations

from collections.abc import Callable

from marshmallow import Schema

from engine.core import Event, Game, Outcome, event
from engine.rng import Rng
from engine.speicherstadt import auction, scoring, shipping, supply, wire
from engine.speicherstadt.bots import BOTS
from engine.speicherstadt.data import LAST_FIRE, MAX_PLAYERS, MIN_PLAYERS
from engine.speicherstadt.moves import MOVES
from engine.speicherstadt.table import copy_state, new_state, open_cards
from engine.speicherstadt.view import table_view


class Options(Schema):
    """Speicherstadt has no variants."""


HANDLERS: dict[str, Callable[[dict, int, dict], list[Event]]] = {
    "place_worker": auction.place_worker,
    "buy": auction.buy,
    "decline": auction.decline,
    "deliver": shipping.deliver,
    "sell": shipping.sell,
    "store": shipping.store,
    "to_market": shipping.to_market,
    "market_sell": shipping.market_sell,
    "convert": shipping.convert,
    "done": shipping.done,
}


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

    def setup(self, players: int, options: dict, seed: int) -> dict:
        return self.open(players, options, seed)[0]

    def open(self, players: int, options: dict, seed: int) -> tuple[dict, list[Event]]:
        """Round 1 starts with its cards turned up, as every later round does."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Speicherstadt is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        rng = Rng.from_seed(seed)
        state = new_state(players, rng)
        events: list[Event] = []
        start_round(state, rng, events)
        state["rng"] = rng.state
        return state, events

    def players(self, state: dict) -> int:
        return state["players"]

    def to_act(self, state: dict) -> set[int]:
        return to_act(state)

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in to_act(state):
            return []
        phase = state["phase"]
        if phase == "demand":
            return [{"type": "place_worker", "card": i} for i in open_cards(state)]
        if phase == "purchase":
            return [{"type": "buy"}, {"type": "decline"}]
        return shipping.shipping_moves(state, seat)

    def play(self, state: dict, seat: int, move: dict) -> list[Event]:
        rng = Rng(state["rng"])
        events = HANDLERS[move["type"]](state, seat, move)
        advance(state, rng, events)
        state["rng"] = rng.state
        return events

    def outcome(self, state: dict) -> Outcome | None:
        return scoring.outcome(state)

    def view(self, state: dict, seat: int | None) -> dict:
        return table_view(state, seat, sorted(to_act(state)))

    def dump(self, state: dict) -> dict:
        return copy_state(state)

    def load(self, data: dict) -> dict:
        return copy_state(data)


def to_act(state: dict) -> set[int]:
    phase = state["phase"]
    if phase == "demand":
        return {state["turn"]}
    if phase == "purchase":
        return {state["row"][state["offer"]]["workers"][0]}
    if phase == "shipping":
        return set(state["shipping"])
    return set()


# --- the turn's flow --------------------------------------------------------------
def advance(state: dict, rng: Rng, events: list[Event]) -> None:
    """After a move: the next phase once everybody has placed, settled or shipped."""
    phase = state["phase"]
    if phase == "demand" and all(me["workers"] == 0 for me in state["seats"]):
        start_purchase(state, rng, events)
    elif phase == "purchase":
        next_offer(state, rng, events)
    elif phase == "shipping" and not state["shipping"]:
        income(state, rng, events)


def start_purchase(state: dict, rng: Rng, events: list[Event]) -> None:
    state["phase"] = "purchase"
    state["turn"] = None
    state["offer"] = 0
    next_offer(state, rng, events)


def next_offer(state: dict, rng: Rng, events: list[Event]) -> None:
    """Settle the offer until someone who can pay must decide, else ship."""
    if not auction.settle_offers(state, events):
        start_shipping(state, rng, events)


def start_shipping(state: dict, rng: Rng, events: list[Event]) -> None:
    """Everybody with something to decide ships at once; nobody: straight to income."""
    state["phase"] = "shipping"
    state["offer"] = None
    state["row"] = []
    state["shipping"] = [seat for seat in range(state["players"]) if shipping.cube_moves(state, seat)]
    if state["shipping"]:
        events.append(event("shipping_started", seats=list(state["shipping"])))
    else:
        income(state, rng, events)


def income(state: dict, rng: Rng, events: list[Event]) -> None:
    supply.pay_income(state, events)
    if state["last_round"]:
        end_game(state, events)
    else:
        start_round(state, rng, events)


def start_round(state: dict, rng: Rng, events: list[Event]) -> None:
    state["round"] += 1
    state["phase"] = "supply"
    events.append(event("round_started", round=state["round"], start=state["start"]))
    supply.reveal_cards(state, rng, events)
    if not state["row"]:  # only fires were left (3rd fire just above the 4th)
        end_game(state, events)
        return
    state["last_round"] = state["deck"] == [LAST_FIRE]
    state["phase"] = "demand"
    state["turn"] = state["start"]


def end_game(state: dict, events: list[Event]) -> None:
    """The 4th fire is resolved, then the final scoring."""
    state["deck"].remove(LAST_FIRE)
    supply.resolve_fire(state, LAST_FIRE, events)
    state["phase"] = "over"
    state["turn"] = None
    state["last_round"] = False
    result = scoring.outcome(state)
    assert result is not None
    events.append(event("game_over", scores=result.scores, winners=result.winners))
