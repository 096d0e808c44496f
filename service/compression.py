"""Compressed answers (zstd, brotli or gzip, as the client accepts) for JSON over ~1 KB.

A move answer is ~3 KB of JSON that compresses to about a third: that matters on a phone.
Streams (long-poll answers are not streams; an SSE stream is) are left alone so each
message leaves at once.
"""

from __future__ import annotations

import re

from flask import Flask, Response, request
from flask_compress import Compress
from flask_compress.flask_compress import _choose_algorithm  # the coding it will choose

MIN_SIZE = 1024
MIMETYPES = ["application/json", "application/problem+json", "text/html", "text/css", "application/javascript"]
_REFUSED = re.compile(r";\s*q=0(?:\.0{0,3})?\s*$", re.IGNORECASE)


def _without_refused(accept_encoding: str) -> str:
    """The codings the client accepts, less those it refuses with q=0 (RFC 9110, 12.5.3):
    flask-compress ranks a refused coding like any other, and sends it when nothing better is asked."""
    return ",".join(part for part in accept_encoding.split(",") if not _REFUSED.search(part))


class VersionTagCompress(Compress):
    """flask-compress, keeping our ETag's value: it names the match's version, which clients echo
    in If-Match and If-None-Match whatever the encoding, so it must not become `"12:gzip"`. To a
    client that accepts a compressed answer it is weak, `W/"12"` (its 304 too, as the 200 would be):
    two encodings of an answer must not share a strong validator (RFC 9110 8.8.3), or a cache could
    join byte ranges of one to the other, or take a 304 to one as freshening the other (RFC 9111
    4.3.4). If-None-Match compares weakly (service/api's none_match) and If-Match takes `W/"12"`."""

    def after_request(self, response: Response | None) -> Response:
        accept_encoding = request.environ.get("HTTP_ACCEPT_ENCODING")
        if accept_encoding and "q=0" in accept_encoding.lower():
            request.environ["HTTP_ACCEPT_ENCODING"] = accept_encoding = _without_refused(accept_encoding)
        if response is not None and not accept_encoding:
            # Nothing to choose from (flask-compress would parse the header and look the answer over
            # first): only say what the answer varies on.
            vary = response.headers.get("Vary")
            if not vary:
                response.headers["Vary"] = "Accept-Encoding"
            elif "accept-encoding" not in vary.lower():
                response.headers["Vary"] = f"{vary}, Accept-Encoding"
            return response
        etag = response.headers.get("ETag") if response is not None else None
        response = super().after_request(response)
        if etag is not None:
            coded = _choose_algorithm(self.enabled_algorithms, accept_encoding) is not None
            response.headers["ETag"] = f"W/{etag.removeprefix('W/')}" if coded else etag
        return response


def register(app: Flask) -> None:
    app.config.update(
        COMPRESS_MIMETYPES=MIMETYPES,
        COMPRESS_MIN_SIZE=MIN_SIZE,
        COMPRESS_STREAMS=False,
        COMPRESS_ALGORITHM=["zstd", "br", "gzip"],
        COMPRESS_EVALUATE_CONDITIONAL_REQUEST=False,
    )
    VersionTagCompress(app)
