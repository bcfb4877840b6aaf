"""A message below an emailed move longer than a chat line may be is cut
to its beginning (as the game page's chat form cuts it); the move's
receipt says so, as the answer to "say" does, so the writer knows the
others did not read all of it."""

from __future__ import annotations

import pytest

from games.models import CHAT_MAX_LENGTH, ChatMessage
from tests.conftest import living_in

from .conftest import mails_to
from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "cut"),
    [
        ("en", f"It was longer than {CHAT_MAX_LENGTH} characters: only its beginning was sent."),
        ("nl", f"Het was langer dan {CHAT_MAX_LENGTH} tekens: alleen het begin is verstuurd."),
    ],
)
def test_the_receipt_says_a_long_message_was_cut(language, cut, game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    living_in(language, "Europe/Amsterdam", seat.user)
    words = " ".join(f"word{number}" for number in range(400))
    raw = bytes(message(address, f"1\n\n{words}", sender=seat.user.email))
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert len(ChatMessage.objects.get(match=game).text) == CHAT_MAX_LENGTH
    receipt = mails_to(seat.user.email)[-1]
    assert cut in " ".join(receipt.body.split())


def test_a_short_message_is_not_said_to_be_cut(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    raw = bytes(message(address, "1\n\nGood luck!", sender=seat.user.email))
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    body = " ".join(mails_to(seat.user.email)[-1].body.split())
    assert "passed on to your opponent" in body and "only its beginning" not in body
