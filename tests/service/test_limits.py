"""Limits nobody dodges, idempotency under concurrency, header hygiene (issue #11)."""

from __future__ import annotations

import ipaddress
import secrets
import threading
import time

import pytest
import redis

from service import limits
from service.app import create_app
from service.config import Config
from service.ratelimit import WINDOW
from service.redis_clients import fast_options
from tests.e2e.conftest import free_port
from tests.service.helpers import auth, create, first_move, get_match, tokens
from tests.typography import plain


def limited_app(redis_url, redis_client, **limits):
    """The app with these limits, handed over with at least 5 s left in the minute's window: a test
    whose counts straddled two windows saw its budget start again (a CI run: a rematch with bots let
    through where 429 was due)."""
    left = WINDOW - time.time() % WINDOW
    if left < 5:
        time.sleep(left + 0.05)
    settings = {"rate_limit_per_minute": 1000, "read_limit_per_minute": 1000, **limits}
    return create_app(Config(redis_url=redis_url, log_level="WARNING", **settings), redis_client)


def an_address() -> dict:
    """A fresh client address, so tests sharing one Redis never share a counter."""
    return {"REMOTE_ADDR": f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"}


CREATE = {"game": "speicherstadt", "players": 2}


def test_rate_limit_per_minute_zero_turns_every_limit_off(redis_url, redis_client):
    """The configuration table: RATE_LIMIT_PER_MINUTE=0 "turns every limit off", the reads', the
    failed authentications', the bot matches' and the waits' budgets too, however small they are set."""
    from concurrent.futures import ThreadPoolExecutor

    tiny = {"read_limit_per_minute": 1, "auth_failures_per_minute": 1, "bot_matches_per_minute": 1}
    app = limited_app(redis_url, redis_client, rate_limit_per_minute=0, max_waits_per_client=1, **tiny)
    client, where = app.test_client(), an_address()
    with_bots = {**CREATE, "bots": {"1": "random"}}
    answers = [client.post("/v1/matches", json=with_bots, environ_base=where) for _ in range(3)]
    match_id = answers[0].get_json()["id"]
    answers += [client.get(f"/v1/matches/{match_id}", headers=auth("made-up"), environ_base=where) for _ in range(3)]
    answers += [client.get(f"/v1/matches/{match_id}", environ_base=where) for _ in range(3)]

    version = answers[-1].get_json()["version"]

    def wait(_: int):  # three at once, each held its whole second
        return app.test_client().get(f"/v1/matches/{match_id}/events?after={version}&wait=1", environ_base=where)

    with ThreadPoolExecutor(3) as pool:
        answers += list(pool.map(wait, range(3)))
    assert [a.status_code for a in answers] == [201] * 3 + [403] * 3 + [200] * 6


def test_made_up_tokens_do_not_dodge_the_limit_on_creation(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=3).test_client()
    where = an_address()
    statuses = [
        client.post("/v1/matches", json=CREATE, headers=auth(secrets.token_hex(8)), environ_base=where).status_code
        for _ in range(5)
    ]
    assert statuses == [201, 201, 201, 429, 429]


def test_failed_authentication_counts_against_the_address(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, auth_failures_per_minute=3).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=where).get_json()
    path = f"/v1/matches/{created['id']}/moves"
    statuses = [
        client.post(path, json={"type": "pass"}, headers=auth(secrets.token_hex(8)), environ_base=where).status_code
        for _ in range(5)
    ]
    assert statuses == [403, 403, 403, 429, 429]
    # The address waits out the minute for everything but a secret that checks out.
    assert client.get("/v1/games", environ_base=where).status_code == 429
    assert client.get(f"/v1/matches/{created['id']}", environ_base=where).status_code == 429  # as a spectator
    assert client.get(f"/v1/matches/{created['id']}", environ_base=an_address()).status_code == 200


def test_a_guesser_behind_a_players_address_does_not_lock_the_player_out(redis_url, redis_client):
    """Thousands of phones share one IPv4 address behind a carrier's NAT. One of them sending wrong
    tokens locked every player behind it out of their matches for the minute; a seat token (256 random
    bits) that verifies now plays on, while the guesser's wrong tokens stay refused."""
    client = limited_app(redis_url, redis_client, auth_failures_per_minute=3).test_client()
    where = an_address()
    created = client.post("/v1/matches", json={"game": "medici", "players": 2}, environ_base=an_address()).get_json()
    match, real = f"/v1/matches/{created['id']}", tokens(created)
    guesses = [client.get(match, headers=auth(secrets.token_hex(8)), environ_base=where).status_code for _ in range(5)]
    assert guesses == [403, 403, 403, 429, 429]
    seen = client.get(match, headers=auth(real[0]), environ_base=where)
    assert seen.status_code == 200 and seen.get_json()["seat"] == 0
    moved = client.post(f"{match}/moves", json={"type": "draw"}, headers=auth(real[0]), environ_base=where)
    assert moved.status_code == 200
    ticket = client.post(f"{match}/stream-ticket", json={}, headers=auth(real[1]), environ_base=where).get_json()
    stream = client.get(f"{match}/stream?after=0&ticket={ticket['ticket']}", environ_base=where, buffered=False)
    assert stream.status_code == 200
    stream.close()
    assert client.get(f"{match}/stream?after=0&ticket=pstt_made-up", environ_base=where).status_code == 429
    assert client.get(match, headers=auth(real[1][:-1] + "x"), environ_base=where).status_code == 429
    assert (
        client.get(f"/v1/matches/{secrets.token_hex(10)}", headers=auth(real[0]), environ_base=where).status_code == 429
    )


