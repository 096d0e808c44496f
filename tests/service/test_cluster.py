"""The storage tests again, over a real local 3-master Redis Cluster (tests/cluster.py).

The fixtures below replace the single server with the cluster for every test
collected in this module: the imported tests run here a second time, now
through redis-py's cluster client (create, join, moves, races, rate limits,
events, long-poll, the fan-out's pushed entries, stream, the limits, bad input,
a match's life and its clocks)."""

from __future__ import annotations

import pytest

from service.config import Config
from tests.service.test_bad_input import (  # noqa: F401
    test_a_body_over_the_limit_is_413_and_closes_the_connection,
    test_a_chosen_seed_needs_every_human_seat,
    test_a_client_ahead_of_the_server_gets_the_servers_version_at_once,
    test_a_clocks_seconds_must_be_a_whole_number_not_truncated,
    test_a_malformed_match_id_never_reaches_redis,
    test_a_server_drawn_seed_stays_secret_until_the_end,
    test_a_stream_resumed_out_of_range_is_422,
    test_a_sub_millisecond_wait_returns_instead_of_blocking_forever,
    test_bad_moves_leave_the_match_unchanged,
    test_events_after_out_of_range_is_422,
    test_integers_in_a_query_or_a_header_are_ascii_digits_only,
    test_options_nested_a_thousand_deep_are_refused_before_the_schema,
    test_players_must_be_a_whole_number_not_truncated,
)
from tests.service.test_claims import (  # noqa: F401
    test_copies_of_a_keyed_join_racing_a_join_for_the_same_name_all_get_one_answer,
    test_joins_for_a_taken_name_never_make_a_free_seat_look_full,
)
from tests.service.test_clocks import (  # noqa: F401
    test_a_late_seat_is_played_by_the_random_bot_on_the_next_request,
    test_forfeit_in_a_two_player_game_ends_it_with_the_other_seat_winning,
    test_the_sweeper_enforces_a_deadline_with_no_one_online,
)
from tests.service.test_concurrency import (  # noqa: F401
    test_two_threads_racing_200_moves_lose_nothing_and_apply_nothing_twice,
)
from tests.service.test_events import (  # noqa: F401
    test_each_seat_reads_exactly_the_events_it_may_see,
    test_long_poll_returns_as_soon_as_another_seat_moves,
    test_long_poll_with_nothing_new_returns_empty_after_the_wait,
)
from tests.service.test_fanout import (  # noqa: F401
    test_a_commit_too_large_to_publish_is_read_from_the_log,
    test_a_long_poll_that_comes_straight_back_finds_the_log_in_memory,
    test_a_move_wakes_its_waiter_with_the_entries_it_published_and_no_log_read,
)
from tests.service.test_life import (  # noqa: F401
    test_a_listed_match_is_in_the_lobby_until_full_and_a_private_one_never,
    test_abort_only_by_the_creator_and_only_before_anyone_moved,
    test_names_show_in_seats_the_log_texts_and_the_outcome,
    test_rematch_rotates_seats_keeps_names_and_bots_and_each_holder_claims_with_its_old_token,
    test_resign_in_a_two_player_game_hands_the_other_seat_the_win,
    test_resign_with_more_seats_hands_the_seat_to_the_random_bot,
    test_undo_is_refused_after_a_chance_draw_once_another_seat_moved_and_when_off,
    test_undo_takes_back_an_undoable_own_move_and_refuses_the_rest,
)
from tests.service.test_limits import (  # noqa: F401
    test_a_copy_sent_while_the_first_is_in_flight_gets_409_request_in_progress,
    test_a_made_up_token_whose_request_never_reaches_the_check_counts_against_the_address,
    test_a_seat_is_counted_under_its_own_token_not_its_address,
    test_a_seats_budget_is_its_own_and_a_made_up_token_cannot_spend_it,
    test_a_seats_concurrent_waits_are_capped_apart_from_its_address_and_released,
    test_a_spectators_waits_spend_its_addresss_reads_and_a_bad_one_spends_nothing_more,
    test_a_ticket_stream_sent_with_a_token_holds_its_wait_where_the_ticket_says,
    test_a_wait_cap_holds_after_its_key_vanished_and_never_goes_below_zero,
    test_bot_matches_have_their_own_budget,
    test_bot_turns_owed_are_played_on_reads_within_the_readers_budget,
    test_concurrent_waits_per_client_are_capped,
    test_copies_of_one_idempotent_move_get_one_answer,
    test_failed_authentication_counts_against_the_address,
    test_idempotency_answers_expire_with_their_match,
    test_made_up_tokens_do_not_dodge_the_limit_on_creation,
    test_reads_have_their_own_budget,
    test_tokens_on_a_match_that_is_gone_spend_the_addresss_budget_not_its_failures,
    test_trusted_proxies_pass_on_the_clients_address,
    test_wrong_tokens_on_a_live_match_are_failed_authentications,
)
from tests.service.test_matches import (  # noqa: F401
    test_create_answers_201_with_tokens_for_every_seat,
    test_seats_one_leaves_the_rest_open_to_join,
)
from tests.service.test_moves import (  # noqa: F401
    test_a_legal_move_answers_version_events_and_the_new_view,
    test_idempotent_retry_returns_the_first_answer_and_applies_once,
)
from tests.service.test_operations import (  # noqa: F401
    test_moves_count_against_the_seat_tokens_quota,
    test_rate_limit_answers_json_429_with_retry_after,
)
from tests.service.test_stream import (  # noqa: F401
    finished,
    test_a_client_ahead_of_a_finished_match_is_told_and_the_stream_ends,
    test_a_client_ahead_of_a_live_match_is_told_the_servers_version_at_once_then_streams_on,
    test_a_finished_matchs_stream_gives_each_entry_as_events_does_then_ends,
    test_a_stream_resumes_after_last_event_id_or_after_with_nothing_lost_or_repeated,
    test_a_ticket_opens_its_matchs_stream_once_as_its_seat,
)


