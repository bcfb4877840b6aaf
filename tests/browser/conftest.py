"""Playwright driving Debian's Chromium (never ``playwright install``).

Browser tests skip when ``/usr/bin/chromium`` is absent, unless
``REQUIRE_BROWSER=1`` (CI), where they fail instead.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.browser.walk import site  # noqa: F401 (the walk of every page, a fixture)

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but Chromium is missing at {CHROMIUM}")
        pytest.skip(f"Chromium not installed at {CHROMIUM} (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the Django ORM
    # calls made by fixtures in the same thread are still synchronous.
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            yield browser
            browser.close()


@pytest.fixture(autouse=True)
def _no_csp_violations(request):
    """Every page a browser test opens obeys the Content-Security-Policy:
    Chromium reports each thing it refused on the console."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    refused: list[str] = []
    new_context = browser.new_context

    def watched_context(**options):
        context = new_context(**options)
        context.on(
            "console",
            lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None,
        )
        return context

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(browser, "new_context", watched_context)
        yield refused
    assert not refused, refused


@pytest.fixture
def page(browser, live_server, settings):
    settings.EMAIL_BACKEND = "alta_site.devmail.backend.MailboxBackend"
    settings.DEV_MAILBOX = True
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()
