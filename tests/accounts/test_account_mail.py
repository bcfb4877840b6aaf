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


def _well_wrapped(body: str) -> list[str]:
    """The paragraphs of ``body`` that are not filled to 72 columns as one
    text (a translation's own line break left a word alone on a line)."""
    import textwrap

    ragged = []
    for paragraph in body.strip().split("\n\n"):
        lines = paragraph.split("\n")
        if any("://" in line for line in lines):
            continue  # a link stands whole on its line
        if lines != textwrap.wrap(" ".join(lines), 72, break_long_words=False, break_on_hyphens=False):
            ragged.append(paragraph)
    return ragged


PASSWORD = "correct horse battery staple"


def _account_mails(client, alice, capture, language: str) -> dict[str, object]:
    """The four account mails a visitor reading ``language`` can set off:
    sign-up, a password reset, a reset for an unknown address, a sign-up
    with an address that has an account (Alice's, who reads ``language``)."""
    living_in(language, "Europe/Amsterdam", alice)
    said = {}
    steps = {
        "signup": (
            "/accounts/signup/",
            {"email": "erin@example.com", "display_name": "Erin", "password1": PASSWORD, "password2": PASSWORD},
        ),
        "reset": ("/accounts/password/reset/", {"email": "alice@example.com"}),
        "unknown": ("/accounts/password/reset/", {"email": "nobody@example.com"}),
        "exists": (
            "/accounts/signup/",
            {"email": "alice@example.com", "display_name": "Alias", "password1": PASSWORD, "password2": PASSWORD},
        ),
    }
    for name, (path, data) in steps.items():
        mail.outbox.clear()
        with capture(execute=True):
            client.post(path, data, headers={"accept-language": language})
        [said[name]] = mail.outbox
    return said


@pytest.mark.parametrize("language", ["en", "nl"])
def test_account_mails_read_as_whole_paragraphs_in_the_readers_language(
    language, client, alice, django_capture_on_commit_callbacks
):
    """allauth's Dutch broke its sentences by hand, so the mail's wrapping
    left "opnieuw" and "gedaan" alone on lines, and spoke of "zijn of haar
    account" and "Bedankt voor het gebruiken van Alta"."""
    mails = _account_mails(client, alice, django_capture_on_commit_callbacks, language)
    links = {
        "signup": "/accounts/confirm-email/",
        "reset": "/accounts/password/reset/key/",
        "unknown": "/accounts/signup/",
        "exists": "/accounts/password/reset/",
    }
    for name, message in mails.items():
        body = message.body
        assert _well_wrapped(body) == [], (name, body)
        assert any(line.startswith("http") and links[name] in line for line in body.split("\n")), (name, body)
        if language == "nl":
            assert not any(
                words in body for words in ("zijn of haar", "het gebruiken van", "You ", "Thank you", "receiving")
            ), (name, body)
            assert "negeer" in body.lower() or "Open deze link" in body, (name, body)
        else:
            assert "Thank you for playing on Alta." in body, (name, body)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_close_link_mail_reads_as_whole_paragraphs(language, client, alice, django_capture_on_commit_callbacks):
    """Its text was broken by hand at 76 columns, then wrapped at 72: "open"
    and "be undone." ("Open deze" and "kan niet") stood alone on lines."""
    living_in(language, "Europe/Amsterdam", alice)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/profile/close/link/")
    [message] = mail.outbox
    assert _well_wrapped(message.body.split("\n-- \n")[0]) == [], message.body
    assert any(line.startswith("http") and "/profile/close/" in line for line in message.body.split("\n"))
    assert message.body.rstrip().endswith("-- \nAlta")


def test_account_mails_stay_the_accounts_after_its_address_changes(client, alice, now):
    """A password reset sent to Alice's old address is in her export and
    goes when she closes her account, not in the export of whoever signs
    up with that address later."""
    from allauth.account.models import EmailAddress

    from alta_site.accounts.closing import account_close
    from alta_site.accounts.export import user_export
    from tests.conftest import make_user

    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    reset = OutgoingEmail.objects.get(to="alice@example.com", kind="account")
    assert reset.user == alice
    EmailAddress.objects.filter(user=alice).delete()
    EmailAddress.objects.create(user=alice, email="alice.new@example.com", verified=True, primary=True)
    alice.email = "alice.new@example.com"
    alice.save(update_fields=["email"])
    zoe = make_user("alice@example.com", "Zoe")

    def subjects(user):
        return [m["subject"] for m in user_export(user, now=now)["mails"]["sent_to_you"]]

    assert reset.subject in subjects(alice) and reset.subject not in subjects(zoe)
    account_close(user=alice, now=now)
    assert not OutgoingEmail.objects.filter(pk=reset.pk).exists()
