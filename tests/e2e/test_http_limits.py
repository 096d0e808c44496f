"""What gunicorn itself answers, on a real server (issue #11): oversize bodies (declared or
chunked) are 413 problem+json with `Connection: close`; an overlong request line or header
is problem+json too; no version in `Server`."""

from __future__ import annotations

import http.client
import json
import socket
import urllib.parse

import pytest

pytestmark = pytest.mark.e2e


def connect(server_url: str) -> http.client.HTTPConnection:
    parts = urllib.parse.urlsplit(server_url)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)


def problem_of(answer: http.client.HTTPResponse) -> dict:
    assert answer.getheader("Content-Type") == "application/problem+json"
    return json.loads(answer.read())


def exchange(server_url: str, head: bytes, body: list[bytes]) -> bytes:
    """Send raw bytes; the server may answer and close before the body is all sent. Its answer."""
    parts = urllib.parse.urlsplit(server_url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        try:
            sock.sendall(head)
            for piece in body:
                sock.sendall(piece)
        except OSError:
            pass  # closed after answering 413: what it said first is what counts
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            data = sock.recv(65536)
            if not data:
                break
            answer += data
        return answer


@pytest.mark.parametrize("chunked", [False, True])
def test_an_oversize_body_is_413_problem_with_connection_close(server_url, chunked):
    size = 200_000
    if chunked:
        framing = b"Transfer-Encoding: chunked"
        body = [b"%x\r\n" % 50_000 + b" " * 50_000 + b"\r\n"] * (size // 50_000) + [b"0\r\n\r\n"]
    else:
        framing = b"Content-Length: %d" % size
        body = [b" " * size]
    head = b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n" + framing + b"\r\n\r\n"
    answer = exchange(server_url, head, body)
    status_line, rest = answer.split(b"\r\n", 1)
    headers, payload = rest.split(b"\r\n\r\n", 1)
    assert status_line.startswith(b"HTTP/1.1 413")
    assert b"connection: close" in headers.lower()
    assert b"content-type: application/problem+json" in headers.lower()
    assert json.loads(payload)["code"] == "body_too_large"


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
