"""A match's life over HTTP: lobby, names, resign, abort, rematch, undo."""

from __future__ import annotations

import random
from functools import partial

import pytest

from engine import i18n, registry
from tests.service.helpers import auth, create, get_match, play_first_legal, post_move, tokens


def _lobby(client, **query) -> dict:
    response = client.get("/v1/matches", query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _ids(page: dict) -> list[str]:
    return [m["id"] for m in page["matches"]]


def test_a_listed_match_is_in_the_lobby_until_full_and_a_private_one_never(client):
    private = create(client, game="medici", players=2, seats="one")
    listed = create(client, game="medici", players=2, seats="one", listed=True, names={"0": "Ana"})
    other = create(client, game="catan", players=3, seats="one", listed=True)

    page = _lobby(client, game="medici", status="open")
    assert listed["id"] in _ids(page) and private["id"] not in _ids(page) and other["id"] not in _ids(page)
    entry = next(m for m in page["matches"] if m["id"] == listed["id"])
    assert entry["seats"] == [
        {"seat": 0, "status": "taken", "name": "Ana"},
        {"seat": 1, "status": "open", "name": None},
    ]
    assert entry["game"] == "medici" and entry["players"] == 2 and entry["status"] == "open"

    joined = client.post(f"/v1/matches/{listed['id']}/join", json={"name": "Bruno"}).get_json()
    assert joined["seat"] == 1
    assert listed["id"] not in _ids(_lobby(client, game="medici", status="open"))
    active = next(m for m in _lobby(client, status="active")["matches"] if m["id"] == listed["id"])
    assert [s["name"] for s in active["seats"]] == ["Ana", "Bruno"]


def test_the_lobby_is_newest_first_and_pages_with_a_cursor(client):
    made = [create(client, game="speicherstadt", players=2, seats="one", listed=True)["id"] for _ in range(5)]
    seen, cursor = [], None
    while True:
        page = _lobby(client, game="speicherstadt", limit=2, **({"cursor": cursor} if cursor else {}))
        seen += _ids(page)
        cursor = page["next"]
        if cursor is None:
            break
    assert [i for i in seen if i in made] == made[::-1]
    assert len(seen) == len(set(seen))
    bad = client.get("/v1/matches?cursor=abc")
    assert bad.status_code == 422 and bad.get_json()["code"] == "validation_error"


def test_matches_created_in_the_same_microsecond_are_each_on_a_page(client, redis_client, monkeypatch):
    """An integrator's find: a page's cursor is a creation time, and a page that ended among matches
    created in the same microsecond (two instances, one moment) skipped the others."""
    from service import lobby

    monkeypatch.setattr(lobby.time, "time", lambda: 4_000_000_000.0)  # one moment, newer than any other
    made = [create(client, game="speicherstadt", players=2, seats="one", listed=True)["id"] for _ in range(5)]
    monkeypatch.undo()
    try:
        seen, cursor = [], None
        while not set(made) <= set(seen):
            page = _lobby(client, game="speicherstadt", limit=2, **({"cursor": cursor} if cursor else {}))
            assert set(_ids(page)) & set(made), (seen, made)  # the newest: on the first pages, or skipped
            seen, cursor = seen + _ids(page), page["next"]
        assert [i for i in seen if i in made] == made[::-1]  # each once, newest first
    finally:
        redis_client.zrem(lobby.LOBBY_KEY, *made)


@pytest.mark.parametrize("game", ["Catan", "chess", ""])
def test_a_lobby_filter_on_a_game_that_does_not_exist_is_refused_with_the_games_named(client, game):
    """`?game=Catan` (a typo of `catan`) answered 200 with an empty lobby, as if nobody played, while a
    bad `status` was a 422; the document typed `game` as any string."""
    answer = client.get("/v1/matches", query_string={"game": game})
    assert answer.status_code == 422 and answer.get_json()["errors"] == {
        "game": [f"Must be one of: {', '.join(sorted(registry.GAMES))}."]
    }


def test_a_finished_match_takes_no_join(client):
    """An aborted match's open seat took a stranger, who could then start its rematch."""
    created = create(client, game="medici", players=2, seats="one", listed=True)
    assert client.post(f"/v1/matches/{created['id']}/abort", headers=auth(tokens(created)[0])).status_code == 200
    late = client.post(f"/v1/matches/{created['id']}/join", json={"name": "Late"})
    assert late.status_code == 409 and late.get_json()["code"] == "match_finished"
    assert [s["status"] for s in get_match(client, created["id"])["seats"]] == ["taken", "open"]


@pytest.mark.parametrize("cursor", ["\u00b2", "\u0661\u0661", "\uff11"])
def test_a_lobby_cursor_is_ascii_digits(client, cursor):
    """A superscript two answered 500 (str.isdigit took it, int() did not); other scripts' digits
    were read as numbers."""
    answer = client.get("/v1/matches", query_string={"cursor": cursor})
    assert answer.status_code == 422 and answer.get_json()["code"] == "validation_error"


def test_a_lobby_page_looks_at_a_bounded_number_of_listed_matches_whatever_the_filter(client):
    """A filter that no listed match passes made one request load every listed match, one round-trip
    each (an adversary's 15,000 listed matches: 1.5 s a query, 6 s under 8 clients). A page now looks
    at no more than SCAN_LIMIT of them, in batches of one round-trip, and says where to go on."""
    from prometheus_client import REGISTRY

    from service import lobby

    made = {create(client, game="medici", players=2, listed=True)["id"] for _ in range(lobby.SCAN_LIMIT + 30)}

    def round_trips() -> float:
        return sum(
            REGISTRY.get_sample_value("portside_redis_roundtrips_total", {"op": op}) or 0 for op in ("load", "lobby")
        )

    before = round_trips()
    page = _lobby(client, game="medici", status="finished")  # none of them
    assert not set(_ids(page)) & made
    assert round_trips() - before <= 2 * lobby.SCAN_LIMIT / 50 + 2  # a batch: its ids, then its matches
    assert page["next"] is not None  # the page stopped looking; the rest is further on
    seen, cursor = [], None
    while True:  # following `next` walks the whole lobby, every match once
        page = _lobby(client, game="medici", **({"cursor": cursor} if cursor else {}))
        seen += _ids(page)
        cursor = page["next"]
        if cursor is None:
            break
    assert made <= set(seen) and len(seen) == len(set(seen))


def test_a_join_is_a_new_version_with_a_log_entry(client):
    """A join changed the match (a seat taken, a name) but not its version: a client caching by ETag
    got 304 for ever, and a creator waiting on /events or /stream never heard that someone came."""
    created = create(client, game="medici", players=2, seats="one")
    before = client.get(f"/v1/matches/{created['id']}")
    assert before.headers["ETag"].startswith('"1.')  # the log opens with the first tile drawn
    joined = client.post(f"/v1/matches/{created['id']}/join", json={"name": "Bob"})
    assert joined.status_code == 200
    after = client.get(f"/v1/matches/{created['id']}", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"].startswith('"2.')
    assert after.get_json()["seats"][1] == {"seat": 1, "status": "taken", "name": "Bob"}
    log = client.get(f"/v1/matches/{created['id']}/events?after=1").get_json()
    assert [(e["version"], e["seat"], e["kind"]) for e in log["entries"]] == [(2, 1, "join")]
    assert log["entries"][0]["events"][0]["text"] == "Bob joined the match"
    creator = tokens(created)[0]
    assert post_move(client, created["id"], creator, {"type": "offer", "price": 3}).status_code == 200
    abort = client.post(f"/v1/matches/{created['id']}/abort", headers=auth(creator))
    assert abort.status_code == 409  # a move was made; the join alone would not have refused it


def test_a_name_given_at_join_is_never_lost_to_a_move_at_the_same_moment(app):
    """The name was written at the unchanged version: a move loaded before it and committed after it
    wrote back its older document, without the name (4 in 60 tries in an adversary's run)."""
    client = app.test_client()
    for trial in range(80):
        created = create(client, game="catan", players=4, seats="one", bots={"1": "random", "2": "random"})
        match_id, token = created["id"], tokens(created)[0]
        move = get_match(client, match_id, token)["legal_moves"][0]
        answers = at_once(
            partial(post_move, app.test_client(), match_id, token, move),
            partial(app.test_client().post, f"/v1/matches/{match_id}/join", json={"seat": 3, "name": "Zed"}),
        )
        assert [answer.status_code for answer in answers] == [200, 200], [a.get_json() for a in answers]
        assert get_match(client, match_id)["seats"][3]["name"] == "Zed", trial


def at_once(*calls):
    """Each call in a thread of its own, released together; their answers in order."""
    import threading

    go = threading.Barrier(len(calls))
    answers: list = [None] * len(calls)

    def run(i: int) -> None:
        go.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_names_show_in_seats_the_log_texts_and_the_outcome(client):
    created = create(client, game="medici", players=2, names={"0": "Ana", "1": "Bruno"})
    toks = tokens(created)
    match = get_match(client, created["id"], toks[0])
    assert [s["name"] for s in match["seats"]] == ["Ana", "Bruno"]
    answer = client.post(f"/v1/matches/{created['id']}/resign", headers=auth(toks[1])).get_json()
    assert [e["text"] for e in answer["events"]] == ["Bruno resigned", "The match is over: Ana won"]
    assert answer["match"]["outcome"]["names"] == ["Ana", "Bruno"]
    assert answer["match"]["outcome"]["winners"] == [0]


@pytest.mark.parametrize(
    "name",
    [
        "",
        "x" * 33,
        "<b>Ana</b>",
        "An\na",
        "Robert'); DROP",
        "\u3164",  # a Hangul filler: a letter that shows nothing
        "\u2800",  # a blank braille pattern
        "\u0301\u0301\u0301",  # combining accents on nothing
        "Seat 1",  # reads as another seat in event texts
        "siège 0",
        "\uff33\uff45\uff41\uff54 1",  # full-width "Seat 1"
        "\U0001d412eat 1",  # a mathematical bold S
        "\u0300a",  # a leading combining accent
        "\u0405\u0435\u0430t 1",  # "Seat 1" in Cyrillic look-alikes
        "Si\u0435ge 0",  # one Cyrillic "е" in "Siege 0"
        "S\u034feat 1",  # a combining grapheme joiner: shows nothing
        "Se\ufe00at 1",  # a variation selector
        "\u3164Seat 1",  # a leading Hangul filler
        "Ana\u2800",  # a trailing blank braille pattern
        "An\u200ba",  # a zero-width space (format character)
        "Seat O",  # a letter O for the digit
        "Seat I",
        "S\u0131ege 1",  # a dotless i
        "Bob (you)",  # reads as the web page's own marker
        "Si\u00e8\u0261e 1",  # a script g: pixel for pixel "Siège 1"
        "Se\u0251t 1",  # a Latin alpha
        "Seat \u0627",  # an Arabic alef reads as an "l"
        "Seat \u278a",  # a dingbat digit one
        "An\U00016fe4a",  # a Khitan filler: shows nothing
        "Ana" + "\u0301" * 29,  # accents stacked on one letter
    ],
)
def test_bad_names_are_refused_with_the_field_named(client, name):
    response = client.post("/v1/matches", json={"game": "medici", "players": 2, "names": {"1": name}})
    assert response.status_code == 422 and list(response.get_json()["errors"]["names"]) == ["1"]
    created = create(client, game="medici", players=2, seats="one")
    joined = client.post(f"/v1/matches/{created['id']}/join", json={"name": name})
    assert joined.status_code == 422 and "name" in joined.get_json()["errors"]


def test_a_names_error_comes_in_one_shape_whatever_is_wrong(client):
    """An integrator's find: a bad name came as {"names.1": [...]}, an unknown seat as {"names": {"5": [...]}}."""
    for names in ({"5": "Ana"}, {"1": "<b>"}, {"0": "Ana", "1": "ana"}, {"1": 5}):
        answer = client.post("/v1/matches", json={"game": "medici", "players": 2, "names": names})
        errors = answer.get_json()["errors"]
        assert answer.status_code == 422 and list(errors) == ["names"] and isinstance(errors["names"], dict), errors
        assert set(errors["names"]) <= set(names), errors


def test_a_seat_is_spelt_one_way_in_names_and_bots_and_listed_is_a_json_boolean(client):
    """ "01" and "1" both named seat 1, and one of them silently won; "listed": "yes" was taken as true."""
    twice = client.post("/v1/matches", json={"game": "medici", "players": 2, "names": {"1": "A", "01": "B"}})
    assert twice.status_code == 422 and "names" in twice.get_json()["errors"]
    bots = client.post("/v1/matches", json={"game": "medici", "players": 2, "bots": {"01": "random"}})
    assert bots.status_code == 422 and "bots" in bots.get_json()["errors"]
    for listed in ("yes", 1, "true"):
        odd = client.post("/v1/matches", json={"game": "medici", "players": 2, "listed": listed})
        assert odd.status_code == 422 and "listed" in odd.get_json()["errors"], listed
    fine = client.post("/v1/matches", json={"game": "medici", "players": 2, "names": {"0": "Ana", "1": "Seb 2"}})
    assert fine.status_code == 201


def test_two_seats_of_a_match_do_not_share_a_name(client):
    twice = client.post("/v1/matches", json={"game": "medici", "players": 2, "names": {"0": "Ana", "1": "ANA"}})
    assert twice.status_code == 422 and list(twice.get_json()["errors"]["names"]) == ["1"]
    created = create(client, game="medici", players=2, seats="one", names={"0": "Ana"})
    again = client.post(f"/v1/matches/{created['id']}/join", json={"name": "\uff21na"})  # a full-width A
    assert again.status_code == 422 and "name" in again.get_json()["errors"]
    assert get_match(client, created["id"])["seats"][1]["status"] == "open"  # refused before the seat is taken
    for alike in ("\u0410na", "A\u034fna", "Ana\u3164", "\u0251na"):  # Cyrillic А; a joiner; a filler; an alpha
        refused = client.post(f"/v1/matches/{created['id']}/join", json={"name": alike})
        assert refused.status_code == 422 and "name" in refused.get_json()["errors"], alike
    ivan = create(client, game="medici", players=2, seats="one", names={"0": "Ivan"})
    for alike in ("ivan", "IVAN", "lvan"):  # an "I" read as an "l" had made case count: "ivan" was let in
        refused = client.post(f"/v1/matches/{ivan['id']}/join", json={"name": alike})
        assert refused.status_code == 422 and "name" in refused.get_json()["errors"], alike
    two = create(client, game="medici", players=2, seats="one", names={"0": "Ana B"})
    spaced = client.post(f"/v1/matches/{two['id']}/join", json={"name": "Ana   b"})  # a page shows one space
    assert spaced.status_code == 422 and "name" in spaced.get_json()["errors"]


@pytest.mark.parametrize(
    "name",
    [
        "Мария",
        "さくらSakura",
        "李Lee",
        "Ζωή",
        "José",
        "Seat Lover",
        "Seattle",
        "Siegel",
        "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627",  # a Persian name with its zero-width non-joiner
        "Ana \u2764\ufe0f",  # an emoji with its presentation selector
        "Ana \U0001f469\u200d\U0001f4bb",  # an emoji joined with a zero-width joiner
        "Nguy\u1ec5n",
    ],
)
def test_names_in_any_script_or_two_are_welcome(client, name):
    created = create(client, game="medici", players=2, seats="one", names={"0": "Ana"})
    joined = client.post(f"/v1/matches/{created['id']}/join", json={"name": name})
    assert joined.status_code == 200, joined.get_json()
    assert get_match(client, created["id"])["seats"][1]["name"] == name


def test_resign_in_a_two_player_game_hands_the_other_seat_the_win(client):
    """`ended.outcome` is the match's `outcome`: it lacked the seats' `names` the other had."""
    created = create(client, game="speicherstadt", players=2, names={"1": "Bo"})
    toks = tokens(created)
    answer = client.post(f"/v1/matches/{created['id']}/resign", headers=auth(toks[0]))
    assert answer.status_code == 200
    match = answer.get_json()["match"]
    assert match["status"] == "finished" and match["outcome"]["winners"] == [1]
    assert match["outcome"]["names"] == [None, "Bo"]
    assert match["ended"] == {"reason": "resign", "seat": 0, "outcome": match["outcome"]}
    assert match["to_act"] == [] and match["legal_moves"] == []
    refused = post_move(client, created["id"], toks[1], {"type": "place_worker", "card": 0})
    assert refused.status_code == 409 and refused.get_json()["code"] == "match_finished"
    entry = client.get(f"/v1/matches/{created['id']}/events?after=0").get_json()["entries"][-1]
    assert entry["kind"] == "resign" and entry["seat"] == 0


def test_resign_with_more_seats_hands_the_seat_to_the_random_bot(client):
    created = create(client, game="catan", players=3, seed=5)
    toks = tokens(created)
    first = get_match(client, created["id"])["to_act"][0]
    answer = client.post(f"/v1/matches/{created['id']}/resign", headers=auth(toks[first])).get_json()
    match = answer["match"]
    assert match["status"] == "active"
    assert match["seats"][first] == {"seat": first, "status": "bot", "bot": "random", "name": None}
    assert first not in match["to_act"]  # the bot has played the seat's turn already
    refused = post_move(client, created["id"], toks[first], {"type": "roll"})
    assert refused.status_code == 409 and refused.get_json()["code"] == "seat_left"


def test_a_seat_that_resigned_reads_as_a_spectator_from_then_on(client):
    """Its bot's hand must not reach a player who left (and could tell one still at the table):
    the resign's answer, the match, /events and the stream read as a spectator's."""
    created = create(client, game="smuggler", players=3, seed=3, bots={"1": "random", "2": "random"})
    match_id, token = created["id"], tokens(created)[0]
    assert get_match(client, match_id, token)["view"] != get_match(client, match_id)["view"]
    answer = client.post(f"/v1/matches/{match_id}/resign", headers=auth(token)).get_json()
    assert any(e["type"] == "characters_drawn" and e["seat"] == 0 for e in answer["events"])  # its bot drew
    assert not [e for e in answer["events"] if e["type"].endswith("_privately")]
    mine, spectators = get_match(client, match_id, token), get_match(client, match_id)
    assert answer["match"]["seat"] is None and mine["seat"] is None
    assert mine["view"] == spectators["view"] and mine["legal_moves"] == []

    events = client.get(f"/v1/matches/{match_id}/events?after=0", headers=auth(token)).get_json()
    assert events == client.get(f"/v1/matches/{match_id}/events?after=0").get_json()
    assert _stream_messages(client, match_id, token, 20) == _stream_messages(client, match_id, None, 20)


def _stream_messages(client, match_id: str, token: str | None, count: int) -> list[bytes]:
    """The stream's first `count` messages (the bots may still be playing: it need not end)."""
    response = client.get(f"/v1/matches/{match_id}/stream?after=0", headers=auth(token), buffered=False)
    messages: list[bytes] = []
    for chunk in response.response:
        messages += [m for m in chunk.split(b"\n\n") if m.startswith(b"id:")]
        if len(messages) >= count:
            break
    response.close()
    return messages[:count]


def test_abort_only_by_the_creator_and_only_before_anyone_moved(client):
    created = create(client, game="medici", players=2)
    toks = tokens(created)
    not_creator = client.post(f"/v1/matches/{created['id']}/abort", headers=auth(toks[1]))
    assert not_creator.status_code == 409 and not_creator.get_json()["code"] == "abort_refused"
    aborted = client.post(f"/v1/matches/{created['id']}/abort", headers=auth(toks[0])).get_json()["match"]
    assert aborted["status"] == "finished" and aborted["outcome"] is None and aborted["ended"]["reason"] == "abort"

    rematch = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[0]))
    assert rematch.status_code == 409 and rematch.get_json()["code"] == "rematch_refused"
    assert "aborted" in rematch.get_json()["detail"]
    in_french = client.post(f"/v1/matches/{created['id']}/rematch", headers={**auth(toks[0]), "Accept-Language": "fr"})
    assert "annulée" in in_french.get_json()["detail"]
    assert get_match(client, created["id"])["rematch"] is None

    started = create(client, game="medici", players=2)
    toks = tokens(started)
    assert post_move(client, started["id"], toks[0], {"type": "offer", "price": 3}).status_code == 200
    late = client.post(f"/v1/matches/{started['id']}/abort", headers=auth(toks[0]))
    assert late.status_code == 409 and late.get_json()["code"] == "abort_refused"


