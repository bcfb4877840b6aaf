"""Replaying rated games in finish order: the full rebuild, and the
partial replay an out-of-order update needs.

A replay from a finish key deletes the changes at or after it, restores the
affected users' ratings to what they were just before it, and rates every
counting game from there on again through ``ledger.rate``, the same path
``rating_apply`` takes, so the result is bit-identical to applying the
games one by one in order.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from itertools import islice

from django.db import connection
from django.db.models import Max

from games.models import Match, Seat
from ratings.calculator import START_RATING
from ratings.models import Rating, RatingChange, RatingPool

from .ledger import (
    ChangeRow,
    FinishKey,
    Standing,
    Table,
    after_key,
    rate,
    rateable_matches,
    rating_row,
    store_changes,
    table_for,
)

#: Change rows buffered by a replay before they are written.
_FLUSH_ROWS = 20_000


def _batches(items: list, size: int):
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def _chunk_size() -> int:
    # SQLite caps the parameters of one statement (999 in Django's eyes).
    limit = connection.features.max_query_params or 5000
    return max(100, min(5000, limit - 50))


def _reset_from(game: str, since: FinishKey | None) -> dict[int, Standing]:
    """Delete the changes at or after ``since`` (all when None) and put the
    affected users' ``Rating`` rows back to what they were just before it.
    Returns every standing of the kind as it now is."""
    changes = RatingChange.objects.filter(game=game)
    if since is None:
        changes.delete()
        Rating.objects.filter(game=game).delete()
        return {}
    later = changes.filter(after_key(since))
    # A user's first change at or after `since` holds their rating before it.
    firsts: dict[int, tuple[float, int]] = {}
    for user_id, old, games in later.order_by("finished_at", "match_id").values_list("user_id", "old", "games"):
        firsts.setdefault(user_id, (old, games - 1))
    history: dict[int, tuple[float, dt.datetime]] = {}
    for batch in _batches(sorted(firsts), _chunk_size()):
        earlier = (
            changes.exclude(after_key(since))
            .filter(user_id__in=batch)
            .values("user_id")
            .annotate(peak=Max("new"), last=Max("finished_at"))
            .values_list("user_id", "peak", "last")
        )
        history.update((user_id, (peak, last)) for user_id, peak, last in earlier)
    later.delete()
    for batch in _batches(sorted(firsts), _chunk_size()):
        Rating.objects.filter(game=game, user_id__in=batch).delete()
    restored = []
    for user_id, (old, games) in firsts.items():
        if games > 0:
            peak, last = history[user_id]
            restored.append(rating_row(user_id, game, Standing(old, games, max(START_RATING, peak), last)))
    Rating.objects.bulk_create(restored)
    return {
        user_id: Standing(value, games, peak, last)
        for user_id, value, games, peak, last in Rating.objects.filter(game=game).values_list(
            "user_id", "value", "games", "peak", "last_played_at"
        )
    }


def _tables(game: str, since: FinishKey | None) -> Iterator[Table | None]:
    """Every rateable match of ``game`` from ``since`` on, in finish order.

    Two streams sorted the same way, merged here: the matches (with their
    rankings) and the seats of all finished rated matches of the kind.  Two
    ordered scans beat thousands of lookups by id at rebuild sizes; seats
    of matches that do not count are skipped in the merge.
    """
    matches = rateable_matches(game)
    seats = Seat.objects.filter(
        match__game=game,
        match__rated=True,
        match__status=Match.Status.FINISHED,
        match__finished_at__isnull=False,
    )
    if since is not None:
        matches = matches.filter(after_key(since, pk="id"))
        seats = seats.filter(after_key(since, at="match__finished_at", pk="match_id"))
    match_rows = (
        matches.order_by("finished_at", "id")
        .values_list("id", "finished_at", "outcome__ranking")
        .iterator(chunk_size=2000)
    )
    seat_rows = (
        seats.order_by("match__finished_at", "match_id")
        .values_list("match__finished_at", "match_id", "index", "user_id")
        .iterator(chunk_size=8000)
    )
    pending = next(seat_rows, None)
    for match_id, finished_at, ranking in match_rows:
        key = (finished_at, match_id)
        mine = []
        while pending is not None and (pending[0], pending[1]) <= key:
            if pending[1] == match_id:
                mine.append((pending[2], pending[3]))
            pending = next(seat_rows, None)
        assert finished_at is not None  # filtered above
        yield table_for(match_id, finished_at, ranking, mine)


def ratings_replay(pool: RatingPool, *, since: FinishKey | None = None) -> int:
    """Replay every rated game of the pool's kind in finish order, from
    ``since`` on (everything when None), rewriting changes and ratings.

    Expects the caller to hold the pool lock (``locked_pool``) inside a
    transaction.  Returns the number of games rated.
    """
    game = pool.game
    standings = _reset_from(game, since)
    touched: set[int] = set()
    rated = 0
    changes: list[ChangeRow] = []
    for table in _tables(game, since):
        if table is None:
            continue
        changes.extend(rate(table, game, standings))
        touched.update(table.players)
        rated += 1
        if len(changes) >= _FLUSH_ROWS:
            store_changes(changes, bulk=True)
            changes = []
    store_changes(changes, bulk=True)
    for batch in _batches(sorted(touched), _chunk_size()):
        Rating.objects.filter(game=game, user_id__in=batch).delete()
    Rating.objects.bulk_create(
        [rating_row(user_id, game, standings[user_id]) for user_id in sorted(touched)],
        batch_size=2000,
    )
    last = (
        RatingChange.objects.filter(game=game)
        .order_by("-finished_at", "-match_id")
        .values_list("finished_at", "match_id")
        .first()
    )
    pool.last_finished_at, pool.last_match_id = last or (None, None)
    pool.save(update_fields=["last_finished_at", "last_match_id"])
    return rated
