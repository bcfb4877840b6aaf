"""The end of a tournament: publishing the final standings (and mailing
every player), or cancelling.  Both expect the tournament lock and run
once: the tournament leaves ``running`` (or ``registration``) for good.
"""

from __future__ import annotations

import datetime as dt
from typing import cast

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop

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
    # A Swiss ends before its last round once too few players are left to pair.
    last = tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0
    early = tournament.format == Tournament.Format.SWISS and last < (tournament.rounds or 0)
    log(
        tournament,
        "finished",
        gettext_noop(
            "The tournament is over after round %(last)s of %(rounds)s, as too few players are left to pair; "
            "final standings published."
        )
        if early
        else gettext_noop("The tournament is over; final standings published."),
        params={"last": last, "rounds": tournament.rounds} if early else None,
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
                # Level on points and every tie-break with them: a shared place says so.
                "sharing": [str(o.user) for o in podium if o.final_place == p.final_place and o is not p],
                "count": len(participants),
                "early": early,
                "last": last,
                "podium": podium[:10],
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-final:{tournament.pk}:{p.user_id}",
            now=now,
        )


def cancel_locked(
    tournament: Tournament,
    reason: str,
    *,
    now: dt.datetime,
    by=None,
    reason_params: dict[str, object] | None = None,
) -> None:
    """Cancel and tell the players still in (not those who withdrew or
    were disqualified: they are out already).  ``reason`` is as an organiser typed
    it or, with ``reason_params``, a msgid the site gives (``gettext_noop``)
    with those %-params: each reader sees it in their own language.
    Expects the tournament lock."""
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    site = reason_params is not None
    log(
        tournament,
        "cancelled",
        gettext_noop("The tournament was cancelled: %(reason)s."),
        params={"reason": reason, **(reason_params or {})},
        translated=["reason"] if site else [],
        user=by,
        now=now,
    )
    shown = _translated_when_shown(reason, reason_params) if site else reason
    for p in tournament.participants.filter(status=Participant.Status.REGISTERED).select_related("user"):
        notice_send(
            user=p.user,
            template="tournament-cancelled",
            context={
                "tournament": tournament,
                "reason": shown,
                "url": tournament_url(tournament),
            },
            dedupe_key=f"tournament-cancelled:{tournament.pk}:{p.user_id}",
            now=now,
        )


def _translated_when_shown(msgid: str, params: dict[str, object] | None) -> str:
    """``msgid % params`` in the language active when it is rendered: a
    mail written in its reader's language (``notice_send``) reads it so."""
    return cast(str, lazy(lambda: gettext(msgid) % (params or {}), str)())
