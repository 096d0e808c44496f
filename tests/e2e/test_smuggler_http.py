"""A whole Cornish Smuggler match over real HTTP: gunicorn, Redis, keep-alive connections.

Three seats, each its own client thread that waits for its turn with the
long-poll, exactly as three phones would; a decision asked of a seat inside another's
action (the poorest player choosing an officer, a tip-off) reaches it the same way, through
to_act. Checks along the way what a player would: only seats in to_act get legal moves,
versions never skip, every seat reads the public log plus its own secret draws and nobody
else's, and the end has scores, a breakdown and winners that the replay reproduces.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.e2e.whole_match import Http, play

pytestmark = pytest.mark.e2e


def pick(rng: random.Random, legal: list[dict]) -> dict:
    """A random listed move, passing 3 times in 10 when it may (a shorter match)."""
    passes = [m for m in legal if m["type"] == "pass"]
    return passes[0] if passes and rng.random() < 0.3 else rng.choice(legal)


def read_log(base: str, match_id: str, token: str | None) -> list[dict]:
    reader, entries, after = Http(base, token), [], 0
    while True:
        _, _, page = reader.call("GET", f"/v1/matches/{match_id}/events?after={after}")
        if not page["entries"]:
            return entries
        entries += page["entries"]
        after = page["version"]


def test_a_whole_smuggler_match_over_gunicorn(server_url):
    created, final = play(server_url, "smuggler", 3, pick)
    match_id = created["id"]

    # Every seat reads the whole log: the spectator's public events, plus its own secret draws.
    logs = [read_log(server_url, match_id, seat["token"] if seat else None) for seat in [None, *created["seats"]]]
    public = logs[0]
    assert [e["version"] for e in public] == list(range(1, final["version"] + 1))
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
