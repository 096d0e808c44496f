"""The storage tests again, over a real local 3-master Redis Cluster (tests/cluster.py).

The fixtures below replace the single server with the cluster for every test
collected in this module: the imported tests run here a second time, now
through redis-py's cluster client (create, join, moves, races, rate limits,
events, long-poll, stream)."""

from __future__ import annotations

import pytest

from service.config import Config
from tests.service.test_concurrency import (  # noqa: F401
    test_two_threads_racing_200_moves_lose_nothing_and_apply_nothing_twice,
)
from tests.service.test_events import (  # noqa: F401
    test_each_seat_reads_exactly_the_events_it_may_see,
    test_long_poll_returns_as_soon_as_another_seat_moves,
    test_long_poll_with_nothing_new_returns_empty_after_the_wait,
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
