"""A signed-out visitor in Tokyo reads the site's times in Tokyo's zone
from their second page on (their browser names its zone in a cookie);
they used to read UTC."""

from __future__ import annotations


def test_a_visitors_browser_zone_is_the_pages_zone(browser, live_server, transactional_db):
    context = browser.new_context(base_url=live_server.url, timezone_id="Asia/Tokyo")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_function("document.cookie.indexOf('alta_zone=') >= 0")
        page.goto("/lobby/")
        assert "Times are shown in Asia/Tokyo." in " ".join(page.inner_text("footer").split())
    finally:
        context.close()
