"""Atlantis in the browser: pick a pawn, its card markers appear under the
places it can reach, click one and the game moves on."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user


@pytest.fixture
def players(transactional_db):
    return make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")


def log_in(browser, live_server, email, *, width=1200):
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
    return context, page


def test_a_pawn_moves_by_clicking_it_and_then_a_card_marker(browser, live_server, players):
    from django.utils import timezone

    from games.services import match_create_seated

    match = match_create_seated(users=list(players), game="atlantis", now=timezone.now())
    mover = match.seats.get(deadline_at__isnull=False).user.email
    context, page = log_in(browser, live_server, mover)
    try:
        page.goto(f"/games/{match.pk}/")
        expect(page.locator("svg.atl-road")).to_be_visible()
        expect(page.locator(".atl-go.legal")).to_have_count(0)  # hidden until a pawn is picked
        page.locator('[data-pick="pawn A"]').click()
        markers = page.locator(".atl-go.legal")
        expect(markers.first).to_be_visible()
        assert markers.count() == page.locator(".atl-spot.legal").count() > 0  # one way per place at start
        page.screenshot(path="var/atlantis-page.png", full_page=True)
        label = markers.first.get_attribute("aria-label")
        markers.first.click()
        expect(page.locator("#play")).to_have_attribute("data-ply", "1")
        expect(page.locator(".history li").first).to_contain_text(label.split(" (")[0])
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path="var/atlantis-phone.png", full_page=True)
    finally:
        context.close()


def midgame_state(rules):
    """A 4-player position with water, a bridge, collected tiles and a place
    reachable by several card sequences from one pawn."""
    from games.boards.atlantis.common import grouped, walks
    from tests.engine.playing import random_playthrough

    for step in random_playthrough(rules, 4, 11):
        state = step.state
        if state.phase != "start" or not any(state.road.bridges) or state.turn != 0:
            continue
        view = rules.view(state, 0)
        if any(len(ways) > 1 for ways in grouped(walks(view)).values()):
            return state
    raise AssertionError("no such position in the game")


def test_a_midgame_road_reads_well_and_a_multi_card_move_can_be_clicked(browser, live_server, transactional_db):
    from django.utils import timezone

    from games.boards.atlantis.common import grouped, place, walks
    from games.engine import get_rules
    from games.models import Match
    from games.services import match_create_seated

    users = [make_user(f"p{n}@example.com", name) for n, name in enumerate(["Ann", "Ben", "Cy", "Dee"])]
    match = match_create_seated(users=users, game="atlantis", now=timezone.now())
    rules = get_rules("atlantis")
    state = midgame_state(rules)
    Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
    email = match.seats.get(index=0).user.email
    origin, ways = next((key, ways) for key, ways in grouped(walks(rules.view(state, 0))).items() if len(ways) > 1)
    context, page = log_in(browser, live_server, email)
    try:
        page.goto(f"/games/{match.pk}/")
        page.locator(f'[data-pick="pawn {place(origin[0])}"]').first.click()
        longer = ways[-1]
        marker = page.locator(f'svg.atl-road [data-target="go {place(longer.origin)} {" ".join(longer.cards)}"]')
        expect(marker).to_be_visible()
        page.screenshot(path="var/atlantis-midgame.png", full_page=True)
        marker.click()
        expect(page.locator("#play")).to_have_attribute("data-ply", str(match.ply + 1))
        expect(page.locator(".history li").first).to_contain_text(" ".join(longer.cards))
    finally:
        context.close()


def test_on_a_phone_every_pawn_on_the_road_is_a_finger_wide(browser, live_server, transactional_db):
    """At 390 px the road scrolls inside its box, and each of your pawns on it
    is a tap target of at least 44 x 44 CSS px (the whole tile it stands on)."""
    from django.utils import timezone

    from games.engine import get_rules
    from games.models import Match
    from games.services import match_create_seated

    users = [make_user(f"p{n}@example.com", name) for n, name in enumerate(["Ann", "Ben", "Cy", "Dee"])]
    match = match_create_seated(users=users, game="atlantis", now=timezone.now())
    rules = get_rules("atlantis")
    state = midgame_state(rules)
    Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
    context, page = log_in(browser, live_server, match.seats.get(index=0).user.email, width=390)
    try:
        page.goto(f"/games/{match.pk}/")
        pawns = page.locator('svg.atl-road [data-pick^="pawn "]:not([data-pick="pawn A"])')
        assert pawns.count() >= 1
        for box in pawns.evaluate_all("(nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON())"):
            assert box["width"] >= 44 and box["height"] >= 44, box
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
