"""Reads for ratings and ladders: rankings, histories, a game's rating
changes with their arithmetic."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, F, Max, OuterRef, Q, QuerySet, Window
from django.db.models.functions import RowNumber

from games.models import Match, Seat

from .calculator import START_RATING, is_provisional, rating_display, round_rating
from .models import Challenge, Ladder, LadderMembership, Rating, RatingChange

#: A member with no ladder game finished or running for this long drops off
#: the visible ranking until they play again.
INACTIVE_AFTER = dt.timedelta(days=30)
#: Games shown in a ranking row's trend line.
TREND_GAMES = 20
#: Ladder games whose opponents matchmaking tries not to repeat.
RECENT_GAMES = 3


@dataclass
class MemberStats:
    played: int = 0
    wins: int = 0
    running: int = 0
    last_finished: dt.datetime | None = None
    last_started: dt.datetime | None = None


@dataclass
class LadderStanding:
    """A current member's line in a ladder's ranking."""

    membership: LadderMembership
    rating: float
    rating_games: int
    stats: MemberStats
    last_active: dt.datetime
    visible: bool
    rank: int | None = None
    trend: list[float] = field(default_factory=list)

    @property
    def user(self):
        return self.membership.user

    @property
    def display(self) -> str:
        return rating_display(self.rating, self.rating_games)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.rating_games)


def ladders_counted() -> QuerySet[Ladder]:
    """Every ladder, each with its ``member_count``: current members whose
    account is not deactivated (as the ranking shows them)."""
    current = Q(memberships__left_at__isnull=True, memberships__user__is_active=True)
    return Ladder.objects.annotate(member_count=Count("memberships", filter=current))


def ladders_active() -> QuerySet[Ladder]:
    """Open ladders, each with its ``member_count`` (``ladders_counted``)."""
    return ladders_counted().filter(active=True)


def membership_of(ladder: Ladder, user) -> LadderMembership | None:
    if user is None or not user.is_authenticated:
        return None
    return LadderMembership.objects.filter(ladder=ladder, user=user, left_at__isnull=True).first()


def member_stats(ladder: Ladder) -> dict[int, MemberStats]:
    """Per user: ladder games rated, won (first place, ties included),
    running (still seated: not resigned, dropped or timed out), and when
    their last ladder game finished and started.

    A game counts as played once it changed the player's rating: an aborted
    game (unrated) is neither played nor won.
    """
    rated = Q(Exists(RatingChange.objects.filter(match_id=OuterRef("match_id"), user_id=OuterRef("user_id"))))
    rows = (
        Seat.objects.filter(match__ladder_game__ladder=ladder, user__isnull=False)
        .values("user_id")
        .annotate(
            played=Count("pk", filter=rated),
            wins=Count("pk", filter=rated & Q(place=1)),
            running=Count("pk", filter=Q(match__status=Match.Status.ACTIVE, departed="")),
            last_finished=Max("match__finished_at"),
            last_started=Max("match__started_at"),
        )
    )
    return {
        row["user_id"]: MemberStats(
            row["played"],
            row["wins"],
            row["running"],
            row["last_finished"],
            row["last_started"],
        )
        for row in rows
    }


def ratings_of_members(ladder: Ladder) -> dict[int, tuple[float, int]]:
    """``user id -> (rating, rated games)`` in the ladder's game kind."""
    rows = Rating.objects.filter(
        game=ladder.game,
        user__ladder_memberships__ladder=ladder,
        user__ladder_memberships__left_at__isnull=True,
    ).values_list("user_id", "value", "games")
    return {user_id: (value, games) for user_id, value, games in rows}


def ladder_standings(ladder: Ladder, *, now: dt.datetime, trends: bool = False) -> list[LadderStanding]:
    """Every current member in ranking order (rating, then rated games, then
    name); ``visible`` members carry their 1-based ``rank``, shared by
    members whose ratings read the same.

    Joining counts as activity, so a new member shows up before their first
    game; rejoining does not (``LadderMembership.active_since``).  A member
    whose account is deactivated (closed or suspended: they cannot sign in
    to play) is never visible.  With ``trends``, visible rows get their
    recent rating values.
    """
    members = list(LadderMembership.objects.filter(ladder=ladder, left_at__isnull=True).select_related("user"))
    stats = member_stats(ladder)
    ratings = ratings_of_members(ladder)
    rows = []
    for membership in members:
        mine = stats.get(membership.user_id, MemberStats())
        value, games = ratings.get(membership.user_id, (START_RATING, 0))
        last_active = max(t for t in (membership.active_since, mine.last_finished, mine.last_started) if t)
        visible = membership.user.is_active and (mine.running > 0 or last_active >= now - INACTIVE_AFTER)
        rows.append(LadderStanding(membership, value, games, mine, last_active, visible))
    rows.sort(
        key=lambda r: (
            -r.rating,
            -r.rating_games,
            r.user.display_name.lower(),
            r.user.pk,
        )
    )
    # Standard competition ranking on the rating as shown: members whose
    # ratings read the same share a place ("1, 1, 3"), as in a
    # tournament's standings; the order within it stays as sorted.
    rank, previous = 0, None
    for position, row in enumerate((row for row in rows if row.visible), start=1):
        shown = round_rating(row.rating)
        if shown != previous:
            rank, previous = position, shown
        row.rank = rank
    if trends:
        points = rating_trends(ladder)
        for row in rows:
            row.trend = points.get(row.user.pk, [])
    return rows


def ladder_ranking(ladder: Ladder, *, now: dt.datetime, trends: bool = False) -> list[LadderStanding]:
    """The visible ranking: active members only, ranked from 1."""
    return [row for row in ladder_standings(ladder, now=now, trends=trends) if row.visible]


