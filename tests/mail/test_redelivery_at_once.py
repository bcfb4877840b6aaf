"""One mail delivered twice at the same moment (the provider's webhook
retried while the first delivery is still being processed, or the same mail
through two intakes), on PostgreSQL: it is processed once, and answered once."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection
from django.utils import timezone

from games.models import ChatMessage
from games.services import match_create_seated
from mail.commands import resign_code
from mail.gateway import _process
from mail.models import ReplyToken
from mail.services import MAX_MESSAGE_BYTES, inbound_email_too_large
from tests.threads import run_in_threads

from .conftest import mails_to, mover_of
from .intake import message

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL for concurrent transactions (CI runs it)",
    ),
]


def _twice_at_once(raw: bytes, address: str, sender: str) -> list:
    return run_in_threads(*[lambda: _process(raw, [address], sender)] * 2)


@pytest.fixture
def started(alice, bob, now):
    game = match_create_seated(users=[alice, bob], game="alta", now=now)
    seat = mover_of(game)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    return game, seat, address


def test_a_say_delivered_twice_at_once_is_posted_and_answered_once(started):
    game, seat, address = started
    raw = bytes(message(address, "say good luck", sender=seat.user.email, message_id="<say-1@client.example>"))

    outcomes = _twice_at_once(raw, address, seat.user.email)

    assert sorted(outcomes) == ["command", "duplicate"], outcomes
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["good luck"]
    assert len([m for m in mails_to(seat.user.email) if "Your message was sent" in m.body]) == 1


def test_a_resignation_delivered_twice_at_once_is_confirmed_once_and_never_refused(started):
    game, seat, address = started
    token = ReplyToken.objects.get(token=address.split("+", 1)[1].split("@", 1)[0])
    raw = bytes(
        message(address, f"resign {resign_code(token)}", sender=seat.user.email, message_id="<resign-1@client.example>")
    )

    outcomes = _twice_at_once(raw, address, seat.user.email)

    bodies = [m.body for m in mails_to(seat.user.email)]
    assert len([b for b in bodies if "You resigned this game." in b]) == 1, bodies
    assert not [b for b in bodies if "not accepted" in b], bodies
    game.refresh_from_db()
    assert game.is_finished
    assert sorted(outcomes) == ["command", "duplicate"], outcomes


def test_a_mail_too_large_delivered_twice_at_once_is_answered_once(started):
    game, seat, address = started
    raw = bytes(
        message(address, "1\n\n" + "foto " * 500_000, sender=seat.user.email, message_id="<big-1@client.example>")
    )
    assert len(raw) > MAX_MESSAGE_BYTES

    def too_large():
        return inbound_email_too_large(raw=raw, source="webhook", now=timezone.now(), envelope_sender=seat.user.email)

    records = run_in_threads(too_large, too_large)

    assert sorted(record.outcome for record in records) == ["duplicate", "malformed"], records
    assert len([m for m in mails_to(seat.user.email) if "too large" in m.body]) == 1
    assert not game.moves.exists()
