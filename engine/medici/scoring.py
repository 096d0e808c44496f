"""Scoring a round of Medici vs Strozzi: harbours first, then monopoly markers.

Pure functions of the ships and markers, so the rulebook's examples can be
checked on hand-built positions.
"""

from __future__ import annotations

from engine.core import Outcome, rank_by
from engine.medici import data
from engine.medici.table import LEDGER_KEYS, SEATS

TOWARD = (-1, 1)  # a marker moves toward Medici (seat 0) by -1, toward Strozzi by +1


def tile_json(tile: int) -> dict:
    kind, value = data.TILES[tile]
    return {"id": tile, "kind": kind, "value": value}


def cargo_by_harbour(ships: list[list[dict]]) -> list[list[list[int]]]:
    """tiles[harbour][seat]: the tiles a seat's ship moored in that harbour carries."""
    tiles: list[list[list[int]]] = [[[], []] for _ in data.HARBOUR_GOODS]
    for seat, fleet in enumerate(ships):
        for ship in fleet:
            if ship["harbour"] is not None:
                tiles[ship["harbour"]][seat].extend(ship["tiles"])
    return tiles


def cargo_value(tiles: list[int]) -> int:
    return sum(data.TILES[t][1] for t in tiles)


def marker_steps(tiles: list[int], good: str) -> int:
    """Steps a seat's cargo pushes one track: 1 per matching tile, 2 for a 0-value one.
    Gold and goods of other types push nothing."""
    steps = 0
    for tile in tiles:
        kind, value = data.TILES[tile]
        if kind == good:
            steps += data.ZERO_TILE_STEPS if value == 0 else 1
    return steps


def marker_side(position: int) -> int | None:
    if position < 0:
        return 0
    if position > 0:
        return 1
    return None


def marker_bonus(position: int) -> int:
    return data.STEP_BONUS[abs(position)]


def move_marker(position: int, pushes: list[int]) -> int:
    """Both players' pushes cancel first (DECIDED), then the marker stops at the end."""
    net = pushes[1] - pushes[0]
    return max(-data.TRACK_STEPS, min(data.TRACK_STEPS, position + net))


def score_round(ships: list[list[dict]], markers: list[int]) -> dict:
    """The round's scoring: who won which harbour, where the markers end, who earns what."""
    cargo = cargo_by_harbour(ships)
    income = [{"harbours": 0, "monopolies": 0, "bonuses": 0} for _ in range(2)]
    harbours = []
    for harbour, (mine, theirs) in enumerate(cargo):
        totals = [cargo_value(mine), cargo_value(theirs)]
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        if winner is not None:
            income[winner]["harbours"] += data.HARBOUR_WIN
        harbours.append({"harbour": harbour, "totals": totals, "winner": winner})
    new_markers = []
    steps = []
    for track, (harbour, good) in enumerate(data.TRACKS):
        pushes = [marker_steps(cargo[harbour][seat], good) for seat in range(2)]
        steps.append(pushes)
        position = move_marker(markers[track], pushes)
        new_markers.append(position)
        side = marker_side(position)
        if side is not None:
            income[side]["monopolies"] += data.MARKER_PAY
            income[side]["bonuses"] += marker_bonus(position)
    return {"harbours": harbours, "pushes": steps, "markers": new_markers, "income": income}


def final_outcome(state: dict) -> Outcome | None:
    """Once the game is over: money less the debt left; most wins, a tie is shared."""
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
