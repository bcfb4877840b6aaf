"""A reply to a game mail with nothing written in it and a command as its
subject ("help", "Hulp", "resign") is that command, as at the command
address: not "your reply had no move"."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import ChatMessage
from tests.conftest import living_in

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("subject", "language", "said"),
    [
        ("help", "en", "how to play by email"),
        ("Hulp", "nl", "zo speel je per mail"),
        ("Re: HELP", "nl", "zo speel je per mail"),
        ("Help me understand the scoring", "en", "how to play by email"),
        ("resign", "en", "Do you really want to resign this game?"),
        ("opgeven", "nl", "Wil je deze partij echt opgeven?"),
        ("Resign please", "en", "Do you really want to resign this game?"),
        ("Mute the chat please", "en", "This game's chat is muted"),
    ],
)
def test_a_command_as_the_subject_of_an_empty_reply_is_answered(
    subject, language, said, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, _options = mover_turn
    living_in(language, "Europe/Amsterdam", seat.user)
    mail.outbox.clear()
    raw = bytes(message(address, "", sender=seat.user.email, subject=subject, quote=False))
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    [answer] = mails_to(seat.user.email)
    assert said in " ".join(answer.body.split())
    game.refresh_from_db()
    assert game.ply == 0 and game.is_active


@pytest.mark.parametrize("subject", ["Status update", "Mute button on the site?", "Games like this make my week"])
def test_a_subject_that_merely_opens_with_a_command_word_is_no_command(
    subject, game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, _options = mover_turn
    raw = bytes(message(address, "", sender=seat.user.email, subject=subject, quote=False))
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "Your reply had no move" in record.detail


def test_a_subject_is_no_command_when_the_reply_has_words(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, options = mover_turn
    raw = bytes(message(address, "1\n\nhelp is on its way", sender=seat.user.email, subject="help"))
    assert ingest(raw, django_capture_on_commit_callbacks).outcome == "accepted"
    assert ChatMessage.objects.get(match=game).text == "help is on its way"
