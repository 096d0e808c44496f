"""A whole Speicherstadt match over real HTTP: gunicorn, Redis, keep-alive connections.

Three seats, each its own client thread that waits for its turn with the
long-poll, exactly as three phones would. Checks along the way what a player
would: only seats in to_act get legal moves, versions never skip, every seat
sees the same public log, and the end has scores, a breakdown and winners
that the replay reproduces.
"""

from __future__ import annotations

import pytest

from tests.e2e.whole_match import Http, play

pytestmark = pytest.mark.e2e


def test_a_whole_speicherstadt_match_over_gunicorn(server_url):
    created, final = play(server_url, "speicherstadt", 3)

    # Every seat and the spectator read the same (public) log of the game.
    logs = []
    for seat in [None, *created["seats"]]:
        reader = Http(server_url, seat["token"] if seat else None)
        _, _, page = reader.call("GET", f"/v1/matches/{created['id']}/events?after=0")
        logs.append(page["entries"])
    assert all(log == logs[0] for log in logs) and len(logs[0]) == final["version"]
