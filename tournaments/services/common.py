"""Helpers every tournament service shares: the tournament lock, the log,
the organiser check.

Lock order (house style 9.5): the tournament row first, then any match
(through the games services).  The games app never takes a tournament
lock, so a game finishing cannot deadlock with a tournament step.
"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from games.services import NotAllowed, NotFound

from ..models import Tournament, TournamentEvent
from ..selectors import can_manage


def locked_tournament(tournament_id: int) -> Tournament:
    """The tournament row, locked until the end of the transaction.

    :raises NotFound: no such tournament.
    """
    try:
        # ``of=("self",)``: PostgreSQL cannot lock the nullable side of the
        # outer join to the club, and only the tournament row is wanted.
        return (
            Tournament.objects.select_for_update(of=("self",))
            .select_related("club")
            .get(pk=tournament_id)
        )
    except Tournament.DoesNotExist:
        raise NotFound(_("There is no such tournament.")) from None


def require_manager(user, tournament: Tournament) -> None:
    """:raises NotAllowed: ``user`` does not organise ``tournament``."""
    if not can_manage(user, tournament):
        raise NotAllowed(
            _("Only the tournament's organisers can do that."), code="not_organiser"
        )


def log(
    tournament: Tournament, kind: str, text: str, *, now: dt.datetime, user=None, **data
) -> TournamentEvent:
    return TournamentEvent.objects.create(
        tournament=tournament,
        kind=kind,
        text=text[:1000],
        user=user,
        data=data,
        created_at=now,
    )
