"""Base Catan for 3-4 players under the engine contract (see README.md).

The state is one JSON-native dict (lists of ints, a few strings), so `dump`
and `load` are shallow copies of small lists. This module holds the Game
subclass and the turn's flow: each move type is dispatched to a rules
function in its topic module (setup, production, building, development,
trade); legal.py says who is to act and what they may do, view.py what each
seat sees.

Phases: setup -> (roll -> [discard] -> robber -> main ... end_turn) ...
with the sub-phases road_building (free roads), robber (7 or knight) and
trade (the players asked by an offer or a call for proposals answer while
the active player waits).
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from engine.catan import board as B
from engine.catan import building, development, production, texts, trade, wire
from engine.catan import data as D
from engine.catan.bots import BOTS
from engine.catan.common import fail
from engine.catan.legal import legal_moves, move_templates, to_act
from engine.catan.moves import MOVES
from engine.catan.scoring import breakdown, total_vp
from engine.catan.setup import new_state
from engine.catan.spots import harbour_ratios
from engine.catan.view import build_view
from engine.core import Game, IllegalMove, Outcome, event, rank_by


# Each choice of an option has words for people (`x-labels`, value -> msgid), which the catalogue
# says in the caller's language: the lobby's French page offered « Plateau [variable] », « [spiral] ».
class Options(Schema):
    map = fields.String(
        load_default="variable",
        validate=validate.OneOf(["beginner", "variable"]),
        metadata={
            "title": "Map",
            "description": "beginner: the fixed starting map; variable: shuffled terrain",
            "x-labels": {"beginner": "beginner", "variable": "variable"},
        },
    )
    numbers = fields.String(
        load_default="spiral",
        validate=validate.OneOf(["spiral", "random"]),
        metadata={
            "title": "Number tokens",
            "description": "variable map only: tokens A-R in a spiral from a random "
            "corner, or shuffled with no two 6/8 adjacent",
            "x-labels": {"spiral": "spiral", "random": "random"},
        },
    )
    trade_order = fields.String(
        load_default="combined",
        validate=validate.OneOf(["combined", "strict"]),
        metadata={
            "title": "Trading and building",
            "description": "combined: trade and build in any order after the roll "
            "(the rules' advanced tip); strict: no trade once you "
            "have built or bought this turn",
            "x-labels": {"combined": "combined", "strict": "strict"},
        },
    )
    max_offers = fields.Integer(
        load_default=0,
        strict=True,
        validate=validate.Range(0, 20),
        metadata={
            "title": "Offers per turn",
            "description": "house rule: at most this many domestic offers and calls for proposals "
            "per turn (0, the default: no limit, as in the rules)",
        },
    )


def do_end_turn(state, seat, move):
    if state["phase"] != "main":
        fail("You end your turn after rolling, with nothing left pending.")
    state["turn"] = (seat + 1) % state["n"]
    state["turns"] += 1
    state["phase"], state["rolled"], state["dice"] = "roll", False, None
    state["dev_played"], state["fresh"], state["offers"], state["built"] = False, [0] * 5, 0, False
    if trade.table_open(state):
        trade.close_table(state)
    return [event("turn_ended", seat=seat, next=state["turn"])]


HANDLERS = {
    "roll": production.do_roll,
    "discard": production.do_discard,
    "move_robber": production.do_move_robber,
    "build_road": building.do_build_road,
    "build_settlement": building.do_build_settlement,
    "build_city": building.do_build_city,
    "buy_development": development.do_buy_development,
    "play_knight": development.do_play_knight,
    "play_road_building": development.do_play_road_building,
    "play_year_of_plenty": development.do_play_year_of_plenty,
    "play_monopoly": development.do_play_monopoly,
    "maritime_trade": trade.do_maritime_trade,
    "offer_trade": trade.do_offer_trade,
    "call_for_proposals": trade.do_call_for_proposals,
    "withdraw_offer": trade.do_withdraw_offer,
    "withdraw_proposal": trade.do_withdraw_proposal,
    "confirm_trade": trade.do_confirm_trade,
    "accept_proposal": trade.do_accept_proposal,
    "accept_offer": trade.do_accept_offer,
    "propose_trade": trade.do_propose_trade,
    "decline_trade": trade.do_decline_trade,
    "end_turn": do_end_turn,
}


# Moves after which the active player's points may have changed (or a new
# player is active), so a win must be checked.
SCORING_MOVES = {"build_road", "build_settlement", "build_city", "buy_development", "play_knight", "end_turn"}


# Moves only the active player makes outside the discard and answer windows.
ACTIVE_ONLY = set(HANDLERS) - {"discard", "accept_offer", "propose_trade", "decline_trade", "withdraw_proposal"}
# Moves that count as building for the `strict` trade order (no trade after them).
BUILDING_MOVES = {"build_road", "build_settlement", "build_city", "buy_development"}


def play(state, seat, move) -> list:
    kind = move["type"]
    if kind in ACTIVE_ONLY and seat != state["turn"]:
        fail("Only the player whose turn it is may do that.", code="not_your_turn")
    events = HANDLERS[kind](state, seat, move)
    if kind in BUILDING_MOVES and state["strict_order"] and trade.table_open(state):
        trade.close_table(state)
    if kind in SCORING_MOVES:
        events += check_win(state)
    return events


def check_win(state) -> list:
    """Ten points (hidden VP cards included) on your own turn end the game at once."""
    if state["phase"] in ("setup", "over"):
        return []
    seat = state["turn"]
    if total_vp(state, seat) < D.VP_TO_WIN:
        return []
    state["phase"], state["winner"] = "over", seat
    trade.close_table(state)
    state["discard"] = [0] * state["n"]
    return [
        event(
            "game_over",
            winner=seat,
            points=[total_vp(state, s) for s in range(state["n"])],
            victory_point_cards=[state["devs"][s][D.VICTORY_POINT] for s in range(state["n"])],
        )
    ]


def dump(state) -> dict:
    out = dict(state)
    for key in (
        "terrain",
        "numbers",
        "harbours",
        "bank",
        "fresh",
        "played",
        "knights",
        "deck",
        "node",
        "city",
        "edge",
        "discard",
        "road_len",
        "vp",
        "asked",
        "accepted",
    ):
        out[key] = state[key][:]
    for key in ("hands", "devs", "stock"):
        out[key] = [row[:] for row in state[key]]
    if state["dice"] is not None:
        out["dice"] = state["dice"][:]
    if state["offer"] is not None:
        out["offer"] = {k: v[:] for k, v in state["offer"].items()}
    out["proposals"] = [p if p is None else {"give": p["give"][:], "get": p["get"][:]} for p in state["proposals"]]
    return out


def outcome(state):
    if state["phase"] != "over":
        return None
    n, winner = state["n"], state["winner"]
    parts = [breakdown(state, s) for s in range(n)]
    scores = [sum(p.values()) for p in parts]
    ranks, winners = rank_by([(s == winner, scores[s]) for s in range(n)])
    tie = any(scores[s] >= scores[winner] for s in range(n) if s != winner)
    return Outcome(
        scores, parts, ranks, winners, "the player who reaches 10 points on their own turn wins" if tie else ""
    )


class Catan(Game):
    id = "catan"
    title = "Catan"
    min_players = 3
    max_players = 4
    options = Options
    move_schema = MOVES
    bots = BOTS
    view_schema = wire.CatanView
    event_schemas = wire.EVENTS
    static_schema = wire.CatanStatic
    topology = B.TOPOLOGY

    def setup(self, players, options, seed):
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("bad_players", "Catan is for 3 or 4 players.", players=players)
        return new_state(players, options, seed)

    def players(self, state):
        return state["n"]

    # The contract methods are the module's functions themselves (no extra call per move).
    to_act = staticmethod(to_act)
    legal_moves = staticmethod(legal_moves)
    move_templates = staticmethod(move_templates)
    play = staticmethod(play)
    view = staticmethod(build_view)
    outcome = staticmethod(outcome)
    dump = staticmethod(dump)

    def load(self, data):
        return dump(data)

    def move_label(self, state, seat, move, lang="en", strict=False, names=None):
        """The robber's moves also say the hex's number and what it yields ("hex 4 (8, brick)"):
        a board drawn in a browser shows no hex ids."""
        if isinstance(move, dict) and move.get("type") == "move_robber" and move.get("hex") in range(B.N_HEXES):
            resource = D.TERRAIN_RESOURCE[state["terrain"][move["hex"]]]
            if resource is None:
                move = {**move, "type": "move_robber.desert"}
            else:
                move = {**move, "number": state["numbers"][move["hex"]], "yields": D.RESOURCES[resource]}
            if move.get("victim") is None:
                move = {**move, "type": f"{move['type']}.nobody"}
        if isinstance(move, dict) and move.get("type") == "maritime_trade" and state:
            move = _counted_trade(state, seat, move)
        return super().move_label(state, seat, move, lang, strict, names)

    def event_text(self, event, lang="en", names=None, strict=False):
        return super().event_text(texts.variant(dict(event)), lang, names, strict)

    def static(self):
        """The board topology, the same in every match: GET /v1/games/catan/static."""
        return {"topology": self.topology}


def _counted_trade(state: dict, seat: int, move: dict) -> dict:
    """A bank trade's label says how many cards go ("Trade 4 wool to the bank for 1 brick"): the
    seat's harbours set it, and the label said only "Trade wool to the bank for one brick"."""
    give, get = move.get("give"), move.get("get")
    if give not in D.RESOURCES or get not in D.RESOURCES:
        return move
    ratio = harbour_ratios(state, seat)[D.RESOURCES.index(give)]
    return {**move, "type": "maritime_trade.counted", "give": {give: ratio}, "get": {get: 1}}