@pytest.fixture
def redis_url(redis_cluster_url) -> str:
    return redis_cluster_url


@pytest.fixture
def redis_client(redis_cluster_client):
    return redis_cluster_client


@pytest.fixture
def config(redis_url) -> Config:
    return Config(redis_url=redis_url, redis_cluster=True, log_level="WARNING", rate_limit_per_minute=0)


def test_readyz_reports_the_clusters_state(client):
    body = client.get("/readyz").get_json()
    assert body == {"status": "ready", "redis": "cluster", "cluster_state": "ok", "masters": 3, "slots_ok": 16384}


def test_readyz_answers_within_a_second_with_a_frozen_node_or_every_node_frozen(tmp_path):
    """A cluster of its own (its nodes are frozen with SIGSTOP): the node REDIS_URL names frozen,
    /readyz asks another and is ready; every node frozen, it is 503 — each within a second."""
    import os
    import signal
    import time

    from service.app import create_app
    from tests.cluster import local_cluster_nodes

    def timed(client) -> tuple[int, float]:
        started = time.monotonic()
        status = client.get("/readyz").status_code
        return status, time.monotonic() - started

    with local_cluster_nodes(tmp_path) as (url, nodes):
        config = Config(redis_url=url, redis_cluster=True, log_level="WARNING", rate_limit_per_minute=0)
        client = create_app(config).test_client()
        assert timed(client)[0] == 200
        os.kill(nodes[0].pid, signal.SIGSTOP)  # the node REDIS_URL names
        status, took = timed(client)
        assert status == 200 and took < 1
        for node in nodes[1:]:
            os.kill(node.pid, signal.SIGSTOP)
        status, took = timed(client)
        assert status == 503 and took < 1
        for node in nodes:
            os.kill(node.pid, signal.SIGCONT)
        assert timed(client)[0] == 200


def test_a_cluster_that_is_down_answers_503_not_500(tmp_path):
    """A master killed: once the others mark it failed (cluster-node-timeout, shortened here) every
    command gets CLUSTERDOWN. Before: 500 internal_error with a traceback per request; now 503
    storage_unavailable with Retry-After, as for a single Redis that does not answer."""
    import os
    import signal
    import time

    import redis

    from service.app import create_app
    from tests.cluster import local_cluster_nodes
    from tests.service.helpers import create

    with local_cluster_nodes(tmp_path) as (url, nodes):
        ports = [int(url.rsplit(":", 1)[1])]
        config = Config(redis_url=url, redis_cluster=True, log_level="WARNING", rate_limit_per_minute=0)
        client = create_app(config).test_client()
        match_id = create(client, players=2)["id"]
        for node in redis.RedisCluster.from_url(url).get_nodes():
            redis.Redis(host=node.host, port=node.port).config_set("cluster-node-timeout", 500)
        os.kill(nodes[-1].pid, signal.SIGKILL)
        survivor = redis.Redis(port=ports[0])
        deadline = time.monotonic() + 20
        while survivor.cluster("info")["cluster_state"] != "fail" and time.monotonic() < deadline:
            time.sleep(0.1)
        assert survivor.cluster("info")["cluster_state"] == "fail"
        for answer in (
            client.get(f"/v1/matches/{match_id}"),
            client.post("/v1/matches", json={"game": "medici", "players": 2}),
        ):
            assert answer.status_code == 503, answer.get_json()
            assert answer.get_json()["code"] == "storage_unavailable" and answer.headers["Retry-After"]
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.get_json()["cluster_state"] == "fail"


