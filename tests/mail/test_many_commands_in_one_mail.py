"""One mail holding a command many times ("help" on 40 lines, a move with
"history" 40 times below it) is answered once per different command, and
at most a handful of commands are answered: a mail is never multiplied
into dozens of answers (forty lines made forty mails)."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import ChatMessage

from .intake import answers_to, ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("body", "outcome", "answers"),
    [
        ("help\n" * 40, "command", 1),
        ("HELP\nhelp\nHulp\n", "command", 1),
        ("1\n" + "history\n" * 40, "accepted", 2),  # the move's receipt and one history
        ("games\nboard\nhistory\n" * 10, "command", 3),
        ("".join(f"vacation {days}\n" for days in range(1, 41)), "command", 6),
    ],
)
def test_each_different_command_is_answered_once(
    body, outcome, answers, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, _options = mover_turn
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == outcome, record.detail
    assert len(answers_to(seat.user.email, mail.outbox)) == answers
    assert not ChatMessage.objects.filter(match=game).exists()
