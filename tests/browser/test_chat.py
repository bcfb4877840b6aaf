"""The game page's chat in a real browser with JavaScript off: the form
posts (with its CSRF token) and the line shows, under the site's CSP."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user


@pytest.fixture
def players(transactional_db):
    return make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")


def test_chat_works_without_javascript(browser, live_server, players, _no_csp_violations):  # noqa: PT019
    from django.utils import timezone

    from games.services import match_create_seated

    match = match_create_seated(users=list(players), game="alta", now=timezone.now())
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(players[0].email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto(f"/games/{match.pk}/")
        page.get_by_label("Message to your opponent").fill("Hello <Ben>")
        page.get_by_role("button", name="Send").click()
        expect(page.locator("#chat").get_by_text("Hello <Ben>")).to_be_visible()
        page.get_by_role("button", name="Mute the chat").click()
        expect(page.get_by_role("button", name="Unmute the chat")).to_be_visible()
    finally:
        context.close()


def test_a_long_link_in_the_chat_wraps_on_a_phone(browser, live_server, players):
    """A pasted link (one long word) wraps inside its line: the page does
    not scroll sideways at 390 px and the line ends inside the screen."""
    from django.utils import timezone

    from games.services import match_create_seated
    from games.services.chat import chat_post
    from tests.browser.walk import signed_in

    now = timezone.now()
    match = match_create_seated(users=list(players), game="atlantis", now=now)
    link = "https://example.com/" + "a" * 120
    chat_post(match_id=match.pk, user=players[1], text=link, source="web", now=now)
    with signed_in(browser, live_server.url, players[0].email, width=390) as page:
        page.goto(f"/games/{match.pk}/")
        line = page.locator("#chat .chat-lines li").first
        expect(line).to_contain_text(link)
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        box = line.bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= 390


@pytest.mark.parametrize("width", [375, 1280])
def test_send_and_mute_are_not_a_slip_of_the_finger_apart(browser, live_server, players, width):
    """Under the chat box, "Send" and "Mute the chat" stood 4 px apart, one
    above the other: a finger aiming at Send could mute the chat.  They
    stand clearly apart (at least 16 px)."""
    from django.utils import timezone

    from games.services import match_create_seated
    from tests.browser.walk import signed_in

    match = match_create_seated(users=list(players), game="alta", now=timezone.now())
    with signed_in(browser, live_server.url, players[0].email, width) as page:
        page.goto(f"/games/{match.pk}/")
        send = page.get_by_role("button", name="Send", exact=True).bounding_box()
        mute = page.get_by_role("button", name="Mute the chat").bounding_box()
        apart_down = mute["y"] - (send["y"] + send["height"])
        apart_across = mute["x"] - (send["x"] + send["width"])
        assert max(apart_down, apart_across) >= 16, (send, mute)


def test_a_new_chat_line_shows_on_an_open_game_page_by_itself(browser, live_server, players):
    """The page says it updates by itself: a line another player sends
    shows without a reload by hand, and the message being written stays."""
    from django.utils import timezone

    from games.services import match_create_seated
    from games.services.chat import chat_post

    ann, ben = players
    match = match_create_seated(users=[ann, ben], game="alta", now=timezone.now())
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(15_000)
    context.clock.install()  # the page's timers on a clock the test moves on
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(ann.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto(f"/games/{match.pk}/")
        page.get_by_label("Message to your opponent").fill("Good luck")
        chat_post(match_id=match.pk, user=ben, text="Have fun, Ann", source="web", now=timezone.now())
        page.clock.fast_forward(5_000)  # the 5 s poll interval passes at once
        expect(page.locator("#chat").get_by_text("Have fun, Ann")).to_be_visible(timeout=20_000)
        expect(page.get_by_label("Message to your opponent")).to_have_value("Good luck")
    finally:
        context.close()
