"""The replay steps with the keyboard (← → Home End) and the move list is
clickable; the end shows what every seat held."""

import re

from playwright.sync_api import expect

from tests.conftest import make_user


def test_arrow_keys_home_end_and_the_move_list_walk_through_a_replay(page, transactional_db):
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.ratings.conftest import finish_by_resignations

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    now = timezone.now()
    match = match_create_seated(users=[ann, ben], game="alhambra", now=now)
    match = finish_by_resignations(match, [ann, ben], now)
    last = match.ply
    assert last >= 3

    page.goto(f"/games/{match.pk}/replay/?ply=0")
    current = page.locator('.move-list a[aria-current="step"]')
    expect(current).to_have_text("Start")
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"\?ply=1$"))
    expect(page.get_by_text(f"Position 1 of {last}")).to_be_visible()
    page.keyboard.press("End")
    expect(page).to_have_url(re.compile(rf"\?ply={last}$"))
    expect(page.get_by_role("heading", name="Revealed at the end")).to_be_visible()
    expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(rf"\?ply={last - 1}$"))
    expect(page.get_by_role("heading", name="Revealed at the end")).to_have_count(0)
    page.keyboard.press("Home")
    expect(page).to_have_url(re.compile(r"\?ply=0$"))

    # A move in the list is a link: click it, or Tab to it and press Enter.
    page.locator(".move-list a").nth(2).click()
    expect(page).to_have_url(re.compile(r"\?ply=2$"))
    expect(current).to_have_attribute("href", "?ply=2")
    page.locator(".move-list a").nth(1).focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"\?ply=1$"))
    first = match.moves.get(ply=1)
    expect(current).to_contain_text(str(match.seats.get(index=first.seat_index).user))


def test_the_move_list_shows_the_current_move_of_a_long_game(page, transactional_db):
    """Opened at the last position (the link from a finished game), the move
    list has scrolled its current move into sight, not stopped halfway."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.ratings.conftest import play_to_the_end

    ann, ben = make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")
    match = play_to_the_end(match_create_seated(users=[ann, ben], game="alta", now=timezone.now()), timezone.now())
    for ply in (match.ply, match.ply - 8):
        page.goto(f"/games/{match.pk}/replay/?ply={ply}")
        box = page.locator(".move-list ol").bounding_box()
        current = page.locator('.move-list a[aria-current="step"]').bounding_box()
        assert box is not None and current is not None
        assert box["y"] <= current["y"] and current["y"] + current["height"] <= box["y"] + box["height"], ply


def test_a_phone_is_not_told_about_keys_it_does_not_have(browser, live_server, transactional_db):
    """The keyboard hint ("Keys: ← and → ...") is for a screen with a
    keyboard and mouse; on a touch phone at 375 px it is left out, the
    buttons above it say the same."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.ratings.conftest import finish_by_resignations

    now = timezone.now()
    users = [make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")]
    match = finish_by_resignations(match_create_seated(users=users, game="alta", now=now), users, now)
    shown = {}
    for device, options in {
        "phone": {"viewport": {"width": 375, "height": 800}, "is_mobile": True, "has_touch": True},
        "desktop": {"viewport": {"width": 1280, "height": 900}},
    }.items():
        context = browser.new_context(base_url=live_server.url, **options)
        try:
            page = context.new_page()
            page.goto(f"/games/{match.pk}/replay/?ply=1")
            expect(page.get_by_role("link", name="Next move")).to_be_visible()
            shown[device] = page.get_by_text("Keys: ← and →").is_visible()
        finally:
            context.close()
    assert shown == {"phone": False, "desktop": True}
