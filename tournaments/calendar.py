"""Tournament round deadlines in the player's iCalendar feed
(``games.deadlines.calendar``; registered in ``apps.py``)."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.utils.translation import gettext as _

from games.deadlines.calendar import CalendarEntry
from mail.render import in_language

from .models import Participant, Round, Tournament, TournamentGame


def round_deadlines_calendar(*, user, now: dt.datetime) -> list[CalendarEntry]:
    """One entry per open round with a hard deadline in a running
    tournament the user still plays in and in which they have a game to
    finish (not a player resting, with a bye, done with the round's game,
    or knocked out), in the user's language (calendar apps send no
    session)."""
    rounds = list(
        Round.objects.filter(
            tournament__status=Tournament.Status.RUNNING,
            tournament__paused_at__isnull=True,
            tournament__participants__user=user,
            tournament__participants__status=Participant.Status.REGISTERED,
            completed_at__isnull=True,
            deadline_at__isnull=False,
        )
        .select_related("tournament")
        .order_by("deadline_at")
    )
    mine = dict(
        Participant.objects.filter(user=user, tournament__in={r.tournament_id for r in rounds}).values_list(
            "tournament_id", "pk"
        )
    )
    # In Python: SQLite has no JSON containment lookup.
    playing = {
        game.round_id
        for game in TournamentGame.objects.filter(round__in=rounds, ranking__isnull=True).only(
            "round_id", "tournament_id", "players"
        )
        if mine.get(game.tournament_id) in game.players
    }
    with in_language(user):
        return [_entry(round_) for round_ in rounds if round_.pk in playing]


def _entry(round_: Round) -> CalendarEntry:
    assert round_.deadline_at is not None  # filtered by the caller
    tournament = round_.tournament
    url = f"{settings.SITE_URL}{tournament.get_absolute_url()}"
    names = {"tournament": tournament.name, "number": round_.number}
    return CalendarEntry(
        # The deadline in the uid: an extension shows as a new time.
        uid=f"round-{round_.pk}-{round_.deadline_at:%Y%m%dT%H%M%S}",
        at=round_.deadline_at,
        summary=_("Round %(number)s deadline: %(tournament)s") % names,
        description=_("Every game of round %(number)s of %(tournament)s must be finished by now.") % names + f" {url}",
        url=url,
    )
