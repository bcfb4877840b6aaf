"""Deadlines set by the write path: days per move, the Fischer bank and
weekends in each player's own time zone, with reminders scheduled."""

from __future__ import annotations

import datetime as dt

import pytest

from games.models import Seat

from .conftest import DAY, HOUR, mover_seat, play_turn, start_match

pytestmark = pytest.mark.django_db


def test_the_first_mover_gets_days_per_move_and_a_24_hour_reminder(duel, now):
    seat = mover_seat(duel)
    assert seat.deadline_at == now + 3 * DAY
    assert seat.turn_started_at == now and seat.turn_seconds == 3 * 86400
    assert seat.reminder_at == now + 2 * DAY
    waiting = Seat.objects.get(match=duel, index=1 - seat.index)
    assert waiting.deadline_at is None and waiting.reminder_at is None


def test_a_turn_of_several_moves_keeps_its_deadline(duel, now):
    from games import services
    from games.engine import get_rules

    seat = mover_seat(duel)
    rules = get_rules("alta")
    text = rules.move_options(rules.load(duel.state), seat.index)[0][0]
    services.move_submit(match_id=duel.pk, user=seat.user, ply=0, text=text, source="web", now=now + HOUR)
    seat.refresh_from_db()
    assert seat.index in rules.to_move(rules.load(type(duel).objects.get(pk=duel.pk).state))
    assert seat.deadline_at == now + 3 * DAY


def test_the_next_mover_is_timed_from_the_move(duel, now):
    moved = play_turn(duel, now + 5 * HOUR)
    moved.refresh_from_db()
    assert moved.deadline_at is None and moved.turn_started_at is None
    other = mover_seat(duel)
    assert other.pk != moved.pk
    assert other.deadline_at == now + 5 * HOUR + 3 * DAY


def test_one_day_per_move_reminds_only_two_hours_before(alice, bob, now):
    match = start_match(alice, bob, now=now, days_per_move=1)
    seat = mover_seat(match)
    assert seat.reminder_at == now + 22 * HOUR


def test_fischer_bank_carries_unused_time_plus_the_increment_up_to_the_cap(alice, bob, now):
    match = start_match(alice, bob, now=now, bank_initial_days=2, bank_increment_days=1, bank_cap_days=3)
    first = mover_seat(match)
    assert first.deadline_at == now + 2 * DAY
    # 12 hours used: 1.5 days left + 1 day added.
    play_turn(match, now + 12 * HOUR)
    first.refresh_from_db()
    assert first.bank_seconds == int(2.5 * 86400)
    second = mover_seat(match)
    assert second.deadline_at == now + 12 * HOUR + 2 * DAY  # its initial bank
    t = now + 13 * HOUR
    play_turn(match, t)
    first = mover_seat(match)
    assert first.deadline_at == t + dt.timedelta(days=2.5)
    # Moving at once: 2.5 + 1 would be 3.5 days, capped at 3.
    play_turn(match, t)
    first.refresh_from_db()
    assert first.bank_seconds == 3 * 86400


def test_a_late_fischer_move_keeps_only_the_increment(alice, bob, now):
    match = start_match(alice, bob, now=now, bank_initial_days=2, bank_increment_days=1, bank_cap_days=5)
    first = mover_seat(match)
    play_turn(match, now + 3 * DAY)  # a day past the deadline (no sweep ran)
    first.refresh_from_db()
    assert first.bank_seconds == 86400


@pytest.mark.parametrize(
    ("zone", "deadline"),
    [
        # Saturday 04:00 in Amsterdam: the clock starts on Monday 00:00 CET.
        ("Europe/Amsterdam", dt.datetime(2026, 1, 12, 23, tzinfo=dt.UTC)),
        # Friday 22:00 in New York: 2 h on Friday, 22 h from Monday 00:00 EST.
        ("America/New_York", dt.datetime(2026, 1, 13, 3, tzinfo=dt.UTC)),
        # Saturday 03:00 in UTC: from Monday 00:00 UTC.
        ("UTC", dt.datetime(2026, 1, 13, 0, tzinfo=dt.UTC)),
    ],
)
def test_weekends_off_uses_the_players_own_time_zone(alice, bob, now, zone, deadline):
    match = start_match(alice, bob, now=now, days_per_move=1, weekends_off=True)
    first = mover_seat(match)
    other = Seat.objects.select_related("user").get(match=match, index=1 - first.index)
    other.user.time_zone = zone
    other.user.save()
    play_turn(match, dt.datetime(2026, 1, 10, 3, tzinfo=dt.UTC))  # Saturday 03:00 UTC
    assert mover_seat(match).pk == other.pk
    other.refresh_from_db()
    assert other.deadline_at == deadline


def test_weekends_count_when_weekends_are_not_off(alice, bob, now):
    match = start_match(alice, bob, now=now, days_per_move=1)
    play_turn(match, dt.datetime(2026, 1, 10, 3, tzinfo=dt.UTC))
    assert mover_seat(match).deadline_at == dt.datetime(2026, 1, 11, 3, tzinfo=dt.UTC)


def test_a_new_time_zone_moves_a_running_turns_weekend_and_deadline(client, alice, bob, now):
    """The clock counts weekends in the player's own zone, and the sweeper
    reads the zone of today: the deadline shown and reminded must be the
    one enforced after the player moves to another zone."""
    match = start_match(alice, bob, now=now, days_per_move=1, weekends_off=True)
    first = mover_seat(match)
    other = Seat.objects.select_related("user").get(match=match, index=1 - first.index)
    other.user.time_zone = "UTC"
    other.user.save()
    play_turn(match, dt.datetime(2026, 1, 10, 3, tzinfo=dt.UTC))  # Saturday 03:00 UTC
    other.refresh_from_db()
    assert other.deadline_at == dt.datetime(2026, 1, 13, 0, tzinfo=dt.UTC)
    client.force_login(other.user)
    saved = client.post(
        "/profile/",
        {"display_name": str(other.user), "time_zone": "America/New_York", "language": "en", "notifications": "none"},
    )
    assert saved.status_code == 302
    other.refresh_from_db()
    # Friday 22:00 in New York when the turn began: 2 h on Friday, 22 h from Monday 00:00 EST.
    assert other.deadline_at == dt.datetime(2026, 1, 13, 3, tzinfo=dt.UTC)


def test_a_new_time_zone_set_over_the_api_moves_a_running_turns_weekend_and_deadline(alice, bob, now):
    """``PATCH /api/me/`` changes the zone as the profile page does: the
    deadline shown, reminded and enforced follows the new zone's weekend
    (it stayed at the old zone's: shown and reminded three hours early,
    and moved only once the sweeper reached it)."""
    from tests.games.api.test_games_api import client_for

    match = start_match(alice, bob, now=now, days_per_move=1, weekends_off=True)
    first = mover_seat(match)
    other = Seat.objects.select_related("user").get(match=match, index=1 - first.index)
    other.user.time_zone = "UTC"
    other.user.save()
    play_turn(match, dt.datetime(2026, 1, 10, 3, tzinfo=dt.UTC))  # Saturday 03:00 UTC
    other.refresh_from_db()
    assert other.deadline_at == dt.datetime(2026, 1, 13, 0, tzinfo=dt.UTC)
    saved = client_for(other.user).patch("/api/me/", {"time_zone": "America/New_York"}, format="json")
    assert saved.status_code == 200
    other.refresh_from_db()
    # Friday 22:00 in New York when the turn began: 2 h on Friday, 22 h from Monday 00:00 EST.
    assert other.deadline_at == dt.datetime(2026, 1, 13, 3, tzinfo=dt.UTC)
