"""What a seat (or a spectator) sees. Everything on the table is public, goods included
(CONTENT.md); hidden are the secrets in other hands, the order of the decks (secrets and
characters) and the two characters another player drew at set-up."""

from __future__ import annotations

from engine.smuggler.content import PRICES, WHEEL_SPACES, secret_kind
from engine.smuggler.state import bribe_cost, discovery, merchant_of, open_coves, poorest, shape_kind, track_end


def build_view(game, state: dict, seat: int | None) -> dict:
    n = state["players"]
    outcome = game.outcome(state)
    pending = state["pending"]
    return {
        "game": "smuggler",
        "seat": seat,
        "phase": state["phase"],
        "round": state["round"],
        "first": state["first"],
        "active": state["active"],
        "to_act": sorted(game.to_act(state)),
        "deciding": pending["moves"][0]["type"] if pending else None,
        "ending": state["ending"],
        "customs": {
            "track": state["track"],
            "track_end": track_end(state),
            "discovery": discovery(state),
            "bribe": bribe_cost(state),
            "wheel": state["wheel"] % WHEEL_SPACES,
            "gold_sold": state["wheel"],
            "poorest": poorest(state),
        },
        "officers": [
            {"officer": i, "space": o["space"], "bribed_by": o["bribed_by"], "waits_at_step": o.get("step")}
            for i, o in enumerate(state["officers"])
        ],
        "goods": {
            sid: {
                "kind": shape_kind(sid),
                "merchant": merchant_of(sid),
                "where": s["where"],
                "owner": s["owner"],
                "space": s["space"],
                "warehouse": s["warehouse"],
            }
            for sid, s in state["shapes"].items()
        },
        "warehouses": {wid: dict(w) for wid, w in state["warehouses"].items()},
        "face_up": dict(state["face_up"]),
        "deck_sizes": {deck: len(cards) for deck, cards in state["decks"].items()},
        "discarded_characters": list(state["discarded"]),
        "motivated": list(state["motivated"]),
        "secrets_deck": len(state["secrets_deck"]),
        "secrets_played": list(state["secrets_played"]),
        "prices": {str(size): [list(p) for p in rows] for size, rows in PRICES.items()},
        "players": [player_view(state, s, seat) for s in range(n)],
        "outcome": outcome.to_json() if outcome else None,
    }


def player_view(state: dict, s: int, viewer: int | None) -> dict:
    mine = viewer == s
    hand = state["hands"][s]
    return {
        "seat": s,
        "gold": state["gold"][s],
        "influence": state["influence"][s],
        "reputation": state["reputation"][s],
        "score": state["gold"][s] + state["reputation"][s],
        "passed": state["passed"][s],
        "honest_work_done": state["honest_done"][s],
        "boat": dict(state["boats"][s]),
        "characters": list(state["characters"][s]),
        "pawns": sorted(state["pawns"][s]),
        "open_coves": sorted(open_coves(state, s)),
        "secrets": len(hand),
        "hand": [{"secret": c, "kind": secret_kind(c)} for c in hand] if mine else None,
        "setup_draw": list(state["setup_draw"][s]) if mine else len(state["setup_draw"][s]),
    }