def test_reads_have_their_own_budget(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, read_limit_per_minute=4).test_client()
    where = an_address()
    statuses = [client.get("/v1/games", environ_base=where).status_code for _ in range(6)]
    assert statuses == [200, 200, 200, 200, 429, 429]
    assert client.post("/v1/matches", json=CREATE, environ_base=where).status_code == 201
    assert client.get("/healthz", environ_base=where).status_code == 200


def test_a_lobby_page_costs_ten_reads_as_it_loads_up_to_200_matches(redis_url, redis_client):
    """A lobby page loads up to 200 listed matches (about 25 ms of a worker when their states are
    big, a match's GET 1-2 ms): one address spending its 3,600 reads a minute on pages kept 1.5 of
    this machine's 2 cores busy. A page now counts as 10 reads."""
    client = limited_app(redis_url, redis_client, read_limit_per_minute=25).test_client()
    where = an_address()
    pages = [client.get("/v1/matches?game=medici", environ_base=where).status_code for _ in range(3)]
    assert pages == [200, 200, 429]
    elsewhere = an_address()
    assert [client.get("/v1/games", environ_base=elsewhere).status_code for _ in range(26)][-2:] == [200, 429]


def test_reading_a_long_log_costs_a_read_a_hundred_entries(redis_url, redis_client):
    """A page of 1,000 entries took some 15 ms of a worker, a finished match's whole stream (1,700
    entries) 40 ms, and each was one read (a match's GET takes 1-2 ms): one address re-reading a long
    match kept more than the machine's 2 cores busy within its 3,600 reads a minute. A log read now
    costs one read more for each 100 entries, to the seat or the address that asked."""
    client = limited_app(redis_url, redis_client, read_limit_per_minute=1000).test_client()
    bots = {str(seat): "greedy" for seat in range(4)}
    match_id = client.post("/v1/matches", json={"game": "catan", "players": 4, "bots": bots, "seed": 3}).get_json()[
        "id"
    ]
    while (match := get_match(client, match_id))["status"] != "finished":
        pass
    assert match["version"] >= 300
    cost = 1 + match["version"] // 100
    tight = limited_app(redis_url, redis_client, read_limit_per_minute=2 * cost).test_client()
    for path in (f"/v1/matches/{match_id}/events?after=0", f"/v1/matches/{match_id}/stream"):
        where = an_address()
        statuses = [tight.get(path, environ_base=where).status_code for _ in range(3)]
        assert statuses == [200, 200, 429], path
    waiting = an_address()  # a poll with nothing new still costs one read
    polls = f"/v1/matches/{match_id}/events?after={match['version']}"
    assert {tight.get(polls, environ_base=waiting).status_code for _ in range(2 * cost)} == {200}


def test_a_seat_is_counted_under_its_own_token_not_its_address(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, read_limit_per_minute=3).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=where).get_json()
    toks = tokens(created)
    for seat in (0, 1):
        statuses = [
            client.get(f"/v1/matches/{created['id']}", headers=auth(toks[seat]), environ_base=where).status_code
            for _ in range(4)
        ]
        assert statuses == [200, 200, 200, 429]
    counters = list(redis_client.scan_iter(match=f"m:{{{created['id']}}}:rl:*"))
    assert len(counters) == 2  # one per seat, in the match's slot
    assert all(0 < redis_client.ttl(key) <= 60 for key in counters)  # each goes with its minute


def test_trusted_proxies_pass_on_the_clients_address(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, read_limit_per_minute=2, trusted_proxies="10.0.0.0/8").test_client()
    proxy = {"REMOTE_ADDR": "10.1.2.3"}
    first, second = an_address()["REMOTE_ADDR"].replace("10.", "192."), "203.0.113.9"
    for _ in range(2):
        assert client.get("/v1/games", headers={"X-Forwarded-For": first}, environ_base=proxy).status_code == 200
    assert client.get("/v1/games", headers={"X-Forwarded-For": first}, environ_base=proxy).status_code == 429
    spoofed = {"X-Forwarded-For": f"{first}, {second}"}  # the client wrote the first hop itself
    assert client.get("/v1/games", headers=spoofed, environ_base=proxy).status_code == 200  # counted as 203.0.113.9
    untrusted = {"REMOTE_ADDR": "198.51.100.7"}  # not a proxy: its X-Forwarded-For is ignored
    assert client.get("/v1/games", headers={"X-Forwarded-For": first}, environ_base=untrusted).status_code == 200


def test_bot_matches_have_their_own_budget(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, bot_matches_per_minute=2).test_client()
    where = an_address()
    body = {"game": "speicherstadt", "players": 2, "bots": {"0": "random", "1": "random"}}
    statuses = [client.post("/v1/matches", json=body, environ_base=where).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    assert client.post("/v1/matches", json=CREATE, environ_base=where).status_code == 201


def test_one_address_cannot_fill_redis_with_matches(redis_url, redis_client):
    """Redis keeps a match for MATCH_TTL (7 days) and a finished one for a day: within the writes'
    minute budget alone one address created 1,200 matches a minute (8 KB each: 512 MB in under an
    hour), or 20 all-bot matches a minute played out at once (210 KB each: in two hours), and then
    every table's next move was 503 storage_full. Now MATCHES_PER_DAY counts its new matches,
    rematches included, whatever the minute allows."""
    client = limited_app(redis_url, redis_client, matches_per_day=3).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=where).get_json()
    client.post("/v1/matches", json={**CREATE, "bots": {"1": "random"}}, environ_base=where)
    match_id, toks = created["id"], tokens(created)
    client.post(f"/v1/matches/{match_id}/resign", headers=auth(toks[0]), environ_base=where)
    rematch = client.post(f"/v1/matches/{match_id}/rematch", headers=auth(toks[1]), environ_base=where)
    assert rematch.status_code == 200
    refused = client.post("/v1/matches", json=CREATE, environ_base=where)
    assert refused.status_code == 429
    assert refused.get_json()["detail"] == "More than 3 new matches today."
    until_midnight = 86_400 - int(time.time()) % 86_400  # UTC: the day's budget starts again then
    assert abs(int(refused.headers["Retry-After"]) - until_midnight) <= 2
    assert client.post("/v1/matches", json=CREATE, environ_base=an_address()).status_code == 201  # its own


