"""A reply to a "your move" mail that holds only words for the others (no
move on its first line) plays nothing; the answer says the words were not
passed on either, and how to write to the others without moving."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import ChatMessage
from games.services import match_create_seated
from tests.conftest import living_in

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Your words were not passed on to your opponent: "
            'to write to them without moving, reply "say" and your message.',
        ),
        (
            "nl",
            "Je woorden zijn niet aan je tegenstander doorgegeven: "
            'wil je schrijven zonder te zetten, antwoord dan "zeg" met je bericht.',
        ),
    ],
)
def test_a_chat_only_reply_to_a_your_move_mail_is_told_it_was_not_posted(
    language, said, alice, bob, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    mover = mover_of(match).user
    address = [m for m in mails_to(mover.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "Hello all, good luck!", sender=mover.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "rejected"
    assert not ChatMessage.objects.exists()
    [answer] = mails_to(mover.email)
    for part in (answer.body, answer.alternatives[0][0].replace("&quot;", '"')):
        assert said in " ".join(part.split())


def test_say_in_a_reply_to_a_your_move_mail_posts_the_message_and_plays_nothing(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """What the answer above advises works from the same mail."""
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    mover = mover_of(match).user
    address = [m for m in mails_to(mover.email) if m.reply_to][-1].reply_to[0]
    ingest(bytes(message(address, "say Hello all, good luck!", sender=mover.email)), django_capture_on_commit_callbacks)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Hello all, good luck!"]
    match.refresh_from_db()
    assert match.ply == 0
