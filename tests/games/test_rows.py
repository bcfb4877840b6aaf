"""The write path's prebuilt statements read and write exactly what the ORM does."""

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from games.models import DeadlineSettings, Match, Seat
from games.services import NotFound
from games.services.rows import row_insert_unless_exists, row_update, seats_locked

from .conftest import start_match

pytestmark = pytest.mark.django_db


def columns(instance):
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_lock_reads_every_column_of_the_match_seats_players_and_settings(
    alice, bob, carol, now, django_assert_num_queries
):
    DeadlineSettings.objects.create(
        user=alice, reminder_hours=[48, 6], auto_vacation=True,
        away_from=now - dt.timedelta(days=2), away_until=now + dt.timedelta(days=1),
    )
    match = start_match(alice, bob, carol, now=now)
    with transaction.atomic(), django_assert_num_queries(1):
        seats = seats_locked(match.pk)
    expected = {seat.pk: seat for seat in Seat.objects.filter(match=match).select_related("user")}
    assert sorted(seat.pk for seat in seats) == sorted(expected)
    fresh = Match.objects.get(pk=match.pk)
    for seat in seats:
        assert columns(seat) == columns(expected[seat.pk])
        assert columns(seat.user) == columns(expected[seat.pk].user)
        assert columns(seat.match) == columns(fresh)
        assert seat.match is seats[0].match  # one shared instance
    # The state comes back as Python data, datetimes aware, JSON decoded.
    assert seats[0].match.state == fresh.state and isinstance(seats[0].match.state, dict)
    by_user = {seat.user: seat for seat in seats}
    with django_assert_num_queries(0):
        prefs = by_user[alice].user.deadline_settings
        assert prefs.reminder_hours == [48, 6] and prefs.auto_vacation
        assert prefs.away_until == now + dt.timedelta(days=1)
        assert prefs.user is by_user[alice].user
        with pytest.raises(DeadlineSettings.DoesNotExist):
            getattr(by_user[bob].user, "deadline_settings")  # noqa: B009


def test_an_open_seat_reads_without_a_player(alice, now):
    from games import services

    match = services.match_create(creator=alice, game="alta", players=2, now=now)
    with transaction.atomic():
        seats = seats_locked(match.pk)
    assert sorted((seat.user_id is None) for seat in seats) == [False, True]
    free = next(seat for seat in seats if seat.user_id is None)
    assert free.user is None and free.is_free


@pytest.mark.parametrize("match_id", [0, -1, 2**63, 10**30])
def test_ids_no_match_can_have_are_not_found_without_a_query(match_id, django_assert_num_queries):
    with django_assert_num_queries(0), pytest.raises(NotFound):
        seats_locked(match_id)


def test_a_missing_match_is_not_found(db):
    with transaction.atomic(), pytest.raises(NotFound):
        seats_locked(987654)


def test_a_row_update_writes_json_datetimes_and_nulls(alice, bob, now):
    match = start_match(alice, bob, now=now)
    match.state = {"nested": [1, {"two": None}], "text": "ünïcode"}
    match.ply = 7
    row_update(match, ["ply", "state"])
    seat = match.seats.get(index=0)
    seat.deadline_at, seat.turn_seconds, seat.reminder_at = now + dt.timedelta(hours=5), 3600, None
    row_update(seat, ["deadline_at", "turn_seconds", "reminder_at"])
    match.refresh_from_db()
    seat.refresh_from_db()
    assert (match.ply, match.state) == (7, {"nested": [1, {"two": None}], "text": "ünïcode"})
    assert (seat.deadline_at, seat.turn_seconds, seat.reminder_at) == (now + dt.timedelta(hours=5), 3600, None)
    assert match.seats.get(index=1).deadline_at != seat.deadline_at  # only that row


def test_an_insert_unless_exists_inserts_once_per_key_and_leaves_the_transaction_usable(alice, bob, now):
    from mail.models import OutgoingEmail

    def email(subject, message_id):
        return OutgoingEmail(kind="notice", to="p@example.com", subject=subject, text="t", html="h",
                             dedupe_key="notice:1", message_id=message_id, created_at=now, user=alice)

    first = email("first", "<1@alta>")
    with transaction.atomic():
        assert row_insert_unless_exists(first, ["dedupe_key"]) is True
        assert first.pk is not None and not first._state.adding
        again = email("second", "<2@alta>")
        assert row_insert_unless_exists(again, ["dedupe_key"]) is False
        assert again.pk is None
        # No error was raised, so the transaction goes on without a savepoint.
        stored = OutgoingEmail.objects.get(dedupe_key="notice:1")
        assert (stored.pk, stored.subject, stored.headers, stored.status) == (first.pk, "first", {}, "queued")
    # Another unique constraint (the Message-ID) still raises.
    clash = email("clash", "<1@alta>")
    clash.dedupe_key = "notice:2"
    with pytest.raises(IntegrityError), transaction.atomic():
        row_insert_unless_exists(clash, ["dedupe_key"])
    assert OutgoingEmail.objects.count() == 1


def test_an_insert_unless_exists_takes_a_key_of_several_fields(alice, bob, now):
    from mail.models import ReplyToken

    match = start_match(alice, bob, now=now)
    made = [row_insert_unless_exists(
        ReplyToken(match=match, user=alice, ply=3, seat_index=0, token=f"t{n}", created_at=now),
        ["match", "user", "ply"]) for n in range(2)]
    assert made == [True, False]
    assert list(ReplyToken.objects.values_list("token", flat=True)) == ["t0"]
