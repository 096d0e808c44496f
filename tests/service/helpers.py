"""Small HTTP helpers for the service tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import orjson

from service.store import match_key


def after_opening(log: list[dict]) -> list[dict]:
    """A log's entries after the game's set-up (the `opening` entry at version 1, if the game has one)."""
    return [e for e in log if e.get("kind") != "opening"]


def auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def create(client, game="speicherstadt", players=3, **body) -> dict:
    response = client.post("/v1/matches", json={"game": game, "players": players, **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def tokens(created: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"]}


def get_match(client, match_id: str, token: str | None = None) -> dict:
    response = client.get(f"/v1/matches/{match_id}", headers=auth(token))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def post_move(client, match_id: str, token: str, move, **headers):
    return client.post(f"/v1/matches/{match_id}/moves", json=move, headers={**auth(token), **headers})


def post_random(client, match_id: str, token: str, mine: dict, rng, **headers):
    """RandomBot's move, posted: (move, response). A filled-in template the rules refuse
    (a like-for-like Catan trade; see core's template comment) is drawn again, as a client would."""
    from engine.bots import RandomBot

    for _ in range(50):
        move = RandomBot().choose(mine["view"], mine["legal_moves"], rng, mine["move_templates"])
        response = post_move(client, match_id, token, move, **headers)
        if response.status_code != 422 or move in mine["legal_moves"]:
            break
    return move, response


def first_move(mine: dict) -> dict:
    """The seat's first listed legal move, else its first template filled with defaults."""
    from engine.core import default_value, fill

    return mine["legal_moves"][0] if mine["legal_moves"] else fill(mine["move_templates"][0], default_value)


def play_first_legal(client, match_id: str, toks: dict[int, str]) -> dict:
    """Have the first seat to act play its first legal move; returns the answer."""
    state = get_match(client, match_id)
    seat = state["to_act"][0]
    mine = get_match(client, match_id, toks[seat])
    response = post_move(client, match_id, toks[seat], first_move(mine))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def saved_at_3_then_played_to_5(client, save) -> tuple[str, dict[int, str]]:
    """A seeded Medici match played to version 3, then `save()` (what a Redis restarted from its snapshot
    comes back to), then played to version 5: (match id, tokens)."""
    created = create(client, game="medici", players=2, seed=3)  # version 1
    match_id, toks = created["id"], tokens(created)
    for _ in range(2):
        play_first_legal(client, match_id, toks)
    save()
    for _ in range(2):
        play_first_legal(client, match_id, toks)
    return match_id, toks


def play_random(
    client, match_id: str, toks: dict[int, str], rng, max_moves: int = 5000, until_end: bool = True
) -> dict:
    """Random legal moves (by a random seat to act) until the end, or at most max_moves
    when not `until_end`; returns the last spectator view.

    Random, not first-listed, moves: a rule may allow a seat to shuttle without end
    (Speicherstadt's warehouse), and only a random client is sure to leave it."""
    for _ in range(max_moves):
        match = get_match(client, match_id)
        if match["status"] == "finished":
            return match
        seat = rng.choice(match["to_act"])
        mine = get_match(client, match_id, toks[seat])
        _, response = post_random(client, match_id, toks[seat], mine, rng)
        assert response.status_code == 200, response.get_json()
    if until_end:
        raise AssertionError(f"no end after {max_moves} moves")
    return get_match(client, match_id)


@contextmanager
def stored_state(redis, match_id: str) -> Iterator[dict]:
    """The match's document as Redis holds it (`game`: the engine's state, `life`: the service's),
    to edit in the block; written back after it."""
    raw = orjson.loads(redis.hget(match_key(match_id), "state"))
    yield raw
    redis.hset(match_key(match_id), "state", orjson.dumps(raw))
