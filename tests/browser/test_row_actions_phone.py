"""On a phone (390 px, in Dutch, the longer language) a table wider than
the screen scrolls sideways inside itself; a row's action button stays in
sight at its right edge, as the lobby's Meedoen does, instead of sitting
beyond the screen where nobody finds it: a ladder's Meedoen on the ladder
list, Uitdagen in a ladder's ranking, and an organiser's Vervangen and
Diskwalificeren in a tournament's players table."""

from __future__ import annotations

from tests.browser.walk import signed_in
from tests.conftest import living_in, make_user

PHONE = 390


def _in_sight(page, selector: str) -> list[str]:
    """The buttons of ``selector`` (at least one) that reach beyond the
    screen's edges."""
    buttons = page.locator(selector)
    assert buttons.count() > 0, selector
    boxes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
    return [str(box) for box in boxes if box["x"] < 0 or box["x"] + box["width"] > PHONE]


def _in_dutch(user) -> None:
    # After signing in: signing in sets the language of the browser used.
    living_in("nl", "Europe/Amsterdam", user)


def test_the_ladder_lists_join_button_is_in_sight(browser, live_server, transactional_db):
    from ratings.models import Ladder

    ann = make_user("ann@example.com", "Ann")
    Ladder.objects.create(game="alhambra", players=3, name="Alhambra voor drie spelers, langzaam")
    with signed_in(browser, live_server.url, "ann@example.com", PHONE) as page:
        _in_dutch(ann)
        page.goto("/ladders/")
        assert page.locator("html").get_attribute("lang") == "nl"
        assert _in_sight(page, "form[action$='/join/'] button") == []


def test_a_ladder_rankings_challenge_button_is_in_sight(browser, live_server, transactional_db):
    from django.utils import timezone

    from ratings.models import Ladder
    from ratings.services import ladder_join

    ladder = Ladder.objects.create(game="alta", players=2, name="Alta duels")
    ann = make_user("ann@example.com", "Ann")
    others = [make_user(f"p{n}@example.com", f"Bartholomew-Maximilian {n}") for n in range(3)]
    for user in (ann, *others):
        ladder_join(ladder_id=ladder.pk, user=user, now=timezone.now(), capacity=2)
    with signed_in(browser, live_server.url, "ann@example.com", PHONE) as page:
        _in_dutch(ann)
        page.goto(f"/ladders/{ladder.pk}/")
        assert _in_sight(page, "form[action$='/challenge/'] button") == []


def test_an_organisers_player_actions_are_in_sight(browser, live_server, transactional_db):
    from django.utils import timezone

    from tests.tournaments.conftest import new_players, started
    from tournaments.services import club_create

    now = timezone.now()
    ann = make_user("ann@example.com", "Ann")
    club = club_create(creator=ann, name="Harbour club", description="", now=now)
    swiss = started(ann, club, new_players(4, prefix="Bartholomew-Maximilian"), now=now, format="swiss", rounds=3)
    with signed_in(browser, live_server.url, "ann@example.com", PHONE) as page:
        _in_dutch(ann)
        page.goto(f"/tournaments/{swiss.pk}/")
        assert _in_sight(page, "#players-table form[action$='/replace/'] button") == []
        assert _in_sight(page, "#players-table form[action$='/disqualify/'] button") == []
