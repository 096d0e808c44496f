"""Cornish Smuggler (Grublin Games), 2 to 5 players: the Game object and the turn's flow.

    set-up  boat draft (clockwise from the first player), START warehouse draft
            (counter-clockwise from the last), two characters drawn face down and one kept,
            one network pawn anywhere, boats at sea; the top of each deck revealed
    round   from the first player clockwise, one action each, until everyone has passed;
            free moves (warehouses, abandoned goods, motivating characters, secrets) before
            the action, and again after it (`end_turn` to stop), before the turn passes
    inside  decisions of other seats (the poorest player choosing for the customs, a tip-off,
            the Witch) are real moves of that seat: `to_act` names it (flow.py); so are the
            raider's choices inside a raid (raids.py)
    end     customs track at its end or the last goods bought: the round is finished, then
            gold + reputation; ties to the most gold, then shared

The rules as implemented, with every decided number: README.md.
"""

from __future__ import annotations

from collections.abc import Callable

from marshmallow import Schema

from engine.core import Game, IllegalMove, Outcome, event, matches_template, rank_by, template_errors
from engine.i18n import words_for
from engine.smuggler import actions, flow, free, labels, legal, wire
from engine.smuggler.bots import BOTS
from engine.smuggler.moves import MOVES
from engine.smuggler.state import copy_state, new_state, upgraded
from engine.smuggler.static import static_data, where_said
from engine.smuggler.view import build_view

RULE_WORDS = {
    "move_boat": "A boat moves one sea space (ports, coves and merchants included) for 1 influence or 3 gold.",
    "move_goods": "Goods move one space, between two spaces holding your network pawns, for 1 influence or 2 gold.",
    "move_pawn": "A network pawn moves one land space for 1 influence or 2 gold.",
    "move_both": "A pawn and a goods shape on its space move together one space for 3 influence or 5 gold.",
    "move_officer": "An officer on the board moves one land space for 4 influence or 6 gold.",
    "honest_work": "Honest work is done at most once per round.",
    "land": "Goods land from your boat at a port (or an opened secret cove) holding your network pawn, "
    "for 1 influence plus 1 per point hidden.",
    "buy_goods": "Goods are bought from the merchant your boat is at, for 1 influence plus 1 gold a square, "
    "and must fit your hold.",
    "sell": "One shape of yours on the board, in a town with a size and with your pawn, sells at one of three "
    "prices (the middle row costs 1, the bottom row 2, influence or reputation).",
    "buy_reputation": "Reputation costs 4 gold.",
    "discover_secret": "A secret costs 2 influence or 2 gold, while the deck lasts.",
    "hire": "A face-up character is hired for 1 influence or 2 reputation plus its gold cost.",
    "bribe": "An officer is bribed on a space with your pawn, for 1 influence plus the track's bribe cost "
    "(+1 gold if another holds him).",
    "raid": "A raid needs two mob characters, your pawn at Penzance, seized goods and 1 influence; "
    "then each shape recovered costs a mob card.",
    "stash": "Goods on the board with your pawn go into your warehouse there if they fit, once in per turn.",
    "unstash": "Goods leave your warehouse onto its space, where you have a pawn, once out per turn.",
    "claim": "Goods another player left without his pawn are claimed where your pawn stands with them.",
    "end_turn": "The turn ends by itself after the action; you are asked only when you may still make a free move.",
}


def allowed(state: dict, seat: int, move: dict) -> bool:
    """A move of the active player: listed, or (a landing) built from the landing template."""
    if move["type"] == "land":
        templates = legal.land_template(state, seat)
        return any(matches_template(t, move) for t in templates) and any(move["shapes"].values())
    return move in legal.moves_of_type(state, seat, move["type"])


def decide(state: dict, seat: int, move: dict) -> list:
    """A decision the queue asked of this seat (set-up drafts, the customs, windows)."""
    return flow.resolve(state, seat, move)


# Each move type's handler: decisions go back to the queue waiting for them, actions are played
# by actions.py, the free moves of a turn by free.py. The free moves are both: moves of the turn
# before the action, and answers to the end of the turn's question after it (`play` sends any
# move answering a pending decision to the queue).
HANDLERS: dict[str, Callable[[dict, int, dict], list]] = {
    **{move_type: decide for move_type in flow.RESOLVERS},
    **actions.ACTIONS,
    **free.FREE,
}
TURN_MOVES = frozenset(actions.ACTIONS) | frozenset(free.FREE)


class SmugglerOptions(Schema):
    """Cornish Smuggler has no variants: the options object must be empty."""


class Smuggler(Game):
    id = "smuggler"
    title = "Cornish Smuggler"
    min_players = 2
    max_players = 5
    options = SmugglerOptions
    move_schema = MOVES
    bots = BOTS
    view_schema = wire.SmugglerView
    event_schemas = wire.EVENTS
    static_schema = wire.SmugglerStatic

    def setup(self, players: int, options: dict, seed: int) -> dict:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Cornish Smuggler is played by 2 to 5 players")
        state = new_state(players, seed)
        state["queue"] = flow.setup_queue(players)
        flow.run(state)
        return state

    def players(self, state: dict) -> int:
        return state["players"]

    def to_act(self, state: dict) -> set[int]:
        if state["pending"] is not None:
            return {state["pending"]["seat"]}
        if state["phase"] == "play":
            return {state["active"]}
        return set()

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        if state["pending"] is not None:
            return [copy_state(move) for move in state["pending"]["moves"]]
        return legal.action_moves(state, seat)

    def move_templates(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_act(state) or state["pending"] is not None:
            return []
        return legal.land_template(state, seat)

    def move_label(self, state: dict, seat: int, move: dict, lang: str = "en", strict: bool = False, names=None) -> str:
        """The move's label with what it costs, earns and loses here (labels.py)."""
        return labels.move_label(self, state, seat, move, lang, strict, names)

    def play(self, state: dict, seat: int, move: dict) -> list:
        if state["pending"] is not None:
            if move not in state["pending"]["moves"]:
                raise IllegalMove("illegal_move", "That is not one of the choices asked of you now.")
            return decide(state, seat, move)
        if move["type"] not in TURN_MOVES or not allowed(state, seat, move):
            words = RULE_WORDS.get(move["type"], "That move is not allowed now.")
            templates = legal.land_template(state, seat) if move["type"] == "land" else []
            wrong = template_errors(templates[0], move) if templates else {}  # which value, within what
            raise IllegalMove("illegal_move", words, move_type=move["type"], **({"errors": wrong} if wrong else {}))
        events = HANDLERS[move["type"]](state, seat, move)
        return events + flow.run(state)

    def outcome(self, state: dict) -> Outcome | None:
        if state["phase"] != "over":
            return None
        n = state["players"]
        scores = [state["gold"][s] + state["reputation"][s] for s in range(n)]
        breakdown = [{"gold": state["gold"][s], "reputation": state["reputation"][s]} for s in range(n)]
        ranks, winners = rank_by([(scores[s], state["gold"][s]) for s in range(n)])
        tiebreak = "most gold" if scores.count(max(scores)) > 1 else ""
        return Outcome(scores, breakdown, ranks, winners, tiebreak)

    def view(self, state: dict, seat: int | None) -> dict:
        return build_view(self, state, seat)

    def static(self) -> dict | None:
        return {**static_data(), "where": where_said(words_for(self))}

    def dump(self, state: dict) -> dict:
        return copy_state(state)

    def load(self, data_: dict) -> dict:
        return upgraded(copy_state(data_))

    def adopt(self, data_: dict) -> dict:
        return upgraded(data_)


__all__ = ["Smuggler", "event"]
