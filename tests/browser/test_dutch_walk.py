"""A Dutch-speaking player walks every page in Chromium and reads no English.

The pages are those of ``test_phone`` (every page a signed-in player can
look at, with a running and a finished game and its replay of each game).
What counts as English is what ``tests/i18n/test_dutch_pages`` counts: a
word that a msgid of the catalogues uses and no Dutch translation does.
Moves as typed (``<code>``) are notation, not prose.
"""

from __future__ import annotations

import os
import re

from playwright.sync_api import expect

from tests.browser.walk import site  # noqa: F401  (the pages to walk)
from tests.conftest import PASSWORD
from tests.i18n.test_dutch_pages import _words, english_words

# Names of this walk's players, club and tournament ("Harbour club", "Winter cup").
NAMES = {"ann", "ben", "cy", "harbour", "club", "winter", "cup"}
# What the walk's players wrote themselves (a club's description).
USER_TEXT = ("Slow games by the sea.",)

# English that the boards' own code still writes (games/boards is the
# `boards` branch's work): exact strings, removed before the check, each
# with the page kind it appears on.  Nothing else is excused.
BOARD_STRINGS_NOT_YET_DUTCH: tuple[str, ...] = ()

# The visible text of <main> and the header, without notation (code, kbd, samp, pre).
VISIBLE_TEXT = """() => {
  const parts = [];
  for (const root of document.querySelectorAll("header, main, footer")) {
    const copy = root.cloneNode(true);
    // Time zones are place names ("America/Swift_Current"); notation is not prose.
    copy.querySelectorAll("code, kbd, samp, pre, script, style, select[name=time_zone]").forEach((c) => c.remove());
    parts.push(copy.innerText);
    for (const e of root.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
      for (const a of ["title", "aria-label", "placeholder", "alt"]) {
        if (e.getAttribute(a) && !e.closest("code, kbd, samp, pre")) parts.push(e.getAttribute(a));
      }
    }
  }
  return parts.join("\\n");
}"""


def _english_on(text: str, english: set[str]) -> list[str]:
    for shown in (*USER_TEXT, *BOARD_STRINGS_NOT_YET_DUTCH):
        text = text.replace(shown, " ")
    return sorted(_words(text) & english - NAMES)


def test_a_dutch_player_sees_no_english_on_any_page(browser, live_server, site):  # noqa: F811
    from alta_site.accounts.models import User

    User.objects.filter(email="ann@example.com").update(language="nl")
    english = english_words()
    context = browser.new_context(base_url=live_server.url, locale="en-GB")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill("ann@example.com")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        # Her setting wins over the browser's English from here on.
        expect(page.get_by_role("heading", name="Je profiel")).to_be_visible()
        found = {}
        for path in site:
            page.goto(path)
            assert page.locator("html").get_attribute("lang") == "nl", path
            text = page.evaluate(VISIBLE_TEXT)
            words = _english_on(text, english)
            if os.environ.get("DUTCH_WALK_DUMP"):
                with open(os.environ["DUTCH_WALK_DUMP"], "a") as dump:
                    dump.write(f"=== {path} {words}\n{text}\n")
            if words:
                found[path] = words
    finally:
        context.close()
    assert not found, "\n".join(f"{path}: {' '.join(words)}" for path, words in found.items())


def test_the_walk_finds_english_on_an_english_page(browser, live_server, site):  # noqa: F811
    """The check itself: the same walk in English finds English words."""
    context = browser.new_context(base_url=live_server.url, locale="en-GB")
    try:
        page = context.new_page()
        page.goto("/lobby/")
        assert re.search(r"\w", page.evaluate(VISIBLE_TEXT))
        assert _english_on(page.evaluate(VISIBLE_TEXT), english_words())
    finally:
        context.close()
