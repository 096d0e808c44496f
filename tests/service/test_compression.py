"""Answers over ~1 KB are compressed when the client accepts it; the ETag stays the version."""

from __future__ import annotations

import gzip

import orjson

from tests.service.helpers import auth, create, tokens


def test_a_match_answer_is_gzipped_for_a_client_that_accepts_it_and_keeps_its_etag(client):
    created = create(client, seed=4)
    token = tokens(created)[0]
    path = f"/v1/matches/{created['id']}"
    plain = client.get(path, headers=auth(token))
    zipped = client.get(path, headers={**auth(token), "Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert "Accept-Encoding" in plain.headers["Vary"]  # a cache keeps the two apart
    assert zipped.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped.headers["Vary"]
    body = gzip.decompress(zipped.get_data())
    assert orjson.loads(body) == plain.get_json()
    assert len(zipped.get_data()) < len(body) / 2
    etag = f'"{created["version"]}"'
    assert zipped.headers["ETag"] == plain.headers["ETag"] == etag
    again = client.get(path, headers={**auth(token), "Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304


def test_small_answers_are_sent_as_they_are(client):
    response = client.get("/healthz", headers={"Accept-Encoding": "gzip, br"})
    assert response.status_code == 200 and "Content-Encoding" not in response.headers


def test_a_coding_refused_with_q_0_is_never_sent(client):
    """`q=0` says "not acceptable" (RFC 9110, 12.5.3): a client that lists the codings it cannot
    read that way got one of them anyway (flask-compress ranked them like any other), "zstd;q=0"
    alone a zstd body."""
    path = f"/v1/matches/{create(client, seed=4)['id']}"
    asked = {
        "br;q=0, gzip;q=0, zstd;q=0": None,
        "zstd;q=0": None,
        "gzip;q=0.0, identity": None,
        "zstd;q=0, gzip": "gzip",
        "gzip;q=0.000, br;q=0.5": "br",
        "GZIP;Q=0": None,
    }
    for header, coding in asked.items():
        answer = client.get(path, headers={"Accept-Encoding": header})
        assert answer.headers.get("Content-Encoding") == coding, header
        assert "Accept-Encoding" in answer.headers["Vary"]
