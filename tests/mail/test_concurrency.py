"""Two mail workers given the same moves and events at once, on PostgreSQL
(real row locks and concurrent transactions; CI runs it): every row is
announced once and every email is written and sent once; an email's key
inserted by a transaction still open is found once that one commits."""

from __future__ import annotations

import threading
import time

import pytest
from django.core import mail
from django.db import connection, transaction

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


def test_a_key_inserted_by_a_transaction_still_open_is_found_once_it_commits(alice, bob, now):
    from mail.outbox import email_queue, reply_token_for

    game = match_create_seated(users=[alice, bob], game="alta", now=now)
    inserted = threading.Event()

    def queue(subject):
        return email_queue(
            kind="notice",
            to="p@example.com",
            subject=subject,
            text="t",
            html="h",
            dedupe_key="notice:race",
            now=now,
            user=alice,
        )

    def first():
        with transaction.atomic():
            email = queue("first")
            inserted.set()
            time.sleep(0.5)  # the second transaction's insert waits for this one
            return email.pk

    def second():
        inserted.wait(5)
        with transaction.atomic():
            email = queue("second")
            # Its transaction goes on: write something else and commit.
            token = reply_token_for(match=game, seat_index=0, user=alice, ply=99, now=now)
            return email.pk, email.subject, token.pk

    first_pk, (second_pk, subject, token_pk) = run_in_threads(first, second)
    assert second_pk == first_pk and subject == "first"
    assert list(OutgoingEmail.objects.filter(dedupe_key="notice:race").values_list("pk", flat=True)) == [first_pk]
    assert ReplyToken.objects.filter(pk=token_pk, ply=99).exists()


def test_a_move_under_a_foreign_key_check_is_still_announced(alice, bob, now):
    """The mail intake links its record to the move just after the move's
    commit, in a transaction of its own; its foreign-key check holds a KEY
    SHARE lock on the move's row.  A worker claiming the move meanwhile
    must not take that for another worker's claim and skip the row: its
    mails were then written only by the sweep, minutes later."""
    from mail.models import InboundEmail

    game = match_create_seated(users=[alice, bob], game="alta", now=now)
    _whole_turn(game, now)
    move = MoveRecord.objects.filter(match=game).latest("pk")
    OutgoingEmail.objects.all().delete()
    ReplyToken.objects.all().delete()
    MoveRecord.objects.filter(pk=move.pk).update(notified_at=None)
    record = InboundEmail.objects.create(raw="", source="smtp", message_id="<fk-check@example.com>", received_at=now)
    linked, release = threading.Event(), threading.Event()

    def link_the_record():
        with transaction.atomic():
            InboundEmail.objects.filter(pk=record.pk).update(move=move)
            connection.check_constraints()  # the deferred check now: KEY SHARE on the move's row
            linked.set()
            release.wait(10)

    def announce_the_move():
        assert linked.wait(10)
        try:
            return announce.notifications_write(move_ids=[move.pk], event_ids=[], now=now)
        finally:
            release.set()

    _, written = run_in_threads(link_the_record, announce_the_move)

    assert written == 1
    move.refresh_from_db()
    assert move.notified_at is not None
    assert OutgoingEmail.objects.filter(match=game).exists()


def test_a_send_locks_only_the_mail_it_claims(now):
    """A send takes other queued mail along; a row its lock query locked but
    did not claim would be skipped meanwhile by the task that was to send
    it, and wait for the outbox sweep."""
    from mail import sending

    from .test_sending import queue

    ids = queue(6, now)
    # Committed here, so already sent by the eager task after commit: queue them again.
    OutgoingEmail.objects.update(status=OutgoingEmail.Status.QUEUED, claimed_at=None, sent_at=None)
    claimed, release = threading.Event(), threading.Event()

    def claim_and_hold():
        with transaction.atomic():
            rows = sending._claim([ids[-1]], now, extra=2)
            claimed.set()
            release.wait(10)
        return sorted(row.pk for row in rows)

    def lock_the_rest():
        assert claimed.wait(10)
        try:
            with transaction.atomic():
                free = OutgoingEmail.objects.select_for_update(skip_locked=True).filter(status="queued")
                return sorted(row.pk for row in free)
        finally:
            release.set()

    held, free = run_in_threads(claim_and_hold, lock_the_rest)

    assert held == [ids[0], ids[1], ids[5]]  # its own and the two oldest
    assert free == ids[2:5]
