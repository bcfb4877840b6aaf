"""A Dutch-speaking player walks every page in Chromium and reads no English.

The pages are those of ``test_phone`` (every page a signed-in player can
look at, with a running and a finished game and its replay of each game).
What counts as English is what ``tests/i18n/test_dutch_pages`` counts: a
word that a msgid of the catalogues uses and no Dutch translation does.
Moves as typed (``<code class="notation">``: history, replay) are in the
reader's notation and checked too; other code (hashes, seeds, addresses) is not prose.
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


# The visible text of <main> and the header, without code other than move notation.
VISIBLE_TEXT = """() => {
  // Hashes, seeds and addresses are not prose; moves as typed (code.notation) are: the reader's notation.
  const NOT_PROSE = "code:not(.notation), kbd, samp, pre";
  const parts = [];
  for (const root of document.querySelectorAll("header, main, footer")) {
    const copy = root.cloneNode(true);
    // Time zones are place names ("America/Swift_Current"); notation is not prose.
    copy.querySelectorAll(`${NOT_PROSE}, script, style, select[name=time_zone]`).forEach((c) => c.remove());
    parts.push(copy.innerText);
    for (const e of root.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
      for (const a of ["title", "aria-label", "placeholder", "alt"]) {
        if (e.getAttribute(a) && !e.closest(NOT_PROSE)) parts.push(e.getAttribute(a));
      }
    }
  }
  return parts.join("\\n");
}"""


def _english_on(text: str, english: set[str]) -> list[str]:
    for shown in USER_TEXT:
        text = text.replace(shown, " ")
    return sorted(_words(text) & english - NAMES)


def _sign_in_dutch(browser, live_server):
    from alta_site.accounts.models import User

    User.objects.filter(email="ann@example.com").update(language="nl")
    context = browser.new_context(base_url=live_server.url, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill("ann@example.com")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    # Her setting wins over the browser's English from here on.
    expect(page.get_by_role("heading", name="Je profiel")).to_be_visible()
    return context, page


def test_a_dutch_player_sees_no_english_on_any_page(browser, live_server, site):  # noqa: F811
    english = english_words()
    context, page = _sign_in_dutch(browser, live_server)
    try:
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
        text = page.evaluate(VISIBLE_TEXT)
        assert re.search(r"\w", text)
        assert _english_on(text, english_words())
    finally:
        context.close()
