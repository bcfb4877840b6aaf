"""Reminders before a deadline: 24 h and 2 h by default, per-player
thresholds or none, each sent once per deadline."""

from __future__ import annotations

import pytest

from games.deadlines.reminders import reminder_send, reminders_sweep
from games.deadlines.vacation import deadline_settings_update
from games.models import Seat

from .conftest import DAY, HOUR, events, mover_seat, play_turn

pytestmark = pytest.mark.django_db
MINUTE = HOUR / 60


def reminders(match):
    return [
        (e.user_id, e.data["seat_id"], e.data["threshold_hours"], e.data["deadline_at"])
        for e in events(match, "reminder")
    ]


def test_default_reminders_at_24_and_2_hours_are_sent_once(duel, now):
    seat = mover_seat(duel)
    deadline = seat.deadline_at
    assert reminders_sweep(now=deadline - 24 * HOUR - MINUTE) == 0
    assert reminders_sweep(now=deadline - 24 * HOUR) == 1
    assert reminders_sweep(now=deadline - 24 * HOUR + MINUTE) == 0
    assert reminders_sweep(now=deadline - 3 * HOUR) == 0
    assert reminders_sweep(now=deadline - 2 * HOUR) == 1
    assert reminders_sweep(now=deadline - HOUR) == 0
    iso = deadline.isoformat()
    assert reminders(duel) == [
        (seat.user_id, seat.pk, 24, iso),
        (seat.user_id, seat.pk, 2, iso),
    ]
    seat.refresh_from_db()
    assert seat.reminder_at is None and (seat.reminded_for, seat.reminded_hours) == (
        deadline,
        2,
    )


def test_a_late_sweep_sends_only_the_most_urgent_reminder(duel, now):
    seat = mover_seat(duel)
    assert reminders_sweep(now=seat.deadline_at - HOUR) == 1
    assert reminders_sweep(now=seat.deadline_at - HOUR / 2) == 0
    assert [r[2] for r in reminders(duel)] == [2]


def test_no_reminder_once_the_deadline_has_passed(duel, now):
    seat = mover_seat(duel)
    assert reminders_sweep(now=seat.deadline_at + MINUTE) == 0
    seat.refresh_from_db()
    assert seat.reminder_at is None
    assert reminders(duel) == []


def test_a_player_chooses_their_own_thresholds(duel, now):
    seat = mover_seat(duel)
    deadline_settings_update(user=seat.user, reminder_hours_list=[48, 6], auto_vacation=False, now=now)
    seat.refresh_from_db()
    assert seat.reminder_at == seat.deadline_at - 48 * HOUR
    reminders_sweep(now=seat.deadline_at - 48 * HOUR)
    reminders_sweep(now=seat.deadline_at - 24 * HOUR)
    reminders_sweep(now=seat.deadline_at - 6 * HOUR)
    reminders_sweep(now=seat.deadline_at - 2 * HOUR)
    assert [r[2] for r in reminders(duel)] == [48, 6]


def test_a_player_may_turn_reminders_off(duel, now):
    seat = mover_seat(duel)
    deadline_settings_update(user=seat.user, reminder_hours_list=[], auto_vacation=False, now=now)
    seat.refresh_from_db()
    assert seat.reminder_at is None
    for hours in (24, 2, 1):
        reminders_sweep(now=seat.deadline_at - hours * HOUR)
    assert reminders(duel) == []


def test_changing_thresholds_does_not_repeat_a_reminder_already_sent(duel, now):
    seat = mover_seat(duel)
    reminders_sweep(now=seat.deadline_at - 24 * HOUR)
    deadline_settings_update(
        user=seat.user,
        reminder_hours_list=[30, 24, 12],
        auto_vacation=False,
        now=seat.deadline_at - 23 * HOUR,
    )
    seat.refresh_from_db()
    assert seat.reminder_at == seat.deadline_at - 12 * HOUR
    reminders_sweep(now=seat.deadline_at - 12 * HOUR)
    assert [r[2] for r in reminders(duel)] == [24, 12]


def test_the_next_players_deadline_gets_its_own_reminders(duel, now):
    first = mover_seat(duel)
    reminders_sweep(now=first.deadline_at - 24 * HOUR)
    play_turn(duel, now + DAY + HOUR)
    second = mover_seat(duel)
    assert second.reminder_at == second.deadline_at - 24 * HOUR
    reminders_sweep(now=second.deadline_at - 24 * HOUR)
    assert [(r[0], r[2]) for r in reminders(duel)] == [
        (first.user_id, 24),
        (second.user_id, 24),
    ]


def test_a_second_sweeper_holding_the_same_row_sends_nothing(duel, now):
    seat = mover_seat(duel)
    at = seat.deadline_at - 24 * HOUR
    stale = list(Seat.objects.select_related("match", "user").filter(pk=seat.pk))[0]
    copy = list(Seat.objects.select_related("match", "user").filter(pk=seat.pk))[0]
    assert reminder_send(seat=stale, now=at) is True
    assert reminder_send(seat=copy, now=at) is False
    assert len(reminders(duel)) == 1


def test_a_move_between_read_and_send_cancels_the_reminder(duel, now):
    seat = mover_seat(duel)
    read = list(Seat.objects.select_related("match", "user").filter(pk=seat.pk))[0]
    play_turn(duel, seat.deadline_at - 25 * HOUR)
    assert reminder_send(seat=read, now=seat.deadline_at - 24 * HOUR) is False
    assert reminders(duel) == []
