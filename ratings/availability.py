"""Who may be given new ladder games right now (reads the database)."""

from __future__ import annotations

import datetime as dt


def is_on_vacation(user, now: dt.datetime) -> bool:
    """Whether ``user`` is on vacation at ``now`` and must not be given new
    games (matchmaking and challenges ask here)."""
    from games.models import DeadlineSettings

    prefs = DeadlineSettings.objects.filter(user=user).first()
    return prefs is not None and prefs.is_away(now)


def away_among(user_ids, now: dt.datetime) -> set[int]:
    """Which of ``user_ids`` are on vacation at ``now`` (``is_on_vacation``
    for many, in one query)."""
    from games.models import DeadlineSettings

    away = DeadlineSettings.objects.filter(user_id__in=user_ids, away_from__lte=now, away_until__gt=now)
    return set(away.values_list("user_id", flat=True))
