"""Applying finished games to ratings: one game, a sweep, a full rebuild.

Ratings of a game kind are applied in finish order, ``(finished_at, match
id)``.  Updates of one kind are serialised by the kind's ``RatingPool`` row;
an update that arrives behind a later game (two workers racing, a delayed
task) replays the kind from its own game on, so the stored ratings are
always exactly what ``ratings_rebuild`` computes.
"""

from __future__ import annotations

import datetime as dt
import enum

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import Match
from games.services import NewRating, match_ratings_record
from ratings.calculator import PROVISIONAL_GAMES, is_provisional, round_rating
from ratings.models import Rating, RatingChange

from .ledger import (
    FinishKey,
    Standing,
    after_key,
    locked_pool,
    pool_key,
    rate,
    rateable_matches,
    store_changes,
    table_of_match,
)
from .replay import ratings_replay

#: How far back ``ratings_sweep`` looks for games whose task was lost.
SWEEP_WINDOW = dt.timedelta(days=7)


class ApplyResult(enum.StrEnum):
    APPLIED = "applied"
    REPLAYED = "replayed"
    ALREADY_APPLIED = "already_applied"
    NOT_RATED = "not_rated"
    MISSING = "missing"


def rating_apply(*, match_id: int, now: dt.datetime | None = None) -> ApplyResult:
    """Apply a finished match to its players' ratings, exactly once, and
    record their new ratings with the match (``match_ratings_record``, at
    ``now``, by default the time of the call): the players are told them.

    1. A match that does not count (not rated, not finished, abandoned,
       aborted before the players in it had moved, see
       ``rateable_matches``) changes nothing: ``NOT_RATED``.
    2. Lock the kind's pool row, then check for existing changes of this
       match: a repeated call returns ``ALREADY_APPLIED`` (the unique
       ``(match, user)`` constraint backs this up).
    3. If a later-finished game of the kind is already applied, replay the
       kind from this match on (``REPLAYED``); otherwise lock the players'
       ``Rating`` rows in user-id order, rate the table and store the
       changes (``APPLIED``).
    4. Either way, record the new ratings of every game rated for the first
       time (this one, and later ones a replay reached before their own
       task) in the same transaction, so each is recorded once.

    Idempotent and safe to run concurrently (acks_late tasks may repeat).
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return ApplyResult.MISSING
    table = table_of_match(match)
    if table is None:
        return ApplyResult.NOT_RATED
    game = match.game
    with transaction.atomic():
        pool = locked_pool(game)
        if RatingChange.objects.filter(match_id=match_id).exists():
            return ApplyResult.ALREADY_APPLIED
        last = pool_key(pool)
        if last is not None and table.key < last:
            _replay_and_record(pool, since=table.key, now=now)
            return ApplyResult.REPLAYED
        users = sorted(table.players)
        Rating.objects.bulk_create([Rating(user_id=u, game=game) for u in users], ignore_conflicts=True)
        rows = {
            row.user_id: row
            for row in Rating.objects.select_for_update().filter(game=game, user_id__in=users).order_by("user_id")
        }
        standings = {user: Standing(row.value, row.games, row.peak, row.last_played_at) for user, row in rows.items()}
        store_changes(rate(table, game, standings))
        for user, row in rows.items():
            standing = standings[user]
            row.value, row.games = standing.value, standing.games
            row.peak, row.last_played_at = standing.peak, standing.last_played_at
        Rating.objects.bulk_update(rows.values(), ["value", "games", "peak", "last_played_at"])
        pool.last_finished_at, pool.last_match_id = table.key
        pool.save(update_fields=["last_finished_at", "last_match_id"])
        _ratings_record(match_id, now)
    return ApplyResult.APPLIED


def _replay_and_record(pool, *, since: FinishKey | None, now: dt.datetime | None) -> int:
    """Replay the pool's kind from ``since`` (all of it for ``None``) and
    record the new ratings of every game the replay rated for the first
    time: a later game whose own task is still queued is rated here, and
    that task then finds it rated and records nothing.  Returns the number
    of games the replay rated."""
    unapplied = rateable_matches(pool.game).filter(~Exists(RatingChange.objects.filter(match=OuterRef("pk"))))
    if since is not None:
        unapplied = unapplied.filter(after_key(since, pk="id"))
    first_time = list(unapplied.order_by("finished_at", "id").values_list("id", flat=True))
    count = ratings_replay(pool, since=since)
    rated = set(RatingChange.objects.filter(match_id__in=first_time).values_list("match_id", flat=True))
    for match_id in first_time:
        if match_id in rated:
            _ratings_record(match_id, now)
    return count


def _ratings_record(match_id: int, now: dt.datetime | None) -> None:
    """Record the match's stored changes as the players' new ratings, as
    the rating pages show them (a replay of the kind later changes no
    record: each tells what the game did when it was rated)."""
    changes = RatingChange.objects.filter(match_id=match_id).order_by("place", "user_id")
    ratings = [
        NewRating(
            user_id=change.user_id,
            old=round_rating(change.old),
            new=round_rating(change.new),
            delta=round(change.delta, 1),
            provisional_until=PROVISIONAL_GAMES if is_provisional(change.games) else None,
            games=change.games,
            settled=change.games == PROVISIONAL_GAMES,
            place=change.place,
            players=change.players,
            k=change.k,
            opponents=tuple(
                {
                    "user_id": pair["user"],
                    "rating": round_rating(pair["rating"]),
                    "expected": round(pair["expected"], 2),
                    "actual": pair["actual"],
                    "delta": round(pair["delta"], 1),
                }
                for pair in change.breakdown
            ),
        )
        for change in changes
    ]
    match_ratings_record(match_id=match_id, ratings=ratings, now=now or timezone.now())


def ratings_rebuild(*, game: str, now: dt.datetime | None = None) -> int:
    """Recompute every rating of ``game`` from its rated games, in finish
    order, replacing all stored changes and ratings of the kind.  A game
    rated here for the first time (its own task still queued) has its new
    ratings recorded, at ``now``, so that its players are told them, as
    its task would have; the task then finds it rated.

    Holds the pool lock for the whole replay (incremental updates of the
    kind wait).  Returns the number of games rated.
    """
    with transaction.atomic():
        return _replay_and_record(locked_pool(game), since=None, now=now)


def ratings_sweep(*, now: dt.datetime) -> dict[str, int]:
    """Apply rated games of the last week that finished without a rating
    update (a lost task, a broker outage when the game ended).

    Returns how many matches ended in each ``ApplyResult``.
    """
    counts: dict[str, int] = {}
    unapplied = ~Exists(RatingChange.objects.filter(match=OuterRef("pk")))
    games = (
        Match.objects.filter(
            rated=True,
            status=Match.Status.FINISHED,
            finished_at__gte=now - SWEEP_WINDOW,
        )
        .values_list("game", flat=True)
        .distinct()
    )
    for game in sorted(set(games)):
        pending = (
            rateable_matches(game)
            .filter(unapplied, finished_at__gte=now - SWEEP_WINDOW)
            .order_by("finished_at", "id")
            .values_list("id", flat=True)
        )
        for match_id in list(pending):
            result = rating_apply(match_id=match_id, now=now)
            counts[result.value] = counts.get(result.value, 0) + 1
    return counts
