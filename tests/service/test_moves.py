import json

from tests.service.helpers import auth, create, first_move, get_match, post_move, tokens


def _actor(client, created):
    toks = tokens(created)
    state = get_match(client, created["id"])
    seat = state["to_act"][0]
    return seat, toks[seat], get_match(client, created["id"], toks[seat])


def test_a_legal_move_answers_version_events_and_the_new_view(client):
    created = create(client, players=2, seed=3)
    seat, token, mine = _actor(client, created)
    response = post_move(client, created["id"], token, first_move(mine))
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["version"] == answer["match"]["version"] == created["version"] + 1
    assert answer["events"], "a move is reported by at least one event"
    assert answer["match"]["seat"] == seat
    log = client.get(f"/v1/matches/{created['id']}/events?after=0").get_json()
    assert [e.get("kind") for e in log["entries"]] == ["opening", None]  # the set-up, then the move
    assert [e["version"] for e in log["entries"]] == [1, 2]


def test_errors_for_bad_moves_name_the_problem_and_change_nothing(client):
    created = create(client, players=2, seed=3)
    match_id = created["id"]
    seat, token, mine = _actor(client, created)
    other = tokens(created)[1 - seat]
    url = f"/v1/matches/{match_id}/moves"
    cases = [
        (dict(data="{oops", content_type="application/json", headers=auth(token)), 400, "malformed_json"),
        (dict(json={"type": "teleport"}, headers=auth(token)), 422, "validation_error"),
        (dict(json=[1, 2], headers=auth(token)), 422, "validation_error"),
        (dict(json={**first_move(mine), "extra": 1}, headers=auth(token)), 422, "validation_error"),
        (dict(json=first_move(mine)), 401, "unauthorized"),
        (dict(json=first_move(mine), headers=auth("pst_forged")), 403, "forbidden"),
        (
            dict(
                data=json.dumps({"type": "x", "pad": "a" * 70000}), content_type="application/json", headers=auth(token)
            ),
            413,
            "body_too_large",
        ),
        (dict(json=first_move(mine), headers={**auth(token), "If-Match": "twelve"}), 422, "validation_error"),
        (dict(json=first_move(mine), headers={**auth(token), "Idempotency-Key": "x" * 300}), 422, "validation_error"),
    ]
    assert (1 - seat) not in mine["to_act"], "demand is placed one seat at a time"
    cases.append((dict(json=first_move(mine), headers=auth(other)), 409, "not_your_turn"))
    for kwargs, status, code in cases:
        response = client.post(url, **kwargs)
        assert response.status_code == status, (kwargs.get("json"), response.get_json())
        assert response.content_type == "application/problem+json"
        problem = response.get_json()
        assert problem["code"] == code and problem["status"] == status and problem["detail"]
    assert get_match(client, match_id)["version"] == created["version"]


def test_a_rule_violation_is_422_illegal_move_with_the_reason_in_words(client):
    created = create(client, players=2, seed=3)
    match_id = created["id"]
    seat, token, mine = _actor(client, created)
    legal = mine["legal_moves"]
    schema = client.get("/v1/openapi.json").get_json()["components"]["schemas"]
    # A well-formed move of this game that is not among the legal ones right now.
    for type_name in schema["SpeicherstadtMove"]["discriminator"]["mapping"]:
        candidate = {"type": type_name}
        props = schema[f"SpeicherstadtMove_{type_name}"]["properties"]
        for name, spec in props.items():
            if name != "type":
                candidate[name] = 0 if spec.get("type") == "integer" else "coffee"
        if candidate not in legal:
            response = post_move(client, match_id, token, candidate)
            if response.status_code == 422 and response.get_json()["code"] == "illegal_move":
                problem = response.get_json()
                assert problem["reason"] and len(problem["detail"]) > 10
                break
    else:
        raise AssertionError("no illegal but well-formed move was refused as illegal_move")
    assert get_match(client, match_id)["version"] == created["version"]


def test_if_match_applies_only_at_that_version(client):
    created = create(client, players=2, seed=4)
    seat, token, mine = _actor(client, created)
    move = first_move(mine)
    stale = post_move(client, created["id"], token, move, **{"If-Match": '"5"'})
    assert stale.status_code == 409 and stale.get_json()["code"] == "stale_version"
    assert stale.get_json()["version"] == created["version"]
    fresh = post_move(client, created["id"], token, move, **{"If-Match": f'"{created["version"]}"'})
    assert fresh.status_code == 200 and fresh.get_json()["version"] == created["version"] + 1


