"""A whole match over real HTTP, as phones would play it: one keep-alive connection and
one thread per seat, each reading its view, posting a listed move when it is to act
(If-Match on the version it read) and long-polling otherwise. Shared by the per-game
end-to-end tests, which add what their game must show on top."""

from __future__ import annotations

import hashlib
import http.client
import json
import random
import threading
from collections.abc import Callable
from urllib.parse import urlparse

from engine import registry

Pick = Callable[[random.Random, list[dict]], dict]


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


def seat_loop(base: str, match_id: str, seat: int, token: str, pick: Pick, errors: list, posted: list):
    http_, rng = Http(base, token), random.Random(seat)
    try:
        while True:
            status, _, match = http_.call("GET", f"/v1/matches/{match_id}")
            assert status == 200 and match["seat"] == seat
            if match["status"] == "finished":
                return
            if seat in match["to_act"]:
                assert match["legal_moves"], "a seat to act has moves"
                status, _, answer = http_.call(
                    "POST",
                    f"/v1/matches/{match_id}/moves",
                    pick(rng, match["legal_moves"]),
                    **{"If-Match": f'"{match["version"]}"'},
                )
                if status == 200:
                    posted.append(answer["version"])
                    continue
                assert status == 409 and answer["code"] in ("stale_version", "not_your_turn"), answer
                continue
            assert match["legal_moves"] == []
            status, _, page = http_.call("GET", f"/v1/matches/{match_id}/events?after={match['version']}&wait=10")
            assert status == 200, page
    except Exception as err:  # surfaced in the main thread
        errors.append(err)


def play(server_url: str, game_id: str, players: int, pick: Pick = lambda rng, legal: rng.choice(legal)):
    """Create a match, play it to the end with one thread per seat; returns (created, final match)."""
    status, headers, created = Http(server_url).call("POST", "/v1/matches", {"game": game_id, "players": players})
    assert status == 201 and headers["Content-Type"].startswith("application/json")
    match_id = created["id"]
    errors: list = []
    posted: list = []
    threads = [
        threading.Thread(target=seat_loop, args=(server_url, match_id, s["seat"], s["token"], pick, errors, posted))
        for s in created["seats"]
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=240)
    assert not errors, errors
    first = created["version"] + 1  # after the log's opening entry, if the game has one
    assert sorted(posted) == list(range(first, first + len(posted))), "versions were taken once each, none skipped"

    lobby = Http(server_url)  # a fresh connection: the server closes keep-alive ones idle for 5 s
    status, _, final = lobby.call("GET", f"/v1/matches/{match_id}")
    assert final["status"] == "finished" and final["version"] == created["version"] + len(posted)
    outcome = final["outcome"]
    assert len(outcome["scores"]) == players and outcome["winners"]
    assert all(sum(part.values()) == score for part, score in zip(outcome["breakdown"], outcome["scores"]))

    # The replay recomputes the same end from the committed seed.
    _, _, replay = lobby.call("GET", f"/v1/matches/{match_id}/replay")
    assert hashlib.sha256(str(replay["seed"]).encode()).hexdigest() == created["seed_commitment"]
    game = registry.get(game_id)
    state = game.setup(players, game.load_options(replay["options"]), replay["seed"])
    for move in replay["moves"]:
        game.apply(state, move["seat"], move["move"])
    assert game.outcome(state).to_json() == {k: v for k, v in outcome.items() if k != "names"}  # names: display only

    status, _, metrics = lobby.call("GET", "/metrics")
    assert status == 200 and f'portside_moves_applied_total{{by="seat",game="{game_id}"}}' in metrics["text"]
    return created, final