def test_a_rematch_with_bots_spends_the_bot_budget_as_a_create_would(redis_url, redis_client):
    """Resign (the bots play the rest within the request), rematch, repeat: without this, an address
    had as many bot-played matches a minute as it liked."""
    client = limited_app(redis_url, redis_client, bot_matches_per_minute=2).test_client()
    where = an_address()
    body = {"game": "speicherstadt", "players": 3, "bots": {"1": "random", "2": "random"}}
    created = client.post("/v1/matches", json=body, environ_base=where).get_json()
    match_id, token = created["id"], tokens(created)[0]
    statuses = []
    for _ in range(2):
        assert client.post(f"/v1/matches/{match_id}/resign", headers=auth(token), environ_base=where).status_code == 200
        answer = client.post(f"/v1/matches/{match_id}/rematch", headers=auth(token), environ_base=where)
        statuses.append(answer.status_code)
        if answer.status_code == 200:
            match_id, token = answer.get_json()["id"], answer.get_json()["token"]
    assert statuses == [200, 429]
    assert (
        client.post(f"/v1/matches/{match_id}/rematch", headers=auth(token), environ_base=an_address()).status_code
        == 200
    )


def test_a_rematch_is_a_creation_the_callers_address_pays_for(redis_url, redis_client):
    """Resign and rematch carry seat tokens, which their seats' budgets count, and each rematch hands
    out fresh seats: an address could chain them into as many matches as it liked (800 in 2 s in an
    adversary's run, past its 429 on creates). A rematch now counts as a write of its address."""
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=3).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=where).get_json()  # write 1
    match_id, toks = created["id"], tokens(created)
    statuses = []
    for _ in range(3):
        assert (
            client.post(f"/v1/matches/{match_id}/resign", headers=auth(toks[0]), environ_base=where).status_code == 200
        )
        answer = client.post(f"/v1/matches/{match_id}/rematch", headers=auth(toks[1]), environ_base=where)
        statuses.append(answer.status_code)
        if answer.status_code != 200:
            break
        joined = client.post(f"/v1/matches/{match_id}/rematch", headers=auth(toks[0]), environ_base=where)
        assert joined.status_code == 200  # the others take their seats in it: no new creation
        match_id = answer.get_json()["id"]
        toks = {
            answer.get_json()["seat"]: answer.get_json()["token"],
            joined.get_json()["seat"]: joined.get_json()["token"],
        }
    assert statuses == [200, 200, 429]
    assert client.post("/v1/matches", json=CREATE, environ_base=where).status_code == 429


def test_the_addresses_of_one_ipv6_64_share_one_budget():
    """A subscriber gets a whole /64: counted address by address, it had 2**64 budgets (an adversary
    created 2,000 bot matches in a minute from 100 addresses of one /64, against a limit of 20)."""
    client_of = limits.budget_holder
    assert client_of("2001:db8:1:2::1") == client_of("2001:db8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64"
    assert client_of("2001:db8:1:3::1") != client_of("2001:db8:1:2::1")
    assert client_of("::ffff:192.0.2.7") == client_of("192.0.2.7") == "192.0.2.7"
    assert client_of("unknown") == "unknown"


def test_an_ipv6_subscriber_cannot_multiply_its_budget_by_its_addresses(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=2).test_client()
    prefix = f"2001:db8:{secrets.randbelow(65000):x}:{secrets.randbelow(65000):x}"
    statuses = [
        client.post("/v1/matches", json=CREATE, environ_base={"REMOTE_ADDR": f"{prefix}::{n + 1:x}"}).status_code
        for n in range(4)
    ]
    assert statuses == [201, 201, 429, 429]
    other = {"REMOTE_ADDR": f"2001:db8:ffff:{secrets.randbelow(65000):x}::1"}
    assert client.post("/v1/matches", json=CREATE, environ_base=other).status_code == 201


def test_an_ipv4_address_gets_no_more_budgets_through_6to4_or_teredo(redis_url, redis_client):
    """6to4 hands every public IPv4 address the /48 2002:<its address>::/48, 65,536 /64s, and Teredo a
    /64 per relay: counted by /64, one IPv4 host held that many budgets. They count as the IPv4 now."""
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=2).test_client()
    v4 = ipaddress.IPv4Address(f"198.51.{secrets.randbelow(250)}.{secrets.randbelow(250)}")
    sixtofour = ipaddress.IPv6Address((0x2002 << 112) | (int(v4) << 80))
    relay = ipaddress.IPv4Address("203.0.113.1")
    teredo = ipaddress.IPv6Address((0x20010000 << 96) | (int(relay) << 64) | (int(v4) ^ 0xFFFFFFFF))
    addresses = [str(v4), str(sixtofour + (1 << 64)), str(sixtofour + (2 << 64) + 7), str(teredo)]
    statuses = [
        client.post("/v1/matches", json=CREATE, environ_base={"REMOTE_ADDR": address}).status_code
        for address in addresses
    ]
    assert statuses == [201, 201, 429, 429]


