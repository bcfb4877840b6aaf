"""A move with only the writer's sign-off below it ("Groetjes,\\nBob",
"Cheers, Alice", "Met vriendelijke groet") is the move alone: the sign-off
was posted to the other players as a chat message ("Bob: Groetjes, Bob")
and the mover told their message was passed on."""

import pytest
from django.core import mail

from games.models import ChatMessage
from mail.models import InboundEmail

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "sign_off",
    [
        "Groetjes,\n{name}",
        "Cheers, {name}",
        "Met vriendelijke groet,\n\n{name}",
        "Kind regards",
        "{name}",
        "Gr. {name}",
    ],
)
def test_a_sign_off_below_the_move_is_no_message(sign_off, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    body = "1\n\n" + sign_off.format(name=seat.user.display_name)
    mail.outbox.clear()
    record = ingest(bytes(message(address, body, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    assert not ChatMessage.objects.exists()
    assert not any("Chat from" in m.body for m in mail.outbox if m.to != [seat.user.email])
    assert "passed on" not in mails_to(seat.user.email)[-1].body


@pytest.mark.parametrize("below", ["Cheers, good luck!", "Groetjes aan je zus,\n{name}", "Thanks for the game"])
def test_words_beside_a_sign_off_are_still_a_message(below, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    said = below.format(name=seat.user.display_name)
    record = ingest(bytes(message(address, "1\n\n" + said, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    assert ChatMessage.objects.get().text == said
