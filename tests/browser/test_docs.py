"""/docs in a real headless Chromium: Swagger UI renders the OpenAPI 3.1 document,
lists the operations, and nothing is fetched from outside the server."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import server_url  # noqa: F401  (the running gunicorn)

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

OPERATIONS = ["listGames", "createMatch", "joinMatch", "getMatch", "postMove", "getEvents", "getReplay"]


def test_docs_render_every_operation_from_the_server_alone(page, server_url, screenshots):  # noqa: F811
    host = urlsplit(server_url).netloc
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))

    page.goto(server_url + "/docs")
    page.wait_for_selector(".opblock-summary", timeout=15000)

    listed = page.locator(".opblock-summary-operation-id").all_inner_texts()
    assert set(OPERATIONS) <= {name.strip() for name in listed}
    assert page.locator("text=Unable to render this definition").count() == 0
    assert "OAS 3.1" in page.locator(".info").inner_text()
    page.screenshot(path=str(screenshots / "docs.png"), full_page=False)
    elsewhere = [url for url in requested if urlsplit(url).netloc != host and not url.startswith("data:")]
    assert elsewhere == []
