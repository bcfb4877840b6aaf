"""allauth's mails and the close link go through the outbox, in the
recipient's language."""

import pytest
from django.core import mail
from django.test import override_settings

from mail.models import OutgoingEmail
from tests.conftest import living_in

pytestmark = pytest.mark.django_db


class MailServerAway:
    """An email backend whose server refuses every connection."""

    def __init__(self, *args, **kwargs):
        pass

    def open(self):
        raise ConnectionRefusedError("mail server away")

    def close(self):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("mail server away")


def test_a_password_reset_reads_in_the_recipients_language_not_the_browsers(
    client, alice, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/password/reset/", {"email": "alice@example.com"}, headers={"accept-language": "en"})
    [message] = mail.outbox
    assert message.subject == "[Alta] Nieuw wachtwoord"
    assert "wachtwoord" in message.body and "You're receiving this" not in message.body


@override_settings(EMAIL_BACKEND="tests.accounts.test_account_mail.MailServerAway")
@pytest.mark.parametrize("step", ["sign up", "password reset", "close link"])
def test_with_the_mail_server_away_the_request_succeeds_and_the_mail_waits(
    client, alice, step, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        if step == "sign up":
            password = "correct horse battery staple"
            data = {"email": "erin@example.com", "display_name": "Erin", "password1": password, "password2": password}
            response = client.post("/accounts/signup/", data)
            to = "erin@example.com"
        elif step == "password reset":
            response = client.post("/accounts/password/reset/", {"email": "alice@example.com"})
            to = "alice@example.com"
        else:
            client.force_login(alice)
            response = client.post("/profile/close/link/")
            to = "alice@example.com"
    assert response.status_code == 302
    queued = OutgoingEmail.objects.get(to=to)
    assert queued.status == OutgoingEmail.Status.RETRYING and "mail server away" in queued.last_error


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_password_reset_reads_at_72_columns_with_its_link_whole(
    language, client, alice, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    [message] = mail.outbox
    lines = message.body.split("\n")
    assert [line for line in lines if len(line) > 72 and "://" not in line] == []
    assert any(line.startswith("http") and "/accounts/password/reset/key/" in line for line in lines)
