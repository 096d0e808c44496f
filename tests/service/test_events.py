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
        path = f"/v1/matches/{created['id']}/events?after={created['version']}&wait=10"
        response = app.test_client().get(path, headers=auth(toks[1]))
        result["elapsed"], result["body"] = time.monotonic() - start, response.get_json()

    waiter = threading.Thread(target=wait_for_change)
    waiter.start()
    time.sleep(0.3)
    play_first_legal(client, created["id"], toks)
    waiter.join(timeout=15)
    assert result["body"]["entries"][0]["version"] == created["version"] + 1
    assert 0.25 < result["elapsed"] < 3, result["elapsed"]


def test_long_poll_with_nothing_new_returns_empty_after_the_wait(client):
    created = create(client, players=2)
    start = time.monotonic()
    version = created["version"]
    body = client.get(f"/v1/matches/{created['id']}/events?after={version}&wait=0.5").get_json()
    assert body == {"after": version, "version": version, "commit": "", "entries": []}
    assert 0.4 < time.monotonic() - start < 3


def test_a_long_log_comes_in_pages_read_on_from_each_version(client, redis_client):
    """The documented loop: a full page of LOG_PAGE entries, then ask again from its `version`,
    until a page comes back empty; nothing is lost or read twice."""
    created = create(client, game="catan", players=3)  # a game whose log opens with its first move
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


def test_a_new_matchs_log_opens_with_what_its_set_up_showed(client):
    """Medici's first tile lay in the lot with no log line that drew it (the web page said "Nothing
    played yet." under it), and Speicherstadt's first cards were turned up unsaid, when every later
    round's are said. Now the set-up is the log's first entry, version 1, and the view agrees with it."""
    medici = create(client, game="medici", players=2, seed=9)
    (entry,) = client.get(f"/v1/matches/{medici['id']}/events?after=0").get_json()["entries"]
    assert medici["version"] == entry["version"] == 1 and entry["seat"] is None and entry["kind"] == "opening"
    assert [e["type"] for e in entry["events"]] == ["round_started", "turn_started", "tile_drawn"]
    drawer, lot = get_match(client, medici["id"])["to_act"], get_match(client, medici["id"])["view"]["lot"]
    assert entry["events"][2]["seat"] == drawer[0] and [entry["events"][2]["tile"]] == lot
    assert entry["events"][2]["text"].startswith(("Medici drew", "Strozzi drew"))

    speicherstadt = create(client, game="speicherstadt", players=3, seed=9)
    (entry,) = client.get(f"/v1/matches/{speicherstadt['id']}/events?after=0").get_json()["entries"]
    assert (entry["version"], entry["seat"], entry["kind"]) == (1, None, "opening")
    revealed = [e["card"] for e in entry["events"] if e["type"] == "card_revealed"]
    assert revealed == [card["card"] for card in get_match(client, speicherstadt["id"])["view"]["row"]]
    assert entry["events"][0]["text"].startswith("Round 1 begins")

    for game_id in ("catan", "smuggler"):  # their set-up shows nothing: no entry
        created = create(client, game=game_id, players=3, seed=9)
        assert created["version"] == 0
        assert client.get(f"/v1/matches/{created['id']}/events?after=0").get_json()["entries"] == []


def test_the_opening_is_not_a_move(client):
    """The creator may still abort, and there is nothing to undo or to replay."""
    created = create(client, game="medici", players=2, seed=9, undo="own_move")
    creator = auth(tokens(created)[0])
    undo = client.post(f"/v1/matches/{created['id']}/undo", headers=creator)
    assert undo.status_code == 409 and undo.get_json()["code"] == "undo_refused"
    aborted = client.post(f"/v1/matches/{created['id']}/abort", headers=creator)
    assert aborted.status_code == 200 and aborted.get_json()["match"]["ended"]["reason"] == "abort"
    assert client.get(f"/v1/matches/{created['id']}/replay").get_json()["moves"] == []
