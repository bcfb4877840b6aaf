"""Every move a player mails gets a mail back, whatever their mail
settings: a daily-digest reader (or one who muted the game) whose emailed
move starts their next turn at once (an Alpaca round that begins with
them) gets that "your move" mail as the answer, as any other mover gets a
receipt; the digest does not stand in for an answer."""

from __future__ import annotations

import pytest

from games.models import Match
from games.services import match_create_seated
from mail.addresses import reply_address
from mail.models import GameMute, OutgoingEmail
from mail.outbox import reply_token_for

from .intake import ingest, message

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("setting", ["daily digest", "muted game"])
def test_each_move_mailed_in_a_whole_alpaca_game_is_answered(
    setting, alice, bob, now, settings, django_capture_on_commit_callbacks
):
    settings.INBOUND_MAIL_PER_HOUR = 10_000  # a whole game arrives within one test "hour"
    if setting == "daily digest":
        for user in (alice, bob):
            user.notifications = user.Notifications.DAILY_DIGEST
            user.save(update_fields=["notifications"])
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alpaca", now=now)
    if setting == "muted game":
        for user in (alice, bob):
            GameMute.objects.create(user=user, match=match)
    unanswered = []
    while match.status == Match.Status.ACTIVE:
        seat = match.seats.filter(deadline_at__isnull=False).order_by("index").first()
        token = reply_token_for(match=match, seat_index=seat.index, user=seat.user, ply=match.ply, now=now)
        sent = OutgoingEmail.objects.filter(to=seat.user.email).count()
        raw = bytes(message(reply_address(token.token), "1", sender=seat.user.email))
        record = ingest(raw, django_capture_on_commit_callbacks)
        assert record.outcome == "accepted", record.detail
        if OutgoingEmail.objects.filter(to=seat.user.email).count() == sent:
            unanswered.append(f"ply {match.ply}: {record.detail}")
        match.refresh_from_db()
    assert unanswered == []
