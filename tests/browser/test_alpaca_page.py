"""Alpaca in the browser: the table is drawn, a tile is placed by clicking
a hand tile and then a corner of a free cell."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user


@pytest.fixture
def players(transactional_db):
    return (make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben"), make_user("cy@example.com", "Cy"))


def test_a_player_places_a_tile_by_clicking(browser, live_server, players):
    from django.utils import timezone

    from games.services import match_create_seated

    match = match_create_seated(users=list(players), game="alpaca", now=timezone.now())
    mover = match.seats.get(deadline_at__isnull=False).user
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1000, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(mover.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto(f"/games/{match.pk}/")
        expect(page.locator("svg.alpaca-table")).to_be_visible()
        expect(page.locator("svg.alpaca-hand")).to_be_visible()
        expect(page.locator("#play")).to_have_attribute("data-ply", "0")
        # The first tile goes to 0,0: pick a tile of the dominant colour, then a corner.
        page.locator("[data-pick].pickable").first.click()
        legal = page.locator("[data-target].legal")
        expect(legal).to_have_count(4)
        page.screenshot(path="var/alpaca-page-picked.png", full_page=True)
        page.locator('[data-target="cell:0,0:2"]').click()
        expect(page.locator("#play")).to_have_attribute("data-ply", "1")
        expect(page.locator(".history li").first).to_contain_text("at 0,0 rot 2")
        page.screenshot(path="var/alpaca-page.png", full_page=True)
        # The next player sees the placed tile at 0,0 with its colours spelled out.
        assert page.locator('svg.alpaca-table g[aria-label^="0,0: "]').count() == 1
    finally:
        context.close()