def test_a_refused_abort_reads_one_page_of_the_log_however_long_it_is(app, client):
    """Abort read and parsed the whole log, before even checking the creator: with the log grown long
    (moves and undos), a few clients posting refused aborts held a worker busy (an adversary's run:
    /healthz 137 ms at 7 aborts a second on a 20,000-entry log)."""
    from prometheus_client import REGISTRY

    from service import lifecycle

    created = create(client, game="medici", players=2, options={}, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    for _ in range(150):  # an offer and its undo: 300 entries
        assert post_move(client, match_id, toks[0], {"type": "offer", "price": 3}).status_code == 200
        assert client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[0])).status_code == 200

    def log_reads() -> float:
        return REGISTRY.get_sample_value("portside_redis_roundtrips_total", {"op": "log"}) or 0.0

    before = log_reads()
    for token in toks.values():
        late = client.post(f"/v1/matches/{match_id}/abort", headers=auth(token))
        assert late.status_code == 409 and late.get_json()["code"] == "abort_refused"
    assert log_reads() - before <= 1  # the creator's: one page; the other seat's: none

    store = app.extensions["portside"].store
    bots_first = create(client, game="catan", players=3, bots={"0": "random", "1": "random"})
    assert get_match(client, bots_first["id"])["version"] >= 4  # the bots' set-up moves
    assert not lifecycle.someone_moved(store, bots_first["id"], page=1)  # paged through, bots only
    seat = get_match(client, bots_first["id"])["to_act"][0]
    play_first_legal(client, bots_first["id"], tokens(bots_first))
    assert seat == 2 and lifecycle.someone_moved(store, bots_first["id"], page=1)


