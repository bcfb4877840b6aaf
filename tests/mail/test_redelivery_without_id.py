"""No mail sent twice for one event: a mail without a Message-ID that the
mail system delivers again (with another Received line on top) is
recognised as the same mail, while a new mail of the same words is not."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import ChatMessage

from .conftest import mails_to
from .intake import ingest

pytestmark = pytest.mark.django_db


def without_id(
    to: str, body: str, *, sender: str, hops: list[str], date: str = "Mon, 05 Jan 2026 10:00:00 +0000"
) -> bytes:
    trace = "".join(f"Received: from relay{n}.example by mx.example; {hop}\r\n" for n, hop in enumerate(hops))
    return (
        f"{trace}From: {sender}\r\nTo: {to}\r\nSubject: Re: Alta #1: your move\r\nDate: {date}\r\n"
        f"Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    ).encode()


def test_a_move_delivered_twice_is_played_and_answered_once(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    body = f"{options[0]}\nhallo, veel plezier"
    first = ingest(
        without_id(address, body, sender=seat.user.email, hops=["Mon, 5 Jan 2026 10:00:01 +0000"]),
        django_capture_on_commit_callbacks,
    )
    assert first.outcome == "accepted"
    mail.outbox.clear()
    hops = ["Mon, 5 Jan 2026 10:05:01 +0000", "Mon, 5 Jan 2026 10:00:01 +0000"]
    again = ingest(without_id(address, body, sender=seat.user.email, hops=hops), django_capture_on_commit_callbacks)
    assert again.outcome == "duplicate"
    assert mail.outbox == []  # no "your move was not accepted"
    assert game.moves.count() == 1 and ChatMessage.objects.count() == 1


def test_a_say_delivered_twice_is_posted_once(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    for hop in ["Mon, 5 Jan 2026 10:00:01 +0000", "Mon, 5 Jan 2026 10:05:01 +0000"]:
        ingest(without_id(address, "say hallo", sender=seat.user.email, hops=[hop]), django_capture_on_commit_callbacks)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["hallo"]
    assert len([m for m in mails_to(seat.user.email) if "Your message was sent" in m.body]) == 1


def test_the_same_words_written_again_later_are_a_new_mail(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    for date in ["Mon, 05 Jan 2026 10:00:00 +0000", "Mon, 05 Jan 2026 10:30:00 +0000"]:
        raw = without_id(address, "say hallo", sender=seat.user.email, hops=[date], date=date)
        assert ingest(raw, django_capture_on_commit_callbacks).outcome == "command"
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["hallo", "hallo"]
