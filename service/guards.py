"""Input guards that run before any schema or Redis key sees the request.

- A body is read at most MAX_BODY_BYTES deep, declared or chunked; beyond: 413
  with `Connection: close` (the unread rest would poison a pooled connection).
  It must arrive within BODY_TIMEOUT_SECONDS (10; else 408), and be valid HTTP (a broken
  chunk: 400); both close the connection. A stalled body would otherwise hold
  its connection for ever, and, on a match's URL with a token, would never
  reach the load that counts it (service/ratelimit.py): ended, it is counted
  against the address like any request whose token was never checked.
- A JSON body is parsed once by orjson (`json_body`) and walked: nested at most MAX_DEPTH
  deep, numbers within a signed 64-bit range; beyond: 422 before the schema.
- A body must be sent as JSON (`application/json`, or a `+json` type); else 415.
- A match id must have the format create gives it, before any key is built.
- A client-chosen seed only when the creator holds every human seat (else the
  creator could predict every card of the players who join).
- A query parameter a /v1 operation does not declare in the OpenAPI document is a 422 naming
  it, as an unknown body field is: `GET /v1/matches/{id}?wait=30` answered at once, and its
  script believed it had long-polled.
"""

from __future__ import annotations

import io
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager

import orjson
from flask import Flask, g, request
from gunicorn.http.errors import NoMoreData, ParseException
from werkzeug.exceptions import RequestEntityTooLarge

from service import fanout
from service.config import Config
from service.errors import ApiError

MAX_DEPTH = 32
MAX_NUMBER = 2**63 - 1
MATCH_ID = re.compile(r"[0-9a-f]{20}")
_BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def too_large(limit: int) -> ApiError:
    return ApiError(
        "body_too_large",
        "The request body is larger than {limit} bytes.",
        headers={"Connection": "close"},
        values={"limit": limit},
    )


def read_body(config: Config) -> bytes:
    """The request body, read once (later reads get the same bytes); 413 beyond MAX_BODY_BYTES."""
    here = g._get_current_object()  # g and request each through Flask's proxy once
    asked = request._get_current_object()  # type: ignore[attr-defined]  # typed as a Request, it is a proxy
    if hasattr(here, "raw_body"):
        return here.raw_body
    limit, seconds, length = config.max_body_bytes, config.body_timeout_seconds, asked.content_length
    if length is not None and length > limit:
        raise too_large(limit)
    closing = {"Connection": "close"}  # what is left of the body cannot be told from the next request
    environ = asked.environ
    try:
        # Read from the server's stream ourselves: werkzeug would silently cut a chunked body at the
        # limit (then "malformed JSON"), and take a timeout for a client that went away.
        if length is not None or environ.get("wsgi.input_terminated"):
            with _deadline(seconds, fanout.server_socket(environ)):
                data = environ["wsgi.input"].read(limit + 1 if length is None else length)
            if len(data) > limit:
                raise too_large(limit)
            if length is not None and len(data) < length:
                raise ApiError("bad_request", "The body ended before its Content-Length.", headers=closing)
            environ["wsgi.input"] = io.BytesIO(data)  # for any later reader (the schemas')
            here.raw_body = data
        else:
            here.raw_body = asked.get_data(cache=True)
    except RequestEntityTooLarge:
        raise too_large(limit) from None
    except TimeoutError:
        late = {"seconds": seconds}
        raise ApiError(
            "request_timeout", "The body did not arrive within {seconds:g} s.", headers=closing, values=late
        ) from None
    except (ParseException, NoMoreData) as err:
        why = {"why": type(err).__name__}
        raise ApiError("bad_request", "The body is not valid HTTP ({why}).", headers=closing, values=why) from None
    return here.raw_body


@contextmanager
def _deadline(seconds: float, sock: socket.socket | None) -> Iterator[None]:
    """Reading the request's body from `sock` raises TimeoutError after `seconds`: in all under gevent
    (a body sent a byte at a time gets no more), else each read of the socket (thread workers)."""
    if sock is None:  # not under gunicorn (a test client): nothing to wait for
        yield
        return
    from gevent import Timeout, monkey

    if monkey.is_module_patched("socket"):
        with Timeout(seconds, TimeoutError):
            yield
        return
    before = sock.gettimeout()
    sock.settimeout(seconds)
    try:
        yield
    finally:
        sock.settimeout(before)


def json_body(config: Config) -> object:
    """The body as orjson parses it, once per request (the limits, the guards and a move all read it)."""
    here = g._get_current_object()  # one lookup through Flask's proxy, not four (this is a move's path)
    if not hasattr(here, "json_body"):
        try:
            here.json_body = orjson.loads(read_body(config))
        except orjson.JSONDecodeError as err:
            raise ApiError("malformed_json", "The body is not valid JSON: {why}.", values={"why": str(err)}) from None
    return here.json_body