def test_rematch_rotates_seats_keeps_names_and_bots_and_each_holder_claims_with_its_old_token(client):
    created = create(
        client, game="speicherstadt", players=3, bots={"2": "random"}, names={"0": "Ana", "1": "Bruno"}, listed=True
    )
    toks = tokens(created)
    early = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[0]))
    assert early.status_code == 409 and early.get_json()["code"] == "match_not_finished"
    client.post(f"/v1/matches/{created['id']}/resign", headers=auth(toks[0]))
    client.post(f"/v1/matches/{created['id']}/resign", headers=auth(toks[1]))
    _play_to_end(client, created["id"])  # the bots finish it

    ana = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[0])).get_json()
    bruno = client.post(f"/v1/matches/{created['id']}/rematch", headers=auth(toks[1])).get_json()
    assert ana["id"] == bruno["id"] != created["id"]
    assert (ana["seat"], bruno["seat"]) == (2, 0)  # the start seat rotates: former seat s plays s - 1
    new = get_match(client, ana["id"], ana["token"])
    assert new["seat"] == 2 and new["game"] == "speicherstadt" and new["seed_commitment"] != created["seed_commitment"]
    assert [(s["status"], s["name"]) for s in new["seats"]] == [("taken", "Bruno"), ("bot", None), ("taken", "Ana")]
    assert get_match(client, created["id"])["rematch"] == ana["id"]
    old_token = client.get(f"/v1/matches/{ana['id']}", headers=auth(toks[0]))
    assert old_token.status_code == 403  # the old token claims; the new one plays
    assert client.post(f"/v1/matches/{ana['id']}/join", json={}).get_json()["code"] == "match_full"


