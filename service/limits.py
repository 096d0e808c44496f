"""Limits nobody dodges: who a client is, and what each client may spend.

A client is its verified seat, else its address. The address is the peer's,
or with TRUSTED_PROXIES the last X-Forwarded-For hop that is not a trusted proxy.

- A request about a match that carries a token is counted in the match's own
  load, in the same round-trip (service/ratelimit.py): under the seat the
  token claims, trusted only once the token verifies. If it does not (401,
  403) the failure is charged to the address. An address over its failure
  budget is refused (429) everything but a seat token or stream ticket that
  checks out: thousands of phones share one address behind a carrier's NAT,
  and one of them sending wrong tokens must not lock the others out of their
  matches. The guesser gains nothing: its wrong tokens are 429s, and a seat
  token is 256 random bits. A request
  that never reaches the check of its token (a malformed body, a bad query, a
  match that does not exist) is counted against the address when it is
  answered, and refused if that is over budget. (A 404 is not a failed
  authentication: there is no token to guess, and a phone still polling a
  match that expired would lock out everyone behind its NAT.)
- Every other request (create, the catalogue, spectators) counts against the
  address before it runs (a spectator's wait: in the match's load, see below).

Budgets, each per client and per minute (RATE_LIMIT_PER_MINUTE=0 turns all off):
writes (every POST, even malformed), reads (GETs, long-polls included),
authentication failures, creations of matches with server bots, and the
seconds of server-bot play that reads may trigger (per address: the bot turns
a match still owes are played by whoever reads it next, within that reader's
budget). Long-polls and streams also have a cap on how many one client holds
at once: each wait is a lease in a sorted set, refreshed while it is held, so
a crashed worker's waits fade and the count never goes below zero. A request
that asks to wait (a long-poll or a stream) is counted, and takes its lease,
in the match's load, as a token's request is counted there: a spectator's
under its address, with nothing to verify. A long-poll renewal thus costs
one round-trip: the load, which also carries the release of the connection's
last lease (a lease given back goes with the process's next pipeline, or
within LEASE_WRITES_SECONDS: service/store.py).
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections.abc import Iterable

from flask import Flask, Response, current_app, g, request

from service import guards, metrics
from service.auth import bearer_digest
from service.config import Config
from service.errors import ApiError, problem
from service.ratelimit import DAY, WINDOW, Quota, limited, window
from service.store import Store, queue_lease, waits_key

_EXEMPT = ("/healthz", "/readyz", "/metrics", "/docs")
# Reads a lobby page counts as: it loads up to service/lobby.py's 200 listed matches (about 25 ms of a
# worker with big states, against 1-2 ms for a match's GET), so a whole budget of pages took 1.5 cores.
LOBBY_READS = 10
# Log entries a read of the log covers: a page of 1,000 (about 15 ms of a worker), or a finished match's
# whole stream (1,700 entries: 40 ms), was one read, where a match's GET takes 1-2 ms.
ENTRIES_PER_READ = 100
SCRAPE_READS = 10  # reads an open /metrics scrape counts as (a Prometheus scrape every 15 s: 40 a minute)
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
    """Who the budgets count: the peer's address; behind trusted proxies, the nearest X-Forwarded-For
    hop they vouch for. An IPv6 address counts as its /64, which one subscriber gets whole."""
    return budget_holder(_peer(networks))


def _peer(networks: list[Network]) -> str:
    address = request.remote_addr or "unknown"
    if not networks or not _trusted(address, networks):
        return address
    hops = [h.strip() for h in request.headers.get("X-Forwarded-For", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, networks):
            return hop
        address = hop
    return address


def budget_holder(address: str) -> str:
    """An IPv4 address as is (an IPv4-mapped, 6to4 or Teredo IPv6 one as its IPv4), an IPv6 address as its /64."""
    if ":" not in address:
        return address  # IPv4 (or "unknown"): as the server gave it, no parsing on every request
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        # An IPv4 address carried in an IPv6 one counts as itself: 6to4 gives each IPv4 address a /48
        # (65,536 /64s), Teredo a /64 per relay.
        carried = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if carried is not None:
            return str(carried)
    return str(ipaddress.ip_network((ip, 64), strict=False))


def _match_id() -> str | None:
    """The well-formed match id the request is about, if any."""
    match_id = (request.view_args or {}).get("match_id")
    return match_id if match_id and guards.MATCH_ID.fullmatch(match_id) else None


def _claimed_token() -> tuple[str, str] | None:
    """(match id, token hash) for a request about a well-formed match id that carries a bearer token."""
    match_id = _match_id()
    if not match_id:
        return None
    try:
        digest = bearer_digest()
    except ApiError:
        return None  # a malformed header: the address pays now, and the 401 later
    return (match_id, digest[:32]) if digest else None


_STREAM_RULE = "/v1/matches/<match_id>/stream"
_EVENTS_RULE = "/v1/matches/<match_id>/events"


def _asks_to_wait() -> bool:
    """The request will hold a wait if it gets that far: a stream, or a long-poll (wait > 0)."""
    url_rule = request.url_rule
    rule = url_rule.rule if url_rule else ""
    if rule == _STREAM_RULE:
        return request.method == "GET"
    if rule != _EVENTS_RULE:
        return False
    try:
        return float(request.args.get("wait", 0)) > 0
    except ValueError:
        return False  # the query's check answers 422


def _lease(key: str) -> Lease:
    """A lease not taken yet, for the pipeline that counts this request."""
    return Lease(_store(), key, secrets.token_hex(8), lease_seconds(_config()))


def _store() -> Store:
    return current_app.extensions["portside"].store


def _redis():
    return _store().redis


def _config() -> Config:
    return current_app.extensions["portside"].config


def install(app: Flask, config: Config) -> None:
    """Count each request before it runs (before the guards: malformed requests count too)."""
    if not config.rate_limit_per_minute:
        return
    networks = trusted_networks(config.trusted_proxies)

    @app.before_request
    def _count():
        method, here = request.method, g._get_current_object()  # each through Flask's proxy once
        if method == "OPTIONS" or request.path.startswith(_EXEMPT):
            if request.path == "/metrics":
                (_guess_at_metrics if config.metrics_token else _open_scrape)(config, networks, here)
            return
        address = client_address(networks)
        here.client_address = address
        w = window()
        writing = method == "POST"
        limit = config.rate_limit_per_minute if writing else config.read_limit_per_minute
        what = "writes" if writing else "reads"
        claimed = _claimed_token()
        waits = _asks_to_wait()
        if claimed:
            match_id, digest = claimed
            here.quota = quota = Quota(
                match_id=match_id,
                key=f"m:{{{match_id}}}:rl:{what[0]}:{digest}:{w}",
                limit=limit,
                what=what,
                fail_key=f"rl:fail:{address}:{w}",
                fail_limit=config.auth_failures_per_minute,
                waits_key=waits_key(match_id, digest),
            )
            if waits:
                quota.lease = here.wait_lease = _lease(quota.waits_key)
            return  # counted by the match's load; checked when the token verifies (service/ratelimit.py)
        counter = f"rl:{what[0]}:ip:{address}:{w}"
        match_id = _match_id()
        if waits and match_id and "Authorization" not in request.headers:
            # A spectator's long-poll or stream: its address is counted, and its wait taken, by the load.
            g.quota = quota = Quota(
                match_id=match_id,
                key=counter,
                limit=limit,
                what=what,
                fail_key=f"rl:fail:{address}:{w}",
                fail_limit=config.auth_failures_per_minute,
                waits_key=f"rl:waits:ip:{address}",
                token=False,
                ticket="ticket" in request.args,
            )
            quota.lease = g.wait_lease = _lease(quota.waits_key)
            return
        here.read_key = counter
        pipe = _store().pipeline()
        pipe.get(f"rl:fail:{address}:{w}")
        pipe.incrby(counter, LOBBY_READS if not writing and request.path == "/v1/matches" else 1)
        pipe.expire(counter, WINDOW)
        metrics.round_trip("limits")
        failures, count, _ = _store().execute(pipe)
        if int(failures or 0) >= config.auth_failures_per_minute:
            raise limited("failed authentications", config.auth_failures_per_minute)
        if count > limit:
            raise limited(what, limit)
        if writing and request.path == "/v1/matches" and _asks_for_bots(config):
            charge_bot_match()

    @app.teardown_request
    def _release_wait(_exc):
        lease = g.pop("wait_lease", None)
        if lease is not None:
            lease.release()


def _guess_at_metrics(config: Config, networks: list[Network], here) -> None:
    """A wrong METRICS_TOKEN is a failed authentication of its address, as a wrong seat token is:
    charged when answered (401), refused once over the budget (429). Unlike a seat token, even the
    right one is then refused: an operator chooses it, and it may be guessable, so a guesser's
    address must learn nothing more that minute (a 200 would tell the guess was right). Without
    Redis nothing is counted, and the right token still scrapes: that is when metrics matter."""
    here.client_address = address = client_address(networks)  # _settle charges a 401
    try:
        failures = int(_redis().get(f"rl:fail:{address}:{window()}") or 0)
    except Exception:  # noqa: BLE001 - without Redis the 401 (or the scrape) still stands
        return
    if failures >= config.auth_failures_per_minute:
        raise limited("failed authentications", config.auth_failures_per_minute)


def _open_scrape(config: Config, networks: list[Network], here) -> None:
    """Without METRICS_TOKEN, /metrics is open to all, and a scrape adds up every worker's files (10 to
    25 ms): unlimited, one address kept the workers busy. It counts as SCRAPE_READS reads of its address
    now; without Redis nothing is counted, and the scrape stands, as with the token."""
    here.client_address = client_address(networks)
    try:
        _charge_address("r:ip", config.read_limit_per_minute, "reads", amount=SCRAPE_READS)
    except ApiError:
        raise
    except Exception:  # noqa: BLE001 - without Redis the scrape still stands
        return


def charge_backlog(entries: int) -> None:
    """A read of `entries` log entries (a page of /events, a stream's backlog) costs a read more for
    each ENTRIES_PER_READ, charged where the request was counted (the seat, else the address); 429
    if that takes it over the read budget."""
    config, quota = _config(), g.get("quota")
    key = quota.key if quota is not None else g.get("read_key")
    extra = entries // ENTRIES_PER_READ
    if extra <= 0 or not config.rate_limit_per_minute or key is None:
        return
    metrics.round_trip("limits")
    if _redis().incrby(key, extra) > config.read_limit_per_minute:
        raise limited("reads", config.read_limit_per_minute)


def charge_bot_match() -> None:
    """The caller creates a match with server bots (a create, or a rematch of one): 429 beyond
    BOT_MATCHES_PER_MINUTE for its address this minute."""
    _charge_address("bots", _config().bot_matches_per_minute, "matches with server bots")


def charge_creation() -> None:
    """A request that creates a match without being a create (a rematch, which a seat token
    authorizes and its seat's budget counts): counted as a write of the caller's address too,
    so that resign-rematch chains cannot create matches beyond the address's budget."""
    _charge_address("w:ip", _config().rate_limit_per_minute, "writes")
    charge_match()


def charge_match() -> None:
    """A new match (a create, or a rematch): 429 beyond MATCHES_PER_DAY for its address today. Redis
    keeps a match for days (MATCH_TTL) and a finished one for a day, so the writes' minute budget alone
    let one address fill Redis's memory in an hour, and every table's next move with it."""
    if _config().matches_per_day:
        _charge_address("new", _config().matches_per_day, "new matches", DAY)


def _charge_address(counter: str, limit: int, what: str, seconds: int = WINDOW, amount: int = 1) -> None:
    if not _config().rate_limit_per_minute or "client_address" not in g:
        return
    key = f"rl:{counter}:{g.client_address}:{int(time.time() // seconds)}"
    pipe = _redis().pipeline(transaction=False)
    pipe.incrby(key, amount)
    pipe.expire(key, seconds)
    metrics.round_trip("limits")
    if pipe.execute()[0] > limit:
        raise limited(what, limit, seconds)


def install_settlement(app: Flask, config: Config) -> None:
    """After the answer: charge failed authentications to the address, and count against the
    address a request whose count was left to a load that never came (a token-carrying
    request whose token was never checked, a spectator's wait refused before its load). Installed after the other
    after-request hooks so that it runs first (Flask runs them in reverse) and a 429 it puts in
    place of an answer still gets the security headers."""
    if not config.rate_limit_per_minute:
        return

    @app.after_request
    def _settle(response: Response) -> Response:
        here = g._get_current_object()  # one lookup through Flask's proxy
        if not hasattr(here, "client_address"):
            return response
        quota: Quota | None = getattr(here, "quota", None)
        status = response.status_code
        failed = status in (401, 403)
        unsettled = quota is not None and not quota.verified and not failed and status != 429
        if not (failed or unsettled):
            return response
        address, w = here.client_address, window()
        fail_key = f"rl:fail:{address}:{w}"
        pipe = _redis().pipeline(transaction=False)
        if failed:
            pipe.incr(fail_key)
            pipe.expire(fail_key, WINDOW)
        else:
            assert quota is not None
            counter = f"rl:{quota.what[0]}:ip:{address}:{w}"
            pipe.incr(counter)
            pipe.expire(counter, WINDOW)
            pipe.get(fail_key)
        try:
            metrics.round_trip("limits")
            results = pipe.execute()
        except Exception:  # counting must never turn an answer into a 500
            return response
        err: ApiError | None = None
        if failed and quota is not None and quota.address_failed:
            err = limited("failed authentications", config.auth_failures_per_minute)  # a guess, not its answer
        elif failed or status < 400 or quota is None:
            return response  # what was done is done: the count refuses the next request
        elif int(results[2] or 0) >= config.auth_failures_per_minute:
            err = limited("failed authentications", config.auth_failures_per_minute)
        elif results[0] > quota.limit:
            err = limited(quota.what, quota.limit)
        return problem(err.code, err.status, err.detail, err.headers, err.say) if err else response


# --- concurrent waits ------------------------------------------------------------------


class Lease:
    """One wait (a long-poll or a stream) held by a client: a member of the client's sorted set,
    scored by when it lapses. A stream renews it while it runs; the end of the wait gives it back
    (the request's end for a long-poll, the stream's close for a stream: `release_when_closed`),
    with this process's next pipeline (Store.release_later)."""

    def __init__(self, store: Store | None, key: str, member: str, seconds: float) -> None:
        self.store, self.key, self.member, self.seconds = store, key, member, seconds
        self.renewed = time.monotonic()
        self.held: int | None = None  # how many waits its client held once it was taken; None until then

    def renew(self, force: bool = False) -> None:
        """Push the lapse back (at most every half lease, unless forced), with the process's next pipeline."""
        if self.store is None or (not force and time.monotonic() - self.renewed < self.seconds / 2):
            return
        self.renewed = time.monotonic()
        self.store.renew_later(self.key, self.member, self.seconds)

    def release(self) -> None:
        if self.held is None or self.store is None:
            return  # never taken: the request ended before the round-trip that would have taken it
        self.store.release_later(self.key, self.member)


def lease_seconds(config: Config) -> float:
    return max(120.0, config.max_wait_seconds + 60.0)


def hold_wait() -> Lease:
    """Hold one wait for the caller (its verified seat, else its address): call after the token is
    checked. 429 beyond MAX_WAITS_PER_CLIENT; the lease is released when the request ends."""
    config = _config()
    if not config.rate_limit_per_minute or "client_address" not in g:
        return Lease(None, "", "", 0)  # limits off: a lease that holds nothing
    quota: Quota | None = g.get("quota")
    key = quota.waits_key if quota is not None and quota.verified else f"rl:waits:ip:{g.client_address}"
    lease: Lease | None = g.get("wait_lease")
    if lease is None or lease.key != key or lease.held is None:
        if lease is not None:
            lease.release()  # taken for a caller this request did not turn out to be (a ticket's stream)
        lease = g.wait_lease = _lease(key)
        pipe = _store().pipeline()
        queue_lease(pipe, lease.key, lease.member, lease.seconds)
        metrics.round_trip("limits")
        lease.held = _store().execute(pipe)[-2]
    assert lease.held is not None
    if lease.held > config.max_waits_per_client:
        raise ApiError(
            "rate_limited",
            "At most {most} waiting requests at once per client.",
            headers={"Retry-After": "1"},
            values={"most": config.max_waits_per_client},
        )
    return lease


def release_when_closed(response: Response) -> Response:
    """A stream's wait lasts as long as its body, not its view: Flask tears the request down when the
    view returns (and again when the stream ends), so the lease is released when the server closes
    the response instead."""
    lease = g.pop("wait_lease", None)
    if lease is not None:
        response.call_on_close(lease.release)
    return response


# --- server-bot work that reads trigger ------------------------------------------------


class BotBudget:
    """The seconds of server-bot play the caller's address has left this minute, for the bot
    turns a match still owes when it is read (service/matches.load_current)."""

    def __init__(self, key: str, per_minute: float) -> None:
        self.key, self.per_minute = key, per_minute

    def left(self) -> float:
        metrics.round_trip("limits")
        spent = int(_redis().get(self.key) or 0) / 1000
        return max(0.0, self.per_minute - spent)

    def spend(self, seconds: float) -> None:
        pipe = _redis().pipeline(transaction=False)
        pipe.incrby(self.key, max(1, round(seconds * 1000)))
        pipe.expire(self.key, WINDOW)
        metrics.round_trip("limits")
        pipe.execute()


def bot_budget() -> BotBudget | None:
    """The caller's budget for bot play on reads; None when limits are off."""
    config = _config()
    if not config.rate_limit_per_minute or "client_address" not in g:
        return None
    return BotBudget(f"rl:botplay:{g.client_address}:{window()}", config.bot_read_seconds_per_minute)


def _asks_for_bots(config: Config) -> bool:
    guards.read_body(config)  # a body too large, late or broken is answered now
    try:
        body = guards.json_body(config)
    except ApiError:
        return False  # malformed JSON: the guards answer that
    return isinstance(body, dict) and bool(body.get("bots"))
