#!/usr/bin/env python3
"""Play one whole Portside match over HTTP, every seat making random legal moves.

    python3 examples/play_match.py http://127.0.0.1:8000 [GAME] [PLAYERS] [SEED]

PLAYERS defaults to 3, or the game's nearest count (2 for Medici vs Strozzi).
SEED, a whole number, fixes the match's deal and this script's choices: the same
seed plays the same match again (a bug you saw, or a test that must take the
same time each run).

Standard library only. The loop is all a scripted client needs: read the
match, and for each seat in `to_act` read that seat's view with its token and
POST one of its `legal_moves` unchanged, or fill in one of its `move_templates`
(a move with parameters, such as a price) and POST that.
"""

import json
import random
import sys
import time
import urllib.error
import urllib.request


def call(base, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    while True:
        try:
            with urllib.request.urlopen(request, timeout=40) as response:
                return json.load(response)
        except urllib.error.HTTPError as err:  # every error is problem+json with a stable "code"
            problem = json.load(err)
            if problem.get("code") in ("not_your_turn", "stale_version"):
                return None  # someone else moved first: read again
            if problem.get("code") == "rate_limited":  # over a minute's budget: wait as told
                time.sleep(int(err.headers.get("Retry-After", "1")))
                continue
            raise SystemExit(f"{method} {path}: {err.code} {problem}") from None


def fill(template):
    """A move from a parametric one (`move_templates`): each param gets a value of its shape.
    Params named together in the template's `disjoint` (a trade's give and get) never share a key."""
    apart = {name for group in template.get("disjoint", []) for name in group}
    taken = set()  # keys already given to one of those params

    def value(name, param):
        if param["kind"] == "integer":
            return random.randint(param["min"], min(param["max"], param["min"] + 10))
        if param["kind"] == "seats":
            return param["of"][: max(param["min"], 1)]
        counts, need = {}, param["min_total"]  # counts: the first cards up to the least total
        for key, most in param["max"].items():
            if need and most and not (name in apart and key in taken):
                counts[key] = min(most, need)
                need -= counts[key]
        if name in apart:
            taken.update(counts)
        return counts

    return {**template["move"], **{name: value(name, p) for name, p in template["params"].items()}}


def pick(mine):
    """One of the seat's moves: a listed one as it is, or a template filled in."""
    choices = mine["legal_moves"] + mine["move_templates"]
    choice = random.choice(choices)
    return fill(choice) if "params" in choice and "move" in choice else choice


def main(base, game="speicherstadt", players=None, seed=None):
    base = base.rstrip("/")
    if players is None:  # 3 where the game allows it (Medici vs Strozzi is for 2 only)
        entry = call(base, "GET", f"/v1/games/{game}")
        players = min(max(3, entry["min_players"]), entry["max_players"])
    body = {"game": game, "players": players}
    if seed is not None:
        random.seed(seed)
        body["seed"] = seed
    created = call(base, "POST", "/v1/matches", body)
    match_id = created["id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    print(f"match {match_id}: {players}-player {game}")

    while True:
        match = call(base, "GET", f"/v1/matches/{match_id}")  # no token: the spectator's view
        if match["status"] == "finished":
            break
        for seat in match["to_act"]:
            mine = call(base, "GET", f"/v1/matches/{match_id}", token=tokens[seat])
            if mine["legal_moves"] or mine["move_templates"]:
                move = pick(mine)
                call(base, "POST", f"/v1/matches/{match_id}/moves", move, token=tokens[seat])

    outcome = match["outcome"]
    print(f"finished at version {match['version']}")
    for seat, score in enumerate(outcome["scores"]):
        print(f"seat {seat}: {score} points {outcome['breakdown'][seat]}")
    print("winners:", outcome["winners"])
    return match


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], *sys.argv[2:3], *(int(n) for n in sys.argv[3:5]))
