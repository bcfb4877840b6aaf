"""The daily digest in the reader's own morning (07:00 on their clock),
once a local day, on the days the clocks change too: never twice on the
day Amsterdam lives 02:00-03:00 twice, never skipped on the day it skips
that hour; and in a half-hour zone (Asia/Kolkata) at its own 07:00."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail

from mail.digest import digests_send
from tests.conftest import living_in

from .conftest import digest_reader_to_move, mails_to

pytestmark = pytest.mark.django_db
BEAT = dt.timedelta(minutes=15)  # how often beat runs the digests


def utc(*args):
    return dt.datetime(*args, tzinfo=dt.UTC)


def digest_times(reader, start, end, capture):
    """When ``reader``'s digests go out, beat running every 15 minutes from
    ``start`` to ``end``."""
    mail.outbox.clear()
    sent, at = [], start
    while at < end:
        with capture(execute=True):
            if digests_send(now=at):
                sent.append(at)
        at += BEAT
    assert len(mails_to(reader.email)) == len(sent)
    return sent


@pytest.mark.parametrize(
    ("midnight", "morning", "day"),
    [
        # 25 October: 00:00 CEST is 22:00 UTC the day before; 07:00 CET is 06:00 UTC.
        (utc(2026, 10, 24, 22), utc(2026, 10, 25, 6), "zondag 25 oktober"),
        # 29 March: 00:00 CET is 23:00 UTC the day before; 07:00 CEST is 05:00 UTC.
        (utc(2026, 3, 28, 23), utc(2026, 3, 29, 5), "zondag 29 maart"),
    ],
)
def test_the_digest_comes_once_at_seven_on_the_day_the_clocks_change(
    alice, bob, midnight, morning, day, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    digest_reader_to_move(alice, bob, midnight - dt.timedelta(hours=12), django_capture_on_commit_callbacks)
    # That local day, from its midnight to the next (23, 24 or 25 hours).
    next_midnight = dt.datetime.combine(
        morning.astimezone(alice.zone).date() + dt.timedelta(days=1), dt.time(), tzinfo=alice.zone
    )
    assert digest_times(alice, midnight, next_midnight, django_capture_on_commit_callbacks) == [morning]
    [digest] = mails_to(alice.email)
    assert f"({day}):" in " ".join(digest.body.split())


def test_a_half_hour_zone_gets_its_digest_at_its_own_seven_with_its_own_minutes(
    alice, bob, django_capture_on_commit_callbacks
):
    """07:00 in Kolkata is 01:30 UTC; the deadlines show Kolkata's minutes."""
    living_in("nl", "Asia/Kolkata", alice)
    match = digest_reader_to_move(alice, bob, utc(2026, 12, 4, 9), django_capture_on_commit_callbacks)
    midnight = utc(2026, 12, 4, 18, 30)
    sent = digest_times(alice, midnight, midnight + dt.timedelta(days=1), django_capture_on_commit_callbacks)
    assert sent == [utc(2026, 12, 5, 1, 30)]
    [digest] = mails_to(alice.email)
    deadline = match.seats.get(user=alice).deadline_at
    assert deadline.astimezone(alice.zone).strftime("%H:%M") == "14:30"
    assert "14:30 (tijdzone Asia/Kolkata)" in " ".join(digest.body.split())