def places_apart(standings: list[LadderStanding], a: int, b: int) -> int | None:
    """How many places separate users ``a`` and ``b`` in the visible
    ranking (either may be inactive: they are counted where their rating
    puts them).  None if either is not a current member."""
    order = [row.user.pk for row in standings if row.visible or row.user.pk in (a, b)]
    if a not in order or b not in order:
        return None
    return abs(order.index(a) - order.index(b))


def within_places(standings: list[LadderStanding], user_id: int, places: int) -> set[int]:
    """Visible members at most ``places`` away from ``user_id`` (who may be
    hidden; counted where their rating puts them), as ``places_apart``
    would measure it, in one pass."""
    order = [row.user.pk for row in standings if row.visible or row.user.pk == user_id]
    if user_id not in order:
        return set()
    mine = order.index(user_id)
    return set(order[max(0, mine - places) : mine + places + 1]) - {user_id}


def rating_trends(ladder: Ladder) -> dict[int, list[float]]:
    """The last ``TREND_GAMES`` ratings of each current member in the
    ladder's game kind, oldest first, starting from the rating before them."""
    recent = (
        RatingChange.objects.filter(
            game=ladder.game,
            user__ladder_memberships__ladder=ladder,
            user__ladder_memberships__left_at__isnull=True,
        )
        .annotate(
            newest=Window(
                RowNumber(),
                partition_by=F("user_id"),
                order_by=[F("finished_at").desc(), F("match_id").desc()],
            )
        )
        .filter(newest__lte=TREND_GAMES)
        .values_list("user_id", "newest", "old", "new")
    )
    series: dict[int, list[tuple[int, float, float]]] = {}
    for user_id, newest, old, new in recent:
        series.setdefault(user_id, []).append((newest, old, new))
    trends = {}
    for user_id, rows in series.items():
        rows.sort(reverse=True)
        trends[user_id] = [rows[0][1], *(new for _, _, new in rows)]
    return trends


def recent_opponents(ladder: Ladder, *, games: int = RECENT_GAMES) -> dict[int, set[int]]:
    """Each player's opponents in their last ``games`` games of this ladder."""
    latest = (
        Seat.objects.filter(match__ladder_game__ladder=ladder, user__isnull=False)
        .annotate(
            newest=Window(
                RowNumber(),
                partition_by=F("user_id"),
                order_by=[F("match__created_at").desc(), F("match_id").desc()],
            )
        )
        .filter(newest__lte=games)
        .values_list("user_id", "match_id")
    )
    mine: dict[int, list[int]] = {}
    for user_id, match_id in latest:
        mine.setdefault(user_id, []).append(match_id)
    wanted = sorted({match_id for ids in mine.values() for match_id in ids})
    tables: dict[int, list[int]] = {}
    for start in range(0, len(wanted), 900):  # SQLite's parameter limit
        seats = Seat.objects.filter(match_id__in=wanted[start : start + 900], user__isnull=False)
        for match_id, user_id in seats.values_list("match_id", "user_id"):
            tables.setdefault(match_id, []).append(user_id)
    return {
        user_id: {other for match_id in ids for other in tables.get(match_id, ()) if other != user_id}
        for user_id, ids in mine.items()
    }


def challenges_for(ladder: Ladder, user, *, now: dt.datetime) -> QuerySet[Challenge]:
    """Open, unexpired challenges in ``ladder`` made by or to ``user``
    (the expiry sweep may not have run yet)."""
    return (
        Challenge.objects.filter(ladder=ladder, status=Challenge.Status.OPEN, expires_at__gt=now)
        .filter(Q(challenger=user) | Q(challenged=user))
        .select_related("challenger", "challenged")
    )


def open_challenges_of(user, *, now: dt.datetime) -> QuerySet[Challenge]:
    """``challenges_for`` in every ladder, oldest first."""
    return (
        Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__gt=now)
        .filter(Q(challenger=user) | Q(challenged=user))
        .select_related("challenger", "challenged")
        .order_by("created_at", "pk")
    )


def ratings_for_user(user) -> QuerySet[Rating]:
    return Rating.objects.filter(user=user).order_by("game")


def rating_history(user, game: str) -> list[RatingChange]:
    """Every rating change of ``user`` in ``game``, oldest first."""
    return list(
        RatingChange.objects.filter(user=user, game=game).select_related("match").order_by("finished_at", "match_id")
    )


@dataclass(frozen=True)
class OpponentLine:
    """One pair of a rated table, from one player's side."""

    user: object
    rating: float
    expected: float
    actual: float
    delta: float

    @property
    def rating_shown(self) -> int:
        return round_rating(self.rating)


@dataclass(frozen=True)
class MatchRatingChange:
    """A player's rating change in one game, with the arithmetic."""

    change: RatingChange
    user: object
    opponents: list[OpponentLine]


def rating_changes_for_match(match_id: int) -> list[MatchRatingChange]:
    """The rating changes a game made, best place first, each with its
    per-opponent expected and actual scores.  Empty for an unrated game or
    one not applied yet."""
    changes = list(RatingChange.objects.filter(match_id=match_id).select_related("user").order_by("place", "user_id"))
    if not changes:
        return []
    opponent_ids = {line["user"] for c in changes for line in c.breakdown}
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=opponent_ids)}
    return [
        MatchRatingChange(
            change,
            change.user,
            [
                OpponentLine(
                    users.get(line["user"]),
                    line["rating"],
                    line["expected"],
                    line["actual"],
                    line["delta"],
                )
                for line in change.breakdown
            ],
        )
        for change in changes
    ]
