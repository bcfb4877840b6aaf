"""A player reads about their own moves in their own mails without being
named in the third person: the mail that asks for the rest of a turn
already says what they played, so it does not tell it again as
"Bob placed Mill at D4 from their hand."."""

from __future__ import annotations

import pytest
from django.core import mail

from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _first_step_by_mail(now, capture, language):
    """A 2-player Alta game whose first mover replies with one step of
    their turn; returns the mover and the mail that asks for the rest."""
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    seat = mover_of(match)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, "1", sender=seat.user.email)), capture)
    assert record.outcome == "accepted", record.detail
    [rest] = mails_to(seat.user.email)
    return seat.user, rest


@pytest.mark.parametrize(
    ("language", "asked", "placed"),
    [("en", "the rest of your turn", "placed"), ("nl", "de rest van je beurt", "legde")],
)
def test_the_rest_of_a_turn_mail_does_not_name_its_reader(
    now, django_capture_on_commit_callbacks, language, asked, placed
):
    mover, rest = _first_step_by_mail(now, django_capture_on_commit_callbacks, language)
    assert asked in rest.subject, rest.subject
    told = [line for line in rest.body.splitlines() if placed in line]
    assert not [line for line in told if mover.display_name in line], rest.body
