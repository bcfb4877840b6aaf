"""A Dutch reader's "your move" mail lists the options in Dutch notation,
and a reply with the Dutch text of an option plays that option."""

from __future__ import annotations

import json
from email.message import EmailMessage

import pytest
from django.core import mail
from django.utils import translation

from games.boards import playable_slugs
from games.engine import get_rules
from games.models import MoveRecord
from games.services import match_create_seated
from mail.models import InboundEmail
from mail.services import inbound_email_process
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def _reply(to: str, body: str, sender: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: je zet"
    message["Message-ID"] = "<dutch-option@client.example>"
    message.set_content(f"{body}\n\n> quoted\n")
    return bytes(message)


@pytest.mark.parametrize("slug", playable_slugs())
def test_a_dutch_reader_replies_with_the_dutch_text_of_an_option(slug, now, django_capture_on_commit_callbacks):
    users = [make_user(f"nl{i}@example.com", f"Speler {i}", language="nl") for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game=slug, now=now)
    rules = get_rules(slug)
    state = rules.load(match.state)
    seat = min(rules.to_move(state))
    mover = match.seats.get(index=seat).user
    [latest] = [m for m in mail.outbox if m.to == [mover.email] and m.reply_to]
    options = rules.move_options(state, seat)
    english, move = options[-1 if slug == "alhambra" else 0]
    dutch = rules.notation_in(english, "nl")
    assert dutch != english
    # Listed in Dutch (the first options: the mail may list only some); never in English.
    with translation.override("nl"):
        listed = [rules.notation_in(text, "nl") for text, _ in options[:5]]
    assert all(text in latest.body for text in listed if text.lower() != text.upper()), latest.body
    assert not any(text in latest.body for text, _ in options[:5] if text != rules.notation_in(text, "nl"))

    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(raw=_reply(latest.reply_to[0], dutch, mover.email), source="test", now=now)
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    played = MoveRecord.objects.get(match=match, ply=1)
    assert played.moves == [json.loads(json.dumps(rules.dump_move(move)))]
