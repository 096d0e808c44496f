import hashlib
import re

from tests.service.helpers import auth, create, get_match, play_first_legal, tokens


def test_create_answers_201_with_tokens_for_every_seat(client, redis_client):
    response = client.post("/v1/matches", json={"game": "speicherstadt", "players": 3, "seed": 5})
    assert response.status_code == 201
    body = response.get_json()
    assert {"id", "game", "players", "version", "seats", "seed_commitment"} <= set(body)
    assert body["version"] == 1 and body["players"] == 3  # 1: the log opens with round 1's cards
    assert [s["seat"] for s in body["seats"]] == [0, 1, 2]
    assert response.headers["Location"] == f"/v1/matches/{body['id']}"
    assert body["seed_commitment"] == hashlib.sha256(b"5").hexdigest()
    # Tokens: long random secrets, stored only as hashes.
    stored = redis_client.hgetall(f"m:{{{body['id']}}}")
    for seat in body["seats"]:
        assert re.fullmatch(r"pst_[A-Za-z0-9_-]{43}", seat["token"])  # 256 random bits, base64url
        assert seat["token"].encode() not in b"".join(stored.values())
        assert stored[f"seat:{seat['seat']}".encode()] == hashlib.sha256(seat["token"].encode()).hexdigest().encode()


def test_create_refuses_bad_bodies_naming_the_field(client):
    cases = [
        ({"game": "chess", "players": 2}, "game"),
        ({"game": "speicherstadt", "players": 9}, "players"),
        ({"game": "speicherstadt", "players": "two"}, "players"),
        ({"game": "speicherstadt", "players": 2, "colour": "red"}, "colour"),
        ({"game": "speicherstadt", "players": 2, "seed": -1}, "seed"),
        ({"game": "speicherstadt", "players": 2, "seats": "some"}, "seats"),
        ({"game": "speicherstadt", "players": 2, "bots": {"1": "genius"}}, "bots"),
        ({"game": "speicherstadt", "players": 2, "bots": {"5": "random"}}, "bots"),
        ({"game": "speicherstadt", "players": 2, "options": {"nonsense": 1}}, "options"),
        ({"players": 2}, "game"),
    ]
    for body, field in cases:
        response = client.post("/v1/matches", json=body)
        assert response.status_code == 422, (body, response.get_json())
        problem = response.get_json()
        assert problem["code"] == "validation_error"
        assert field in problem["errors"], (body, problem)


