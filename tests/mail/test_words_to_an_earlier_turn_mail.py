"""Words that hold no move, sent by the player to move in reply to an
earlier mail of their turn (they played a step since), are answered as
such words are on the latest mail: the reply had no move and the words
were not passed on ("say" passes them on), not "this email answers an
earlier position", which speaks of a move they did not send."""

from __future__ import annotations

import pytest

from games.models import ChatMessage

from .intake import ingest, message

pytestmark = pytest.mark.django_db


def test_words_without_a_move_to_an_earlier_mail_of_the_turn(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    assert ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks).outcome == (
        "accepted"
    )
    seat.refresh_from_db()
    assert seat.deadline_at is not None  # an Alta turn has more steps: still to move
    raw = bytes(message(address, "Tough choice, hmm", sender=seat.user.email))
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    assert "Your reply had no move" in record.detail and "were not passed on" in record.detail
    assert "earlier position" not in record.detail
    assert game.moves.count() == 1 and not ChatMessage.objects.filter(match=game).exists()


def test_a_move_to_an_earlier_mail_of_the_turn_is_still_told_so(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    ingest(bytes(message(address, "1", sender=seat.user.email)), django_capture_on_commit_callbacks)
    record = ingest(bytes(message(address, "2", sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "earlier position" in record.detail
