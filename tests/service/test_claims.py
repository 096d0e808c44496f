"""A seat claimed again when the answer with its token was lost: a join sent again with its
Idempotency-Key, a rematch claimed again with the old token. Before, the seat was held by a token
nobody had (409 `seat_taken` on the retry; a join without a seat took a second one). The claim's
token is derived from it, so the retry, or a copy sent at the same moment, gets the same token."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

from service import claims
from tests.service.helpers import auth, create, get_match, tokens

KEY = str(uuid.uuid4())


def join(client, match_id: str, key: str | None = None, **body):
    return client.post(f"/v1/matches/{match_id}/join", json=body, headers={"Idempotency-Key": key} if key else {})


def test_a_join_sent_again_with_its_key_gets_the_same_seat_and_token(client):
    created = create(client, game="speicherstadt", players=3, seats="one")
    answered = join(client, created["id"], KEY, name="Ana")
    assert answered.status_code == 200, answered.get_json()
    first = answered.get_json()
    answered = join(client, created["id"], KEY, name="Ana")  # the first answer never reached the phone
    assert answered.status_code == 200, answered.get_json()
    assert answered.get_json() == first
    mine = get_match(client, created["id"], first["token"])
    assert mine["seat"] == first["seat"] and mine["seats"][first["seat"]]["name"] == "Ana"
    assert [s["status"] for s in mine["seats"]].count("open") == 1  # one seat taken, not two
    log = client.get(f"/v1/matches/{created['id']}/events?after={created['version']}").get_json()["entries"]
    assert [e.get("kind") for e in log] == ["join"]
    other = join(client, created["id"], str(uuid.uuid4()))
    assert other.status_code == 200 and other.get_json()["seat"] != first["seat"]


def test_copies_of_a_join_sent_at_once_take_one_seat(app):
    """An adversary's round: three copies at once took two seats in 4 runs of 5."""
    for _ in range(3):
        created = create(app.test_client(), game="catan", players=4, seats="one")
        key = str(uuid.uuid4())
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(join, [app.test_client()] * 4, [created["id"]] * 4, [key] * 4))
        assert all(a.status_code == 200 for a in answers), [a.get_json() for a in answers]
        assert len({(a.get_json()["seat"], a.get_json()["token"]) for a in answers}) == 1
        seats = get_match(app.test_client(), created["id"])["seats"]
        assert [s["status"] for s in seats].count("open") == 2


def test_a_join_key_is_long_enough_not_to_be_guessed(client):
    created = create(client, game="speicherstadt", players=3, seats="one")
    short = join(client, created["id"], "1")
    assert short.status_code == 422 and "Idempotency-Key" in short.get_json()["errors"]


def test_a_claim_is_answered_again_only_within_its_window(client, monkeypatch):
    created = create(client, game="speicherstadt", players=3, seats="one")
    assert join(client, created["id"], KEY).status_code == 200
    monkeypatch.setattr(claims, "CLAIM_AGAIN_SECONDS", -1)
    late = join(client, created["id"], KEY)
    assert late.status_code == 409 and late.get_json()["code"] == "seat_taken"


def test_a_rematch_claimed_again_with_the_old_token_gets_the_same_seat_and_token(client):
    created = create(client, game="medici", players=2)
    toks = tokens(created)
    assert client.post(f"/v1/matches/{created['id']}/resign", headers=auth(toks[0])).status_code == 200
    first = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[0])).get_json()
    again = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[0])).get_json()
    assert again == first
    assert get_match(client, first["id"], first["token"])["seat"] == first["seat"]
    theirs = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[1])).get_json()
    assert theirs["seat"] != first["seat"] and theirs["token"] != first["token"]


