"""The site's header on a phone (375 px): at most two lines, in English and
in Dutch (whose words are longer), signed in or not, with every link of the
navigation in sight and a finger big; at desktop width it stays one line.
As in production: no development mailbox link; a player, not staff."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import make_user

# The header's lines: its brand and links by where they sit (an item starts
# a new line when it begins below the bottom of the line before), and each
# item that is hidden, cut off at the right or under 44 px.
LINES = """() => {
  const nav = document.querySelector('.site-header nav');
  const items = [nav.querySelector('.brand'), ...nav.querySelectorAll('.nav-links > li')];
  const width = document.documentElement.clientWidth;
  const boxes = items.map((e) => [e.textContent.trim(), e.getBoundingClientRect()]);
  const lines = [];
  for (const [, r] of [...boxes].sort((a, b) => a[1].top - b[1].top)) {
    const last = lines[lines.length - 1];
    if (!last || r.top >= last.bottom - 1) lines.push({top: r.top, bottom: r.bottom});
    else last.bottom = Math.max(last.bottom, r.bottom);
  }
  const out = boxes.filter(([, r]) => r.width === 0 || r.height < 43.5 || r.left < 0 || r.right > width + 0.5)
    .map(([name, r]) => `${name} ${Math.round(r.left)}-${Math.round(r.right)} x ${Math.round(r.height)}`);
  return {lines: lines.length, out, names: boxes.map(([name]) => name),
          overflow: document.documentElement.scrollWidth - width};
}"""


def _header(browser, base_url: str, width: int, language: str, session: str | None) -> dict:
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 800}, locale=f"{language}-NL")
    try:
        if session:
            context.add_cookies([{"name": "sessionid", "value": session, "url": base_url}])
        page = context.new_page()
        page.goto("/lobby/")
        return page.evaluate(LINES)
    finally:
        context.close()


def _session(language: str) -> str:
    user = make_user(f"ann-{language}@example.com", f"Ann{language}", language=language)
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "player"])
def test_the_header_takes_at_most_two_lines_on_a_phone_and_one_on_a_desktop(
    browser, live_server, transactional_db, settings, language, signed_in
):
    settings.DEV_MAILBOX = False
    session = _session(language) if signed_in else None
    phone = _header(browser, live_server.url, 375, language, session)
    desktop = _header(browser, live_server.url, 1280, language, session)

    assert phone["lines"] <= 2, phone
    assert not phone["out"] and phone["overflow"] <= 0, phone  # every link whole, in sight, a finger big
    assert phone["names"] == desktop["names"]  # nothing of the navigation left out
    assert desktop["lines"] == 1 and not desktop["out"], desktop
