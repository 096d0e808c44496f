"""Answers over ~1 KB are compressed when the client accepts it; the ETag stays the version, weak
for a client that accepts a compressed answer."""

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
    etag = f'"{created["version"]}.{plain.get_json()["commit"]}"'
    assert plain.headers["ETag"] == etag and zipped.headers["ETag"] == f"W/{etag}"
    for held in (etag, f"W/{etag}"):
        again = client.get(path, headers={**auth(token), "Accept-Encoding": "gzip", "If-None-Match": held})
        assert again.status_code == 304 and again.headers["ETag"] == f"W/{etag}"
    again = client.get(path, headers={**auth(token), "If-None-Match": f"W/{etag}"})
    assert again.status_code == 304 and again.headers["ETag"] == etag


def test_two_encodings_of_an_answer_never_share_a_strong_etag(client):
    """RFC 9110 8.8.3: the gzip body and the identity body carried the same strong ETag, so a cache
    holding both could take a 304 or a byte range of one for the other. Static game data is kept a
    day by caches: a browser that holds it gzipped revalidates with the weak tag and gets its 304."""
    path = "/v1/games/catan/static"
    plain = client.get(path)
    zipped = client.get(path, headers={"Accept-Encoding": "gzip, br;q=0.5"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert zipped.headers["ETag"] == f"W/{plain.headers['ETag']}" and not plain.headers["ETag"].startswith("W/")
    held = {"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]}
    again = client.get(path, headers=held)
    assert again.status_code == 304 and again.headers["ETag"] == zipped.headers["ETag"]
    identity_only = client.get(path, headers={"Accept-Encoding": "identity, gzip;q=0"})
    assert "Content-Encoding" not in identity_only.headers and identity_only.headers["ETag"] == plain.headers["ETag"]


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
