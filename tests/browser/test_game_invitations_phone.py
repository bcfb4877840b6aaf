"""A game's creator on a phone (390 px, in Dutch, the longer language)
and at desktop width: an open game's seat invited by a long address whose
mail bounced shows the address, the mark and its Intrekken button in
sight, and the form that invites into a free seat fits the screen; taking
the invitation back and inviting another address works from the page."""

from __future__ import annotations

import pytest

from tests.browser.walk import signed_in
from tests.conftest import living_in, make_user

LONG = "bartholomew.maximilian.van.der.heijden-oudshoorn@voorbeeld-schaakclub.example.org"


def _beyond(page, selector: str, width: int) -> list[str]:
    """The elements of ``selector`` (at least one) reaching beyond the screen."""
    found = page.locator(selector)
    assert found.count() > 0, selector
    boxes = [found.nth(i).bounding_box() for i in range(found.count())]
    return [str(box) for box in boxes if box["x"] < 0 or box["x"] + box["width"] > width]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_creator_takes_back_a_bounced_invitation_and_invites_again(browser, live_server, transactional_db, width):
    from django.utils import timezone

    from games import services

    ann = make_user("ann@example.com", "Ann")
    match = services.match_create(creator=ann, game="alta", players=3, now=timezone.now(), invite=[LONG])
    match.seats.filter(invited_email=LONG).update(invitation_bounced_at=timezone.now())
    with signed_in(browser, live_server.url, "ann@example.com", width) as page:
        living_in("nl", "Europe/Amsterdam", ann)
        page.goto(f"/games/{match.pk}/")
        assert "onze mail aan dit adres kon niet worden bezorgd" in page.locator(".seats").inner_text()
        assert _beyond(page, "form[action$='/take-back/'] button", width) == []
        assert _beyond(page, "#invitee, form[action$='/invite/'] button", width) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width

        page.locator("form[action$='/take-back/'] button").click()
        page.wait_for_load_state()
        assert "De uitnodiging is ingetrokken: de plaats is vrij." in page.inner_text("body")
        page.fill("#invitee", "friend@example.org")
        page.locator("form[action$='/invite/'] button").click()
        page.wait_for_load_state()
        assert "De uitnodiging is verstuurd." in page.inner_text("body")
        assert "friend@example.org" in page.locator(".seats").inner_text()
    assert match.seats.filter(invited_email="friend@example.org").exists()
