"""The end of a tournament: publishing the final standings (and mailing
every player), or cancelling.  Both expect the tournament lock and run
once: the tournament leaves ``running`` (or ``registration``) for good.
"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext_noop

from ..models import Participant, Tournament
from ..notify import notice_send, tournament_url
from ..selectors import participants_of
from .common import log


def finish_locked(tournament: Tournament, placements, now: dt.datetime) -> None:
    """Publish the final standings and email every player.  Expects the
    tournament lock; runs once (the tournament leaves ``running``)."""
    place = {pid: rank for rank, pid in placements}
    participants = participants_of(tournament)
    for p in participants:
        p.final_place = place.get(p.pk)
    Participant.objects.bulk_update(participants, ["final_place"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    tournament.round_set.filter(completed_at__isnull=True).update(completed_at=now)
    podium = sorted((p for p in participants if p.final_place), key=lambda p: p.final_place or 0)
    log(
        tournament,
        "finished",
        gettext_noop("The tournament is over; final standings published."),
        now=now,
        placements=[[p.final_place, p.user_id] for p in podium],
    )
    for p in participants:
        notice_send(
            user=p.user,
            template="tournament-final",
            context={
                "tournament": tournament,
                "place": p.final_place,
                "count": len(participants),
                "podium": podium[:10],
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-final:{tournament.pk}:{p.user_id}",
            now=now,
        )


def cancel_locked(tournament: Tournament, reason: str, *, now: dt.datetime, by=None) -> None:
    """Cancel and tell the players.  Expects the tournament lock."""
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    log(
        tournament,
        "cancelled",
        gettext_noop("The tournament was cancelled: %(reason)s."),
        params={"reason": reason},
        user=by,
        now=now,
    )
    for p in tournament.participants.select_related("user"):
        notice_send(
            user=p.user,
            template="tournament-cancelled",
            context={
                "tournament": tournament,
                "reason": reason,
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-cancelled:{tournament.pk}:{p.user_id}",
            now=now,
        )