def test_malformed_json_is_400(client):
    response = client.post("/v1/matches", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_json"


def test_seats_one_leaves_the_rest_open_to_join(client):
    created = create(client, players=3, seats="one")
    assert [s["seat"] for s in created["seats"]] == [0]
    assert created["open_seats"] == [1, 2]
    match_id = created["id"]
    joined = client.post(f"/v1/matches/{match_id}/join", json={"seat": 2})
    assert joined.status_code == 200 and joined.get_json()["seat"] == 2
    again = client.post(f"/v1/matches/{match_id}/join", json={"seat": 2})
    assert again.status_code == 409 and again.get_json()["code"] == "seat_taken"
    first_open = client.post(f"/v1/matches/{match_id}/join", json={})
    assert first_open.get_json()["seat"] == 1
    full = client.post(f"/v1/matches/{match_id}/join", json={})
    assert full.status_code == 409 and full.get_json()["code"] == "match_full"
    # The joined token acts for its seat.
    view = get_match(client, match_id, joined.get_json()["token"])
    assert view["seat"] == 2
    assert [s["status"] for s in view["seats"]] == ["taken", "taken", "taken"]
    assert client.post(f"/v1/matches/{match_id}/join", json={"seat": 7}).status_code == 422
    assert client.post("/v1/matches/nope/join", json={}).status_code == 404


def test_read_as_seat_and_as_spectator(client):
    created = create(client, players=2, seed=1)
    toks = tokens(created)
    spectator = get_match(client, created["id"])
    assert spectator["seat"] is None and spectator["legal_moves"] == []
    assert spectator["status"] == "active" and spectator["outcome"] is None
    actor = spectator["to_act"][0]
    mine = get_match(client, created["id"], toks[actor])
    assert mine["seat"] == actor and mine["legal_moves"]
    assert set(mine) >= {"id", "game", "version", "status", "seat", "to_act", "view", "legal_moves", "outcome"}


def test_no_cache_keeps_what_a_seat_reads_or_a_token_it_was_given(client):
    """Events and answers differ by seat and language; creations, joins and tickets carry tokens."""
    created = create(client, players=2, seats="one")
    match_id, toks = created["id"], tokens(created)
    answers = {
        "create": client.post("/v1/matches", json={"game": "medici", "players": 2}),
        "events": client.get(f"/v1/matches/{match_id}/events?after=0", headers=auth(toks[0])),
        "ticket": client.post(f"/v1/matches/{match_id}/stream-ticket", headers=auth(toks[0])),
        "join": client.post(f"/v1/matches/{match_id}/join", json={"seat": 1}),
        "problem": client.get("/v1/matches/m_nothere/events?after=0", headers={"Accept-Language": "fr"}),
    }
    for name, answer in answers.items():
        assert answer.headers["Cache-Control"] == "no-store", name
        assert {"Authorization", "Accept-Language"} <= {v.strip() for v in answer.headers["Vary"].split(",")}, name
    assert "no-store" not in client.get("/v1/games").headers.get("Cache-Control", "")


def test_etag_is_the_version_and_its_commit_and_if_none_match_gives_304(client):
    created = create(client, game="catan", players=3)  # version 0: Catan's set-up logs nothing
    url = f"/v1/matches/{created['id']}"
    first = client.get(url)
    etag = f'"0.{first.get_json()["commit"]}"'
    assert first.headers["ETag"] == etag
    # The same version reads differently by seat and language: no browser may keep it.
    assert first.headers["Cache-Control"] == "no-store"
    assert {"Authorization", "Accept-Language"} <= {v.strip() for v in first.headers["Vary"].split(",")}
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert client.get(url, headers={"If-None-Match": f'W/{etag}, "7"'}).status_code == 304
    assert client.get(url, headers={"If-None-Match": '"0"'}).status_code == 304  # a bare version, as before
    moved = play_first_legal(client, created["id"], tokens(created))
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] == f'"1.{changed.get_json()["commit"]}"'
    assert changed.get_json()["commit"] != first.get_json()["commit"]
    assert moved["match"]["commit"] == changed.get_json()["commit"]  # the move's answer names its own commit


def test_tokens_act_only_in_their_own_match(client):
    one, other = create(client, players=2), create(client, players=2)
    foreign = tokens(other)[0]
    response = client.get(f"/v1/matches/{one['id']}", headers=auth(foreign))
    assert response.status_code == 403 and response.get_json()["code"] == "forbidden"
    garbage = client.get(f"/v1/matches/{one['id']}", headers={"Authorization": "Basic xyz"})
    assert garbage.status_code == 401 and garbage.get_json()["code"] == "unauthorized"


def test_unknown_match_is_404_everywhere(client):
    for method, path in [
        ("get", "/v1/matches/missing"),
        ("post", "/v1/matches/missing/moves"),
        ("get", "/v1/matches/missing/events"),
        ("get", "/v1/matches/missing/replay"),
    ]:
        response = getattr(client, method)(
            path, json={"type": "done"} if method == "post" else None, headers=auth("pst_whatever")
        )
        assert response.status_code == 404, path
        assert response.get_json()["code"] == "unknown_match"


def test_every_key_of_a_match_shares_its_hash_tag_and_expires(client, redis_client):
    created = create(client, players=2)
    play_first_legal(client, created["id"], tokens(created))
    keys = redis_client.keys(f"*{created['id']}*")
    assert len(keys) >= 2
    for key in keys:
        assert f"{{{created['id']}}}".encode() in key
        assert 0 < redis_client.ttl(key) <= 7 * 24 * 3600


def test_a_match_and_a_move_answer_have_the_fields_the_readme_lists(client):
    """README "The API": "A match resource is {id, game, …}; a move answer is {version, events, match}",
    what an integrator writes a client against."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    listed = re.search(r"A match resource is `\{([^}]+)\}`; a move answer is\s+`\{([^}]+)\}`", readme)
    match_fields, answer_fields = ({f.strip() for f in group.split(",")} for group in listed.groups())
    created = create(client, game="medici", players=2)
    toks = tokens(created)
    assert set(get_match(client, created["id"])) == match_fields
    answer = play_first_legal(client, created["id"], toks)
    assert set(answer) == answer_fields and set(answer["match"]) == match_fields
