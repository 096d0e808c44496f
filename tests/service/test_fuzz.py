"""Schemathesis over every operation of the committed OpenAPI document (issue #11).

A live match and one of its seat tokens are put into every case, so the fuzzer
reaches past authentication and the match lookup. Whatever it sends: never a
5xx, and every error is problem+json conforming to the documented `Problem`.
A bounded number of examples per operation keeps the suite fast.

GET .../stream never ends on a live match, so the stream operation is fuzzed on a
finished one (a stream ends after the final entry); waits are capped at one second;
and every case runs under a deadline, so a hang fails the test instead of the suite.
"""

from __future__ import annotations

import json
import signal
from contextlib import contextmanager
from pathlib import Path

import jsonschema
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings

from service import words
from service.config import Config
from tests.service.helpers import auth, create, tokens

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = json.loads((ROOT / "openapi" / "openapi.json").read_text())
PROBLEM = DOCUMENT["components"]["schemas"]["Problem"]
EXAMPLES = 6
CASE_SECONDS = 20


@pytest.fixture
def config(redis_url) -> Config:
    return Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=0, max_wait_seconds=1)


@pytest.fixture
def live(client):
    """A live match and a finished one (its other seat resigned), with a seat token of each."""
    created = create(client, game="medici", players=2, seed=5)
    ended = create(client, game="medici", players=2, seed=6)
    resigned = client.post(f"/v1/matches/{ended['id']}/resign", headers=auth(tokens(ended)[1]))
    assert resigned.status_code == 200 and resigned.get_json()["match"]["status"] == "finished"
    return (created["id"], tokens(created)[0]), (ended["id"], tokens(ended)[0])


@contextmanager
def deadline(seconds: float):
    """Fail (instead of hanging the suite) if the case takes longer than `seconds`."""

    def expired(signum, frame):
        raise TimeoutError(f"a fuzzed call took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


SCHEMA = schemathesis.openapi.from_path(ROOT / "openapi" / "openapi.json")
SCHEMA.config.update(base_url="http://localhost")


@SCHEMA.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    phases=[Phase.generate],
)
def test_no_operation_answers_5xx_and_every_error_is_a_documented_problem(case, live, app):
    case.operation.schema.app = app  # in-process WSGI calls to this test's app
    (match_id, token), finished = live
    if case.method.upper() == "GET" and case.operation.path.endswith("/stream"):
        match_id, token = finished  # a live match's stream never ends
    if "match_id" in (case.path_parameters or {}):
        case.path_parameters["match_id"] = match_id
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    with deadline(CASE_SECONDS):
        response = case.call(app=app)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
    if response.status_code >= 400:
        content_type = {k.lower(): v for k, v in response.headers.items()}["content-type"]
        assert content_type[0].startswith("application/problem+json"), (case.method, response.status_code)
        problem = response.json()
        jsonschema.validate(problem, PROBLEM)
        assert problem["status"] == response.status_code and problem["code"]
        if "errors" in problem and answered_in(case.headers) == "en":  # each field message can be said in French
            english = list(leaves(problem["errors"]))
            untranslated = [m for m, fr in zip(english, leaves(words.field_errors(problem["errors"], "fr"))) if m == fr]
            assert not untranslated, (case.method, case.formatted_path, untranslated)


def answered_in(headers: dict) -> str:
    """The language the fuzzed Accept-Language (a documented parameter) asks for, as the service reads it."""
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    from engine import i18n

    asked = {k.lower(): v for k, v in headers.items()}.get("accept-language")
    return i18n.best_language(parse_accept_header(asked, LanguageAccept)) if asked else i18n.DEFAULT


def leaves(errors):
    """The messages of a problem's nested field errors, in order."""
    if isinstance(errors, dict):
        for value in errors.values():
            yield from leaves(value)
    elif isinstance(errors, list):
        for value in errors:
            yield from leaves(value)
    else:
        yield errors
