"""Clocks: a seat that runs out of time is played by the random bot, or forfeits;
enforced by any request, by waiting clients and by every instance's sweeper, once."""

from __future__ import annotations

import threading
import time

from service import lifecycle, sweeper
from service.store import Store
from tests.service.helpers import after_opening, auth, create, get_match, post_move, stored_state, tokens


def _expire(redis_client, match_id: str, seat: int, at: float | None = None) -> None:
    """Move a seat's deadline (by editing the stored document, as a lapse of time would)."""
    with stored_state(redis_client, match_id) as raw:
        raw["life"]["deadlines"][str(seat)] = time.time() - 1 if at is None else at
    redis_client.zadd(lifecycle.CLOCKS_KEY, {match_id: min(raw["life"]["deadlines"].values())})


def _log(client, match_id: str) -> list[dict]:
    return after_opening(client.get(f"/v1/matches/{match_id}/events?after=0").get_json()["entries"])


def test_every_view_shows_the_deadline_of_each_seat_to_act(client):
    created = create(client, game="catan", players=3, clock={"seconds": 60})
    match = get_match(client, created["id"])
    assert match["clock"]["seconds"] == 60 and match["clock"]["on_timeout"] == "bot"
    assert list(match["clock"]["deadlines"]) == [str(s) for s in match["to_act"]]
    assert all(time.time() < at <= time.time() + 60 for at in match["clock"]["deadlines"].values())
    assert get_match(client, create(client, game="catan", players=3)["id"])["clock"] is None


def test_clock_bounds_are_checked(client):
    for clock in ({"seconds": 1}, {"seconds": 60, "on_timeout": "sleep"}, {"on_timeout": "bot"}):
        response = client.post("/v1/matches", json={"game": "medici", "players": 2, "clock": clock})
        assert response.status_code == 422 and "clock" in response.get_json()["errors"], clock


def test_a_late_seat_is_played_by_the_random_bot_on_the_next_request(client, redis_client):
    created = create(client, game="medici", players=2, clock={"seconds": 30, "on_timeout": "bot"})
    toks = tokens(created)
    _expire(redis_client, created["id"], 0)
    match = get_match(client, created["id"], toks[1])
    log = _log(client, created["id"])
    assert [(e["kind"], e["seat"], e["bot"]) for e in log] == [("timeout", 0, "random")]
    assert (
        log[0]["events"][0]["text"] == "Medici ran out of time; the random bot played for them"
    )  # a house, as its board says
    assert match["version"] == created["version"] + 1
    assert all(at > time.time() for at in match["clock"]["deadlines"].values())


def test_forfeit_in_a_two_player_game_ends_it_with_the_other_seat_winning(client, redis_client):
    created = create(client, game="speicherstadt", players=2, clock={"seconds": 30, "on_timeout": "forfeit"})
    late = get_match(client, created["id"])["to_act"][0]
    _expire(redis_client, created["id"], late)
    match = get_match(client, created["id"])
    assert match["status"] == "finished" and match["outcome"]["winners"] == [1 - late]
    assert match["ended"]["reason"] == "timeout" and match["ended"]["seat"] == late
    assert match["clock"]["deadlines"] == {}
    assert [e["kind"] for e in _log(client, created["id"])] == ["timeout"]


def test_forfeit_with_more_seats_hands_the_seat_to_the_bot(client, redis_client):
    created = create(client, game="catan", players=3, seed=2, clock={"seconds": 30, "on_timeout": "forfeit"})
    first = get_match(client, created["id"])["to_act"][0]
    _expire(redis_client, created["id"], first)
    match = get_match(client, created["id"])
    assert match["status"] == "active" and match["seats"][first]["status"] == "bot"
    assert str(first) not in match["clock"]["deadlines"]


def test_the_sweeper_enforces_a_deadline_with_no_one_online(app, client, redis_client):
    created = create(client, game="medici", players=2, clock={"seconds": 30})
    _expire(redis_client, created["id"], 0)
    svc = app.extensions["portside"]
    assert sweeper.sweep_once(svc.store, svc.config) >= 1
    assert [e["kind"] for e in _log(client, created["id"])] == ["timeout"]
    assert created["id"] not in [m.decode() for m in redis_client.zrangebyscore(lifecycle.CLOCKS_KEY, 0, time.time())]


