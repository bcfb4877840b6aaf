"""The one arithmetic path shared by incremental updates and replays.

What counts as a rated game, how a finished match becomes a calculator
table, and how a table's results become ``RatingChange`` rows and new
standings all live here, so that ``rating_apply`` (one game) and
``ratings_replay`` (every game from a point on, in ``replay``) cannot drift
apart: a rebuild must reproduce the incremental ratings bit for bit.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple, cast

from django.db import connection
from django.db.models import Exists, OuterRef, Q, QuerySet

from games.models import Match, MoveRecord, Seat
from ratings.calculator import MASTER_RATING, START_RATING, PlayerState, rate_table
from ratings.models import Rating, RatingChange, RatingPool

#: How a game must have ended to be rated (a resigned or timed-out seat
#: already ranks last in the stored outcome); "abandoned" is never rated.
RATED_TERMINATIONS = ("normal", "resignation", "timeout")

FinishKey = tuple[dt.datetime, int]
BACKSLASH = "\\"


@dataclass(frozen=True, slots=True)
class Table:
    """A rated match reduced to what the calculator needs."""

    match_id: int
    finished_at: dt.datetime
    #: User ids in seat order: the calculator sums opponents in this order.
    players: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    places: Mapping[int, int]

    @property
    def key(self) -> FinishKey:
        return (self.finished_at, self.match_id)


@dataclass(slots=True)
class Standing:
    """A user's rating between two games (mutable working copy)."""

    value: float = START_RATING
    games: int = 0
    peak: float = START_RATING
    last_played_at: dt.datetime | None = None

    def state(self) -> PlayerState:
        return PlayerState(self.value, self.games, self.peak >= MASTER_RATING)


#: Move records of a seat leaving a running game.
DEPARTURES = (MoveRecord.Kind.RESIGN, MoveRecord.Kind.TIMEOUT)


def rateable_matches(game: str) -> QuerySet[Match]:
    """Finished rated matches of ``game`` that count for ratings.

    A game is an abort, not a result, if a seat still in it when it ended
    had not made a move of its own (a ``MoveRecord`` of kind "move"; moves
    the system plays for an absent player, source "system", do not count):
    whether the last seat to leave ended it (resignation, timeout) or
    default moves played it to its normal end (a tournament's round
    deadline), nobody played that seat's game.  A seat that left before
    the end need not have moved: it ranks last, and the others' game
    counts, so a losing player cannot void a game by resigning after a
    no-show left, and a game played on to its normal end after a no-show
    was dropped is a result.
    """
    return Match.objects.filter(
        game=game,
        rated=True,
        status=Match.Status.FINISHED,
        termination__in=RATED_TERMINATIONS,
        finished_at__isnull=False,
        outcome__isnull=False,
    ).filter(~Exists(_seats_without_a_move_at_the_end()))


def _seats_without_a_move_at_the_end() -> QuerySet[Seat]:
    """Seats of the outer match that never moved themselves and were still
    in the game when it ended: at its normal end, every seat that had not
    left; when its last departure ended it, every seat that had not left
    before that departure."""
    seat_records = MoveRecord.objects.filter(match_id=OuterRef("match_id"), seat_index=OuterRef("index"))
    own_move = seat_records.filter(kind=MoveRecord.Kind.MOVE).exclude(source=MoveRecord.Source.SYSTEM)
    departure = seat_records.filter(kind__in=DEPARTURES)
    later_departure = MoveRecord.objects.filter(
        match_id=OuterRef("match_id"), kind__in=DEPARTURES, ply__gt=OuterRef("ply")
    )
    left_before_a_normal_end = Q(match__termination="normal") & Exists(departure)
    left_before_the_last_departure = Exists(departure.filter(Exists(later_departure)))
    return (
        Seat.objects.filter(match_id=OuterRef("pk"), index__isnull=False)
        .exclude(Exists(own_move))
        .exclude(left_before_a_normal_end | left_before_the_last_departure)
    )


def after_key(key: FinishKey, *, at: str = "finished_at", pk: str = "match_id") -> Q:
    """Rows at or after ``key`` in finish order."""
    finished_at, match_id = key
    return Q(**{f"{at}__gt": finished_at}) | Q(**{at: finished_at, f"{pk}__gte": match_id})


def table_for(
    match_id: int,
    finished_at: dt.datetime,
    ranking: Iterable[Iterable[int]],
    seats: Iterable[tuple[int | None, int | None]],
) -> Table | None:
    """The calculator's view of a match: ``ranking`` is the stored outcome's
    groups of engine seats (best first, resigned and timed-out seats already
    last), ``seats`` its ``(seat index, user id)`` pairs.  None when the
    result cannot be rated (a seat without a user, a ranking that does not
    name every seat once)."""
    pairs = {index: user_id for index, user_id in seats}
    if None in pairs.values() or len(set(pairs.values())) != len(pairs):
        return None
    # No user id is None now; the seats of a finished match are all drawn.
    by_index = cast(dict[int, int], pairs)
    try:
        groups = tuple(tuple(by_index[index] for index in group) for group in ranking)
    except (KeyError, TypeError):
        return None
    players = tuple(by_index[index] for index in sorted(by_index))
    flat = [user for group in groups for user in group]
    if len(players) < 2 or sorted(flat) != sorted(players):
        return None
    places, place = {}, 1
    for group in groups:
        for user in group:
            places[user] = place
        place += len(group)
    return Table(match_id, finished_at, players, groups, places)