def _play_to_end(client, match_id: str) -> dict:
    for _ in range(200):
        match = get_match(client, match_id)
        if match["status"] == "finished":
            return match
    raise AssertionError("the bots did not finish the match")


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_undo_takes_back_an_undoable_own_move_and_refuses_the_rest(client, game_id):
    game = registry.get(game_id)
    created = create(client, game=game_id, players=game.min_players, seed=3, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    rng = random.Random(1)
    undone = refused = 0
    for _ in range(150):
        before = {s: get_match(client, match_id, t) for s, t in toks.items()}
        seat = before[0]["to_act"][0] if before[0]["to_act"] else None
        if seat is None:
            break
        mine = before[seat]
        move = rng.choice(mine["legal_moves"]) if mine["legal_moves"] else _filled(mine, rng)
        answer = post_move(client, match_id, toks[seat], move)
        if answer.status_code == 422 and move not in mine["legal_moves"]:
            continue  # a filled-in template the rules refuse (a like-for-like trade): draw again
        assert answer.status_code == 200, answer.get_json()
        entry = client.get(f"/v1/matches/{match_id}/events?after={before[0]['version']}").get_json()["entries"]
        raw_events = [{k: v for k, v in e.items() if k != "text"} for e in answer.get_json()["events"]]
        expected = len(entry) == 1 and game.undoable(move, raw_events)
        if expected and undone == 3:
            continue
        said = {s: get_match(client, match_id, t)["can_undo"] for s, t in toks.items()}
        assert get_match(client, match_id)["can_undo"] is False and not any(c for s, c in said.items() if s != seat)
        back = client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[seat]))
        assert said[seat] == (back.status_code == 200), (said, back.get_json())  # the match said what undo does
        if expected:
            assert back.status_code == 200, back.get_json()
            assert back.get_json()["events"][0]["type"] == "move_undone"
            for s, t in toks.items():  # every seat sees the match as it was
                after = get_match(client, match_id, t)
                for key in ("view", "to_act", "legal_moves", "move_labels"):
                    assert after[key] == before[s][key], (game_id, key)
            log = client.get(f"/v1/matches/{match_id}/events?after=0").get_json()["entries"]
            assert log[-1]["kind"] == "undo" and log[-1]["undoes"] == log[-2]["version"]
            undone += 1
            assert post_move(client, match_id, toks[seat], move).status_code == 200  # and plays on
        else:
            assert back.status_code == 409 and back.get_json()["code"] in ("undo_refused", "match_finished")
            refused += 1
    if i18n.companion(type(game).__module__.rpartition(".")[0], "undo") is None:
        assert undone == 0 and refused, "a game without undo rules takes nothing back (the safe default)"
    else:
        assert undone and refused, (undone, refused)
    replay_moves = [m["move"] for m in _replay_if_over(client, match_id)]
    assert all("type" in m for m in replay_moves)


