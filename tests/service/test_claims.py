"""A token given again when its answer was lost: a join retried with its Idempotency-Key, a
rematch claimed again with the old token. Before, the seat was held by a token nobody had
(409 `seat_taken` on the retry; a join without a seat took a second one)."""

from __future__ import annotations

import uuid

from service import claims
from tests.service.helpers import auth, create, get_match, tokens

KEY = str(uuid.uuid4())


def join(client, match_id: str, key: str | None = None, **body):
    return client.post(f"/v1/matches/{match_id}/join", json=body, headers={"Idempotency-Key": key} if key else {})


def test_a_join_sent_again_with_its_key_gets_the_same_seat_and_the_lost_token_stops_working(client):
    created = create(client, game="speicherstadt", players=3, seats="one")
    first = join(client, created["id"], KEY, name="Ana")
    assert first.status_code == 200, first.get_json()
    again = join(client, created["id"], KEY, name="Ana")  # the first answer never reached the phone
    assert again.status_code == 200, again.get_json()
    assert (
        again.get_json()["seat"] == first.get_json()["seat"] and again.get_json()["token"] != first.get_json()["token"]
    )
    assert client.get(f"/v1/matches/{created['id']}", headers=auth(first.get_json()["token"])).status_code == 403
    mine = get_match(client, created["id"], again.get_json()["token"])
    assert mine["seat"] == first.get_json()["seat"]
    assert [s["status"] for s in mine["seats"]].count("open") == 1  # one seat taken, not two
    log = client.get(f"/v1/matches/{created['id']}/events?after=0").get_json()["entries"]
    assert [e.get("kind") for e in log] == ["join"]
    other = join(client, created["id"], str(uuid.uuid4()))
    assert other.status_code == 200 and other.get_json()["seat"] != first.get_json()["seat"]


def test_a_join_key_is_long_enough_not_to_be_guessed(client):
    created = create(client, game="speicherstadt", players=3, seats="one")
    short = join(client, created["id"], "1")
    assert short.status_code == 422 and "Idempotency-Key" in short.get_json()["errors"]


def test_a_claim_is_given_again_only_within_its_window(client, monkeypatch):
    created = create(client, game="speicherstadt", players=3, seats="one")
    assert join(client, created["id"], KEY).status_code == 200
    monkeypatch.setattr(claims, "CLAIM_AGAIN_SECONDS", -1)
    late = join(client, created["id"], KEY)
    assert late.status_code == 409 and late.get_json()["code"] == "seat_taken"


def test_a_rematch_claimed_again_with_the_old_token_gets_the_seat_with_a_new_token(client):
    created = create(client, game="medici", players=2)
    toks = tokens(created)
    assert client.post(f"/v1/matches/{created['id']}/resign", headers=auth(toks[0])).status_code == 200
    first = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[0])).get_json()
    again = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[0])).get_json()
    assert (again["id"], again["seat"]) == (first["id"], first["seat"]) and again["token"] != first["token"]
    assert client.get(f"/v1/matches/{first['id']}", headers=auth(first["token"])).status_code == 403
    assert get_match(client, first["id"], again["token"])["seat"] == first["seat"]
    theirs = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[1])).get_json()
    assert theirs["seat"] != first["seat"]
