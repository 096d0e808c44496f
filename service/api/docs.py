"""Interactive docs at /docs: Swagger UI 5 (it reads OpenAPI 3.1), from the files that the
flask-swagger-ui package ships, so the page works offline and loads nothing from a CDN.
flask-smorest writes the page; this serves its assets."""

from __future__ import annotations

from pathlib import Path

import flask_swagger_ui
from flask import Flask, redirect, send_from_directory

ASSETS_URL = "/docs/assets/"
ASSETS_DIR = Path(flask_swagger_ui.__file__).parent / "dist"

# Settings of Swagger UI's page: operations open by their operationId in the URL, a filter box.
UI_CONFIG = {"deepLinking": True, "filter": True, "displayOperationId": True, "tryItOutEnabled": False}


def configure(app: Flask) -> None:
    """Settings flask-smorest reads when the Api is created."""
    app.config.update(
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL=ASSETS_URL,
        OPENAPI_SWAGGER_UI_CONFIG=UI_CONFIG,
    )


def register(app: Flask) -> None:
    @app.route("/docs/")
    def docs_with_a_slash():
        return redirect("/docs", 308)

    @app.route(ASSETS_URL + "<path:filename>")
    def docs_assets(filename: str):
        return send_from_directory(ASSETS_DIR, filename, max_age=86400)