def test_an_undo_reads_one_log_entry_however_long_the_log_is(client):
    """Undo read and parsed the whole log and replayed every standing move from the seed: move and
    undo in turn grew the log, and each undo cost more (130 ms at 20,000 entries in an adversary's
    run). The state before each of the seat's last moves is kept in the match's document now."""
    from prometheus_client import REGISTRY

    created = create(client, game="medici", players=2, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    for _ in range(150):  # 300 entries
        assert post_move(client, match_id, toks[0], {"type": "offer", "price": 3}).status_code == 200
        assert client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[0])).status_code == 200
    before = get_match(client, match_id, toks[0])
    assert post_move(client, match_id, toks[0], {"type": "offer", "price": 5}).status_code == 200
    read = REGISTRY.get_sample_value("portside_log_entries_read_total") or 0.0
    assert client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[0])).status_code == 200
    assert (REGISTRY.get_sample_value("portside_log_entries_read_total") or 0.0) - read == 1
    after = get_match(client, match_id, toks[0])
    assert (after["view"], after["legal_moves"]) == (before["view"], before["legal_moves"])


def test_own_moves_in_a_row_are_taken_back_one_after_the_other_up_to_the_depth(client, monkeypatch):
    from service import lifecycle

    created = create(client, game="catan", players=3, seed=4, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    start = get_match(client, match_id, toks[0])
    settle = post_move(client, match_id, toks[0], start["legal_moves"][0])
    assert settle.status_code == 200
    road_before = get_match(client, match_id, toks[0])
    assert post_move(client, match_id, toks[0], road_before["legal_moves"][0]).status_code == 200
    for then in (road_before, start):  # the road, then the settlement
        assert client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[0])).status_code == 200
        now = get_match(client, match_id, toks[0])
        assert (now["view"], now["legal_moves"]) == (then["view"], then["legal_moves"])
    nothing = client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[0]))
    assert nothing.status_code == 409 and nothing.get_json()["code"] == "undo_refused"

    monkeypatch.setattr(lifecycle, "UNDO_DEPTH", 1)  # one move back at most
    assert post_move(client, match_id, toks[0], start["legal_moves"][0]).status_code == 200
    assert post_move(client, match_id, toks[0], road_before["legal_moves"][0]).status_code == 200
    assert client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[0])).status_code == 200
    deeper = client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[0]))
    assert deeper.status_code == 409 and deeper.get_json()["code"] == "undo_refused"


