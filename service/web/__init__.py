"""The reference web client, served as static files at /play/ (see static/play/README.md)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, redirect, send_from_directory

STATIC = Path(__file__).resolve().parent / "static" / "play"

blp = Blueprint("play", __name__)


@blp.route("/play/")
def index() -> Response:
    # no-cache: a new release is picked up at once; the ES modules revalidate by ETag.
    return send_from_directory(STATIC, "index.html", max_age=0)


@blp.route("/play")
def index_without_slash():
    return redirect("/play/", 301)  # the page's relative module URLs need the slash


@blp.route("/play/<path:filename>")
def asset(filename: str) -> Response:
    return send_from_directory(STATIC, filename, max_age=0)
