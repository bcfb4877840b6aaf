"""What a move caused is told to its mover as "you" ("You take tile yellow 3
from 4.", "Je trekt 1 kaart."), and to the other player with the mover's name."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import get_rules
from games.services import match_create_seated
from tests.conftest import make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def _atlantis_option_by_mail(now, capture, language: str, kind: str):
    """A 2-player Atlantis game of ``language`` readers whose mover replies
    by mail with the number of the first option that causes an event of
    ``kind``; returns the users, the mover's seat and the inbound record
    (the outbox then holds only the mails of that reply)."""
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with capture(execute=True):
        match = match_create_seated(users=users, game="atlantis", now=now)
    seat = mover_of(match)
    rules = get_rules("atlantis")
    state = rules.load(match.state)
    number = next(
        n
        for n, (_text, move) in enumerate(rules.move_options(state, seat.index), 1)
        if any(e.kind == kind for e in rules.apply(state, seat.index, move).events)
    )
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    return users, seat, ingest(bytes(message(address, str(number), sender=seat.user.email)), capture)


@pytest.mark.parametrize(
    ("language", "took", "drew"),
    [("en", "You take tile", "You draw 1 card."), ("nl", "Je neemt tegel", "Je trekt 1 kaart.")],
)
def test_an_atlantis_pawn_move_by_mail_tells_its_mover_you_took_and_drew(
    now, django_capture_on_commit_callbacks, language, took, drew
):
    # A pawn move that takes a tile (one that leaves a tile behind the pawn:
    # the deal decides which do).
    users, seat, record = _atlantis_option_by_mail(now, django_capture_on_commit_callbacks, language, "take")
    assert record.outcome == "accepted", record.detail
    name = seat.user.display_name
    [receipt] = mails_to(seat.user.email)
    assert took in receipt.body and drew in receipt.body, receipt.body
    for verb in ("takes", "draws", "neemt", "trekt"):
        assert f"{name} {verb}" not in receipt.body, receipt.body
    other = next(u for u in users if u != seat.user)
    [turn] = mails_to(other.email)
    third = ("takes tile", "draws 1 card.") if language == "en" else ("neemt tegel", "trekt 1 kaart.")
    assert all(f"{name} {words}" in turn.body for words in third), turn.body
    assert took not in turn.body and drew not in turn.body, turn.body


@pytest.mark.parametrize(
    ("language", "drew", "new"), [("en", "You draw", "New in your hand: "), ("nl", "Je trekt", "Nieuw in je hand: ")]
)
def test_an_atlantis_draw_reads_as_one_draw_in_its_movers_receipt(
    now, django_capture_on_commit_callbacks, language, drew, new
):
    """The receipt read "You draw 1 card." then "You draw blue.", as if the
    player drew twice; the second line now names what came into the hand."""
    _users, seat, record = _atlantis_option_by_mail(now, django_capture_on_commit_callbacks, language, "cards")
    assert record.outcome == "accepted", record.detail
    [receipt] = mails_to(seat.user.email)
    said = [line for line in receipt.body.splitlines() if line.startswith(drew)]
    assert len(said) == 1 and said[0].split()[2].isdigit(), receipt.body
    assert new in receipt.body, receipt.body
