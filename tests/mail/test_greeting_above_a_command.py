"""A greeting alone above a command ("Hi,\\n\\nhelp", "Hoi Bob,\\n\\nhulp")
is passed over, as it is above a move: the command is answered, not read
as a move ("its first line, "Hi,", is not a move") nor posted to the other
players as chat; chat that merely opens with a command word stays chat."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import ChatMessage
from mail.addresses import reply_address
from mail.outbox import reply_token_for
from tests.conftest import living_in

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _send(game, who: str, body: str, capture):
    seat = mover_of(game)
    if who == "waiting":
        seat = game.seats.exclude(pk=seat.pk).get()
    token = reply_token_for(match=game, seat_index=seat.index, user=seat.user, ply=game.ply, now=game.created_at)
    mail.outbox.clear()
    return seat.user, ingest(bytes(message(reply_address(token.token), body, sender=seat.user.email)), capture)


@pytest.mark.parametrize("who", ["to move", "waiting"])
@pytest.mark.parametrize(
    ("body", "language", "said"),
    [
        ("Hi,\n\nhelp", "en", "how to play by email"),
        ("Hoi Bob,\n\nhulp", "nl", "zo speel je per mail"),
        ("Hello!\nresign", "en", "Do you really want to resign this game?"),
        ("Beste Alta,\n\nopgeven", "nl", "Wil je deze partij echt opgeven?"),
    ],
)
def test_a_command_below_a_greeting_is_answered(who, body, language, said, game, django_capture_on_commit_callbacks):
    living_in(language, "Europe/Amsterdam", *(seat.user for seat in game.seats.all()))
    user, record = _send(game, who, body, django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    [answer] = mails_to(user.email)
    assert said in " ".join(answer.body.split())
    assert not ChatMessage.objects.filter(match=game).exists()
    game.refresh_from_db()
    assert game.ply == 0 and game.is_active


def test_say_below_a_greeting_posts_the_message_with_the_greeting(game, django_capture_on_commit_callbacks):
    _user, record = _send(game, "to move", "Hi all,\n\nsay good luck!", django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    assert [c.text for c in ChatMessage.objects.filter(match=game)] == ["Hi all,\ngood luck!"]


def test_chat_below_a_greeting_that_opens_with_a_command_word_stays_chat(game, django_capture_on_commit_callbacks):
    body = "Hi Bob,\n\nboard looks great, well done"
    _user, record = _send(game, "waiting", body, django_capture_on_commit_callbacks)
    assert record.outcome == "command" and record.detail == "said"
    assert [c.text for c in ChatMessage.objects.filter(match=game)] == [body]