def test_resigning_every_seat_of_a_match_spends_the_bot_budget_as_a_bot_match_would(redis_url, redis_client):
    """A match created without bots whose every seat resigns is played out by the bots within the
    last resign: an adversary got 25 bot-played matches past a spent BOT_MATCHES_PER_MINUTE so."""
    client = limited_app(redis_url, redis_client, bot_matches_per_minute=1).test_client()
    where = an_address()
    statuses = []
    for _ in range(2):
        created = client.post("/v1/matches", json={"game": "speicherstadt", "players": 3}, environ_base=where)
        match_id, toks = created.get_json()["id"], tokens(created.get_json())
        for seat in (0, 1):
            answer = client.post(f"/v1/matches/{match_id}/resign", headers=auth(toks[seat]), environ_base=where)
            assert answer.status_code == 200, answer.get_json()
        last = client.post(f"/v1/matches/{match_id}/resign", headers=auth(toks[2]), environ_base=where)
        statuses.append(last.status_code)
    assert statuses == [200, 429]


def test_concurrent_waits_per_client_are_capped(redis_url, redis_client):
    app = limited_app(redis_url, redis_client, max_waits_per_client=2)
    where = an_address()
    created = app.test_client().post("/v1/matches", json=CREATE, environ_base=where).get_json()
    path = f"/v1/matches/{created['id']}/events?after={created['version']}&wait=2"
    statuses: list[int] = []
    waiters = [
        threading.Thread(target=lambda: statuses.append(app.test_client().get(path, environ_base=where).status_code))
        for _ in range(3)
    ]
    for waiter in waiters:
        waiter.start()
    for waiter in waiters:
        waiter.join()
    assert sorted(statuses) == [200, 200, 429]
    # The waits are released when they end.
    assert app.test_client().get(path.replace("wait=2", "wait=0.01"), environ_base=where).status_code == 200


def test_copies_of_one_idempotent_move_get_one_answer(client, app):
    created = create(client, players=2, seed=11)
    match_id, toks = created["id"], tokens(created)
    seat = get_match(client, match_id)["to_act"][0]
    move = first_move(get_match(client, match_id, toks[seat]))
    headers = {**auth(toks[seat]), "Idempotency-Key": "same-key"}
    answers: list = []
    copies = [
        threading.Thread(
            target=lambda: answers.append(
                app.test_client().post(f"/v1/matches/{match_id}/moves", json=move, headers=headers)
            )
        )
        for _ in range(4)
    ]
    for copy in copies:
        copy.start()
    for copy in copies:
        copy.join()
    assert {a.status_code for a in answers} == {200}
    assert len({a.get_data() for a in answers}) == 1
    assert get_match(client, match_id)["version"] == created["version"] + 1


def test_idempotency_answers_expire_with_their_match(client, redis_client):
    created = create(client, players=2, seed=11)
    match_id, toks = created["id"], tokens(created)
    seat = get_match(client, match_id)["to_act"][0]
    move = first_move(get_match(client, match_id, toks[seat]))
    headers = {**auth(toks[seat]), "Idempotency-Key": "k1"}
    assert client.post(f"/v1/matches/{match_id}/moves", json=move, headers=headers).status_code == 200
    idem = [k for k in redis_client.scan_iter(match=f"m:{{{match_id}}}:*", count=1000) if b"idem" in k]
    assert len(idem) == 2  # a hash and its order per match, however many keys were used
    assert all(0 < redis_client.ttl(key) <= redis_client.ttl(f"m:{{{match_id}}}") for key in idem)


def test_a_match_keeps_its_last_32_keyed_answers_and_refuses_an_older_copy(client, redis_client):
    """Each keyed answer (a whole match resource, up to some 13 KB) was kept as long as its match, 7
    days: one seat moving and undoing with fresh keys, 1,200 writes a minute, made Redis keep 16 MB
    more a minute (8 MB in 20 s, measured: 512 MB in half an hour). Now a match keeps its last 32
    whole; an older key sent again is refused, never applied twice."""
    created = create(client, players=2, seed=11)
    match_id, toks = created["id"], tokens(created)
    sent = []
    for n in range(40):
        seat = get_match(client, match_id)["to_act"][0]
        move = first_move(get_match(client, match_id, toks[seat]))
        headers = {**auth(toks[seat]), "Idempotency-Key": f"key-{n}"}
        answer = client.post(f"/v1/matches/{match_id}/moves", json=move, headers=headers)
        assert answer.status_code == 200
        sent.append((move, headers, answer.get_data()))
    kept = redis_client.hvals(f"m:{{{match_id}}}:idem")
    assert len(kept) == 40 and sum(len(answer) > 64 for answer in kept) == 32
    version = get_match(client, match_id)["version"]
    move, headers, _ = sent[0]
    late = client.post(f"/v1/matches/{match_id}/moves", json=move, headers=headers)
    assert late.status_code == 422 and late.get_json()["code"] == "idempotency_key_reused"
    move, headers, first = sent[-8]
    assert client.post(f"/v1/matches/{match_id}/moves", json=move, headers=headers).get_data() == first
    assert get_match(client, match_id)["version"] == version


