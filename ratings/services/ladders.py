"""Ladder membership and automatic matchmaking.

Every function that creates ladder games locks the ladder row first, so two
matchmaking rounds (or a round and an accepted challenge) cannot seat the
same free slot twice.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Match
from games.services import (
    Conflict,
    GameActionError,
    NotAllowed,
    NotFound,
    match_create_seated,
)
from ratings import availability, matchmaking
from ratings.calculator import START_RATING
from ratings.game_context import KIND as LADDER_KIND
from ratings.models import MAX_CAPACITY, Challenge, Ladder, LadderGame, LadderMembership
from ratings.selectors import member_stats, ratings_of_members, recent_opponents


def locked_ladder(ladder_id: int) -> Ladder:
    """The ladder row, locked.  Expects an open transaction."""
    try:
        return Ladder.objects.select_for_update().get(pk=ladder_id)
    except Ladder.DoesNotExist:
        raise NotFound(_("There is no such ladder.")) from None


def current_membership(ladder: Ladder, user) -> LadderMembership:
    """:raises NotAllowed: ``user`` is not a current member."""
    membership = LadderMembership.objects.filter(ladder=ladder, user=user, left_at__isnull=True).first()
    if membership is None:
        raise NotAllowed(_("You are not a member of this ladder."), code="not_a_member")
    return membership


def _check_capacity(capacity: int) -> None:
    if not 1 <= capacity <= MAX_CAPACITY:
        raise GameActionError(
            _("Choose between 1 and %(maximum)s games at once.") % {"maximum": MAX_CAPACITY},
            code="invalid_capacity",
        )


def ladder_join(*, ladder_id: int, user, now: dt.datetime, capacity: int = 1) -> LadderMembership:
    """Join a ladder (or rejoin it after leaving) wanting ``capacity``
    games at once.

    :raises NotFound, Conflict, GameActionError: no such ladder; inactive
        ladder or already a member; capacity out of range.
    """
    _check_capacity(capacity)
    with transaction.atomic():
        ladder = locked_ladder(ladder_id)
        if not ladder.active:
            raise Conflict(_("This ladder is closed."), code="ladder_closed")
        membership = LadderMembership.objects.filter(ladder=ladder, user=user).first()
        if membership is None:
            return LadderMembership.objects.create(ladder=ladder, user=user, capacity=capacity, joined_at=now)
        if membership.is_current:
            raise Conflict(_("You are already a member of this ladder."), code="already_member")
        # The first join stays the activity a join gives: leaving and coming
        # back does not put an inactive member back in the ranking.
        membership.first_joined_at = membership.active_since
        membership.capacity, membership.joined_at, membership.left_at = (
            capacity,
            now,
            None,
        )
        membership.save(update_fields=["capacity", "joined_at", "left_at", "first_joined_at"])
        return membership


def ladder_leave(*, ladder_id: int, user, now: dt.datetime) -> LadderMembership:
    """Leave a ladder: no new games, open challenges withdrawn; running
    ladder games are played to the end.

    :raises NotFound, NotAllowed.
    """
    with transaction.atomic():
        ladder = locked_ladder(ladder_id)
        membership = current_membership(ladder, user)
        membership.left_at = now
        membership.save(update_fields=["left_at"])
        Challenge.objects.filter(ladder=ladder, status=Challenge.Status.OPEN).filter(challenger=user).update(
            status=Challenge.Status.WITHDRAWN, answered_at=now
        )
        Challenge.objects.filter(ladder=ladder, status=Challenge.Status.OPEN).filter(challenged=user).update(
            status=Challenge.Status.WITHDRAWN, answered_at=now
        )
        return membership


def ladder_capacity_set(*, ladder_id: int, user, capacity: int, now: dt.datetime) -> LadderMembership:
    """Set how many ladder games the member wants running at once (1-10).
    Lowering it never ends running games; it only pauses new ones.

    :raises NotFound, NotAllowed, GameActionError.
    """
    _check_capacity(capacity)
    with transaction.atomic():
        ladder = locked_ladder(ladder_id)
        membership = current_membership(ladder, user)
        membership.capacity = capacity
        membership.save(update_fields=["capacity"])
        return membership


def ladder_game_create(*, ladder: Ladder, users: Sequence, origin: str, now: dt.datetime) -> Match:
    """Create and start a rated ladder game for ``users``.  Expects the
    ladder lock; the games app seats and notifies the players."""
    match = match_create_seated(
        users=users,
        game=ladder.game,
        now=now,
        days_per_move=ladder.days_per_move,
        rated=True,
        timeout_policy=ladder.timeout_policy,
        organised_by=LADDER_KIND,
    )
    LadderGame.objects.create(ladder=ladder, match=match, origin=origin, created_at=now)
    return match


def free_candidates(ladder: Ladder, *, now: dt.datetime, exclude: Sequence[int] = ()):
    """``(candidates, users by id)``: current members with a free game slot
    who are not on vacation and whose account is active (a deactivated
    account cannot sign in to play).  Expects the ladder lock."""
    stats = member_stats(ladder)
    ratings = ratings_of_members(ladder)
    members = LadderMembership.objects.filter(ladder=ladder, left_at__isnull=True).select_related("user")
    candidates, users = [], {}
    for membership in members:
        user = membership.user
        if user.pk in exclude or not user.is_active:
            continue
        mine = stats.get(user.pk)
        running = mine.running if mine else 0
        if running >= membership.capacity or availability.is_on_vacation(user, now):
            continue
        started = mine.last_started if mine else None
        waiting = max(t for t in (membership.joined_at, started) if t)
        rating = ratings.get(user.pk, (START_RATING, 0))[0]
        candidates.append(matchmaking.Candidate(user.pk, rating, running, waiting))
        users[user.pk] = user
    return candidates, users


def ladder_matchmake(*, ladder_id: int, now: dt.datetime) -> list[Match]:
    """One matchmaking round: form tables from members with free capacity
    (``ratings.matchmaking.form_tables``) and start a rated game for each.

    Holds the ladder lock for the round.  Returns the games created (none
    for an inactive ladder or too few free members).
    """
    with transaction.atomic():
        ladder = locked_ladder(ladder_id)
        if not ladder.active:
            return []
        candidates, users = free_candidates(ladder, now=now)
        tables = matchmaking.form_tables(candidates, ladder.players, recent_opponents(ladder))
        return [
            ladder_game_create(
                ladder=ladder,
                users=[users[key] for key in table],
                origin=LadderGame.Origin.MATCHMAKING,
                now=now,
            )
            for table in tables
        ]


def ladders_matchmake(*, now: dt.datetime) -> dict[int, int]:
    """A matchmaking round in every active ladder, each in its own
    transaction.  Returns ``ladder id -> games created``."""
    created = {}
    for ladder_id in Ladder.objects.filter(active=True).order_by("pk").values_list("pk", flat=True):
        created[ladder_id] = len(ladder_matchmake(ladder_id=ladder_id, now=now))
    return created
