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
    assert zipped.headers["ETag"] == plain.headers["ETag"] == '"0"'
    again = client.get(path, headers={**auth(token), "Accept-Encoding": "gzip", "If-None-Match": '"0"'})
    assert again.status_code == 304


def test_small_answers_are_sent_as_they_are(client):
    response = client.get("/healthz", headers={"Accept-Encoding": "gzip, br"})
    assert response.status_code == 200 and "Content-Encoding" not in response.headers
