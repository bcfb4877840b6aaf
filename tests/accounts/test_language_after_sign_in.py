"""A player's language follows them in and out: signing in greets them in
the language of their profile, and after signing out the pages stay in it
(a Dutch player's browser often asks for English)."""

import re

import pytest

from tests.conftest import PASSWORD, living_in

pytestmark = pytest.mark.django_db

ENGLISH_BROWSER = {"accept-language": "en-GB,en;q=0.9"}


def _lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_signing_in_greets_a_dutch_player_in_dutch(client, alice):
    """The greeting was made before the profile's language applied:
    "Successfully signed in as Alice." on a Dutch page."""
    living_in("nl", "Europe/Amsterdam", alice)
    page = client.post(
        "/accounts/login/", {"login": "alice@example.com", "password": PASSWORD}, headers=ENGLISH_BROWSER, follow=True
    )
    text = " ".join(page.content.decode().split())
    assert _lang(page) == "nl" and "Je bent nu ingelogd als Alice." in text
    assert "Successfully" not in text


def test_after_signing_out_a_dutch_player_still_reads_dutch(client, alice):
    """Signing out turned every page (the home page, the new-password page)
    to the browser's English."""
    living_in("nl", "Europe/Amsterdam", alice)
    client.post("/accounts/login/", {"login": "alice@example.com", "password": PASSWORD}, headers=ENGLISH_BROWSER)
    home = client.post("/accounts/logout/", headers=ENGLISH_BROWSER, follow=True)
    assert _lang(home) == "nl" and "Je bent uitgelogd." in home.content.decode()
    assert _lang(client.get("/accounts/password/reset/", headers=ENGLISH_BROWSER)) == "nl"


def test_an_english_player_on_a_dutch_browser_keeps_english_after_signing_out(client, alice):
    client.post(
        "/accounts/login/", {"login": "alice@example.com", "password": PASSWORD}, headers={"accept-language": "nl"}
    )
    client.post("/accounts/logout/", headers={"accept-language": "nl"})
    assert _lang(client.get("/", headers={"accept-language": "nl"})) == "en"


def test_a_password_reset_link_opens_in_the_players_language_whatever_the_browser(
    client, alice, django_capture_on_commit_callbacks
):
    """The mail came in Dutch (the account's language), but its link opened
    in another browser (the phone's mail app, English) showed "Change
    Password" and "Your password is now changed." in English."""
    from django.core import mail

    living_in("nl", "Europe/Amsterdam", alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", mail.outbox[0].body).group(1)
    other_browser = type(client)()
    form = other_browser.get(link, headers=ENGLISH_BROWSER, follow=True)
    assert _lang(form) == "nl" and "Wachtwoord wijzigen" in form.content.decode()
    new = "a new long passphrase 5"
    done = other_browser.post(
        form.redirect_chain[-1][0], {"password1": new, "password2": new}, headers=ENGLISH_BROWSER, follow=True
    )
    text = " ".join(re.sub(r"<[^>]+>", " ", done.content.decode()).split())
    assert _lang(done) == "nl" and "Je wachtwoord is gewijzigd." in text
    assert "Password" not in text and "changed" not in text, text


def test_an_email_confirmation_link_opens_in_the_players_language_whatever_the_browser(
    client, alice, django_capture_on_commit_callbacks
):
    """A Dutch player changing their address got the confirmation mail in
    Dutch; its link opened on the phone said "Confirm Email Address" and
    "You have confirmed ..." in English."""
    from django.core import mail

    living_in("nl", "Europe/Amsterdam", alice)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/email/", {"action_add": "", "email": "alice@example.nl"})
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", mail.outbox[-1].body).group(1)
    phone = type(client)()
    page = phone.get(link, headers=ENGLISH_BROWSER)
    assert _lang(page) == "nl" and "Bevestig" in page.content.decode()
    after = phone.post(link, headers=ENGLISH_BROWSER, follow=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", after.content.decode()).split())
    assert _lang(after) == "nl" and "Je hebt het e-mailadres alice@example.nl bevestigd" in text, text
