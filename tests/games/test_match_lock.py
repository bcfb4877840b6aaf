"""The move path's lock (``match_lock``) and writes: one query locks the
match and reads every column of it, its seats, their players and the
players' deadline settings; a move writes its match and clocks and nothing
of another game."""

import datetime as dt

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import DeadlineSettings, Match, MoveRecord, Seat
from games.services import NotFound, match_create, move_submit
from games.services.moves import match_lock

from .conftest import first_legal_text, mover, start_match

pytestmark = pytest.mark.django_db


def columns(instance):
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_lock_reads_every_column_of_the_match_seats_players_and_settings(
    alice, bob, carol, now, django_assert_num_queries
):
    DeadlineSettings.objects.create(
        user=alice,
        reminder_hours=[48, 6],
        auto_vacation=True,
        away_from=now - dt.timedelta(days=2),
        away_until=now + dt.timedelta(days=1),
    )
    match = start_match(alice, bob, carol, now=now)
    with transaction.atomic(), django_assert_num_queries(1):
        locked, seats = match_lock(match.pk)
    expected = {seat.pk: seat for seat in Seat.objects.filter(match=match).select_related("user")}
    assert [seat.pk for seat in seats] == [s.pk for s in sorted(expected.values(), key=Seat.table_order)]
    fresh = Match.objects.get(pk=match.pk)
    assert columns(locked) == columns(fresh)
    for seat in seats:
        assert columns(seat) == columns(expected[seat.pk])
        assert columns(seat.user) == columns(expected[seat.pk].user)
        assert seat.match is locked  # one shared instance
    # The state comes back as Python data, datetimes aware, JSON decoded.
    assert locked.state == fresh.state and isinstance(locked.state, dict)
    by_user = {seat.user: seat for seat in seats}
    with django_assert_num_queries(0):
        assert locked.created_by is by_user[alice].user
        prefs = by_user[alice].user.deadline_settings
        assert prefs.reminder_hours == [48, 6] and prefs.auto_vacation
        assert prefs.away_until == now + dt.timedelta(days=1)
        assert prefs.user is by_user[alice].user
        with pytest.raises(DeadlineSettings.DoesNotExist):
            getattr(by_user[bob].user, "deadline_settings")  # noqa: B009


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are PostgreSQL's (CI runs it)")
def test_the_lock_is_for_no_key_update_of_the_match_row_only(alice, bob, now):
    match = start_match(alice, bob, now=now)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        match_lock(match.pk)
    [query] = queries.captured_queries
    assert query["sql"].endswith(f'FOR NO KEY UPDATE OF "{Match._meta.db_table}"')


def test_an_open_seat_reads_without_a_player(alice, now):
    match = match_create(creator=alice, game="alta", players=2, now=now)
    with transaction.atomic():
        _, seats = match_lock(match.pk)
    assert sorted((seat.user_id is None) for seat in seats) == [False, True]
    free = next(seat for seat in seats if seat.user_id is None)
    assert free.user is None and free.is_free


@pytest.mark.parametrize("match_id", [2**63, 10**30])
def test_ids_no_match_can_have_are_not_found_without_a_query(match_id, django_assert_num_queries):
    with transaction.atomic(), django_assert_num_queries(0), pytest.raises(NotFound):
        match_lock(match_id)


@pytest.mark.parametrize("match_id", [0, -1, 987654])
def test_a_missing_match_is_not_found(db, match_id):
    with transaction.atomic(), pytest.raises(NotFound):
        match_lock(match_id)


def test_a_move_writes_its_match_and_clocks_and_nothing_of_another_game(alice, bob, carol, now):
    match, other = start_match(alice, bob, now=now), start_match(carol, alice, now=now)
    untouched = [columns(other), *(columns(seat) for seat in other.seats.order_by("index"))]
    user, index = mover(match)
    later = now + dt.timedelta(hours=5)
    while mover(match)[1] == index:  # to the end of the turn (Alta: several submissions)
        result = move_submit(
            match_id=match.pk,
            user=user,
            ply=match.ply,
            text=first_legal_text(match, index),
            source=MoveRecord.Source.WEB,
            now=later,
        )
        fresh = Match.objects.get(pk=match.pk)
        assert (fresh.ply, fresh.state) == (match.ply + 1, result.match.state)
        assert isinstance(fresh.state, dict)
        match = fresh
    assert {seat.pk: columns(seat) for seat in result.seats} == {
        seat.pk: columns(seat) for seat in Seat.objects.filter(match=match)
    }
    clocks = {seat.index: (seat.deadline_at, seat.reminder_at) for seat in Seat.objects.filter(match=match)}
    assert clocks[index] == (None, None)  # the mover's clock stopped: the columns are NULL again
    assert clocks[1 - index][0] > later  # the next player's clock runs
    assert [columns(Match.objects.get(pk=other.pk)), *(columns(s) for s in other.seats.order_by("index"))] == untouched


def test_the_lock_is_compiled_once_per_connection_and_reads_each_match(alice, bob, carol, now, monkeypatch):
    from django.db.models.sql.compiler import SQLCompiler

    first, second = start_match(alice, bob, now=now), start_match(carol, alice, now=now)
    with transaction.atomic():
        match_lock(first.pk)  # compiled here (or by an earlier test on this connection)
    compiled = []
    real = SQLCompiler.get_select
    monkeypatch.setattr(SQLCompiler, "get_select", lambda self, **kw: compiled.append(1) or real(self, **kw))
    with transaction.atomic():
        locked, seats = match_lock(second.pk)
    assert compiled == []  # the select list of the first compile was reused
    assert columns(locked) == columns(Match.objects.get(pk=second.pk))
    expected = {seat.pk: seat for seat in Seat.objects.filter(match=second).select_related("user")}
    assert sorted(seat.pk for seat in seats) == sorted(expected)
    for seat in seats:
        assert columns(seat) == columns(expected[seat.pk]) and columns(seat.user) == columns(expected[seat.pk].user)
        assert seat.match is locked
    # Another query on the same model is compiled as usual.
    assert list(Seat.objects.filter(match=first).values_list("match_id", flat=True)) == [first.pk, first.pk]
    assert compiled
