"""A whole Speicherstadt match over real HTTP: gunicorn, Redis, keep-alive connections.

Three seats, each its own client thread that waits for its turn with the
long-poll, exactly as three phones would. Checks along the way what a player
would: only seats in to_act get legal moves, versions never skip, every seat
sees the same public log, and the end has scores, a breakdown and winners
that the replay reproduces.
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
        try:
            self.conn.request(method, path, None if body is None else json.dumps(body), {**self.headers, **headers})
            response = self.conn.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            if method != "GET":
                raise
            # The server closed a keep-alive connection left idle past its timeout: a GET is safe to resend.
            self.conn.close()
            self.conn.request(method, path, None, {**self.headers, **headers})
            response = self.conn.getresponse()
        raw, headers = response.read(), dict(response.getheaders())
        is_json = "json" in headers.get("Content-Type", "")
        return response.status, headers, json.loads(raw) if raw and is_json else {"text": raw.decode()}


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
                move = rng.choice(match["legal_moves"])
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


def test_a_whole_speicherstadt_match_over_gunicorn(server_url):
    lobby = Http(server_url)
    status, headers, created = lobby.call("POST", "/v1/matches", {"game": "speicherstadt", "players": 3})
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

    status, _, final = lobby.call("GET", f"/v1/matches/{match_id}")
    assert final["status"] == "finished" and final["version"] == len(posted)
    outcome = final["outcome"]
    assert len(outcome["scores"]) == 3 and outcome["winners"]
    assert all(sum(part.values()) == score for part, score in zip(outcome["breakdown"], outcome["scores"]))

    # Every seat and the spectator read the same (public) log of the game.
    logs = []
    for seat in [None, *created["seats"]]:
        reader = Http(server_url, seat["token"] if seat else None)
        _, _, page = reader.call("GET", f"/v1/matches/{match_id}/events?after=0")
        logs.append(page["entries"])
    assert all(log == logs[0] for log in logs) and len(logs[0]) == len(posted)

    _, _, replay = lobby.call("GET", f"/v1/matches/{match_id}/replay")
    assert hashlib.sha256(str(replay["seed"]).encode()).hexdigest() == created["seed_commitment"]
    game = registry.get("speicherstadt")
    state = game.setup(3, game.load_options(replay["options"]), replay["seed"])
    for move in replay["moves"]:
        game.apply(state, move["seat"], move["move"])
    assert game.outcome(state).to_json() == outcome

    status, _, metrics = lobby.call("GET", "/metrics")
    assert status == 200 and 'portside_moves_applied_total{by="seat",game="speicherstadt"}' in metrics["text"]
