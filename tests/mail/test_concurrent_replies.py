"""Issue 24: twenty refused replies to one game at once, through the SMTP
gateway's processing, on PostgreSQL: no deadlock, every one answered; and a
good reply among them is played and mailed at once, not after retries."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection

from games.services import match_create_seated
from mail.gateway import _process
from mail.models import InboundEmail, OutgoingEmail
from tests.threads import run_in_threads

from .conftest import mover_of
from .intake import message

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL for concurrent transactions (CI runs it)",
    ),
]


def test_twenty_concurrent_rejected_replies_are_all_answered(alice, bob, now):
    game = match_create_seated(users=[alice, bob], game="alta", now=now)
    seat = mover_of(game)
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    raws = [bytes(message(address, f"castle E{n}", sender=seat.user.email)) for n in range(20)]
    mail.outbox.clear()

    results = run_in_threads(*[lambda raw=raw: _process(raw, [address], seat.user.email) for raw in raws])

    assert results == ["rejected"] * 20, [r for r in results if r != "rejected"]
    assert InboundEmail.objects.filter(outcome="rejected").count() == 20
    assert OutgoingEmail.objects.filter(kind=OutgoingEmail.Kind.REJECTED).count() == 20
    assert len(mails := [m for m in mail.outbox if m.to == [seat.user.email]]) == 20, len(mails)
    assert game.moves.count() == 0


def test_a_good_reply_among_twenty_refused_ones_is_played_and_mailed_at_once(alice, bob, now):
    game = match_create_seated(users=[alice, bob], game="alta", now=now)
    seat = mover_of(game)
    address = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1].reply_to[0]
    raws = [bytes(message(address, f"castle E{n}", sender=seat.user.email)) for n in range(20)]
    raws.insert(10, bytes(message(address, "1", sender=seat.user.email)))
    mail.outbox.clear()

    results = run_in_threads(*[lambda raw=raw: _process(raw, [address], seat.user.email) for raw in raws])

    assert all(isinstance(r, str) for r in results), [repr(r) for r in results if not isinstance(r, str)]
    assert sorted(results) == ["accepted"] + ["rejected"] * 20
    assert list(game.moves.values_list("ply", flat=True)) == [1]
    # The played move's receipt is sent by the time the replies are answered.
    receipts = [m for m in mail.outbox if m.to == [seat.user.email] and "was played" in m.subject]
    assert len(receipts) == 1, [m.subject for m in mail.outbox]
    assert not OutgoingEmail.objects.exclude(status=OutgoingEmail.Status.SENT).exists()
