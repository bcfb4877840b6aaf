"""A whole turn typed in the game page's box whose refresh rules out its
last move: the page says, in the player's language, which move was not
played and why, keeps that move in the box for the rest of the turn, and
stays within the screen, at desktop and phone width."""

from __future__ import annotations

import pytest

from tests.browser.walk import WIDTHS, signed_in
from tests.conftest import make_user

#: The refresh turns up two towers: no mill to take.
MESSAGE = "wheat C4; refresh; take mill D3"
SAID = {
    "en": "“take mill D3” was not played: There is no mill face up",
    "nl": '"take mill D3" is niet gespeeld: Er ligt geen molen open',
}


@pytest.fixture
def game(transactional_db):
    """A game where the seat to move holds a wheat field and a tower, both
    face-up cards are huts and the deck's top cards are towers; returns its
    path and the mover's address."""
    from django.utils import timezone

    from games.engine import get_rules
    from games.models import Match
    from games.rules.alta.testing import island, position
    from games.services import match_create_seated

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    match = match_create_seated(users=[ann, ben], game="alta", now=timezone.now())
    state = position(
        islands={0: island(". . . .", ". MIL WHE ."), 1: island(". . . .", ". MIL WHE .")},
        hands={0: ["wheat", "tower"]},
        face_up=("hut", "hut"),
        deck=["farmer"] * 30 + ["tower", "tower"],
    )
    Match.objects.filter(pk=match.pk).update(state=get_rules("alta").dump(state))
    return f"/games/{match.pk}/", match.seats.get(index=0).user.email


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_says_what_was_not_played_and_keeps_it_in_the_box(browser, live_server, game, width, language):
    from alta_site.accounts.models import User

    path, email = game
    with signed_in(browser, live_server.url, email, width) as page:
        User.objects.filter(email=email).update(language=language)
        page.goto(path)
        assert page.locator("html").get_attribute("lang") == language
        page.locator("#move-form input[name=move], #move-form textarea[name=move]").fill(MESSAGE)
        page.locator("#move-form button[type=submit]").click()
        page.wait_for_load_state()
        warning = page.locator(".message.warning")
        assert warning.is_visible()
        assert SAID[language] in " ".join(warning.inner_text().split())
        # The refresh stands; the turn goes on with the move kept to change.
        assert page.locator("#move-form [name=move]").input_value() == "take mill D3"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
