"""Small HTTP helpers for the service tests."""

from __future__ import annotations


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


def concrete(move: dict) -> dict:
    """A listed legal move with any {"min","max"} range set to its minimum."""
    return {k: v["min"] if isinstance(v, dict) and set(v) == {"min", "max"} else v for k, v in move.items()}


def play_first_legal(client, match_id: str, toks: dict[int, str]) -> dict:
    """Have the first seat to act play its first legal move; returns the answer."""
    state = get_match(client, match_id)
    seat = state["to_act"][0]
    mine = get_match(client, match_id, toks[seat])
    response = post_move(client, match_id, toks[seat], concrete(mine["legal_moves"][0]))
    assert response.status_code == 200, response.get_json()
    return response.get_json()