def test_redis_url_may_name_several_nodes_and_a_dead_first_one_is_passed_over(redis_url):
    """REDIS_URL named one seed node: with it down, a worker failed to boot though the cluster was up
    (an operator's review). Several nodes, comma-separated, are tried in turn."""
    from service.app import create_app
    from tests.cluster import free_node_port
    from tests.service.helpers import create

    dead = f"redis://127.0.0.1:{free_node_port()}"
    config = Config(redis_url=f"{dead},{redis_url}", redis_cluster=True, log_level="WARNING", rate_limit_per_minute=0)
    client = create_app(config).test_client()
    assert create(client, players=2)["id"]
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.get_json()["cluster_state"] == "ok"


def test_portside_sweep_works_over_the_cluster(client, redis_client, redis_url):
    """`portside sweep` with REDIS_CLUSTER=1 uses the cluster client (before: a plain client, and
    MOVED on the first match of another node)."""
    import os
    import subprocess
    import sys
    import time

    from service.lifecycle import CLOCKS_KEY
    from tests.service.helpers import create

    ids = [create(client, players=2)["id"] for _ in range(6)]  # on every master
    redis_client.zadd(CLOCKS_KEY, {match_id: time.time() - 1 for match_id in ids})  # their clocks due
    env = {**os.environ, "REDIS_CLUSTER": "1", "REDIS_URL": redis_url}
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "sweep", "--once"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.split()[2]) >= len(ids)  # "looked at N matches" (other tests' clocks too)
    assert all(redis_client.zscore(CLOCKS_KEY, match_id) is None for match_id in ids)  # no clock: unindexed


def test_the_match_keys_spread_over_the_masters(client, redis_client):
    from tests.service.helpers import create

    ids = [create(client, players=2)["id"] for _ in range(12)]
    nodes = {redis_client.get_node_from_key(f"m:{{{i}}}").name for i in ids}
    assert len(nodes) > 1  # the cluster really spreads matches over its masters


def test_every_key_of_a_match_lives_on_its_node_and_expires(client, redis_client):
    from service.store import match_key
    from tests.service.helpers import create, play_first_legal, tokens

    created = create(client, players=2)
    play_first_legal(client, created["id"], tokens(created))
    node = redis_client.get_node_from_key(match_key(created["id"]))
    keys = redis_client.keys(f"*{created['id']}*", target_nodes=node)
    assert {k.decode() for k in keys} >= {match_key(created["id"]), f"m:{{{created['id']}}}:log"}
    for key in keys:
        assert 0 < redis_client.ttl(key) <= 7 * 24 * 3600


def test_waiters_still_wake_when_the_node_of_the_fanout_channel_dies(tmp_path):
    """Every worker subscribes where the channel's slot lives; a message published on any node reaches
    every node. That node killed (the cluster serving the other slots), each worker kept retrying it,
    and waiters heard of a move only at their deadline (an operator's review): it now subscribes to
    another node."""
    import threading
    import time

    from service.app import create_app
    from service.fanout import CHANNEL
    from service.store import match_key
    from tests.cluster import local_cluster_nodes
    from tests.service.helpers import create, play_first_legal, tokens

    with local_cluster_nodes(tmp_path) as (url, nodes):
        cluster = serving_what_is_left(url)
        channel_port = cluster.get_node_from_key(CHANNEL).port
        config = Config(redis_url=url, redis_cluster=True, log_level="WARNING", rate_limit_per_minute=0)
        client = create_app(config).test_client()
        created = next(
            c
            for c in (create(client, game="medici", players=2) for _ in range(30))
            if cluster.get_node_from_key(match_key(c["id"])).port != channel_port
        )
        match_id = created["id"]
        play_first_legal(client, match_id, tokens(created))  # its scripts loaded on every node while all live
        assert client.get(f"/v1/matches/{match_id}/events?after=1&wait=0.1").status_code == 200  # subscribed
        kill_until_failed(cluster, nodes, channel_port)
        time.sleep(2)  # the fan-out finds another node
        woke: list[float] = []

        def wait() -> None:
            answer = client.get(f"/v1/matches/{match_id}/events?after=1&wait=10")
            assert answer.status_code == 200 and answer.get_json()["entries"]
            woke.append(time.monotonic())

        waiter = threading.Thread(target=wait)
        waiter.start()
        time.sleep(0.5)
        moved = time.monotonic()
        play_first_legal(client, match_id, tokens(created))
        waiter.join(15)
        assert woke and woke[0] - moved < 3, woke and woke[0] - moved