def test_five_own_moves_in_a_row_are_taken_back_and_not_a_sixth(client):
    """The README's depth, unpatched: in this seeded Speicherstadt a seat makes six undoable moves in
    a row (its shipping); five undos give back the match as it was before each, the sixth is refused."""
    game = registry.get("speicherstadt")
    created = create(client, game="speicherstadt", players=2, seed=3, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    run: list[dict] = []  # the mover's view before each of its undoable moves in a row
    while len(run) < 6:
        seat = get_match(client, match_id, toks[0])["to_act"][0]
        before = get_match(client, match_id, toks[seat])
        move = before["legal_moves"][0]
        answer = post_move(client, match_id, toks[seat], move)
        assert answer.status_code == 200, answer.get_json()
        raw_events = [{k: v for k, v in e.items() if k != "text"} for e in answer.get_json()["events"]]
        undoable = game.undoable(move, raw_events)
        run = [*run, before] if undoable and run and run[-1]["seat"] == seat else [before] if undoable else []
        assert before["version"] < 200, "no run of six undoable moves: pick another seed"
    for then in reversed(run[1:]):
        assert client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[then["seat"]])).status_code == 200
        now = get_match(client, match_id, toks[then["seat"]])
        assert (now["view"], now["legal_moves"]) == (then["view"], then["legal_moves"])
    sixth = client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[run[0]["seat"]]))
    assert sixth.status_code == 409 and sixth.get_json()["code"] == "undo_refused"