def test_security_headers_and_no_cors_by_default(client):
    answer = client.get("/v1/games", headers={"Origin": "https://evil.example"})
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "Access-Control-Allow-Origin" not in answer.headers
    docs = client.get("/docs")
    assert "frame-ancestors 'none'" in docs.headers["Content-Security-Policy"]


def test_cors_by_configuration(redis_url, redis_client):
    client = limited_app(
        redis_url, redis_client, rate_limit_per_minute=0, cors_origins="https://app.example"
    ).test_client()
    preflight = client.options(
        "/v1/matches",
        headers={
            "Origin": "https://app.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Authorization, Idempotency-Key",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "idempotency-key" in preflight.headers["Access-Control-Allow-Headers"].lower()
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    plain = client.options("/v1/matches", headers={"Origin": "https://app.example"})  # not a preflight
    assert plain.status_code == 204 and plain.get_data() == b"" and "POST" in plain.headers["Allow"]
    assert plain.headers["Access-Control-Allow-Origin"] == "https://app.example"
    answer = client.post("/v1/matches", json=CREATE, headers={"Origin": "https://app.example"})
    exposed = answer.headers["Access-Control-Expose-Headers"]
    assert all(name in exposed for name in ("ETag", "Retry-After", "Location"))
    other = client.get("/v1/games", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_cors_origins_star_lets_any_origin_read_the_answers(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=0, cors_origins="*").test_client()
    for origin in ("https://app.example", "http://localhost:5173"):
        answer = client.get("/v1/games", headers={"Origin": origin})
        assert answer.headers["Access-Control-Allow-Origin"] in ("*", origin)
        preflight = client.options("/v1/matches", headers={"Origin": origin, "Access-Control-Request-Method": "POST"})
        assert preflight.headers["Access-Control-Allow-Origin"] in ("*", origin)


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/v1/games", {"GET", "HEAD", "OPTIONS"}),
        ("/v1/matches", {"GET", "HEAD", "POST", "OPTIONS"}),
        (f"/v1/matches/{'0' * 20}/moves", {"POST", "OPTIONS"}),
        ("/v1/openapi.json", {"GET", "HEAD", "OPTIONS"}),
    ],
)
def test_options_answers_204_with_allow_and_no_body(client, path, allowed):
    """OPTIONS answered 200 with an empty `text/html` body (Flask's default): a client asking what a
    path allows was told it had content, of a type no API path serves."""
    answer = client.options(path)
    assert answer.status_code == 204 and answer.get_data() == b""
    assert "Content-Type" not in answer.headers
    assert {method.strip() for method in answer.headers["Allow"].split(",")} == allowed


def test_metrics_behind_a_token_and_made_up_methods_make_no_series(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=0, metrics_token="s3cret").test_client()
    assert client.get("/metrics").status_code == 401
    client.open("/v1/games", method="BREW")
    body = client.get("/metrics", headers=auth("s3cret")).get_data(as_text=True)
    assert 'method="BREW"' not in body and 'method="OTHER"' in body


@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_unknown_methods_are_problems(client, method):
    answer = client.open("/v1/games", method=method)
    assert answer.status_code == 405 and answer.mimetype == "application/problem+json"


# --- limits keyed on the verified seat, else the address (audit of issue #11) -------------------------


def test_tokens_on_a_match_that_is_gone_spend_the_addresss_budget_not_its_failures(redis_url, redis_client):
    """A phone still polling a match that expired sends its token to a 404 again and again. Were that a
    failed authentication, one such phone would lock everyone behind its NAT out of everything within a
    second; it is counted against the address's reads instead, so made-up tokens still buy nothing."""
    client = limited_app(redis_url, redis_client, auth_failures_per_minute=3, read_limit_per_minute=6).test_client()
    where = an_address()
    path = f"/v1/matches/{secrets.token_hex(10)}/events"  # well-formed, but no such match
    statuses = [client.get(path, headers=auth(secrets.token_hex(8)), environ_base=where).status_code for _ in range(8)]
    assert statuses == [404] * 6 + [429] * 2
    refused = client.get(path, headers=auth(secrets.token_hex(8)), environ_base=where).get_json()
    assert "reads" in refused["detail"]  # the reads' budget, not the failures'
    created = client.post("/v1/matches", json=CREATE, environ_base=where)
    assert created.status_code == 201  # writes are still the address's to spend
    assert client.get(path, environ_base=an_address()).status_code == 404


def test_wrong_tokens_on_a_live_match_are_failed_authentications(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, auth_failures_per_minute=3).test_client()
    created = client.post("/v1/matches", json=CREATE, environ_base=an_address()).get_json()
    where, path = an_address(), f"/v1/matches/{created['id']}/events"
    statuses = [client.get(path, headers=auth(secrets.token_hex(8)), environ_base=where).status_code for _ in range(5)]
    assert statuses == [403, 403, 403, 429, 429]
    assert client.get("/v1/games", environ_base=where).status_code == 429  # the address failed, whatever it asks


def test_a_made_up_token_whose_request_never_reaches_the_check_counts_against_the_address(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=3).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=an_address()).get_json()
    path = f"/v1/matches/{created['id']}/moves"
    bad = {"data": b"{not json", "content_type": "application/json", "environ_base": where}
    statuses = [client.post(path, headers=auth(secrets.token_hex(8)), **bad).status_code for _ in range(5)]
    assert statuses == [400, 400, 400, 429, 429]
    french = client.post(path, headers={**auth(secrets.token_hex(8)), "Accept-Language": "fr"}, **bad).get_json()
    assert plain(french["detail"]) == "Plus de 3 écritures cette minute."


