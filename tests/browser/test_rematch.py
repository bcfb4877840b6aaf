"""A rematch in the browser: after the game, one player clicks "Rematch",
the other accepts it from their own page, at desktop and phone width."""

import pytest
from playwright.sync_api import expect

from tests.browser.walk import signed_in
from tests.conftest import make_user


@pytest.mark.parametrize("width", [1280, 390])
def test_two_players_start_a_rematch_by_clicking(browser, live_server, transactional_db, width):
    from django.utils import timezone

    from games.models import Match, MoveRecord
    from games.services import match_create_seated, match_resign

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    old = match_create_seated(users=[ann, ben], game="alpaca", now=timezone.now())
    match_resign(match_id=old.pk, user=ben, now=timezone.now(), source=MoveRecord.Source.WEB)

    with signed_in(browser, live_server.url, ann.email, width) as page:
        page.goto(f"/games/{old.pk}/")
        page.get_by_role("button", name="Rematch").click()
        expect(page.get_by_text("Rematch offered")).to_be_visible()
        rematch = Match.objects.get(rematch_of=old)
        assert page.url.endswith(f"/games/{rematch.pk}/")
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing overflows the phone

    with signed_in(browser, live_server.url, ben.email, width) as page:
        page.goto(f"/games/{old.pk}/")
        page.get_by_role("link", name=str(rematch)).click()
        page.get_by_role("button", name="Join this game").click()
        expect(page.locator("section.play")).to_be_visible()
    rematch.refresh_from_db()
    assert rematch.is_active and rematch.rematch_of_id == old.pk