def test_two_joins_at_once_cannot_share_a_name(app):
    """An adversary's round: two joins named "Ana" at the same moment were both accepted 4 times in 6."""
    for _ in range(4):
        created = create(app.test_client(), game="catan", players=4, seats="one")
        clients = [app.test_client(), app.test_client()]
        with ThreadPoolExecutor(2) as pool:
            answers = [pool.submit(join, c, created["id"], name=n) for c, n in zip(clients, ["Ana", "ana"])]
            answers = [a.result() for a in answers]
        assert sorted(a.status_code for a in answers) == [200, 422], [a.get_json() for a in answers]
        seats = get_match(app.test_client(), created["id"])["seats"]
        assert [s["status"] for s in seats].count("open") == 2  # the refused join gave its seat back


def test_copies_of_a_keyed_join_racing_a_join_for_the_same_name_all_get_one_answer(app):
    """A regression round: copies answered 200 while the first gave its seat back (its name taken
    at the same moment by another join), so their token got 403."""
    for _ in range(5):
        created = create(app.test_client(), game="catan", players=4, seats="one")
        key = str(uuid.uuid4())
        calls = [(key, "Zed")] * 6 + [(None, "Zed")]
        with ThreadPoolExecutor(len(calls)) as pool:
            futures = [pool.submit(join, app.test_client(), created["id"], k, name=n) for k, n in calls]
            answers = [f.result() for f in futures]
        keyed = answers[:-1]
        assert len({(a.status_code, str(a.get_json().get("token"))) for a in keyed}) == 1, [a.get_json() for a in keyed]
        if keyed[0].status_code == 200:
            assert get_match(app.test_client(), created["id"], keyed[0].get_json()["token"])["seat"] is not None


def test_a_join_key_sent_with_another_seat_or_name_is_refused_as_a_reused_key(client):
    """A regression round: the key sent with another name got the first join's seat back, silently."""
    created = create(client, game="catan", players=4, seats="one")
    key = str(uuid.uuid4())
    assert join(client, created["id"], key, name="Zed").status_code == 200
    again = join(client, created["id"], key, name="Zoe")
    assert again.status_code == 422 and again.get_json()["code"] == "idempotency_key_reused"
    assert join(client, created["id"], key, name="Zed").status_code == 200  # the same request: answered again


def test_joins_for_a_taken_name_never_make_a_free_seat_look_full(app):
    """An integrator's round: 30 joins with one name into 2 open seats told 1 to 7 joins with
    other names that every seat was taken. The joins that would lose the name had each held a
    seat for a moment before giving it back; now the name is claimed with the seat, in one step."""
    for _ in range(6):
        created = create(app.test_client(), game="speicherstadt", players=3, seats="one")  # 2 open seats
        calls = ["Ann"] * 10 + ["Bob"]
        with ThreadPoolExecutor(len(calls)) as pool:
            futures = [pool.submit(join, app.test_client(), created["id"], name=n) for n in calls]
            answers = [f.result() for f in futures]
        anns, bob = answers[:-1], answers[-1]
        assert [a.status_code for a in anns].count(200) == 1, [a.get_json() for a in anns]
        assert {a.get_json().get("code") for a in anns} <= {None, "validation_error", "match_full"}  # full: Bob sat
        assert bob.status_code == 200, bob.get_json()
        seats = get_match(app.test_client(), created["id"])["seats"]
        assert sorted(s["name"] for s in seats if s["name"]) == ["Ann", "Bob"]


def create_keyed(client, key: str, **body):
    body = {"game": "speicherstadt", "players": 3, **body}
    return client.post("/v1/matches", json=body, headers={"Idempotency-Key": key})


def test_a_creation_sent_again_with_its_key_gets_the_same_match_and_tokens(client):
    """An integrator's find: a creation whose answer was lost lost every token with it, and the app's
    retry made a second match (the first stayed open in the lobby, unplayable)."""
    key = str(uuid.uuid4())
    first = create_keyed(client, key, seats="all", listed=True)
    assert first.status_code == 201, first.get_json()
    again = create_keyed(client, key, seats="all", listed=True)  # the first answer never reached the phone
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert again.headers["Location"] == f"/v1/matches/{first.get_json()['id']}"
    for seat, token in tokens(first.get_json()).items():
        assert get_match(client, first.get_json()["id"], token)["seat"] == seat
    other = create_keyed(client, str(uuid.uuid4()), seats="all", listed=True).get_json()
    assert other["id"] != first.get_json()["id"] and set(tokens(other).values()).isdisjoint(
        tokens(first.get_json()).values()
    )


