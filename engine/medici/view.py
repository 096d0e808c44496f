"""What a seat (or a spectator) sees of a Medici vs Strozzi match.

Nothing is secret but the order of draws, which lives only in the RNG: the
bag is a set whose contents follow from public play, so every view shows
them. Every view is therefore the same apart from `seat`.
"""

from __future__ import annotations

from engine.medici import data
from engine.medici.scoring import cargo_value, marker_bonus, marker_side, tile_json
from engine.medici.table import can_draw, copy_summary, lot_limit, room


def build_view(game, state: dict, seat: int | None) -> dict:
    over = state["phase"] == "over"
    outcome = game.outcome(state)
    return {
        "game": "medici",
        "seat": seat,
        "round": state["round"],
        "rounds": data.ROUNDS,
        "phase": state["phase"],
        "to_act": sorted(game.to_act(state)),
        "drawer": None if over else state["drawer"],
        "price": state["price"],
        "buyer": state["buyer"],
        "lot": [tile_json(t) for t in state["lot"]],
        "lot_limit": None if over else lot_limit(state),
        "can_draw": (not over) and state["phase"] == "draw" and can_draw(state),
        "max_price": data.MAX_PRICE,
        "bag": {"count": len(state["bag"]), "tiles": [tile_json(t) for t in state["bag"]]},
        "discards": [tile_json(t) for t in state["discards"]],
        "bank": state["bank"],
        "players": [
            {
                "seat": s,
                "name": data.SEAT_NAMES[s],
                "money": state["cash"][s],
                "credit": state["credit"][s],
                "net": state["cash"][s] - state["credit"][s],
                "ships": [
                    {
                        "ship": i,
                        "capacity": data.SHIP_CAPACITY[i],
                        "harbour": ship["harbour"],
                        "room": room(state, s, i),
                        "value": cargo_value(ship["tiles"]),
                        "tiles": [tile_json(t) for t in ship["tiles"]],
                    }
                    for i, ship in enumerate(state["ships"][s])
                ],
                "earned": dict(state["ledger"][s]),
            }
            for s in (0, 1)
        ],
        "harbours": [
            {
                "harbour": h,
                "name": data.HARBOUR_NAMES[h],
                "goods": list(goods),
                "totals": [
                    sum(cargo_value(ship["tiles"]) for ship in state["ships"][s] if ship["harbour"] == h)
                    for s in (0, 1)
                ],
            }
            for h, goods in enumerate(data.HARBOUR_GOODS)
        ],
        "markers": [
            {
                "track": t,
                "harbour": harbour,
                "good": good,
                "position": state["markers"][t],
                "side": marker_side(state["markers"][t]),
                "bonus": marker_bonus(state["markers"][t]),
            }
            for t, (harbour, good) in enumerate(data.TRACKS)
        ],
        "track_steps": data.TRACK_STEPS,
        "step_bonus": list(data.STEP_BONUS),
        "history": [copy_summary(item) for item in state["history"]],
        "outcome": outcome.to_json() if outcome else None,
    }
