"""A real headless Chromium (Debian's /usr/bin/chromium, installed by `make test`),
driven by Playwright from PyPI. Nothing is downloaded at test time: Playwright is
pointed at the system browser, which is started with background networking off so
a page can reach nothing but the server under test."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.e2e.conftest import server_url  # noqa: F401 (pages are tested against a real gunicorn)

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


@pytest.fixture(scope="session", autouse=True)
def words_not_typography():
    """The texts a test reads off a page (inner_text, text_content, evaluate, ...) with French
    no-break spaces as plain ones: a test compares words. tests/browser/test_play_phone_french.py
    checks the typography, in the page (its `evaluate` answers say what it found)."""
    from playwright.sync_api import Locator, Page

    from tests.typography import plain

    def plainly(method):
        return lambda *args, **kwargs: plain(method(*args, **kwargs))

    names = (
        *("inner_text", "text_content", "all_inner_texts", "all_text_contents", "get_attribute"),
        *("evaluate", "evaluate_all", "eval_on_selector", "eval_on_selector_all"),
    )
    kept = {(kind, name): getattr(kind, name) for kind in (Locator, Page) for name in names if hasattr(kind, name)}
    for (kind, name), method in kept.items():
        setattr(kind, name, plainly(method))
    yield
    for (kind, name), method in kept.items():
        setattr(kind, name, method)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    # English whatever the machine's locale: the page writes French for a French browser.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where browser tests keep their screenshots (kept after the run, for people to look at)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