def test_copies_of_a_creation_sent_at_once_make_one_match(app):
    key = str(uuid.uuid4())
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda c: create_keyed(c, key, game="catan", players=4), [app.test_client()] * 4))
    assert [a.status_code for a in answers] == [201] * 4, [a.get_json() for a in answers]
    assert len({str(a.get_json()) for a in answers}) == 1


def test_a_creation_key_sent_with_another_body_or_too_late_is_refused_as_a_reused_key(client, monkeypatch):
    key = str(uuid.uuid4())
    assert create_keyed(client, key).status_code == 201
    other = create_keyed(client, key, players=4)
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency_key_reused"
    monkeypatch.setattr(claims, "CLAIM_AGAIN_SECONDS", -1)
    late = create_keyed(client, key)
    assert late.status_code == 422 and late.get_json()["code"] == "idempotency_key_reused"
    assert create_keyed(client, "short").status_code == 422  # a key is long enough not to be guessed


def stored_strings(redis_client, match_id: str) -> set[bytes]:
    """Every name, field and value Redis holds under the match's hash tag."""
    held: set[bytes] = set()
    for key in redis_client.scan_iter(match=f"*{{{match_id}}}*"):
        held.add(key)
        kind = redis_client.type(key)
        if kind == b"string":
            held.add(redis_client.get(key))
        elif kind == b"hash":
            held.update(part for pair in redis_client.hgetall(key).items() for part in pair)
        elif kind == b"zset":
            held.update(redis_client.zrange(key, 0, -1))
        elif kind == b"stream":
            held.update(part for _, entry in redis_client.xrange(key) for pair in entry.items() for part in pair)
    return held


def test_what_redis_holds_of_a_match_neither_is_nor_yields_a_token_or_ticket(client, redis_client):
    """README: tokens are shown once and "Redis keeps only their SHA-256", and a stream ticket's
    hash. Whoever reads a Redis dump or backup (and this code) must find no token and no ticket,
    and compute none: not a created seat's (here a keyed creation's), a keyed join's nor a rematch's, whose tokens are
    derived with HMAC-SHA256 from the claim. Before, the secret and the claim were both kept in
    m:{id}:claims, so the HMAC of one over the other was the seat's live token."""
    import base64
    import hashlib
    import hmac

    created = create_keyed(client, str(uuid.uuid4()), game="medici", players=2, seats="one").get_json()
    match_id, first = created["id"], tokens(created)[0]
    joined = join(client, match_id, str(uuid.uuid4())).get_json()["token"]
    ticket = client.post(f"/v1/matches/{match_id}/stream-ticket", headers=auth(joined)).get_json()["ticket"]
    assert client.post(f"/v1/matches/{match_id}/resign", headers=auth(first)).status_code == 200
    rematch = client.post(f"/v1/matches/{match_id}/rematch", headers=auth(joined)).get_json()
    handed_out = [first, joined, ticket, rematch["token"]]
    held = stored_strings(redis_client, match_id) | stored_strings(redis_client, rematch["id"])
    assert not [secret for secret in handed_out if any(secret.encode() in value for value in held)]
    computable = {hmac.new(k, m, hashlib.sha256).digest() for k in held for m in held}
    macs = {t: base64.urlsafe_b64decode(t.removeprefix("pst_") + "=") for t in handed_out if t.startswith("pst_")}
    assert not [t for t, mac in macs.items() if mac in computable], "a token computable from what Redis holds"
    assert get_match(client, rematch["id"], rematch["token"])["seat"] == rematch["seat"]  # the token acts
