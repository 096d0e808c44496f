"""What gunicorn itself answers, on a real server (issue #11): oversize bodies (declared or
chunked) are 413 problem+json with `Connection: close`; an overlong request line or header
is problem+json too; no version in `Server`."""

from __future__ import annotations

import http.client
import json
import urllib.parse

import pytest

pytestmark = pytest.mark.e2e


def connect(server_url: str) -> http.client.HTTPConnection:
    parts = urllib.parse.urlsplit(server_url)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)


def problem_of(answer: http.client.HTTPResponse) -> dict:
    assert answer.getheader("Content-Type") == "application/problem+json"
    return json.loads(answer.read())


@pytest.mark.parametrize("chunked", [False, True])
def test_an_oversize_body_is_413_and_the_pooled_connection_stays_usable(server_url, chunked):
    conn = connect(server_url)
    body = b'{"game": "' + b"x" * 2_000_000 + b'"}'
    if chunked:
        conn.request("POST", "/v1/matches", body=iter([body[i : i + 65536] for i in range(0, len(body), 65536)]),
                     headers={"Content-Type": "application/json"}, encode_chunked=True)  # fmt: skip
    else:
        conn.request("POST", "/v1/matches", body=body, headers={"Content-Type": "application/json"})
    answer = conn.getresponse()
    assert answer.status == 413
    assert answer.getheader("Connection") == "close"
    assert problem_of(answer)["code"] == "body_too_large"
    conn.close()
    # A client that honours Connection: close opens a new connection and carries on.
    for _ in range(5):
        conn = connect(server_url)
        conn.request("GET", "/healthz")
        assert conn.getresponse().status == 200
        conn.close()


def test_an_overlong_request_line_is_a_problem(server_url):
    conn = connect(server_url)
    conn.request("GET", "/v1/games?" + "a" * 9000)
    answer = conn.getresponse()
    assert answer.status == 414
    assert problem_of(answer)["code"] == "request_line_too_long"


def test_too_many_headers_are_a_problem(server_url):
    conn = connect(server_url)
    conn.putrequest("GET", "/v1/games")
    for i in range(120):
        conn.putheader(f"X-Filler-{i}", "y")
    conn.endheaders()
    answer = conn.getresponse()
    assert answer.status == 431
    assert problem_of(answer)["code"] == "headers_too_large"


def test_no_version_banner_and_nosniff(server_url):
    conn = connect(server_url)
    conn.request("GET", "/v1/games")
    answer = conn.getresponse()
    assert answer.status == 200
    assert "/" not in (answer.getheader("Server") or "")
    assert answer.getheader("X-Content-Type-Options") == "nosniff"
