"""A 4-player Alta found and played by mail alone: four players ask the
command address for a game ("spelen alta 4", "play alta 4"), the fourth
starts it, and every turn is a reply with an option letter.  Each reply
brings its mover one answer and the next mover their turn; the end comes
once to each player, in their language."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import Match
from tests.conftest import living_in, make_user

from .intake import ingest, message

pytestmark = pytest.mark.django_db

ASKED = ["spelen alta 4", "play alta 4", "Spelen alta met 4 spelers", "play alta"]


def test_four_players_find_and_play_a_whole_alta_game_by_mail(settings, now, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    users = [make_user(f"p{i}@example.com", name) for i, name in enumerate(["Anna", "Bram", "Cor", "Dirk"])]
    living_in("nl", "Europe/Amsterdam", *users[:2])
    commands = f"commands@{settings.MAIL_DOMAIN}"
    for user, asked in zip(users, ASKED, strict=True):
        mail.outbox.clear()
        record = ingest(bytes(message(commands, asked, sender=user.email, subject="spel", quote=False)), capture)
        assert record.outcome == "command", record.detail
    match = Match.objects.get()
    assert match.is_active and match.players == 4
    # The start: one mail each, in their language; only the first mover's asks for a move.
    started = {m.to[0]: m for m in mail.outbox if "begonnen" in m.subject or "started" in m.subject}
    assert sorted(started) == sorted(u.email for u in users)
    assert len([m for m in started.values() if m.reply_to]) == 1
    assert all(
        ("de partij is begonnen" in m.subject) == (m.to[0] in ("p0@example.com", "p1@example.com"))
        for m in started.values()
    )

    turns = 0
    while not match.is_finished:
        [turn] = [m for m in mail.outbox if m.reply_to]
        mover = turn.to[0]
        mail.outbox.clear()
        # The whole turn by its letter; a step alone (a merchant card) by its number.
        choice = "A" if "A. " in turn.body else "1"
        record = ingest(bytes(message(turn.reply_to[0], choice, sender=mover)), capture)
        assert record.outcome == "accepted", record.detail
        assert len([m for m in mail.outbox if m.to == [mover]]) == 1  # its answer, never two
        turns += 1
        match.refresh_from_db()
    assert turns >= 32  # 8 turns each, and a merchant card after some markets
    ends = [m for m in mail.outbox if "afgelopen" in m.subject or "is over" in m.subject]
    assert sorted(m.to[0] for m in ends) == sorted(u.email for u in users)
    assert len(mail.outbox) == 4  # the end stands in for the last mover's answer
    for end in ends:
        assert ("Eindstelling (alle 8 ronden gespeeld)" in end.body) == (
            end.to[0] in ("p0@example.com", "p1@example.com")
        )
