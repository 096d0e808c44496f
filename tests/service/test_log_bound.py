"""A match's log has a bound (MATCH_LOG_ENTRIES, docs/security.md item 54): a seat looping move and
undo (or a Catan offer and its withdrawal) grew one match's log by some 320 KB a minute for as long as
the match lived. The write that would reach the bound ends the match unfinished instead."""

from __future__ import annotations

from service.app import create_app
from service.config import Config
from service.store import log_key
from tests.service.helpers import auth, create, get_match, post_move, tokens
from tests.typography import plain

FR = {"Accept-Language": "fr"}


def bounded_client(redis_url, redis_client, bound: int):
    config = Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=0, match_log_entries=bound)
    return create_app(config, redis_client).test_client()


def loop_until_refused(client, match_id: str, token: str, most: int):
    """Offer and take it back, again and again, as a script would; the first answer that is not 200."""
    for _ in range(most):
        for answer in (
            post_move(client, match_id, token, {"type": "offer", "price": 3}, **FR),
            client.post(f"/v1/matches/{match_id}/undo", headers={**auth(token), **FR}),
        ):
            if answer.status_code != 200:
                return answer
    raise AssertionError(f"{2 * most} writes and no refusal")


def test_a_seat_looping_move_and_undo_meets_the_bound_and_the_match_ends_unfinished(redis_url, redis_client):
    client = bounded_client(redis_url, redis_client, 41)
    created = create(client, game="medici", players=2, undo="own_move")
    match_id, toks = created["id"], tokens(created)

    refused = loop_until_refused(client, match_id, toks[0], 100).get_json()
    assert (refused["status"], refused["code"], refused["title"]) == (409, "match_too_long", "Partie trop longue")
    assert plain(refused["detail"]) == (
        "Cette partie a atteint 41 entrées de journal, le plus qu'une partie peut en tenir : elle est terminée,"
        " sans scores."
    )
    match = get_match(client, match_id)
    assert (match["status"], match["outcome"], match["ended"]) == (
        "finished",
        None,
        {"reason": "too_long", "seat": 0, "outcome": None},
    )
    assert match["version"] == 41 and redis_client.xlen(log_key(match_id)) == 41
    last = client.get(f"/v1/matches/{match_id}/events?after=40").get_json()["entries"]
    assert [(e["kind"], e["events"][0]["text"]) for e in last] == [
        ("too_long", "The match reached 41 log entries, the most a match may hold, and ended without scores")
    ]

    for token in toks.values():  # nothing lengthens it again, whoever asks
        again = post_move(client, match_id, token, {"type": "offer", "price": 3})
        assert (again.status_code, again.get_json()["code"]) == (409, "match_finished")
        undo = client.post(f"/v1/matches/{match_id}/undo", headers=auth(token))
        assert (undo.status_code, undo.get_json()["code"]) == (409, "match_finished")
    assert redis_client.xlen(log_key(match_id)) == 41

    rematch = client.post(f"/v1/matches/{match_id}/rematch", headers=auth(toks[0]))  # the table plays on
    assert rematch.status_code == 200, rematch.get_json()
    assert get_match(client, rematch.get_json()["id"])["status"] == "active"


def test_bots_that_reach_the_bound_end_the_match_and_a_reader_sees_it_ended(redis_url, redis_client):
    client = bounded_client(redis_url, redis_client, 30)
    bots = {str(seat): "random" for seat in range(4)}
    created = client.post("/v1/matches", json={"game": "catan", "players": 4, "bots": bots})
    assert created.status_code == 201
    match = get_match(client, created.get_json()["id"])  # the bots' moves of one request passed it: none stands
    assert (match["status"], match["ended"]["reason"]) == ("finished", "too_long") and match["version"] <= 30
    after = match["version"] - 1
    french = client.get(f"/v1/matches/{match['id']}/events?after={after}", headers=FR).get_json()["entries"]
    assert plain(french[0]["events"][0]["text"]) == (
        "La partie a atteint 30 entrées de journal, le plus qu'une partie peut en tenir, et s'est terminée sans scores"
    )


def test_a_long_game_of_random_bots_ends_by_its_rules_far_below_the_bound(client):
    """Four random bots at Catan, the longest games measured (bench/log_lengths.py: up to 8,091 entries
    in 1,000 games, where a Medici game takes under 200), under the bound the service runs with by
    default. The bots draw unseeded: 40 such games here took 1,045 to 6,922 entries, so the check is
    the margin the bound was chosen with, not a length."""
    bots = {str(seat): "random" for seat in range(4)}
    match_id = client.post("/v1/matches", json={"game": "catan", "players": 4, "bots": bots}).get_json()["id"]
    while (match := get_match(client, match_id))["status"] != "finished":
        pass
    assert match["ended"] is None and match["outcome"]["winners"]
    assert match["version"] < Config().match_log_entries / 2
