"""Words mailed to a finished game in reply to one of its old turn mails
("gg, well played!") are chat, as the game-over mail says a reply is: they
reach the other players and the writer is told so, not that their move
was refused; a move in such a reply is still told the game is over."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import ChatMessage
from tests.conftest import living_in

from .conftest import mails_to, resigned_game
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.fixture
def ended(alice, bob, now, django_capture_on_commit_callbacks):
    """A game the loser resigned; the winner and the address of their first turn mail."""
    return resigned_game(alice, bob, now, django_capture_on_commit_callbacks)


@pytest.mark.parametrize(
    ("language", "sent"),
    [("en", "Your message was sent to your opponent"), ("nl", "Je bericht is verstuurd naar je tegenstander")],
)
def test_words_in_reply_to_an_old_turn_mail_of_a_finished_game_are_chat(
    language, sent, ended, alice, bob, django_capture_on_commit_callbacks
):
    match, winner, address = ended
    living_in(language, "Europe/Amsterdam", alice, bob)
    mail.outbox.clear()
    raw = bytes(message(address, "gg, well played!", sender=winner.email))
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    assert [c.text for c in ChatMessage.objects.filter(match=match)] == ["gg, well played!"]
    [answer] = mails_to(winner.email)
    assert sent in " ".join(answer.body.split()) and "not accepted" not in answer.subject


def test_a_move_to_a_finished_game_is_still_told_the_game_is_over(ended, django_capture_on_commit_callbacks):
    match, winner, address = ended
    record = ingest(bytes(message(address, "1", sender=winner.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "The game is over" in record.detail
    assert not ChatMessage.objects.filter(match=match).exists()
