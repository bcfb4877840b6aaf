"""A move mailed to a game that has ended in the meantime (the other player
resigned) is answered plainly: the game is over and who won, in the
player's language, not "This game is not in play" ("niet bezig")."""

from __future__ import annotations

import pytest
from django.core import mail

from games import services
from games.services import match_create_seated
from tests.conftest import living_in

from .conftest import mails_to, mover_of, resigned_game
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "over", "won", "subject"),
    [
        ("en", "The game is over; no more moves can be made.", "You won.", "the game is over"),
        (
            "nl",
            "De partij is afgelopen; er kunnen geen zetten meer worden gedaan.",
            "Je hebt gewonnen.",
            "de partij is afgelopen",
        ),
    ],
)
def test_a_move_mailed_after_the_end_is_told_the_game_is_over_and_who_won(
    language, over, won, subject, alice, bob, now, django_capture_on_commit_callbacks
):
    living_in(language, "Europe/Amsterdam", alice, bob)
    match, winner, address = resigned_game(alice, bob, now, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    record = ingest(bytes(message(address, "#1", sender=winner.email)), django_capture_on_commit_callbacks)
    assert record.detail == f"{over} {won}"
    [answer] = mails_to(winner.email)
    body = " ".join(answer.body.split())
    assert over in body and won in body
    # The winner read "Won by Alice." under "it is not your move".
    assert answer.subject == f"Alta #{match.pk}: {subject}" and str(winner) not in body.split(over)[1][:40]


@pytest.mark.parametrize(
    ("language", "chat", "stale"),
    [
        ("en", 'Reply to this email to write to your opponent. Reply "help" for the commands.', '"your move"'),
        (
            "nl",
            'Beantwoord deze mail om je tegenstander te schrijven. Antwoord "hulp" voor de opdrachten.',
            '"je bent aan zet"',
        ),
    ],
)
def test_mails_of_a_finished_game_do_not_send_moves_to_a_your_move_email(
    language, chat, stale, alice, bob, now, django_capture_on_commit_callbacks
):
    """Once the game is over there is no "your move" email to answer: the
    end mail and the answer to a late move say a reply is a message to the
    others, without pointing moves elsewhere."""
    living_in(language, "Europe/Amsterdam", alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    winner = mover_of(match).user
    address = [m for m in mails_to(winner.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.match_resign(match_id=match.pk, user=bob if winner == alice else alice, now=now)
    ingest(bytes(message(address, "#1", sender=winner.email)), django_capture_on_commit_callbacks)
    sent = mails_to(winner.email)
    assert len(sent) == 2  # the end, then the answer to the late move
    for email in sent:
        for part in (email.body, email.alternatives[0][0]):
            flat = " ".join(part.replace("&quot;", '"').split())
            assert chat in flat and stale not in flat, flat[-600:]
