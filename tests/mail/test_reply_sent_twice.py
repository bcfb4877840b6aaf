"""A mail app that sends one reply twice (a phone's double tap on Send:
two messages, two Message-IDs, the same words) plays the move once; the
second copy is answered calmly, not as a refused move."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import MoveRecord
from mail.models import InboundEmail
from tests.conftest import living_in

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "calm", "alarm"),
    [
        ("en", "your move was already played", "not accepted"),
        ("nl", "je zet was al gespeeld", "niet geaccepteerd"),
    ],
)
def test_the_same_move_mailed_twice_is_played_once_and_the_copy_is_answered_calmly(
    language, calm, alarm, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    living_in(language, "Europe/Amsterdam", seat.user)
    for _copy in range(2):
        ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
        if _copy == 0:
            mail.outbox.clear()
    assert MoveRecord.objects.filter(match=game, seat_index=seat.index).count() == 1
    [answer] = mails_to(seat.user.email)
    assert calm in answer.subject.lower() and alarm not in answer.subject.lower(), answer.subject
    assert alarm not in answer.body.lower()
    assert InboundEmail.objects.order_by("-pk").first().outcome == InboundEmail.Outcome.DUPLICATE


def test_a_different_move_to_the_same_old_mail_is_still_refused_as_an_earlier_position(
    game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    mail.outbox.clear()
    ingest(bytes(message(address, "2", sender=seat.user.email)), django_capture_on_commit_callbacks)
    [answer] = mails_to(seat.user.email)
    assert "not accepted" in answer.subject and "earlier position" in answer.body