def _filled(mine: dict, rng: random.Random) -> dict:
    from engine.bots import random_fill

    return random_fill(mine["move_templates"][0], rng)


def _replay_if_over(client, match_id: str) -> list[dict]:
    replay = client.get(f"/v1/matches/{match_id}/replay")
    return replay.get_json()["moves"] if replay.status_code == 200 else []


def test_undo_is_refused_after_a_chance_draw_once_another_seat_moved_and_when_off(client):
    created = create(client, game="medici", players=2, undo="own_move")
    toks = tokens(created)
    assert post_move(client, created["id"], toks[0], {"type": "draw"}).status_code == 200
    assert get_match(client, created["id"], toks[0])["can_undo"] is False
    drawn = client.post(f"/v1/matches/{created['id']}/undo", headers=auth(toks[0]))
    assert drawn.status_code == 409 and drawn.get_json()["code"] == "undo_refused"
    assert post_move(client, created["id"], toks[0], {"type": "offer", "price": 4}).status_code == 200
    assert get_match(client, created["id"], toks[0])["can_undo"] is True
    assert post_move(client, created["id"], toks[1], {"type": "decline"}).status_code == 200
    assert get_match(client, created["id"], toks[0])["can_undo"] is False
    theirs = client.post(f"/v1/matches/{created['id']}/undo", headers=auth(toks[0]))
    assert theirs.status_code == 409 and theirs.get_json()["code"] == "undo_refused"

    off = create(client, game="medici", players=2)
    toks = tokens(off)
    assert post_move(client, off["id"], toks[0], {"type": "offer", "price": 4}).status_code == 200
    assert get_match(client, off["id"], toks[0])["can_undo"] is False
    never = client.post(f"/v1/matches/{off['id']}/undo", headers=auth(toks[0]))
    assert never.status_code == 409 and "never" in never.get_json()["detail"]


