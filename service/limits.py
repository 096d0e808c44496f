"""Limits nobody dodges: who a client is, and what each client may spend.

A client is its verified seat, else its address. A request about a match that
carries a token is counted under that token; if the token then fails to verify
(401/403) the failure is counted against the address, and an address over its
failure budget is refused before any work. Every other request (create, the
catalogue, spectators) counts against the address. The address is the peer's,
or with TRUSTED_PROXIES the last X-Forwarded-For hop that is not a trusted proxy.

Budgets, each per client and per minute (RATE_LIMIT_PER_MINUTE=0 turns all off):
writes (every POST, even malformed), reads (GETs, long-polls included),
authentication failures, and creations of matches with server bots (the
cheapest way to spend server CPU and memory). Long-polls and streams also have
a cap on how many one client holds at once.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterable

import orjson
from flask import Flask, Response, g, request

from service import guards
from service.auth import bearer_token, hash_token
from service.config import Config
from service.errors import ApiError
from service.ratelimit import WINDOW

_EXEMPT = ("/healthz", "/readyz", "/metrics", "/docs")
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(setting: str) -> list[Network]:
    return [ipaddress.ip_network(part.strip(), strict=False) for part in setting.split(",") if part.strip()]


def _trusted(address: str, networks: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(networks: list[Network]) -> str:
    """The peer's address; behind trusted proxies, the nearest X-Forwarded-For hop they vouch for."""
    address = request.remote_addr or "unknown"
    if not networks or not _trusted(address, networks):
        return address
    hops = [h.strip() for h in request.headers.get("X-Forwarded-For", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, networks):
            return hop
        address = hop
    return address


def _limited(what: str, limit: int) -> ApiError:
    retry = WINDOW - int(time.time()) % WINDOW
    return ApiError(
        "rate_limited", f"More than {limit} {what} this minute.", headers={"Retry-After": str(max(retry, 1))}
    )


def _token_key() -> str | None:
    """The token's counter key, for requests about one match (where the token will be verified)."""
    if not (request.view_args and "match_id" in request.view_args):
        return None
    try:
        token = bearer_token()
    except ApiError:
        return None
    return "tok:" + hash_token(token)[:24] if token else None


def _is_wait() -> bool:
    if request.path.endswith("/stream"):
        return True
    try:
        return request.path.endswith("/events") and float(request.args.get("wait", "0")) > 0
    except ValueError:
        return False


def install(app: Flask, config: Config) -> None:
    if not config.rate_limit_per_minute:
        return
    networks = trusted_networks(config.trusted_proxies)

    def redis():
        return app.extensions["portside"].store.redis

    @app.before_request
    def _count():
        if request.method == "OPTIONS" or request.path.startswith(_EXEMPT):
            return
        address = client_address(networks)
        g.client_address = address
        window = int(time.time() // WINDOW)
        writing = request.method == "POST"
        client = _token_key() or "ip:" + address
        counter = f"rl:{'w' if writing else 'r'}:{client}:{window}"
        pipe = redis().pipeline(transaction=False)
        pipe.get(f"rl:fail:{address}:{window}")
        pipe.incr(counter)
        pipe.expire(counter, WINDOW)
        failures, count, _ = pipe.execute()
        if int(failures or 0) >= config.auth_failures_per_minute:
            raise _limited("failed authentications", config.auth_failures_per_minute)
        limit = config.rate_limit_per_minute if writing else config.read_limit_per_minute
        if count > limit:
            raise _limited("writes" if writing else "reads", limit)
        if writing and request.path == "/v1/matches" and _asks_for_bots(config):
            _spend(f"rl:bots:{address}:{window}", config.bot_matches_per_minute, "matches with server bots")
        if _is_wait():
            _hold_wait(client, config)

    def _spend(key: str, limit: int, what: str) -> None:
        pipe = redis().pipeline(transaction=False)
        pipe.incr(key)
        pipe.expire(key, WINDOW)
        if pipe.execute()[0] > limit:
            raise _limited(what, limit)

    def _hold_wait(client: str, config: Config) -> None:
        key = f"rl:waits:{client}"
        pipe = redis().pipeline(transaction=False)
        pipe.incr(key)
        pipe.expire(key, config.max_wait_seconds + 60)  # a crashed worker's count fades
        held = pipe.execute()[0]
        g.wait_key = key
        if held > config.max_waits_per_client:
            raise ApiError(
                "rate_limited",
                f"At most {config.max_waits_per_client} waiting requests at once per client.",
                headers={"Retry-After": "1"},
            )

    @app.after_request
    def _count_failure(response: Response) -> Response:
        if response.status_code in (401, 403) and "client_address" in g:
            key = f"rl:fail:{g.client_address}:{int(time.time() // WINDOW)}"
            try:
                pipe = redis().pipeline(transaction=False)
                pipe.incr(key)
                pipe.expire(key, WINDOW)
                pipe.execute()
            except Exception:  # counting must never turn an answer into a 500
                pass
        return response

    @app.teardown_request
    def _release_wait(_exc):
        key = g.pop("wait_key", None)
        if key:
            try:
                redis().decr(key)
            except Exception:
                pass


def _asks_for_bots(config: Config) -> bool:
    try:
        body = orjson.loads(guards.read_body(config.max_body_bytes))
    except orjson.JSONDecodeError:
        return False  # the guards answer that
    return isinstance(body, dict) and bool(body.get("bots"))
