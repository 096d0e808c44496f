"""What gunicorn itself answers, on a real server (issue #11): oversize bodies (declared or
chunked) are 413 problem+json with `Connection: close`; an overlong request line or header
is problem+json too; no version in `Server`."""

from __future__ import annotations

import http.client
import json
import re
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


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /v1/games?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: t\r\n\r\n", 414),
        (b"GET /v1/games HTTP/1.1\r\nHost: t\r\n" + b"X-Filler: y\r\n" * 120 + b"\r\n", 431),
        (b"GARBAGE\r\n\r\n", 400),
        (b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: xchunked\r\n\r\n", 501),
    ],
)
def test_gunicorns_own_answers_carry_a_request_id_nosniff_and_no_store(server_url, request_bytes, status):
    """README: "Every answer carries X-Request-ID, and each answer no cache may keep says
    Cache-Control: no-store"; docs/security.md: `nosniff` everywhere; a problem's title says its
    status. The answers gunicorn writes itself, before the app sees the request, had none of the
    three headers, and its 501 was titled "Bad Request"."""
    status_line, headers, problem = answer_of(exchange(server_url, request_bytes, []))
    title = {400: "Bad Request", 414: "URI Too Long", 431: "Request Header Fields Too Large", 501: "Not Implemented"}
    assert status_line == b"HTTP/1.1 %d %s" % (status, title[status].encode()) and problem["status"] == status
    assert problem["title"] == title[status]  # gunicorn's 501 said "Bad Request"
    assert re.search(rb"^x-request-id: [0-9a-f]{16}\r?$", headers, re.M), headers
    assert b"cache-control: no-store" in headers and b"x-content-type-options: nosniff" in headers


def test_no_version_banner_and_nosniff(server_url):
    conn = connect(server_url)
    conn.request("GET", "/v1/games")
    answer = conn.getresponse()
    assert answer.status == 200
    assert "/" not in (answer.getheader("Server") or "")
    assert answer.getheader("X-Content-Type-Options") == "nosniff"


def answer_of(raw: bytes) -> tuple[bytes, bytes, dict]:
    """(status line, headers lowercased, problem) of a raw HTTP answer."""
    status_line, rest = raw.split(b"\r\n", 1)
    headers, payload = rest.split(b"\r\n\r\n", 1)
    return status_line, headers.lower(), json.loads(payload)


@pytest.mark.parametrize("chunk", [b"zz\r\n{}\r\n0\r\n\r\n", b"2\r\n{}XX0\r\n\r\n"])
def test_a_broken_chunked_body_is_400_problem_with_connection_close(server_url, chunk):
    head = (
        b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    status_line, headers, problem = answer_of(exchange(server_url, head, [chunk]))
    assert status_line.startswith(b"HTTP/1.1 400") and b"connection: close" in headers
    assert problem["code"] == "bad_request"


def test_a_transfer_coding_other_than_chunked_is_501_not_implemented(server_url):
    head = (
        b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: xchunked\r\n\r\n"
    )
    status_line, _, problem = answer_of(exchange(server_url, head, [b"2\r\n{}\r\n0\r\n\r\n"]))
    assert status_line.startswith(b"HTTP/1.1 501") and problem["code"] == "not_implemented"


def test_a_body_sent_a_byte_at_a_time_gets_no_more_than_the_body_timeout_in_all(redis_url, tmp_path):
    import time
    import urllib.parse

    from tests.e2e.conftest import gunicorn

    with gunicorn(redis_url, tmp_path, BODY_TIMEOUT_SECONDS="1", WEB_CONCURRENCY="1") as (url, _):
        parts = urllib.parse.urlsplit(url)
        with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
            sock.sendall(
                b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n"
            )
            started, answer = time.monotonic(), b""
            sock.settimeout(0.3)
            while time.monotonic() - started < 8 and b"HTTP/1.1" not in answer:
                try:
                    sock.sendall(b" ")  # a byte every 0.3 s: each read of the socket is quick
                    answer += sock.recv(65536)
                except TimeoutError:
                    continue
                except OSError:
                    break
        assert answer.startswith(b"HTTP/1.1 408") and time.monotonic() - started < 3, answer


def test_a_stalled_body_is_408_closed_and_counted_against_the_address(redis_url, redis_client, tmp_path):
    """A body that never comes held its connection for ever; with a token on a match's URL it never
    reached the load that counts the request either. Now 408 after BODY_TIMEOUT_SECONDS, counted."""
    import time

    from service.ratelimit import window
    from tests.e2e.conftest import gunicorn

    counter = f"rl:w:ip:127.0.0.1:{window()}"
    with gunicorn(redis_url, tmp_path, BODY_TIMEOUT_SECONDS="1", WEB_CONCURRENCY="1") as (url, _):
        before = int(redis_client.get(counter) or 0)
        head = (
            b"POST /v1/matches/0123456789abcdef0123/moves HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer pst_stalled\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        )
        started = time.monotonic()
        status_line, headers, problem = answer_of(exchange(url, head, [b"{"]))
        assert status_line.startswith(b"HTTP/1.1 408") and b"connection: close" in headers
        assert problem["code"] == "request_timeout" and 0.9 < time.monotonic() - started < 5
        assert int(redis_client.get(counter) or 0) == before + 1 or window() != int(counter.rsplit(":", 1)[1])
    log = (tmp_path / "gunicorn.log").read_text()
    assert "Traceback" not in log and '"level":"error"' not in log, log


def test_a_body_cut_short_of_its_content_length_is_400_bad_request(server_url):
    """The client sends half its declared body and stops sending (as one that went away would)."""
    import urllib.parse

    parts = urllib.parse.urlsplit(server_url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall(
            b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n"
            b'{"game": "medici"'
        )
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status_line, headers, problem = answer_of(answer)
    assert status_line.startswith(b"HTTP/1.1 400") and b"connection: close" in headers
    assert problem["code"] == "bad_request" and "Content-Length" in problem["detail"]