def test_a_moves_answer_says_can_undo_as_the_match_read_after_it_does(client):
    """A move's answer said can_undo false where the next GET said true (it read the undo stack from
    before the move): a client showing the button from the answer never showed it."""
    created = create(client, game="medici", players=2, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    said = []
    for seat, move in ((0, {"type": "draw"}), (0, {"type": "offer", "price": 4}), (1, {"type": "decline"})):
        answered = post_move(client, match_id, toks[seat], move).get_json()["match"]
        said.append(answered["can_undo"])
        assert said[-1] == get_match(client, match_id, toks[seat])["can_undo"], move
    assert said[1] is True  # the price: Ana may take it back


def test_undo_resign_and_abort_hold_to_if_match_as_a_move_does(client):
    """An undo sent with If-Match of a version already passed took back the seat's move anyway:
    the header was ignored there, so a client meaning "undo the move I see" could undo another."""
    created = create(client, game="speicherstadt", players=2, seed=3, undo="own_move")
    toks = tokens(created)
    match_id = created["id"]
    seat = get_match(client, match_id)["to_act"][0]
    assert created["version"] == 1  # the first cards turned up
    assert post_move(client, match_id, toks[seat], {"type": "place_worker", "card": 0}).status_code == 200
    for operation in ("undo", "resign", "abort"):
        late = client.post(f"/v1/matches/{match_id}/{operation}", headers={**auth(toks[seat]), "If-Match": '"1"'})
        assert late.status_code == 409, late.get_json()
        assert late.get_json()["code"] == "stale_version" and late.get_json()["version"] == 2
    assert get_match(client, match_id)["version"] == 2
    bad = client.post(f"/v1/matches/{match_id}/undo", headers={**auth(toks[seat]), "If-Match": "garbage"})
    assert bad.status_code == 422 and "If-Match" in bad.get_json()["errors"]
    back = client.post(f"/v1/matches/{match_id}/undo", headers={**auth(toks[seat]), "If-Match": '"2"'})
    assert back.status_code == 200 and back.get_json()["version"] == 3


def test_undo_resign_and_abort_take_a_list_in_if_match(client):
    created = create(client, game="medici", players=2, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    assert post_move(client, match_id, toks[0], {"type": "offer", "price": 4}).status_code == 200
    version = get_match(client, match_id)["version"]
    for operation in ("undo", "resign", "abort"):
        late = client.post(f"/v1/matches/{match_id}/{operation}", headers={**auth(toks[0]), "If-Match": '"1", "0"'})
        assert late.status_code == 409 and late.get_json()["version"] == version, operation
    listed = {**auth(toks[0]), "If-Match": f'"{version - 1}", "{version}"'}
    assert client.post(f"/v1/matches/{match_id}/undo", headers=listed).status_code == 200


def test_an_undo_a_resign_and_an_abort_sent_again_with_their_key_answer_once(client):
    """A phone that lost an undo's or a resign's answer could only send it again bare (a second undo,
    refused or taking back an earlier move) or with If-Match (a 409 where it had succeeded)."""
    created = create(client, game="medici", players=2, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    for move in ({"type": "draw"}, {"type": "offer", "price": 4}):
        assert post_move(client, match_id, toks[0], move).status_code == 200
    keyed = {**auth(toks[0]), "Idempotency-Key": "undo-1"}
    first = client.post(f"/v1/matches/{match_id}/undo", headers=keyed)
    again = client.post(f"/v1/matches/{match_id}/undo", headers={**keyed, "Accept-Language": "fr"})
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json() and again.headers["Content-Language"] == "en"
    assert get_match(client, match_id)["version"] == first.get_json()["version"]  # the draw still stands
    reused = client.post(f"/v1/matches/{match_id}/resign", headers=keyed)
    assert reused.status_code == 422 and reused.get_json()["code"] == "idempotency_key_reused"
    as_a_move = post_move(client, match_id, toks[0], {"type": "offer", "price": 4}, **{"Idempotency-Key": "undo-1"})
    assert as_a_move.status_code == 422 and as_a_move.get_json()["code"] == "idempotency_key_reused"

    keyed = {**auth(toks[0]), "Idempotency-Key": "resign-1"}
    resigned = client.post(f"/v1/matches/{match_id}/resign", headers=keyed)
    assert resigned.status_code == 200 and resigned.get_json()["match"]["status"] == "finished"
    assert client.post(f"/v1/matches/{match_id}/resign", headers=keyed).get_json() == resigned.get_json()

    started = create(client, game="medici", players=2)
    keyed = {**auth(tokens(started)[0]), "Idempotency-Key": "abort-1"}
    aborted = client.post(f"/v1/matches/{started['id']}/abort", headers=keyed)
    assert aborted.status_code == 200
    assert client.post(f"/v1/matches/{started['id']}/abort", headers=keyed).get_json() == aborted.get_json()


def test_copies_of_a_keyed_undo_sent_at_once_undo_once_and_all_get_its_answer(app):
    """A phone that retried before its first undo was answered sent copies that raced the first."""
    client = app.test_client()
    created = create(client, game="medici", players=2, undo="own_move")
    match_id, token = created["id"], tokens(created)[0]
    for move in ({"type": "draw"}, {"type": "offer", "price": 4}):
        assert post_move(client, match_id, token, move).status_code == 200
    keyed = {**auth(token), "Idempotency-Key": "undo-at-once"}
    copies = [partial(app.test_client().post, f"/v1/matches/{match_id}/undo", headers=keyed) for _ in range(8)]
    answers = at_once(*copies)
    assert {answer.status_code for answer in answers} == {200}, [a.get_json() for a in answers]
    assert len({answer.get_data() for answer in answers}) == 1
    log = client.get(f"/v1/matches/{match_id}/events?after=0").get_json()["entries"]
    assert [entry.get("kind") for entry in log].count("undo") == 1
