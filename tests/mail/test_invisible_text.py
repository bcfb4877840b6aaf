"""What mail apps add that shows as nothing never hides a move: zero-width
characters and a byte-order mark around it, or an empty plain part beside
the HTML one that holds it."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("body", ["\u200b1", "\ufeff1", "1\u200b", "\u200d1\u2060"])
def test_a_move_among_invisible_characters_is_played(body, game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    record = ingest(bytes(message(address, body, sender=seat.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.count() == 1


def test_an_empty_plain_part_beside_the_html_one_reads_the_html(game, mover_turn, django_capture_on_commit_callbacks):
    seat, address, _options = mover_turn
    reply = EmailMessage()
    reply["From"], reply["To"], reply["Subject"] = seat.user.email, address, "Re: Alta: your move"
    reply["Message-ID"] = "<blank-plain@client.example>"
    reply.set_content("\n")
    reply.add_alternative("<div>1</div>", subtype="html")
    record = ingest(bytes(reply), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    assert game.moves.count() == 1
