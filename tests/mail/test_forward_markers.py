"""A reply that carries a forwarded game mail below the move (Gmail's
"---------- Forwarded message ---------", Apple Mail's "Begin forwarded
message:", in English or Dutch) has no message for the other players in
the forward's marker: it and the forwarded mail below it are dropped, as
an Outlook quote header and its quote are."""

from __future__ import annotations

import pytest

from games.models import ChatMessage
from mail.reply_cleaning import clean_reply

from .intake import ingest, message

pytestmark = pytest.mark.django_db

MARKERS = [
    "---------- Forwarded message ---------",
    "---------- Doorgestuurd bericht ---------",
    "Begin forwarded message:",
    "Begin doorgestuurd bericht:",
]


@pytest.mark.parametrize("marker", MARKERS)
def test_a_forward_marker_and_what_follows_it_are_no_words_of_the_reply(marker):
    text = f"2\n\nGood luck!\n\n{marker}\n\nDate: Mon\nSubject: Alta #1: your move\n\nYour hand: Market\n"
    assert clean_reply(text) == "2\n\nGood luck!"


def test_a_forwarded_mail_below_a_move_posts_only_the_players_words(
    game, mover_turn, django_capture_on_commit_callbacks
):
    seat, address, options = mover_turn
    body = f"1\n\nGood luck!\n\n{MARKERS[0]}\nFrom: Alta <noreply@localhost>\n\nYour move\n1. {options[0]}\n"
    record = ingest(
        bytes(message(address, body, sender=seat.user.email, quote=False)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "accepted", record.detail
    assert [c.text for c in ChatMessage.objects.filter(match=game)] == ["Good luck!"]
