"""Schemathesis over every operation of the committed OpenAPI document (issue #11).

A live match and one of its seat tokens are put into every case, so the fuzzer
reaches past authentication and the match lookup. Whatever it sends: never a
5xx, and every error is problem+json conforming to the documented `Problem`.
A bounded number of examples per operation keeps the suite fast.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings

from tests.service.helpers import create, tokens

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = json.loads((ROOT / "openapi" / "openapi.json").read_text())
PROBLEM = DOCUMENT["components"]["schemas"]["Problem"]
EXAMPLES = 6


@pytest.fixture
def live(client):
    created = create(client, game="medici", players=2, seed=5)
    return created["id"], tokens(created)[0]


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
    match_id, token = live
    if "match_id" in (case.path_parameters or {}):
        case.path_parameters["match_id"] = match_id
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    response = case.call(app=app)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
    if response.status_code >= 400:
        content_type = {k.lower(): v for k, v in response.headers.items()}["content-type"]
        assert content_type[0].startswith("application/problem+json"), (case.method, response.status_code)
        problem = response.json()
        jsonschema.validate(problem, PROBLEM)
        assert problem["status"] == response.status_code and problem["code"]
