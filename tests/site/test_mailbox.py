import pytest
from django.core.mail import EmailMultiAlternatives
from django.test import override_settings

from alta_site.devmail.backend import MailboxBackend
from alta_site.devmail.models import CapturedEmail

pytestmark = pytest.mark.django_db


def send_sample():
    message = EmailMultiAlternatives(
        "Your turn in Alta", "Plain body https://example.com/x", "alta@example.com", ["alice@example.com"]
    )
    message.attach_alternative("<p>HTML <b>body</b></p>", "text/html")
    assert MailboxBackend().send_messages([message]) == 1
    return CapturedEmail.objects.get()


def test_mail_is_captured_with_text_and_html_parts():
    captured = send_sample()
    assert captured.to_list == ["alice@example.com"]
    assert captured.text_body.startswith("Plain body")
    assert "<b>body</b>" in captured.html_body
    assert captured.message_id
    assert "Subject: Your turn in Alta" in captured.raw


def test_mailbox_lists_and_shows_messages(client):
    captured = send_sample()
    listing = client.get("/dev/mailbox/").content.decode()
    assert "Your turn in Alta" in listing
    detail = client.get(f"/dev/mailbox/{captured.pk}/").content.decode()
    assert "Plain body" in detail
    assert 'href="https://example.com/x"' in detail
    html = client.get(f"/dev/mailbox/{captured.pk}/html/")
    assert html["Content-Security-Policy"].startswith("sandbox")
    assert b"<b>body</b>" in html.content


def test_mailbox_filters_by_recipient(client):
    send_sample()
    assert "Your turn" not in client.get("/dev/mailbox/?to=bob@").content.decode()


@override_settings(DEV_MAILBOX=False)
def test_mailbox_is_absent_in_production(client):
    captured = send_sample()
    assert client.get("/dev/mailbox/").status_code == 404
    assert client.get(f"/dev/mailbox/{captured.pk}/").status_code == 404


def test_a_reply_form_plays_a_move_through_the_mail_service(
    client, settings, alice, bob, now, django_capture_on_commit_callbacks
):
    from games.services import match_create_seated

    settings.EMAIL_BACKEND = "alta_site.devmail.backend.MailboxBackend"
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    turn = [m for m in CapturedEmail.objects.all() if "Reply-To" in m.headers][0]
    page = client.get(f"/dev/mailbox/{turn.pk}/").content.decode()
    assert "Send reply" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/dev/mailbox/{turn.pk}/", {"body": "1"}, follow=True)
    assert "Reply processed: Move accepted" in response.content.decode()
    assert match.moves.count() == 1
