"""Playing a started game through ``move_submit`` (option 1 each time) with
its emails written by the real outbox, for the mail content tests."""

from __future__ import annotations

from django.core import mail

from games.models import Match, MoveRecord
from games.services import move_submit


def play(match, now, capture, *, moves: int = 100_000) -> list:
    """Play up to ``moves`` moves (or to the end); returns every mail sent
    meanwhile, the start's included (``mail.outbox`` is not cleared)."""
    for _ in range(moves):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        seat = match.seats.filter(deadline_at__isnull=False).order_by("index").first()
        with capture(execute=True):
            move_submit(
                match_id=match.pk, user=seat.user, option=1, ply=match.ply, source=MoveRecord.Source.WEB, now=now
            )
    match.refresh_from_db()
    return list(mail.outbox)


def html_of(message) -> str:
    return message.alternatives[0][0]