def test_a_waiting_long_poll_wakes_at_the_deadline_and_applies_it(client, redis_client):
    """README: "a waiting `/events?wait=` wakes at the deadline to apply it", with no sweeper and no
    other request: the match is kept out of the sweepers' index, so only the waiter can apply it."""
    created = create(client, game="medici", players=2, clock={"seconds": 30})
    match_id, waiting_seat = created["id"], 1 - get_match(client, created["id"])["to_act"][0]
    _expire(redis_client, match_id, 1 - waiting_seat, at=time.time() + 0.5)
    redis_client.zrem(lifecycle.CLOCKS_KEY, match_id)
    started = time.monotonic()
    page = client.get(
        f"/v1/matches/{match_id}/events?after={created['version']}&wait=10",
        headers=auth(tokens(created)[waiting_seat]),
    ).get_json()
    assert [e["kind"] for e in page["entries"]] == ["timeout"] and time.monotonic() - started < 3


def test_a_timeout_applies_once_with_two_instances_two_waiting_clients_and_two_sweepers(config, redis_url):
    """Two apps over the same Redis (as two instances would be); each has a client
    long-polling the match and a sweeper; the deadline falls while they wait."""
    import redis

    from service.app import create_app

    apps = [create_app(config, redis.Redis.from_url(redis_url, socket_timeout=40)) for _ in range(2)]
    clients = [a.test_client() for a in apps]
    created = create(clients[0], game="medici", players=2, clock={"seconds": 30})
    match_id, toks = created["id"], tokens(created)
    store = Store(redis.Redis.from_url(redis_url))
    _expire(store.redis, match_id, 0, at=time.time() + 0.6)

    pages: list[dict] = []
    stop = threading.Event()

    def wait(client, token):
        path = f"/v1/matches/{match_id}/events?after={created['version']}&wait=10"
        pages.append(client.get(path, headers=auth(token)).get_json())

    def sweep(instance):
        svc = instance.extensions["portside"]
        while not stop.is_set():
            sweeper.sweep_once(svc.store, svc.config)
            stop.wait(0.05)

    waiters = [threading.Thread(target=wait, args=(c, toks[s])) for c, s in zip(clients, (0, 1))]
    sweepers = [threading.Thread(target=sweep, args=(a,)) for a in apps]
    for thread in waiters + sweepers:
        thread.start()
    for thread in waiters:
        thread.join(15)
    stop.set()
    for thread in sweepers:
        thread.join(5)

    log = _log(clients[1], match_id)
    assert [e["kind"] for e in log if e.get("kind")] == ["timeout"]
    assert len(pages) == 2 and all(p["entries"] and p["entries"][0]["kind"] == "timeout" for p in pages)
    assert get_match(clients[1], match_id)["version"] == created["version"] + len(log)


def test_portside_sweep_once_applies_due_timeouts(client, redis_client, redis_url, monkeypatch, capsys):
    from service import cli

    created = create(client, game="medici", players=2, clock={"seconds": 30})
    _expire(redis_client, created["id"], 0)
    monkeypatch.setenv("REDIS_URL", redis_url)
    assert cli.main(["sweep", "--once"]) == 0
    assert "looked at" in capsys.readouterr().out
    assert [e["kind"] for e in _log(client, created["id"])] == ["timeout"]


def test_portside_sweep_finds_the_embedded_redis_of_a_running_service_and_no_other(tmp_path, monkeypatch, capsys):
    """Run from cron's directory, `portside sweep --once` started a Redis of its own in ./var and
    swept that empty one ("looked at 0 matches"). It sweeps a running service's, or says there is none."""
    from service import cli, embedded

    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("PORTSIDE_DATA_DIR", str(tmp_path / "nothing-runs-here"))
    assert cli.main(["sweep", "--once"]) == 1
    assert "no service runs on" in capsys.readouterr().err
    assert not (tmp_path / "nothing-runs-here" / "redis.url").exists()

    embedded.start(str(tmp_path / "served"))  # what `portside serve` runs there
    monkeypatch.setenv("PORTSIDE_DATA_DIR", str(tmp_path / "served"))
    assert cli.main(["sweep", "--once"]) == 0
    assert "looked at 0 matches" in capsys.readouterr().out