def table_of_match(match: Match) -> Table | None:
    """``table_for`` a match row, or None if it does not count for ratings."""
    if not rateable_matches(match.game).filter(pk=match.pk).exists():
        return None
    seats = Seat.objects.filter(match_id=match.pk).values_list("index", "user_id")
    assert match.finished_at is not None and match.outcome is not None  # a rateable match has finished
    return table_for(match.pk, match.finished_at, match.outcome.get("ranking"), seats)


class ChangeRow(NamedTuple):
    """A ``RatingChange`` before it is stored (cheaper than a model instance
    when a replay produces hundreds of thousands)."""

    match_id: int
    user_id: int
    game: str
    finished_at: dt.datetime
    old: float
    new: float
    delta: float
    k: int
    expected: float
    actual: float
    place: int
    players: int
    games: int
    breakdown: list


def rate(table: Table, game: str, standings: dict[int, Standing]) -> list[ChangeRow]:
    """Rate ``table`` against ``standings`` (updated in place) and return
    the change rows to store."""
    before = [(user, standings.setdefault(user, Standing())) for user in table.players]
    results = rate_table([(user, standing.state()) for user, standing in before], table.ranking)
    rows = []
    count = len(table.players)
    for result in results:
        player = cast(int, result.player)  # the keys given to rate_table are user ids
        standing = standings[player]
        standing.value = result.new
        standing.games = result.after.games
        if result.new > standing.peak:
            standing.peak = result.new
        standing.last_played_at = table.finished_at
        breakdown = [
            {
                "user": p.opponent,
                "rating": p.opponent_rating,
                "expected": p.expected,
                "actual": p.actual,
                "delta": p.delta,
            }
            for p in result.pairs
        ]
        rows.append(
            ChangeRow(
                table.match_id,
                player,
                game,
                table.finished_at,
                result.old,
                result.new,
                result.delta,
                result.k,
                result.expected,
                result.actual,
                table.places[player],
                count,
                standing.games,
                breakdown,
            )
        )
    return rows


def _escaped(text: str) -> str:
    return text.replace(BACKSLASH, BACKSLASH * 2)


def store_changes(rows: list[ChangeRow], *, bulk: bool = False) -> None:
    """Insert change rows.

    ``bulk`` (a replay) uses PostgreSQL's COPY, because Django's
    ``bulk_create`` spends most of a large rebuild quoting parameters; other
    databases, and single games, use ``bulk_create``.  Both store floats bit
    for bit: COPY gets ``repr(float)``, the shortest text that reads back as
    the same double.
    """
    if not rows:
        return
    if not bulk or connection.vendor != "postgresql":
        RatingChange.objects.bulk_create([RatingChange(**row._asdict()) for row in rows], batch_size=1000)
        return
    meta = RatingChange._meta
    column = {field.attname: field.column for field in meta.concrete_fields}
    columns = ", ".join(column[name] for name in ChangeRow._fields)
    # COPY text format: tab-separated, backslash-escaped.  Every value is a
    # number, a game slug, an ISO timestamp or JSON of numbers, so no tab or
    # newline can occur; backslashes are escaped all the same.
    text = "".join(
        f"{r.match_id}\t{r.user_id}\t{r.game}\t{r.finished_at.isoformat()}\t{r.old!r}\t"
        f"{r.new!r}\t{r.delta!r}\t{r.k}\t{r.expected!r}\t{r.actual!r}\t{r.place}\t"
        f"{r.players}\t{r.games}\t{_escaped(json.dumps(r.breakdown))}\n"
        for r in rows
    )
    with connection.cursor() as cursor, cursor.cursor.copy(f"COPY {meta.db_table} ({columns}) FROM STDIN") as copy:
        copy.write(text)


def rating_row(user_id: int, game: str, standing: Standing) -> Rating:
    return Rating(
        user_id=user_id,
        game=game,
        value=standing.value,
        games=standing.games,
        peak=standing.peak,
        last_played_at=standing.last_played_at,
    )


def locked_pool(game: str) -> RatingPool:
    """Lock (creating if needed) the pool row of ``game``.  Expects an
    open transaction; every rating write of the kind takes this lock first."""
    RatingPool.objects.bulk_create([RatingPool(game=game)], ignore_conflicts=True)
    return RatingPool.objects.select_for_update().get(game=game)


def pool_key(pool: RatingPool) -> FinishKey | None:
    if pool.last_finished_at is None or pool.last_match_id is None:
        return None
    return (pool.last_finished_at, pool.last_match_id)