def test_if_match_star_applies_at_any_version(client):
    """RFC 9110's `If-Match: *` holds whenever the match exists (it was a 422 validation_error)."""
    created = create(client, players=2, seed=4)
    seat, token, mine = _actor(client, created)
    played = post_move(client, created["id"], token, first_move(mine), **{"If-Match": "*"})
    assert played.status_code == 200 and played.get_json()["version"] == created["version"] + 1
    gone = post_move(client, "m" * 12, token, first_move(mine), **{"If-Match": "*"})
    assert gone.status_code == 404


def test_idempotent_retry_returns_the_first_answer_and_applies_once(client):
    created = create(client, players=2, seed=4)
    seat, token, mine = _actor(client, created)
    move = first_move(mine)
    first = post_move(client, created["id"], token, move, **{"Idempotency-Key": "k-1"})
    retry = post_move(client, created["id"], token, move, **{"Idempotency-Key": "k-1"})
    assert first.status_code == retry.status_code == 200
    assert retry.get_json() == first.get_json()
    assert get_match(client, created["id"])["version"] == created["version"] + 1
    other_body = post_move(client, created["id"], token, {"type": "done"}, **{"Idempotency-Key": "k-1"})
    assert other_body.status_code == 422 and other_body.get_json()["code"] == "idempotency_key_reused"
    assert get_match(client, created["id"])["version"] == created["version"] + 1


def test_a_retry_re_serialised_is_the_same_move(client):
    """A client library that sends the move again with its keys in another order and other
    spacing (a retry after a lost answer, from another process) gets the first answer."""
    created = create(client, players=2, seed=4)
    seat, token, mine = _actor(client, created)
    move = next(m for m in mine["legal_moves"] if len(m) > 1)
    url, key = f"/v1/matches/{created['id']}/moves", {"Idempotency-Key": "k-2"}
    headers = {**auth(token), **key, "Content-Type": "application/json"}
    first = client.post(url, data=json.dumps(move), headers=headers)
    reordered = json.dumps(dict(reversed(list(move.items()))), indent=2)
    retry = client.post(url, data=reordered, headers=headers)
    assert first.status_code == retry.status_code == 200
    assert retry.get_json() == first.get_json()
    assert get_match(client, created["id"])["version"] == created["version"] + 1


def test_a_finished_match_refuses_moves_with_409(client, redis_client):
    import random

    from tests.service.helpers import play_random

    created = create(client, players=2, seed=11)
    toks = tokens(created)
    play_random(client, created["id"], toks, random.Random(11))
    final = get_match(client, created["id"], toks[0])
    assert final["status"] == "finished" and final["outcome"]["winners"]
    assert final["to_act"] == [] and final["legal_moves"] == []
    response = post_move(client, created["id"], toks[0], {"type": "done"})
    assert response.status_code == 409 and response.get_json()["code"] == "match_finished"


def test_if_match_with_a_list_applies_at_any_of_its_versions(client):
    """RFC 9110 allows `If-Match: "3", "4"`: a client that holds two versions (one it read, one its
    last move's answer named) was refused 422 validation_error for asking for either."""
    created = create(client, players=2, seed=4)
    seat, token, mine = _actor(client, created)
    version = created["version"]
    elsewhere = post_move(client, created["id"], token, first_move(mine), **{"If-Match": f'"{version + 15}", "9"'})
    assert elsewhere.status_code == 409 and elsewhere.get_json()["code"] == "stale_version"
    assert elsewhere.get_json()["version"] == version
    assert elsewhere.get_json()["detail"] == f"The match is at version {version}, none of 9, {version + 15}."
    listed = f' "{version + 7}" , ,W/"{version}",'  # spaces, empty elements, a weak tag: all as RFC 9110 reads them
    played = post_move(client, created["id"], token, first_move(mine), **{"If-Match": listed})
    assert played.status_code == 200 and played.get_json()["version"] == version + 1


def test_a_malformed_if_match_list_is_a_422_that_names_the_header(client):
    created = create(client, players=2, seed=4)
    seat, token, mine = _actor(client, created)
    for header in ('"1", twelve', '"1", *', ", ,", '"1" "2"', ", ".join(f'"{n}"' for n in range(65))):
        refused = post_move(client, created["id"], token, first_move(mine), **{"If-Match": header})
        assert refused.status_code == 422, header
        assert refused.get_json()["code"] == "validation_error" and "If-Match" in refused.get_json()["errors"]
    assert get_match(client, created["id"])["version"] == created["version"]
    longest = ", ".join(f'"{n}"' for n in [*range(1000, 1063), created["version"]])
    assert post_move(client, created["id"], token, first_move(mine), **{"If-Match": longest}).status_code == 200