def test_a_seats_budget_is_its_own_and_a_made_up_token_cannot_spend_it(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, read_limit_per_minute=3, auth_failures_per_minute=100).test_client()
    created = client.post("/v1/matches", json=CREATE, environ_base=an_address()).get_json()
    path, real = f"/v1/matches/{created['id']}", tokens(created)[0]
    where = an_address()
    assert [client.get(path, headers=auth(secrets.token_hex(8)), environ_base=where).status_code for _ in range(5)] == [
        403
    ] * 5
    assert [client.get(path, headers=auth(real), environ_base=where).status_code for _ in range(4)] == [
        200,
        200,
        200,
        429,
    ]


class RoundTrips:
    """Counts what this thread sends to Redis: one send is one round-trip (a pipeline is one send)."""

    def __init__(self, monkeypatch):
        import redis.connection

        self.count = 0
        me = threading.get_ident()
        original = redis.connection.AbstractConnection.send_packed_command

        def counting(conn, command, check_health=True):
            if threading.get_ident() == me:
                self.count += 1
            return original(conn, command, check_health)

        monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counting)


def metric_round_trips() -> float:
    from service import metrics

    return sum(s.value for m in metrics.REDIS_ROUNDTRIPS.collect() for s in m.samples if s.name.endswith("_total"))


def test_a_move_costs_two_redis_round_trips_with_rate_limiting_on_and_the_metric_counts_every_one(
    redis_url, redis_client, monkeypatch
):
    from service.store import _COMMIT

    client = limited_app(redis_url, redis_client).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE | {"seed": 11}, environ_base=where).get_json()
    match_id, toks = created["id"], tokens(created)
    redis_client.script_load(_COMMIT)  # so the commit is one EVALSHA, never a NOSCRIPT and a retry
    for key in (None, "k1"):
        # reads from this test's own address: 127.0.0.1's read count is shared with every test of the
        # run that reads in the same minute, and this app's read limit is 1,000 (a fresh clone's run hit it)
        seat = client.get(f"/v1/matches/{match_id}", environ_base=where).get_json()["to_act"][0]
        mine = client.get(f"/v1/matches/{match_id}", headers=auth(toks[seat]), environ_base=where).get_json()
        move = first_move(mine)
        trips, before = RoundTrips(monkeypatch), metric_round_trips()
        headers = {**auth(toks[seat]), **({"Idempotency-Key": key} if key else {})}
        answer = client.post(f"/v1/matches/{match_id}/moves", json=move, headers=headers, environ_base=where)
        assert answer.status_code == 200, answer.get_json()
        monkeypatch.undo()
        if key is None:
            assert trips.count == 2  # the load (with the seat's counter) and the compare-and-set commit
        else:
            assert trips.count == 5  # + the in-flight marker, the stored-answer lookup, the marker's release
        assert metric_round_trips() - before == trips.count


def released_soon(redis_client, pattern: str) -> bool:
    """Every wait lease under keys matching `pattern` given back within a second (Redis drops an
    emptied set; a release goes with the process's next pipeline, or within 0.1 s)."""
    deadline = time.monotonic() + 1
    while list(redis_client.scan_iter(match=pattern)):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.mark.parametrize("as_seat", [False, True], ids=["spectator", "seat"])
def test_a_long_poll_renewal_takes_its_wait_in_the_round_trip_that_counts_it(
    redis_url, redis_client, monkeypatch, as_seat
):
    client, where = limited_app(redis_url, redis_client).test_client(), an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=where).get_json()
    headers = auth(tokens(created)[0]) if as_seat else {}
    path = f"/v1/matches/{created['id']}/events?after={created['version']}&wait=0.2"
    assert client.get(path, headers=headers, environ_base=where).status_code == 200  # the log is now in memory
    trips = RoundTrips(monkeypatch)
    renewed = client.get(path, headers=headers, environ_base=where)
    monkeypatch.undo()
    version = created["version"]
    assert renewed.get_json() == {"after": version, "version": version, "commit": "", "entries": []}
    # One: the load, with the seat's or the address's count, the first wait's release and this
    # wait's lease; this wait's release goes with the process's next pipeline, or soon after.
    assert trips.count == 1
    leases = f"m:{{{created['id']}}}:waits:*" if as_seat else f"rl:waits:ip:{where['REMOTE_ADDR']}"
    assert released_soon(redis_client, leases)


def test_a_spectators_waits_spend_its_addresss_reads_and_a_bad_one_spends_nothing_more(redis_url, redis_client):
    client = limited_app(redis_url, redis_client, read_limit_per_minute=4, auth_failures_per_minute=2).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=an_address()).get_json()
    unknown = f"/v1/matches/{secrets.token_hex(10)}/events?after=0&wait=0.05"
    malformed = f"/v1/matches/{created['id']}/events?after=x&wait=0.05"  # refused before the load
    waits = f"/v1/matches/{created['id']}/events?after=0&wait=0.05"
    statuses = [client.get(path, environ_base=where).status_code for path in (unknown, unknown, malformed, waits)]
    # An unknown match is not a failed authentication (no token was shown): two of them do not
    # close the address; the malformed query is counted when answered; the fifth read is refused.
    assert statuses == [404, 404, 422, 200]
    assert client.get(waits, environ_base=where).status_code == 429
    assert client.get(f"/v1/matches/{created['id']}/stream", environ_base=where).status_code == 429
    assert released_soon(redis_client, f"rl:waits:ip:{where['REMOTE_ADDR']}")  # no wait kept


