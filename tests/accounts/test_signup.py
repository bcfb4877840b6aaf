"""Sign-up, email confirmation, login, password reset (django-allauth)."""

import re

import pytest
from django.core import mail
from django.test import override_settings

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
LINK = re.compile(r"https?://\S+/accounts/\S+/")


def sign_up(client, email="erin@example.com", name="Erin"):
    return client.post(
        "/accounts/signup/",
        {"email": email, "display_name": name, "password1": PASSWORD, "password2": PASSWORD},
    )


def link_in(message) -> str:
    url = LINK.search(message.body).group(0)
    return "/" + url.split("/", 3)[3]


def test_sign_up_requires_confirming_the_email_before_logging_in(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the outbox sends after commit
        response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["erin@example.com"]

    response = client.post("/accounts/login/", {"login": "erin@example.com", "password": PASSWORD})
    assert response["Location"] == "/accounts/confirm-email/"
    assert client.get("/profile/")["Location"].startswith("/accounts/login/")

    confirm = link_in(mail.outbox[-1])
    assert client.post(confirm).status_code == 302
    response = client.post("/accounts/login/", {"login": "erin@example.com", "password": PASSWORD})
    assert response["Location"] == "/profile/"
    page = client.get("/profile/")
    assert page.status_code == 200
    assert b"erin@example.com" in page.content
    assert b'value="Erin"' in page.content


def test_display_names_are_unique_ignoring_case(client, alice):
    response = sign_up(client, name="ALICE")
    assert response.status_code == 200
    assert "That display name is already taken." in response.content.decode()


def test_display_name_rejects_odd_characters(client):
    response = sign_up(client, name="<script>")
    assert "Use 3 to 40 letters" in response.content.decode()


def test_wrong_password_does_not_log_in(client, alice):
    response = client.post("/accounts/login/", {"login": "alice@example.com", "password": "nope"})
    assert response.status_code == 200
    assert "not correct" in response.content.decode()


def test_password_reset_sends_a_working_link(client, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    assert len(mail.outbox) == 1
    reset_page = client.get(link_in(mail.outbox[0]), follow=True)
    form_url = reset_page.redirect_chain[-1][0] if reset_page.redirect_chain else link_in(mail.outbox[0])
    new = "an even better passphrase 42"
    client.post(form_url, {"password1": new, "password2": new})
    assert client.login(email="alice@example.com", password=new)


@override_settings(ACCOUNT_RATE_LIMITS={"signup": "2/h/ip"})
def test_sign_up_is_rate_limited(client):
    assert sign_up(client, "a1@example.com", "First").status_code == 302
    client.logout()
    assert sign_up(client, "a2@example.com", "Second").status_code == 302
    client.logout()
    assert sign_up(client, "a3@example.com", "Third").status_code == 429


@override_settings(ACCOUNT_RATE_LIMITS={"login_failed": "10/m/ip,3/300s/key"})
def test_failed_logins_are_rate_limited(client, alice):
    for _ in range(3):
        client.post("/accounts/login/", {"login": "alice@example.com", "password": "wrong"})
    response = client.post("/accounts/login/", {"login": "alice@example.com", "password": PASSWORD})
    assert "Too many failed login attempts" in response.content.decode()


def test_a_dutch_visitor_is_told_in_dutch_that_the_password_is_too_short(client):
    response = client.post(
        "/accounts/signup/",
        {"email": "erin@example.com", "display_name": "Erin", "password1": "k7#q", "password2": "k7#q"},
        headers={"accept-language": "nl"},
    )
    page = response.content.decode()
    assert "Dit wachtwoord is te kort. Het moet minstens 8 tekens lang zijn." in page
    assert "too short" not in page


def test_the_dutch_password_rules_say_je_like_the_rest_of_the_site(client, db):
    """Django's Dutch addresses the reader as "u" ("Uw wachtwoord ..."); the
    site says "je" everywhere, its sign-up's password rules too."""
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert '<html lang="nl"' in page
    for rule in (
        "Je wachtwoord mag niet te veel op je andere persoonlijke gegevens lijken.",
        "Je wachtwoord moet minstens 8 tekens lang zijn.",
        "Je wachtwoord mag geen veelgebruikt wachtwoord zijn.",
        "Je wachtwoord mag niet volledig uit cijfers bestaan.",
    ):
        assert rule in page
    assert "Uw " not in page and " uw " not in page


@pytest.mark.parametrize(
    ("zone", "language", "stored"),
    [
        ("America/Toronto", "en", "America/Toronto"),  # the browser's (alta/zone.js)
        ("America/Toronto", "nl", "America/Toronto"),
        ("", "nl", "Europe/Amsterdam"),  # no JavaScript: the language's usual zone
        ("", "en", "UTC"),
        ("Mars/Olympus_Mons", "nl", "Europe/Amsterdam"),  # not a zone: ignored, not an error
    ],
)
def test_a_new_account_starts_in_the_browsers_time_zone_else_its_languages(client, zone, language, stored):
    """A Dutch player who signed up read every deadline in UTC until they
    found the profile's time zone."""
    from django.contrib.auth import get_user_model

    data = {"email": "erin@example.com", "display_name": "Erin", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/accounts/signup/", {**data, "time_zone": zone}, headers={"accept-language": language})
    assert response.status_code == 302
    assert get_user_model().objects.get(email="erin@example.com").time_zone == stored


def test_the_sign_up_form_carries_the_browsers_zone_in_a_hidden_field(client):
    page = client.get("/accounts/signup/").content.decode()
    assert re.search(r'<input type="hidden" name="time_zone"[^>]*>', page)
    assert "/static/alta/zone.js" in page


def test_allauths_dutch_on_the_email_and_password_pages_is_written_as_dutch_words(client, db):
    """allauth's Dutch split compounds ("Bevestigings e-mail verzonden aan",
    "Stuur verificatie e-mail opnieuw", "e-mail verificatie link",
    "Wachtwoord wijziging geslaagd"), a Dutch reader's spelling mistakes."""
    from tests.conftest import make_user

    new_password = "another long passphrase 9"
    erin = make_user("erin@example.com", "Erin", language="nl")
    client.force_login(erin)
    pages = [
        client.post("/accounts/email/", {"action_add": "", "email": "erin2@example.com"}, follow=True),
        client.get("/accounts/confirm-email/not-a-key/"),
        client.post(
            "/accounts/password/change/",
            {"oldpassword": PASSWORD, "password1": new_password, "password2": new_password},
            follow=True,
        ),
    ]
    text = " ".join(" ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split()) for page in pages)
    for wrong in ("Bevestigings e-mail", "verificatie e-mail", "e-mail verificatie", "Wachtwoord wijziging"):
        assert wrong not in text
    for right in (
        "Bevestigingsmail gestuurd naar erin2@example.com.",
        "Bevestigingsmail opnieuw sturen",
        "Deze bevestigingslink is verlopen of ongeldig.",
        "Je wachtwoord is gewijzigd.",
    ):
        assert right in text


def test_a_player_invited_by_email_is_brought_back_to_the_invitation_after_signing_up(
    client, alice, django_capture_on_commit_callbacks
):
    """The invitation page says "create an account or log in; this link
    brings you back here", but after confirming the address and logging in
    the new player landed on their profile, the invitation nowhere in sight."""
    from django.utils import timezone

    from games.services import match_create

    match = match_create(creator=alice, game="alta", players=2, now=timezone.now(), invite=["erin@example.com"])
    invitation = f"/invitations/{match.seats.get(invited_email='erin@example.com').invitation_token}/"
    assert f'href="/accounts/signup/?next={invitation}"' in client.get(invitation).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"/accounts/signup/?next={invitation}",
            {"email": "erin@example.com", "display_name": "Erin", "password1": PASSWORD, "password2": PASSWORD},
        )
    client.post(link_in(mail.outbox[-1]))
    response = client.post("/accounts/login/", {"login": "erin@example.com", "password": PASSWORD})
    assert response["Location"] == invitation
    page = client.get(invitation).content.decode()
    assert "Alice invites you to Alta" in page and 'name="accept"' in page
