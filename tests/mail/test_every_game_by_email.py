"""Every playable game can be played to the end by replying to its emails."""

from email.message import EmailMessage

import pytest
from django.core import mail

from games.boards import playable_slugs
from games.models import Match
from games.services import match_create_seated
from mail.models import InboundEmail
from mail.services import inbound_email_process

pytestmark = pytest.mark.django_db


def reply(to: str, body: str, sender: str, number: int) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: your move"
    message["Message-ID"] = f"<game-reply-{number}@client.example>"
    message.set_content(f"{body}\n\n> quoted\n")
    return bytes(message)


@pytest.mark.parametrize("slug", playable_slugs())
def test_a_two_player_game_by_email_replies_alone(slug, alice, bob, now, settings, django_capture_on_commit_callbacks):
    settings.INBOUND_MAIL_PER_HOUR = 10_000  # a whole game arrives within one test "hour"
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=slug, now=now)
    for number in range(3000):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        # Usually one seat is to move; an Alhambra hand-out can ask several.
        mover = match.seats.filter(deadline_at__isnull=False).order_by("index").first().user
        latest = [m for m in mail.outbox if m.to == [mover.email] and m.reply_to][-1]
        with django_capture_on_commit_callbacks(execute=True):
            record = inbound_email_process(
                raw=reply(latest.reply_to[0], "1", mover.email, number), source="test", now=now
            )
        assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    assert match.status == Match.Status.FINISHED
    assert {m.to[0] for m in mail.outbox if "the game is over" in m.subject} == {alice.email, bob.email}
