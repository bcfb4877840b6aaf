"""The receipt of a turn played by mail says who moves next and until
when, in the mover's zone and language, as the game page shows it."""

import pytest
from django.core import mail
from django.utils import translation

from core.moments import moment_in

from .conftest import mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def play_first_letter(game, capture):
    seat = mover_of(game)
    turn = [m for m in mail.outbox if m.to == [seat.user.email] and m.reply_to][-1]
    mail.outbox.clear()
    record = ingest(bytes(message(turn.reply_to[0], "A", sender=seat.user.email)), capture)
    assert record.outcome == "accepted", record.detail
    [receipt] = [m for m in mail.outbox if m.to == [seat.user.email]]
    return seat, receipt


@pytest.mark.parametrize(
    ("language", "zone", "line"),
    [
        ("en", "Asia/Kolkata", "Next to move: {name}, until {when} ({zone} time)."),
        ("nl", "Europe/Amsterdam", "Nu aan zet: {name}, tot {when} (tijdzone {zone})."),
    ],
)
def test_the_receipt_says_who_moves_next_and_until_when(
    language, zone, line, game, alice, bob, django_capture_on_commit_callbacks
):
    for user in (alice, bob):
        user.language, user.time_zone = language, zone
        user.save()
    seat, receipt = play_first_letter(game, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    following = game.seats.exclude(index=seat.index).get()
    with translation.override(language):
        moment = moment_in(seat.user.zone, following.deadline_at)
    expected = line.format(name=following.user, **moment)
    assert expected in " ".join(receipt.body.split()), receipt.body
