"""A newcomer signs up, confirms from the local mailbox, logs in, sees the profile."""

import re

from playwright.sync_api import expect

PASSWORD = "slow games are good games"


def sign_up_as_frank(page) -> None:
    """Fill in and send the sign-up form open on ``page``."""
    page.get_by_label("Email").fill("frank@example.com")
    page.get_by_label("Display name").fill("Frank")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    expect(page.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()


def test_sign_up_confirm_log_in_and_see_the_profile(page, transactional_db):
    page.goto("/")
    page.get_by_role("link", name="Create an account").click()
    sign_up_as_frank(page)

    page.get_by_role("link", name="Mailbox").click()
    page.get_by_role("link", name=re.compile("Please Confirm Your Email Address")).click()
    page.locator("pre.mail-text a", has_text="confirm-email").click()
    page.get_by_role("button", name="Confirm").click()

    page.goto("/accounts/login/")
    page.get_by_label("Email").fill("frank@example.com")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
    expect(page.get_by_label("Display name")).to_have_value("Frank")

    page.get_by_label("Time zone").select_option("Europe/Amsterdam")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Your profile was saved.")).to_be_visible()
    expect(page.get_by_text("Times are shown in Europe/Amsterdam")).to_be_visible()


def test_pages_fit_a_phone_screen(page, transactional_db):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto("/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    page.screenshot(path="var/home-phone.png", full_page=True)


def test_a_new_account_takes_the_browsers_time_zone(browser, live_server, transactional_db):
    """Chromium in Tokyo signs up: the account starts in Asia/Tokyo, so its
    first deadlines are written in the player's own zone."""
    from django.contrib.auth import get_user_model

    context = browser.new_context(base_url=live_server.url, timezone_id="Asia/Tokyo")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/accounts/signup/")
        sign_up_as_frank(page)
    finally:
        context.close()
    assert get_user_model().objects.get(email="frank@example.com").time_zone == "Asia/Tokyo"


def test_the_password_rules_are_the_password_fields_hint(page, transactional_db):
    """The password's rules ("at least 8 characters" ...) are a list: they
    sit in the field's hint, read out with the field and shown small and
    grey like the display name's hint, not spilled out of the form's
    paragraph as body text with the hint left empty."""
    page.goto("/accounts/signup/")
    password = page.get_by_label("Password:", exact=True)
    expect(password).to_have_accessible_description(re.compile("at least 8 characters"))
    rules = page.locator("#id_password1_helptext")
    expect(rules.get_by_text(re.compile("at least 8 characters"))).to_be_visible()
    hint = page.locator("#id_display_name_helptext")
    style = "e => [getComputedStyle(e).fontSize, getComputedStyle(e).color]"
    assert rules.get_by_text(re.compile("at least 8 characters")).evaluate(style) == hint.evaluate(style)


def test_the_new_passwords_rules_are_its_hint_when_changing_it(page, transactional_db):
    """The same list of rules under "New password" on the change-password page."""
    from tests.browser.walk import sign_in
    from tests.conftest import make_user

    make_user("ann@example.com", "Ann")
    sign_in(page, "ann@example.com")
    page.goto("/accounts/password/change/")
    expect(page.locator("#id_password1")).to_have_accessible_description(re.compile("at least 8 characters"))
    expect(page.locator("main p:empty")).to_have_count(0)