def test_the_sweeper_says_once_that_redis_is_away_and_once_that_it_is_back(redis_url, caplog):
    """During an outage every worker's sweeper logged a full traceback every second (an operator's
    review); now one warning when Redis goes, one when it answers again."""
    import logging
    import socket

    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    from service.config import Config

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        nobody = probe.getsockname()[1]
    away = Store(redis.Redis(port=nobody, socket_connect_timeout=0.2, retry=Retry(NoBackoff(), 0)))  # as served
    cfg = Config(redis_url=redis_url, sweep_seconds=0.05)
    stop = threading.Event()
    with caplog.at_level(logging.WARNING, logger="portside"):
        sweeping = threading.Thread(target=sweeper.sweep_forever, args=(away, cfg, stop))
        sweeping.start()
        time.sleep(0.6)  # several sweeps, each failing
        away.redis = redis.Redis.from_url(redis_url)  # Redis answers again
        time.sleep(0.3)
        stop.set()
        sweeping.join(timeout=5)
    said = [record.getMessage() for record in caplog.records if record.name == "portside"]
    assert len(said) == 2, said
    assert said[0].startswith("clock sweep: Redis unavailable") and said[1] == "clock sweep: Redis answers again"
    assert not any(record.exc_info for record in caplog.records)


def test_the_sweeper_says_once_that_a_redis_turned_replica_refuses_writes(tmp_path, caplog):
    """A failover demotes the Redis under an overdue clock: the timeout's commit, a Lua script, is
    refused with READONLY inside a plain error; the sweeper said so with a traceback every sweep
    (a review). Now one warning, as for any outage."""
    import logging

    import redis

    from service import embedded
    from service.app import create_app
    from service.config import Config

    url = embedded.start(str(tmp_path / "replica"))
    raw = redis.Redis.from_url(url)
    cfg = Config(redis_url=url, log_level="WARNING", rate_limit_per_minute=0, sweep_seconds=0.05)
    created = create(create_app(cfg, raw).test_client(), game="medici", players=2, clock={"seconds": 30})
    _expire(raw, created["id"], 0)
    raw.execute_command("REPLICAOF", "127.0.0.1", "1")  # a master that is not there: it stays a replica
    stop, portside_log = threading.Event(), logging.getLogger("portside")
    portside_log.addHandler(caplog.handler)  # the app's log setup keeps its records from the root's
    try:
        with caplog.at_level(logging.WARNING, logger="portside"):
            sweeping = threading.Thread(target=sweeper.sweep_forever, args=(Store(raw), cfg, stop))
            sweeping.start()
            time.sleep(0.5)  # several sweeps, each refused
            stop.set()
            sweeping.join(timeout=5)
    finally:
        portside_log.removeHandler(caplog.handler)
        raw.execute_command("REPLICAOF", "NO", "ONE")
        embedded.server(str(tmp_path / "replica")).stop()
    said = [record.getMessage() for record in caplog.records if record.name == "portside"]
    assert len(said) == 1 and said[0].startswith("clock sweep: Redis unavailable"), said
    assert not any(record.exc_info for record in caplog.records)


def test_a_move_and_its_undo_gain_the_seat_no_time(client):
    """Each commit restarted the clock of the seat that moved, undo included: moving and undoing in
    turn held a 10 s clock off for ever (an adversary's run: 50 commits in 25 s, never timed out).
    An undo now puts the clocks back as they were before the move it takes back."""
    created = create(client, game="catan", players=3, clock={"seconds": 10, "on_timeout": "forfeit"}, undo="own_move")
    match_id, token = created["id"], tokens(created)[0]
    start = get_match(client, match_id, token)
    time.sleep(1.2)
    assert post_move(client, match_id, token, start["legal_moves"][0]).status_code == 200
    assert client.post(f"/v1/matches/{match_id}/undo", headers=auth(token)).status_code == 200
    assert get_match(client, match_id)["clock"]["deadlines"] == start["clock"]["deadlines"]


def test_the_clock_starts_when_every_seat_is_taken(client, redis_client):
    """A listed match waiting for players: the creator's clock ran from the creation, so with
    60 s a decision the creator forfeited (or the random bot played the seat) before anyone
    joined, the empty seat won and the match closed to joins."""
    created = create(client, game="medici", players=2, seats="one", clock={"seconds": 30, "on_timeout": "forfeit"})
    waiting = get_match(client, created["id"], tokens(created)[0])
    assert waiting["clock"]["deadlines"] == {} and waiting["status"] == "active"
    assert redis_client.zscore(lifecycle.CLOCKS_KEY, created["id"]) is None  # the sweeper has nothing to do

    joined = client.post(f"/v1/matches/{created['id']}/join", json={})
    assert joined.status_code == 200
    playing = get_match(client, created["id"])
    assert list(playing["clock"]["deadlines"]) == [str(s) for s in playing["to_act"]] == ["0"]
    assert time.time() < playing["clock"]["deadlines"]["0"] <= time.time() + 30
    assert redis_client.zscore(lifecycle.CLOCKS_KEY, created["id"]) is not None
