"""Recording what rating a finished game gave its players.

The ratings app rates a game after it ended and hands the new ratings to
``match_ratings_record``; the event it stores (kind ``rated``) is
announced like any other, so the mail app tells each player (games knows
neither app: the event carries plain numbers).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_noop

from games.models import Match, MatchEvent

from .events import record_event


@dataclass(frozen=True, slots=True)
class NewRating:
    """One player's rating after a rated game, as the rating pages show it."""

    user_id: int
    #: The rating before and after the game, rounded as shown.
    old: int
    new: int
    #: The change, rounded to the one decimal shown.
    delta: float
    #: The rated games of the kind after which the rating is no longer
    #: provisional, while it still is; None once it is settled.
    provisional_until: int | None = None
    #: The player's rated games of the kind, this one included.
    games: int | None = None
    #: Whether this game settled the rating (the first no longer provisional).
    settled: bool = False
    #: How the change adds up, for the player's mail: their place (players
    #: level share it) of ``players``, their K, and per opponent
    #: ``{"user_id", "rating" (as shown), "expected", "actual", "delta"}``.
    place: int | None = None
    players: int | None = None
    k: int | None = None
    opponents: tuple[dict, ...] = ()


def match_ratings_record(*, match_id: int, ratings: Sequence[NewRating], now: dt.datetime) -> MatchEvent:
    """Record that the finished match ``match_id`` changed its players'
    ratings to ``ratings`` (event ``rated``, announced once the current
    transaction commits; the mail app tells each player theirs).

    Call it once per rated game, in the transaction that stores the
    ratings (the caller's own once-only guard keeps it once; each player's
    mail is keyed to the game as well).

    :raises Match.DoesNotExist: no such match.
    """
    match = Match.objects.get(pk=match_id)
    return record_event(
        match,
        "rated",
        gettext_noop("The result counted for the players' ratings."),
        now=now,
        ratings=[dataclasses.asdict(rating) for rating in ratings],
    )
