"""Every page of the walk on a 375 px phone in Dutch, whose words are
longer than the English ones ("Toernooien", "afgelopen", "zitvolgorde"):
nothing pushes the page sideways, signed out (a Dutch browser) or signed
in (a Dutch player), and the lists of games (my games, a tournament's
games, an Alpaca game's players) fit whole, with no column cut off at
the edge to scroll to."""

from __future__ import annotations

from tests.browser.test_dutch_walk import _sign_in_dutch
from tests.browser.test_phone import MEASURE
from tests.browser.walk import SIGNED_OUT, site  # noqa: F401 (the walk, a fixture)

PHONE = {"width": 375, "height": 800}


#: The boxes that must fit whole, by page: "*" on every page.
WHOLE = {"/games/": "main table.table", "*": "table.games, .alpaca-players"}

# Each such box that scrolls sideways: what its first heading says, its width and the room it has.
CUT = """(selector) => [...document.querySelectorAll(selector)].filter(
  (e) => e.scrollWidth > e.clientWidth + 0.5).map(
  (e) => `${e.querySelector('th').textContent.trim()}: ${e.scrollWidth} px in ${e.clientWidth}`)"""


def _overflow(page, path: str) -> str | None:
    found = page.evaluate(MEASURE)
    cut = page.evaluate(CUT, ", ".join(filter(None, (WHOLE["*"], WHOLE.get(path)))))
    if found["overflow"] > 0 or cut:
        return f"{found['overflow']} px by {found['wide']}; cut: {cut}"
    return None


def test_no_page_overflows_a_phone_in_dutch(browser, live_server, site):  # noqa: F811
    problems = {}
    visitor = browser.new_context(base_url=live_server.url, viewport=PHONE, locale="nl-NL")
    try:
        page = visitor.new_page()
        for path in SIGNED_OUT:
            page.goto(path)
            assert page.locator("html").get_attribute("lang") == "nl", path
            if found := _overflow(page, path):
                problems[f"{path} (signed out)"] = found
    finally:
        visitor.close()
    context, page = _sign_in_dutch(browser, live_server)
    try:
        page.set_viewport_size(PHONE)
        for path in site:
            page.goto(path)
            if found := _overflow(page, path):
                problems[path] = found
    finally:
        context.close()
    assert not problems, "\n".join(f"{path}: {found}" for path, found in problems.items())
