"""A whole Cornish Smuggler match over real HTTP: gunicorn, Redis, keep-alive connections.

Three seats, each its own client thread that waits for its turn with the
long-poll, exactly as three phones would; a decision asked of a seat inside another's
action (the poorest player choosing an officer, a tip-off) reaches it the same way, through
to_act. Checks along the way what a player would: only seats in to_act get legal moves,
versions never skip, every seat reads the public log plus its own secret draws and nobody
else's, and the end has scores, a breakdown and winners that the replay reproduces.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import random
import threading
from urllib.parse import urlparse

import pytest

from engine import registry

pytestmark = pytest.mark.e2e


class Http:
    def __init__(self, base: str, token: str | None = None):
        url = urlparse(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=40)
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"

    def call(self, method: str, path: str, body=None, **headers) -> tuple[int, dict, dict]:
        self.conn.request(method, path, None if body is None else json.dumps(body), {**self.headers, **headers})
        response = self.conn.getresponse()
        raw, headers = response.read(), dict(response.getheaders())
        is_json = "json" in headers.get("Content-Type", "")
        return response.status, headers, json.loads(raw) if raw and is_json else {"text": raw.decode()}


def pick(rng: random.Random, legal: list[dict]) -> dict:
    """A random listed move, passing 3 times in 10 when it may (a shorter match)."""
    passes = [m for m in legal if m["type"] == "pass"]
    return passes[0] if passes and rng.random() < 0.3 else rng.choice(legal)


def seat_loop(base: str, match_id: str, seat: int, token: str, seed: int, errors: list, posted: list):
    http_, rng, after = Http(base, token), random.Random(seed), 0
    try:
        while True:
            status, _, match = http_.call("GET", f"/v1/matches/{match_id}")
            assert status == 200 and match["seat"] == seat
            if match["status"] == "finished":
                return
            if seat in match["to_act"]:
                assert match["legal_moves"], "a seat to act has moves"
                move = pick(rng, match["legal_moves"])
                status, _, answer = http_.call(
                    "POST", f"/v1/matches/{match_id}/moves", move, **{"If-Match": f'"{match["version"]}"'}
                )
                if status == 200:
                    posted.append(answer["version"])
                    continue
                assert status == 409 and answer["code"] in ("stale_version", "not_your_turn"), answer
                continue
            assert match["legal_moves"] == []
            after = match["version"]
            status, _, page = http_.call("GET", f"/v1/matches/{match_id}/events?after={after}&wait=10")
            assert status == 200, page
    except Exception as err:  # surfaced in the main thread
        errors.append(err)


def read_log(base: str, match_id: str, token: str | None) -> list[dict]:
    reader, entries, after = Http(base, token), [], 0
    while True:
        _, _, page = reader.call("GET", f"/v1/matches/{match_id}/events?after={after}")
        if not page["entries"]:
            return entries
        entries += page["entries"]
        after = page["version"]


def test_a_whole_smuggler_match_over_gunicorn(server_url):
    lobby = Http(server_url)
    status, headers, created = lobby.call("POST", "/v1/matches", {"game": "smuggler", "players": 3})
    assert status == 201 and headers["Content-Type"].startswith("application/json")
    match_id = created["id"]
    errors, posted = [], []
    threads = [
        threading.Thread(
            target=seat_loop, args=(server_url, match_id, s["seat"], s["token"], s["seat"], errors, posted)
        )
        for s in created["seats"]
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=240)
    assert not errors, errors
    assert sorted(posted) == list(range(1, len(posted) + 1)), "versions were taken once each, none skipped"

    lobby = Http(server_url)  # a fresh connection: the server closes keep-alive ones idle for 5 s
    status, _, final = lobby.call("GET", f"/v1/matches/{match_id}")
    assert final["status"] == "finished" and final["version"] == len(posted)
    outcome = final["outcome"]
    assert len(outcome["scores"]) == 3 and outcome["winners"]
    assert all(sum(part.values()) == score for part, score in zip(outcome["breakdown"], outcome["scores"]))

    # Every seat reads the whole log: the spectator's public events, plus its own secret draws.
    logs = [read_log(server_url, match_id, seat["token"] if seat else None) for seat in [None, *created["seats"]]]
    public = logs[0]
    assert [e["version"] for e in public] == list(range(1, len(posted) + 1))
    for seat, log in zip(created["seats"], logs[1:]):
        assert [e["version"] for e in log] == [e["version"] for e in public]
        for mine, seen in zip(log, public):
            assert [e for e in mine["events"] if e in seen["events"]] == seen["events"]
            private = [e for e in mine["events"] if e not in seen["events"]]
            assert all(e["seat"] == seat["seat"] or e.get("victim") == seat["seat"] for e in private), private
    played = {e["secret"] for entry in public for e in entry["events"] if e["type"] == "secret_played"}
    drawn = [e for log in logs[1:] for entry in log for e in entry["events"] if e["type"] == "secret_drawn_privately"]
    unplayed = {e["secret"] for e in drawn} - played
    assert drawn and all(f'"{card}"' not in json.dumps(public) for card in unplayed), "a secret leaked"

    _, _, replay = lobby.call("GET", f"/v1/matches/{match_id}/replay")
    assert hashlib.sha256(str(replay["seed"]).encode()).hexdigest() == created["seed_commitment"]
    game = registry.get("smuggler")
    state = game.setup(3, game.load_options(replay["options"]), replay["seed"])
    for move in replay["moves"]:
        game.apply(state, move["seat"], move["move"])
    assert game.outcome(state).to_json() == outcome

    status, _, metrics = lobby.call("GET", "/metrics")
    assert status == 200 and 'portside_moves_applied_total{by="seat",game="smuggler"}' in metrics["text"]