def test_a_seats_concurrent_waits_are_capped_apart_from_its_address_and_released(redis_url, redis_client):
    app = limited_app(redis_url, redis_client, max_waits_per_client=2)
    where = an_address()
    created = app.test_client().post("/v1/matches", json=CREATE, environ_base=where).get_json()
    seat, spectator = auth(tokens(created)[0]), {}
    path = f"/v1/matches/{created['id']}/events?after={created['version']}&wait=1"
    statuses: list[int] = []

    def wait(headers: dict) -> None:
        statuses.append(app.test_client().get(path, headers=headers, environ_base=where).status_code)

    waiters = [threading.Thread(target=wait, args=(h,)) for h in (seat, seat, seat, spectator)]
    for waiter in waiters:
        waiter.start()
    for waiter in waiters:
        waiter.join()
    # The seat's third wait is refused; the spectator at the same address has its own cap.
    assert sorted(statuses) == [200, 200, 200, 429]
    assert released_soon(redis_client, f"m:{{{created['id']}}}:waits:*")  # every wait released


class HeldStream:
    """A stream opened and held in a thread of its own (as each request has on a server), until closed."""

    def __init__(self, app, path: str, where: dict):
        self.opened, self.done = threading.Event(), threading.Event()
        self.status = 0
        self.thread = threading.Thread(target=self._hold, args=(app, path, where))
        self.thread.start()
        assert self.opened.wait(10)

    def _hold(self, app, path: str, where: dict) -> None:
        response = app.test_client().get(path, environ_base=where, buffered=False)
        self.status = response.status_code
        self.opened.set()
        self.done.wait(10)
        response.close()

    def close(self) -> None:
        self.done.set()
        self.thread.join(10)


def test_a_wait_cap_holds_after_its_key_vanished_and_never_goes_below_zero(redis_url, redis_client):
    app = limited_app(redis_url, redis_client, max_waits_per_client=1)
    where = an_address()
    created = app.test_client().post("/v1/matches", json=CREATE, environ_base=where).get_json()
    path = f"/v1/matches/{created['id']}/stream"
    first = HeldStream(app, path, where)
    assert first.status == 200
    for key in redis_client.scan_iter(match=f"rl:waits:ip:{where['REMOTE_ADDR']}*"):
        redis_client.delete(key)  # as a lapsed expiry would
    second = HeldStream(app, path, where)
    assert second.status == 200
    first.close()  # must not give up the second wait's place too
    third = HeldStream(app, path, where)
    third.close()
    second.close()
    assert third.status == 429
    again = HeldStream(app, path, where)
    again.close()
    assert again.status == 200  # every wait released


def test_a_ticket_stream_sent_with_a_token_holds_its_wait_where_the_ticket_says(redis_url, redis_client):
    app = limited_app(redis_url, redis_client)
    where = an_address()
    created = app.test_client().post("/v1/matches", json=CREATE, environ_base=where).get_json()
    token = tokens(created)[0]
    ticket = (
        app.test_client()
        .post(f"/v1/matches/{created['id']}/stream-ticket", headers=auth(token), environ_base=where)
        .get_json()["ticket"]
    )
    # The token is claimed (its seat's wait is taken with the load), but the ticket decides who streams:
    # the seat's wait is given back and the address holds one (a ticket is not a verified token).
    stream = HeldStream(
        app,
        f"/v1/matches/{created['id']}/stream?ticket={ticket}",
        {**where, "HTTP_AUTHORIZATION": f"Bearer {token}"},
    )
    assert stream.status == 200
    assert not list(redis_client.scan_iter(match=f"m:{{{created['id']}}}:waits:*"))
    assert redis_client.zcard(f"rl:waits:ip:{where['REMOTE_ADDR']}") == 1
    stream.close()
    assert released_soon(redis_client, f"rl:waits:ip:{where['REMOTE_ADDR']}")


def test_a_long_held_stream_keeps_its_place_under_the_wait_cap(redis_url, redis_client, monkeypatch):
    from service import limits

    monkeypatch.setattr(limits, "lease_seconds", lambda config: 1.0)
    client = limited_app(redis_url, redis_client, max_waits_per_client=1, heartbeat_seconds=0.1).test_client()
    where = an_address()
    created = client.post("/v1/matches", json=CREATE, environ_base=where).get_json()
    path = f"/v1/matches/{created['id']}/stream"
    held = client.get(path, environ_base=where, buffered=False)
    assert held.status_code == 200
    try:
        deadline = time.monotonic() + 2.5  # well past the lease: only renewals keep it
        for _ in held.response:
            if time.monotonic() > deadline:
                break
        second = client.get(path, environ_base=where, buffered=False)
        second.close()
        assert second.status_code == 429
    finally:
        held.close()


def test_bot_turns_owed_are_played_on_reads_within_the_readers_budget(redis_url, redis_client):
    app = limited_app(redis_url, redis_client, bot_budget_seconds=0.0005, bot_read_seconds_per_minute=0.001)
    client = app.test_client()
    body = {"game": "medici", "players": 2, "seed": 3, "bots": {"0": "random", "1": "random"}}
    created = client.post("/v1/matches", json=body, environ_base=an_address()).get_json()
    path = f"/v1/matches/{created['id']}"
    reader = an_address()
    versions = [client.get(path, environ_base=reader).get_json()["version"] for _ in range(4)]
    assert versions[0] > created["version"]  # the first read played the turns owed (at least one)
    assert versions[1:] == [versions[0]] * 3  # then this reader's bot budget is spent
    other = client.get(path, environ_base=an_address()).get_json()["version"]
    assert other > versions[0]  # another client carries the match on: it never stalls