def check_shape(document: object) -> None:
    found = _shape_problem(document)
    if found:
        where, problem = found
        errors: object = [problem]
        for key in reversed(where or ("body",)):  # nested by field, as the schemas' own errors are
            errors = {key: errors}
        raise ApiError("validation_error", problem, errors=errors)


def _shape_problem(document: object) -> tuple[tuple[str, ...], str] | None:
    """(where, why) if the document is too deep or holds a number too big to be meant, else None."""
    stack: list[tuple[object, int, tuple[str, ...]]] = [(document, 1, ())]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return where, f"The body is nested more than {MAX_DEPTH} levels deep."
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((child, depth + 1, (*where, str(key))) for key, child in items)
        elif isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            return where, f"A number is beyond ±{MAX_NUMBER}."
    return None


def check_seed(seed: int | None, players: int, seats_mode: str, bots: dict) -> None:
    humans = players - len(bots)
    if seed is not None and seats_mode != "all" and humans > 1:
        raise ApiError(
            "validation_error",
            "A chosen seed is only for matches whose creator holds every human seat (seats 'all' or bots): "
            "with open seats it would let the creator foresee every card. Omit it for a secret random seed.",
            errors={"seed": ["Only with seats 'all', or when every other seat is a bot."]},
        )


def install(app: Flask, config: Config) -> None:
    declared = declared_queries(app)

    @app.before_request
    def _guard():
        asked = request._get_current_object()  # one lookup through Flask's proxy
        args = asked.view_args or {}
        if "match_id" in args and not MATCH_ID.fullmatch(args["match_id"]):
            raise ApiError("unknown_match", "No match with this id (ids are 20 hexadecimal characters).")
        if asked.method in _BODY_METHODS:
            if read_body(config):
                check_media_type()
                check_shape(json_body(config))
        if asked.environ.get("QUERY_STRING") and asked.url_rule is not None:
            check_query(declared.get((asked.url_rule.rule, asked.method)))


def check_media_type() -> None:
    """A body is JSON by its Content-Type: one sent as a form or text would else be read as JSON by
    one endpoint and ignored by another."""
    mimetype = request.mimetype
    if mimetype != "application/json" and not (mimetype.startswith("application/") and mimetype.endswith("+json")):
        if not mimetype:
            raise ApiError("unsupported_media_type", "Send the body as application/json, with that Content-Type.")
        raise ApiError(
            "unsupported_media_type", "Send the body as application/json, not {type}.", values={"type": mimetype}
        )


_RULE_PART = re.compile(r"<(?:[^<>:]+:)?([^<>]+)>")  # werkzeug's <converter:name> is OpenAPI's {name}


def declared_queries(app: Flask) -> dict[tuple[str, str], frozenset[str]]:
    """The query parameters each /v1 operation of the OpenAPI document declares, by its route's rule
    and method (HEAD as GET). An OPTIONS (a CORS preflight carries the query of the request it asks
    about) is no operation; nor are /healthz, /readyz and /metrics: a probe or a scraper that adds a
    cache-buster must not read a 422 as "down", and no parameter could change their answers."""
    document = app.extensions["portside_api"].spec.to_dict()
    shared = document.get("components", {}).get("parameters", {})

    def queries(parameters: list[dict]) -> set[str]:
        found = (shared[p["$ref"].rsplit("/", 1)[-1]] if "$ref" in p else p for p in parameters)
        return {p["name"] for p in found if p.get("in") == "query"}

    declared = {}
    for rule in app.url_map.iter_rules():
        item = document["paths"].get(_RULE_PART.sub(r"{\1}", rule.rule))
        if item is None or not rule.rule.startswith("/v1/"):
            continue
        for method in rule.methods or ():
            operation = item.get("get" if method == "HEAD" else method.lower())
            if operation is not None:
                names = queries(item.get("parameters", [])) | queries(operation.get("parameters", []))
                declared[(rule.rule, method)] = frozenset(names)
    return declared


def check_query(declared: frozenset[str] | None) -> None:
    """422 naming each query parameter the operation does not declare, and each declared one given
    more than once (None: not an operation). Every declared one takes one value: the schemas read the
    first of `?after=0&after=5`, and a script that had appended its own `after` got the whole log."""
    if declared is None:
        return
    args = request.args
    errors = {
        name: ["Unknown field." if name not in declared else "Given more than once."]
        for name in args
        if name not in declared or len(args.getlist(name)) > 1
    }
    if errors:
        raise ApiError("validation_error", "The request does not match its schema; see errors.", errors=errors)
