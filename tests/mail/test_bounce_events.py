"""A relay that sends our mail from its own envelope sender (Mailgun) gets
the bounces itself and reports them to its tracking webhook: a permanent
failure counts as a bounce that came back to us (the mail and its player's
address marked); a delay, an event about no mail of ours, a forged or
replayed signature change nothing; the relay's retry of an event counts
once.  Payloads follow Mailgun's documented "failed" event-data, as
anymail's own tests build them."""

import base64
import hashlib
import hmac
import json
import time

import pytest
from django.db import OperationalError

from mail.bounce_policy import HARD_BOUNCES_BEFORE_PAUSE, game_mail_paused
from mail.models import OutgoingEmail

from .bounce_reports import mailgun_event
from .test_bounce_banner import notice_to

pytestmark = pytest.mark.django_db

URL = "/mail/events/mailgun/tracking/"
KEY = "signing-key"
AUTH = "Basic " + base64.b64encode(b"hook:secret").decode()


@pytest.fixture(autouse=True)
def mailgun(settings):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": KEY, "WEBHOOK_SECRET": "hook:secret"}


def failed(
    row: OutgoingEmail, *, severity: str = "permanent", message_id: str | None = None, token: str = "t" * 50
) -> dict:
    """Mailgun's "failed" event about ``row``."""
    temporary = severity == "temporary"
    return mailgun_event(
        row,
        "failed",
        token=token,
        message_id=message_id,
        id="G9Bn5sl1TC6nu79C8C0bwg",
        severity=severity,
        reason="generic" if temporary else "bounce",
        envelope={"sender": "postmaster@mg.example", "transport": "smtp", "targets": row.to},
        **{
            "log-level": "warn" if temporary else "error",
            "recipient-domain": row.to.split("@")[1],
            "delivery-status": {
                "attempt-no": 1,
                "code": 452 if temporary else 550,
                "enhanced-code": "4.2.2" if temporary else "5.1.1",
                "message": "4.2.2 Mailbox full, will retry" if temporary else "5.1.1 No such user here",
                "description": "",
                "mx-host": "mx.example.com",
            },
        },
    )


def post(client, event: dict, key: str = KEY):
    """``event`` signed with ``key`` over its timestamp and token, posted as Mailgun does."""
    block = event["signature"]
    signed = (block["timestamp"] + block["token"]).encode()
    block["signature"] = hmac.new(key.encode(), signed, hashlib.sha256).hexdigest()
    return client.post(URL, json.dumps(event), content_type="application/json", HTTP_AUTHORIZATION=AUTH)


def unchanged(row: OutgoingEmail, user) -> bool:
    row.refresh_from_db()
    user.refresh_from_db()
    return row.status == OutgoingEmail.Status.SENT and not user.mail_bouncing and user.email_bounces == 0


def test_a_permanent_failure_marks_the_mail_and_the_players_address(client, bob, now):
    row = notice_to(bob, now, 1)
    mails = OutgoingEmail.objects.count()
    assert post(client, failed(row)).status_code == 200
    row.refresh_from_db()
    bob.refresh_from_db()
    assert row.status == OutgoingEmail.Status.BOUNCED and "5.1.1 No such user here" in row.last_error
    assert bob.mail_bouncing and bob.email_bounced_address == bob.email and bob.email_bounces == 1
    assert bob.email_bounce_reason.startswith("5.1.1")
    assert OutgoingEmail.objects.count() == mails  # nobody is mailed about it


def test_game_mail_stops_after_as_many_failures_as_bounces(client, bob, now):
    for n in range(HARD_BOUNCES_BEFORE_PAUSE):
        assert post(client, failed(notice_to(bob, now, n), token=f"{n}" * 50)).status_code == 200
    bob.refresh_from_db()
    assert bob.email_bounces == HARD_BOUNCES_BEFORE_PAUSE and game_mail_paused(bob)


def test_a_temporary_failure_changes_nothing(client, bob, now):
    row = notice_to(bob, now, 1)
    assert post(client, failed(row, severity="temporary")).status_code == 200
    assert unchanged(row, bob)


def test_a_failure_of_no_mail_of_ours_is_taken_and_changes_nothing(client, bob, now):
    """Answered 200: an error would have the relay post it again for hours."""
    row = notice_to(bob, now, 1)
    assert post(client, failed(row, message_id="<someone-else@mg.example>")).status_code == 200
    assert unchanged(row, bob)


def test_a_forged_signature_changes_nothing(client, bob, now):
    row = notice_to(bob, now, 1)
    client.raise_request_exception = False
    assert post(client, failed(row), key="guessed-key").status_code == 400
    assert unchanged(row, bob)


def test_a_replayed_signature_with_another_event_changes_nothing(client, bob, now):
    """The signature covers the timestamp and token only: a captured one
    reused for another mail of the player's is refused."""
    first, second = notice_to(bob, now, 1), notice_to(bob, now, 2)
    client.raise_request_exception = False
    assert post(client, failed(first, severity="temporary")).status_code == 200
    assert post(client, failed(second)).status_code == 400
    assert unchanged(first, bob) and unchanged(second, bob)


def test_an_event_signed_long_ago_changes_nothing(client, bob, now):
    row = notice_to(bob, now, 1)
    event = failed(row)
    event["signature"]["timestamp"] = str(int(time.time()) - 13 * 3600)
    client.raise_request_exception = False
    assert post(client, event).status_code == 400
    assert unchanged(row, bob)


def test_the_relays_retry_of_an_event_counts_once(client, bob, now):
    event = failed(notice_to(bob, now, 1))
    assert [post(client, event).status_code for _ in range(2)] == [200, 200]  # the same post again
    bob.refresh_from_db()
    assert bob.email_bounces == 1


def test_an_event_the_database_drops_is_a_503_and_the_relays_retry_counts_once(client, bob, now, monkeypatch):
    """Not the event's fault: the relay is asked to post it again (with the
    first try's signature), and that retry is taken."""
    event = failed(notice_to(bob, now, 1))

    def away(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("mail.receivers.relay_report_process", away)
    client.raise_request_exception = False
    dropped = post(client, event)
    assert dropped.status_code == 503 and int(dropped["Retry-After"]) > 0
    monkeypatch.undo()
    assert [post(client, event).status_code for _ in range(2)] == [200, 200]
    bob.refresh_from_db()
    assert bob.mail_bouncing and bob.email_bounces == 1


def test_the_webhook_is_404_until_mailgun_is_configured(client, bob, now, settings):
    settings.ANYMAIL = {}
    row = notice_to(bob, now, 1)
    assert post(client, failed(row)).status_code == 404
    assert unchanged(row, bob)


def test_other_providers_events_are_404(client, bob, now):
    """anymail checks only their basic auth, and they name the mail by their own id."""
    row = notice_to(bob, now, 1)
    for provider in ("amazon_ses", "postmark", "sendgrid"):
        response = client.post(f"/mail/events/{provider}/tracking/", "[]", "application/json", HTTP_AUTHORIZATION=AUTH)
        assert response.status_code == 404
    assert unchanged(row, bob)
