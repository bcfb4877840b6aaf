"""Atlantis on a phone: after picking a pawn, its ways (cards and toll) are
also full-width buttons under the road, big enough for a finger, each
playing its move exactly as its small card marker does."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_atlantis_page import log_in, midgame_state
from tests.browser.test_axe import _violations
from tests.browser.test_phone import MEASURE
from tests.conftest import make_user


@pytest.fixture
def midgame(transactional_db):
    """A 4-player match in a position where seat 0 moves and one pawn has
    several ways to some place; its rules, state and the ways of that pawn."""
    from django.utils import timezone

    from games.boards.atlantis.common import grouped, walks
    from games.engine import get_rules
    from games.models import Match
    from games.services import match_create_seated

    users = [make_user(f"p{n}@example.com", name) for n, name in enumerate(["Ann", "Ben", "Cy", "Dee"])]
    match = match_create_seated(users=users, game="atlantis", now=timezone.now())
    rules = get_rules("atlantis")
    state = midgame_state(rules)
    Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
    match.refresh_from_db()
    found = walks(rules.view(state, 0))
    origin = next(o for (o, _), ways in grouped(found).items() if len(ways) > 1)
    return match, [w for w in found if w.origin == origin]


def _target(walk) -> str:
    from games.boards.atlantis.common import place

    return f"go {place(walk.origin)} {' '.join(walk.cards)}"


def test_on_a_phone_the_picked_pawns_ways_are_big_buttons_that_play_the_move(browser, live_server, midgame):
    from games.boards.atlantis.common import place

    match, ways = midgame
    context, page = log_in(browser, live_server, match.seats.get(index=0).user.email, width=390)
    refused = []  # what the Content-Security-Policy blocked, if anything
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        page.goto(f"/games/{match.pk}/")
        choices = page.locator(".atl-ways .way-choice")
        expect(page.locator(".atl-ways")).to_be_hidden()  # nothing picked: no list
        assert choices.count() > len(ways)  # other pawns' ways are there, hidden
        page.locator(f'[data-pick="pawn {place(ways[0].origin)}"]').first.click()
        shown = page.locator(".atl-ways .way-choice:visible")
        expect(shown.first).to_be_visible()
        assert sorted(shown.evaluate_all("(ns) => ns.map((n) => n.dataset.target)")) == sorted(map(_target, ways))
        for box in shown.evaluate_all("(ns) => ns.map((n) => n.getBoundingClientRect().toJSON())"):
            assert box["width"] >= 44 and box["height"] >= 44, box
        found = page.evaluate(MEASURE)
        assert found["overflow"] <= 0 and not found["small"], found
        assert _violations(page) == []
        page.locator(".atl-ways").screenshot(path="var/atlantis-ways-phone.png")
        longer = max(ways, key=lambda w: len(w.cards))
        button = page.locator(f'.atl-ways button[data-target="{_target(longer)}"]')
        label = page.locator(f'svg.atl-road [data-target="{_target(longer)}"]').get_attribute("aria-label")
        expect(button).to_have_accessible_name(label)  # the marker's own label
        button.click()
        expect(page.locator("#play")).to_have_attribute("data-ply", str(match.ply + 1))
        expect(page.locator(".history li").first).to_contain_text(" ".join(longer.cards))
        expect(page.locator(".move-error")).to_have_count(0)
        assert refused == []
    finally:
        context.close()


def test_the_ways_list_works_with_the_keyboard_and_escape_hides_it(browser, live_server, midgame):
    from games.boards.atlantis.common import place

    match, ways = midgame
    context, page = log_in(browser, live_server, match.seats.get(index=0).user.email, width=390)
    try:
        page.goto(f"/games/{match.pk}/")
        pawn = page.locator(f'[data-pick="pawn {place(ways[0].origin)}"]').first
        pawn.focus()
        page.keyboard.press("Enter")
        expect(page.locator(".atl-ways")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator(".atl-ways")).to_be_hidden()
        pawn.focus()
        page.keyboard.press(" ")
        last = ways[-1]
        button = page.locator(f'.atl-ways button[data-target="{_target(last)}"]')
        # Tab from the pawn reaches this way: legal ones are Tab stops.
        for _ in range(60):
            page.keyboard.press("Tab")
            if button.evaluate("(n) => n === document.activeElement"):
                break
        else:
            pytest.fail("Tab never reached the way's button")
        page.keyboard.press("Enter")
        expect(page.locator("#play")).to_have_attribute("data-ply", str(match.ply + 1))
        expect(page.locator(".history li").first).to_contain_text(" ".join(last.cards))
        expect(page.locator(".move-error")).to_have_count(0)
    finally:
        context.close()