def test_a_crowd_on_a_frozen_node_is_answered_without_queueing_for_connections(tmp_path):
    """More requests than the pool's connections to a frozen node: each waited up to 20 s for a
    connection before its own timeout began (a single Redis had the same fault)."""
    import os
    import signal
    import threading
    import time

    import redis

    from service.app import create_app
    from service.store import match_key
    from tests.cluster import local_cluster_nodes
    from tests.service.helpers import create

    with local_cluster_nodes(tmp_path) as (url, nodes):
        config = Config(redis_url=url, redis_cluster=True, log_level="WARNING", rate_limit_per_minute=0, redis_pool=4)
        app = create_app(config)
        match_id = create(app.test_client(), players=2)["id"]
        port = redis.RedisCluster.from_url(url).get_node_from_key(match_key(match_id)).port
        frozen = next(n for n in nodes if str(port) in n.args)
        os.kill(frozen.pid, signal.SIGSTOP)
        took: list[float] = []

        def read() -> None:
            started = time.monotonic()
            assert app.test_client().get(f"/v1/matches/{match_id}").status_code == 503
            took.append(time.monotonic() - started)

        crowd = [threading.Thread(target=read) for _ in range(24)]
        for thread in crowd:
            thread.start()
        for thread in crowd:
            thread.join(60)
        os.kill(frozen.pid, signal.SIGCONT)
        assert len(took) == len(crowd) and max(took) < 5, sorted(took)  # 9 s before: six rounds of four


def test_with_one_master_down_the_matches_on_the_others_are_created_and_played(tmp_path):
    """A script the nodes lack was loaded with SCRIPT LOAD, which a cluster client sends to every
    master: with one master down (the cluster serving the others' slots), a fresh process could
    neither create nor play any match (an operator's review)."""

    from service.app import create_app
    from tests.cluster import local_cluster_nodes
    from tests.service.helpers import play_first_legal, tokens

    with local_cluster_nodes(tmp_path) as (url, nodes):
        cluster = serving_what_is_left(url)
        dead_port = next(n.port for n in cluster.get_nodes() if f"redis://127.0.0.1:{n.port}" != url)
        kill_until_failed(cluster, nodes, dead_port)
        config = Config(redis_url=url, redis_cluster=True, log_level="WARNING", rate_limit_per_minute=0)
        client = create_app(config).test_client()
        answers = [client.post("/v1/matches", json={"game": "medici", "players": 2}) for _ in range(12)]
        assert {a.status_code for a in answers} <= {201, 503}
        created = [a.get_json() for a in answers if a.status_code == 201]
        assert created, [a.get_json() for a in answers][:2]  # a third of the slots are down, not all
        play_first_legal(client, created[0]["id"], tokens(created[0]))


def serving_what_is_left(url: str):
    """The cluster at `url`, told to serve the slots of live masters when one is down, and to mark a
    dead node failed within half a second; its cluster client."""
    import redis

    cluster = redis.RedisCluster.from_url(url)
    for node in cluster.get_nodes():
        plain = redis.Redis(host=node.host, port=node.port)
        plain.config_set("cluster-require-full-coverage", "no")
        plain.config_set("cluster-node-timeout", 500)
    return cluster


def kill_until_failed(cluster, nodes, port: int) -> None:
    """SIGKILL the node on `port`, and wait until another marks it failed."""
    import os
    import signal
    import time

    import redis

    os.kill(next(n for n in nodes if str(port) in n.args).pid, signal.SIGKILL)
    survivor = redis.Redis(port=next(n.port for n in cluster.get_nodes() if n.port != port))
    deadline = time.monotonic() + 20
    while "fail" not in survivor.cluster("nodes")[f"127.0.0.1:{port}"]["flags"].split(","):
        assert time.monotonic() < deadline, "the cluster never marked the node failed"
        time.sleep(0.1)
