"""The game page of every game works under the site's Content-Security-Policy
and Permissions-Policy: its script runs (it asks before resigning) and the
console reports nothing refused."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD, make_user


@pytest.fixture
def players(transactional_db):
    return make_user("ann@example.com", "Ann"), make_user("ben@example.com", "Ben")


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_game_page_plays_under_the_policies(browser, live_server, players, game, _no_csp_violations):  # noqa: PT019 (its value is read)
    from django.utils import timezone

    from games.engine import get_rules
    from games.models import Match
    from games.services import match_create_seated

    match = match_create_seated(users=list(players), game=game, now=timezone.now())
    rules = get_rules(game)
    mover = match.seats.get(index=min(rules.to_move(rules.load(match.state)))).user
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(mover.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        response = page.goto(f"/games/{match.pk}/")
        # Directives in any order (django-csp joins them as its dict holds them).
        csp = dict(part.strip().split(" ", 1) for part in response.headers["content-security-policy"].split(";"))
        assert csp["script-src"] == "'self'" and csp["style-src-elem"] == "'self'"
        # No style attribute allowance: the board draws with SVG attributes and classes.
        assert "style-src-attr" not in csp and csp["style-src"] == "'self'"
        assert "camera=()" in response.headers["permissions-policy"]
        # The script asks before resigning: no once, yes the second time.
        questions = []
        page.on(
            "dialog",
            lambda dialog: (
                questions.append(dialog.message),
                dialog.dismiss() if len(questions) == 1 else dialog.accept(),
            ),
        )
        page.get_by_role("button", name="Resign").click()
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE
        page.get_by_role("button", name="Resign").click()
        expect(page.get_by_role("heading", name="Final result")).to_be_visible()
        assert questions == ["Resign this game? You will be ranked last."] * 2
    finally:
        context.close()
    assert _no_csp_violations == []


def test_api_docs_render_under_the_policy(browser, live_server, transactional_db, _no_csp_violations):  # noqa: PT019 (its value is read)
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/api/docs/")
        expect(page.get_by_text("Alta API").first).to_be_visible()
    finally:
        context.close()
    assert _no_csp_violations == []


def test_email_page_with_a_pending_change_obeys_the_policy(browser, live_server, players, _no_csp_violations):  # noqa: PT019 (its value is read)
    from allauth.account.models import EmailAddress

    ann = players[0]
    EmailAddress.objects.create(user=ann, email="ann.new@example.com", verified=False, primary=False)
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/accounts/login/")
        page.get_by_label("Email").fill(ann.email)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
        page.goto("/accounts/email/")
        expect(page.get_by_role("button", name="Re-send Verification")).to_be_visible()
        # The form the button submits is hidden by its style, which the
        # policy allows by its hash (refused, the form would display).
        assert page.locator("form#pending-email").evaluate("form => getComputedStyle(form).display") == "none"
    finally:
        context.close()
    assert _no_csp_violations == []
