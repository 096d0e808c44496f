import json
import random
import threading
import time

import orjson

from engine import registry
from service.store import LOG_PAGE, log_key, match_key
from tests.service.helpers import auth, create, get_match, play_first_legal, play_random, tokens


def test_each_seat_reads_exactly_the_events_it_may_see(client, redis_client):
    for game_id, game in sorted(registry.GAMES.items()):
        created = create(client, game=game_id, players=game.max_players, seed=21)
        toks = tokens(created)
        play_random(client, created["id"], toks, random.Random(0), 60, until_end=False)
        raw = [orjson.loads(fields[b"e"]) for _, fields in redis_client.xrange(log_key(created["id"]))]
        for seat in [None, *toks]:
            log = client.get(f"/v1/matches/{created['id']}/events?after=0", headers=auth(toks.get(seat))).get_json()
            assert [e["version"] for e in log["entries"]] == list(range(1, len(raw) + 1))
            for entry, stored in zip(log["entries"], raw):
                expected = [
                    {**{k: v for k, v in ev.items() if k not in ("to", "texts")}, "text": ev["texts"]["en"]}
                    for ev in stored["events"]
                    if ev["to"] is None or (seat is not None and seat in ev["to"])
                ]
                assert entry["events"] == expected, game_id
                assert "move" not in entry


def test_views_over_http_are_the_engines_view_for_that_seat_and_hold_no_rng(client, redis_client):
    for game_id, game in sorted(registry.GAMES.items()):
        created = create(client, game=game_id, players=game.max_players, seed=8)
        toks = tokens(created)
        play_random(client, created["id"], toks, random.Random(2), 25, until_end=False)
        stored = orjson.loads(redis_client.hget(f"m:{{{created['id']}}}", "state"))
        state = game.load(stored["game"])
        for seat in [None, *toks]:
            view = get_match(client, created["id"], toks.get(seat))["view"]
            assert view == json.loads(json.dumps(game.view(state, seat))), (game_id, seat)
            dumped = json.dumps(view)
            for secret in _rng_values(stored["game"]):
                assert str(secret) not in dumped, f"{game_id} view shows the RNG state"


def _rng_values(dump) -> list[int]:
    """Large integers in the dump (the RNG's 64-bit state is one)."""
    found = []
    if isinstance(dump, dict):
        for value in dump.values():
            found += _rng_values(value)
    elif isinstance(dump, list):
        for value in dump:
            found += _rng_values(value)
    elif isinstance(dump, int) and not isinstance(dump, bool) and dump > 2**40:
        found.append(dump)
    return found


def test_long_poll_returns_as_soon_as_another_seat_moves(client, app):
    created = create(client, players=2, seed=2)
    toks = tokens(created)
    result = {}

    def wait_for_change():
        start = time.monotonic()
        response = app.test_client().get(f"/v1/matches/{created['id']}/events?after=0&wait=10", headers=auth(toks[1]))
        result["elapsed"], result["body"] = time.monotonic() - start, response.get_json()

    waiter = threading.Thread(target=wait_for_change)
    waiter.start()
    time.sleep(0.3)
    play_first_legal(client, created["id"], toks)
    waiter.join(timeout=15)
    assert result["body"]["entries"][0]["version"] == 1
    assert 0.25 < result["elapsed"] < 3, result["elapsed"]


def test_long_poll_with_nothing_new_returns_empty_after_the_wait(client):
    created = create(client, players=2)
    start = time.monotonic()
    body = client.get(f"/v1/matches/{created['id']}/events?after=0&wait=0.5").get_json()
    assert body == {"after": 0, "version": 0, "entries": []}
    assert 0.4 < time.monotonic() - start < 3


def test_a_long_log_comes_in_pages_read_on_from_each_version(client, redis_client):
    """The documented loop: a full page of LOG_PAGE entries, then ask again from its `version`,
    until a page comes back empty; nothing is lost or read twice."""
    created = create(client, players=2)
    match_id, toks = created["id"], tokens(created)
    play_first_legal(client, match_id, toks)
    (version, fields), *_ = redis_client.xrange(log_key(match_id), "-", "+")
    extra = LOG_PAGE + 5  # copies of the first move's entry, as if the match had gone on that long
    for v in range(2, extra + 2):
        redis_client.xadd(log_key(match_id), fields, id=f"{v}-0")
    redis_client.hset(match_key(match_id), "v", extra + 1)
    read, after, pages = [], 0, []
    while True:
        page = client.get(f"/v1/matches/{match_id}/events?after={after}", headers=auth(toks[0])).get_json()
        if not page["entries"]:
            break
        pages.append(len(page["entries"]))
        read += [e["version"] for e in page["entries"]]
        after = page["version"]
    assert pages == [LOG_PAGE, extra + 1 - LOG_PAGE]
    described = client.get("/v1/openapi.json").get_json()["paths"]["/v1/matches/{match_id}/events"]["get"][
        "description"
    ]
    assert f"at most {LOG_PAGE} entries" in described
    assert read == list(range(1, extra + 2))


def test_events_query_is_validated(client):
    created = create(client, players=2)
    for query in ["after=-1", "wait=31", "after=x", "wait=soon"]:
        response = client.get(f"/v1/matches/{created['id']}/events?{query}")
        assert response.status_code == 422, query
        assert response.get_json()["code"] == "validation_error"