def test_a_copy_sent_while_the_first_is_in_flight_gets_409_request_in_progress(redis_url, redis_client, monkeypatch):
    from service import idempotency
    from service.auth import hash_token

    monkeypatch.setattr(idempotency, "GRACE_SECONDS", 0.2)
    client = limited_app(redis_url, redis_client, rate_limit_per_minute=0, bot_budget_seconds=0.05).test_client()
    created = create(client, players=2, seed=11)
    match_id, toks = created["id"], tokens(created)
    seat = get_match(client, match_id)["to_act"][0]
    move = first_move(get_match(client, match_id, toks[seat]))
    marker = f"m:{{{match_id}}}:busy:{hash_token(toks[seat])[:24]}:{hash_token('slow-key')[:32]}"
    redis_client.set(marker, "the first request", ex=30)  # the first copy, still being processed
    headers = {**auth(toks[seat]), "Idempotency-Key": "slow-key"}
    started = time.monotonic()
    answer = client.post(f"/v1/matches/{match_id}/moves", json=move, headers=headers)
    assert answer.status_code == 409 and answer.get_json()["code"] == "request_in_progress"
    assert answer.headers["Retry-After"] == "1" and time.monotonic() - started < 2
    assert redis_client.get(marker) == b"the first request"  # the copy never takes another's marker
    assert get_match(client, match_id)["version"] == created["version"]
    redis_client.delete(marker)  # the first is done (and stored nothing): the copy runs as a retry
    assert client.post(f"/v1/matches/{match_id}/moves", json=move, headers=headers).status_code == 200


def test_a_wait_given_back_while_redis_is_down_is_written_once_it_is_back(tmp_path, caplog):
    """A lease release that meets a Redis that does not answer waits for the next pipeline instead of
    being dropped: otherwise the client's wait count stays up until the lease lapses (two minutes)."""
    import logging
    import subprocess

    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    from service.store import Store
    from tests.cluster import free_node_port, standalone_server

    port = free_node_port()

    def start() -> subprocess.Popen:  # durable: the lease outlives the restart
        return standalone_server(port, tmp_path, "--appendonly", "yes", "--appendfsync", "always")

    def within(seconds: float, check) -> bool:
        deadline = time.monotonic() + seconds
        while not check() and time.monotonic() < deadline:
            time.sleep(0.05)
        return check()

    server = start()
    client = redis.Redis(port=port, socket_timeout=0.5, socket_connect_timeout=0.2, retry=Retry(NoBackoff(), 0))
    portside_log = logging.getLogger("portside")  # service.logs keeps it from propagating to caplog's root
    portside_log.addHandler(caplog.handler)
    try:
        store = Store(client)
        client.zadd("waits", {"lease-1": time.time() + 120})
        server.terminate()
        server.wait()
        store.release_later("waits", "lease-1")
        assert within(5, lambda: "could not write wait leases" in caplog.text)  # the release met the outage
        server = start()
        assert within(5, lambda: client.zscore("waits", "lease-1") is None)
        assert "wait leases written again" in caplog.text
    finally:
        portside_log.removeHandler(caplog.handler)
        server.kill()
        server.wait()


def test_an_open_metrics_endpoint_spends_its_addresss_reads(redis_url, redis_client):
    """Without METRICS_TOKEN, /metrics (10 to 25 ms of a worker a scrape: it adds up every worker's
    files) was left out of every budget: one address could ask it as fast as it liked. A scrape now
    counts as 10 reads of its address."""
    client = limited_app(redis_url, redis_client, read_limit_per_minute=25).test_client()
    where = an_address()
    assert [client.get("/metrics", environ_base=where).status_code for _ in range(3)] == [200, 200, 429]
    assert client.get("/metrics", environ_base=an_address()).status_code == 200


def test_guesses_at_the_metrics_token_are_failed_authentications_of_their_address(redis_url, redis_client):
    """Forty wrong METRICS_TOKEN guesses were forty 401s, and the address was never refused (an
    operator's review); the right token still scrapes."""
    client = limited_app(redis_url, redis_client, auth_failures_per_minute=3, metrics_token="scrape-me").test_client()
    guesser = an_address()
    answers = [client.get("/metrics", headers=auth("guess"), environ_base=guesser).status_code for _ in range(5)]
    assert answers == [401, 401, 401, 429, 429]
    assert client.get("/v1/games", headers=auth("guess"), environ_base=guesser).status_code == 429
    assert client.get("/metrics", headers=auth("scrape-me"), environ_base=an_address()).status_code == 200
    # An operator's token may be guessable: once over the budget, a right guess must look like a wrong one.
    assert client.get("/metrics", headers=auth("scrape-me"), environ_base=guesser).status_code == 429


def test_the_right_metrics_token_scrapes_with_redis_down():
    config = Config(redis_url="redis://unused", log_level="WARNING", metrics_token="scrape-me")
    gone = redis.Redis(port=free_port(), **fast_options(config))  # nothing listens there
    app = create_app(config, gone)
    client = app.test_client()
    assert client.get("/metrics", headers=auth("scrape-me"), environ_base=an_address()).status_code == 200
    assert client.get("/metrics", headers=auth("guess"), environ_base=an_address()).status_code == 401
