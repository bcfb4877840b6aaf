"""Two mail workers given the same moves and events at once, on PostgreSQL
(real row locks and concurrent transactions; CI runs it): every row is
announced once and every email is written and sent once."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection

from games.models import MatchEvent, MoveRecord
from games.services import match_create_seated
from mail import announce
from mail.models import OutgoingEmail, ReplyToken
from tests.threads import run_in_threads

from .test_announce import _whole_turn

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL for concurrent transactions (CI runs it)",
    ),
]


def test_two_workers_on_the_same_rows_announce_each_once(alice, bob, now, monkeypatch):
    games = [match_create_seated(users=[alice, bob], game="alta", now=now) for _ in range(3)]
    for game in games:
        for _ in range(4):
            _whole_turn(game, now)
    # What one worker wrote (tasks run eagerly here); then forget it all, as
    # if those tasks were still queued, and hand the rows to two workers.
    expected = sorted(OutgoingEmail.objects.values_list("dedupe_key", flat=True))
    assert len(expected) >= 3 * 5  # started + a "your move" per turn, per game
    OutgoingEmail.objects.all().delete()
    ReplyToken.objects.all().delete()
    MoveRecord.objects.update(notified_at=None)
    MatchEvent.objects.update(notified_at=None)
    mail.outbox.clear()
    moves = list(MoveRecord.objects.order_by("pk").values_list("pk", flat=True))
    events = list(MatchEvent.objects.order_by("pk").values_list("pk", flat=True))
    monkeypatch.setattr(announce, "WRITE_CHUNK", 3)  # many small transactions to interleave

    def write():
        return announce.notifications_write(move_ids=moves, event_ids=events, now=now)

    written = run_in_threads(write, write)

    assert all(isinstance(count, int) for count in written), written
    assert sum(written) == len(moves) + len(events)
    assert not MoveRecord.objects.filter(notified_at__isnull=True).exists()
    assert not MatchEvent.objects.filter(notified_at__isnull=True).exists()
    assert sorted(OutgoingEmail.objects.values_list("dedupe_key", flat=True)) == expected
    assert len(mail.outbox) == len(expected)
