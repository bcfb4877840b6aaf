"""The mail that answers a move sent by email (the receipt, or the rest of
the turn) is an auto-reply threaded under the player's own mail, as every
other answer of the intake is (issue 19: "Answers carry Auto-Submitted:
auto-replied, threading headers")."""

from __future__ import annotations

import pytest
from django.core import mail

from mail.addresses import thread_id

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db


def test_the_answer_to_an_emailed_move_replies_to_that_mail(game, django_capture_on_commit_callbacks):
    seat = mover_of(game)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    sent = message(address, "1", sender=seat.user.email, message_id="<my-move-1@client.example>")
    record = ingest(bytes(sent), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    [answer] = mails_to(seat.user.email)
    headers = answer.extra_headers
    assert headers["Auto-Submitted"] == "auto-replied"
    assert headers["In-Reply-To"] == "<my-move-1@client.example>"
    # Still in the game's thread, now also under the player's mail.
    assert headers["References"].split() == [thread_id(game.pk, seat.user.pk), "<my-move-1@client.example>"]


def test_a_turn_played_on_the_site_gets_no_auto_reply_headers(game, django_capture_on_commit_callbacks):
    from games.engine import get_rules
    from games.services import move_submit

    seat, rules = mover_of(game), get_rules(game.game)
    mail.outbox.clear()
    while seat.index in rules.to_move(state := rules.load(game.state)):
        text = rules.format_move(state, seat.index, rules.legal_moves(state, seat.index)[0])
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(match_id=game.pk, user=seat.user, ply=game.ply, source="web", now=game.created_at, text=text)
        game.refresh_from_db()
    assert mail.outbox  # the other player's turn mail
    for sent in mail.outbox:
        assert sent.extra_headers["Auto-Submitted"] == "auto-generated"
        assert sent.extra_headers["In-Reply-To"].startswith("<game-")
