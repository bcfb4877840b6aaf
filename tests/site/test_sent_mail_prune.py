"""Sent mail keeps its body for ``SENT_MAIL_BODY_RETENTION_DAYS``, then only
its envelope; mail not yet sent keeps its body whatever its age."""

import datetime as dt

import pytest
from django.conf import settings
from django.test import override_settings

from alta_site.privacy import sent_mail_bodies_prune
from alta_site.tasks import sent_mail_bodies_prune as sent_mail_bodies_prune_task
from mail.models import OutgoingEmail
from tests.conftest import EPOCH

pytestmark = pytest.mark.django_db


def outgoing(days_old: float, status=OutgoingEmail.Status.SENT):
    at = EPOCH - dt.timedelta(days=days_old)
    return OutgoingEmail.objects.create(
        created_at=at,
        status=status,
        kind=OutgoingEmail.Kind.YOUR_TURN,
        dedupe_key=f"turn:{days_old}:{status}",
        to="alice@example.com",
        subject="Alta: your move",
        text="Your move. " * 200,
        html="<p>Your move.</p>" * 200,
        message_id=f"<{days_old}.{status}@alta.test>",
        sent_at=at if status in (OutgoingEmail.Status.SENT, OutgoingEmail.Status.BOUNCED) else None,
    )


@override_settings(SENT_MAIL_BODY_RETENTION_DAYS=14)
def test_old_sent_mail_loses_its_body_but_keeps_its_envelope():
    old, recent, unsent = outgoing(15), outgoing(13), outgoing(40, OutgoingEmail.Status.RETRYING)
    assert sent_mail_bodies_prune(now=EPOCH) == 1
    for row in (old, recent, unsent):
        row.refresh_from_db()
    assert (old.text, old.html) == ("", "")
    assert (old.to, old.subject, old.message_id) == ("alice@example.com", "Alta: your move", "<15.sent@alta.test>")
    assert recent.text.startswith("Your move.") and recent.html
    assert unsent.text and unsent.html  # still to be sent: its body is needed
    assert sent_mail_bodies_prune(now=EPOCH) == 0  # nothing left to prune


@override_settings(SENT_MAIL_BODY_RETENTION_DAYS=14)
def test_a_sent_mail_that_bounced_later_loses_its_body_as_well():
    bounced = outgoing(15, OutgoingEmail.Status.BOUNCED)
    assert sent_mail_bodies_prune(now=EPOCH) == 1
    bounced.refresh_from_db()
    assert (bounced.text, bounced.html, bounced.status) == ("", "", OutgoingEmail.Status.BOUNCED)


@override_settings(SENT_MAIL_BODY_RETENTION_DAYS=3)
def test_the_retention_is_a_setting():
    row = outgoing(4)
    assert sent_mail_bodies_prune(now=EPOCH) == 1
    row.refresh_from_db()
    assert row.text == ""


def test_the_prune_runs_periodically():
    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "alta_site.tasks.sent_mail_bodies_prune" in schedule
    outgoing(10_000)
    assert sent_mail_bodies_prune_task.apply().get() == 1
