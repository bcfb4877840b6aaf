"""Keyboard play on every board: before a pick no target is a Tab stop;
after picking a piece, Tab walks exactly the places it may legally go (in
Alpaca's first turn: 4 corners of the one open cell, not the 64 quarter
targets a full table would draw)."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user

# Every element the keyboard can reach, as the browser sees it.
TAB_STOPS = """() => [...document.querySelectorAll('#play [tabindex], #play a[href], #play button, #play input')]
  .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length)
  .map((e) => e.dataset.target ? 'target ' + e.dataset.target
    : e.dataset.pick ? 'pick ' + e.dataset.pick : e.tagName)"""


@pytest.fixture
def players(transactional_db):
    return make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben"), make_user("cy@example.com", "Cy")


@pytest.mark.parametrize("game", ["alta", "atlantis", "alpaca"])
def test_after_a_pick_only_legal_targets_are_tab_stops(browser, live_server, players, game):
    from django.utils import timezone

    from games.services import match_create_seated

    match = match_create_seated(users=list(players[:2] if game != "alpaca" else players), game=game, now=timezone.now())
    mover = match.seats.get(deadline_at__isnull=False).user
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1200, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(mover.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto(f"/games/{match.pk}/")
        stops = page.evaluate(TAB_STOPS)
        targets = page.locator("#play [data-target]")
        assert targets.count() > 0
        assert not [s for s in stops if s.startswith("target ")], "a target is a Tab stop before any pick"
        assert targets.first.get_attribute("aria-disabled") == "true"
        # Pick the first piece with the keyboard: focus it, press Enter; Escape puts it back.
        piece = page.locator("#play [data-pick].pickable").first
        piece.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#play [data-target].legal").first).to_be_attached()
        page.keyboard.press("Escape")
        expect(page.locator("#play [data-target].legal")).to_have_count(0)
        assert not [s for s in page.evaluate(TAB_STOPS) if s.startswith("target ")]
        page.keyboard.press("Enter")
        legal = page.locator("#play [data-target].legal")
        expect(legal.first).to_be_attached()
        wanted = {f"target {value}" for value in legal.evaluate_all("(nodes) => nodes.map((n) => n.dataset.target)")}
        reachable = {s for s in page.evaluate(TAB_STOPS) if s.startswith("target ")}
        assert reachable == wanted
        # Tab from the picked piece reaches every legal place; Enter on one plays it.
        seen = set()
        for _ in range(200):
            page.keyboard.press("Tab")
            value = page.evaluate("() => document.activeElement.dataset.target || null")
            if value:
                seen.add(f"target {value}")
            if seen == wanted:
                break
        assert seen == wanted
        page.keyboard.press("Enter")
        expect(page.locator("#play")).to_have_attribute("data-ply", "1")
    finally:
        context.close()
