"""Auto-vacation: a player who opted in spends a day of vacation instead of
timing out, while days are left and the game allows vacations."""

from __future__ import annotations

import pytest

from games.deadlines.sweeps import deadlines_sweep
from games.deadlines.vacation import deadline_settings_update, vacation_days_left
from games.models import MoveRecord, Vacation

from .conftest import DAY, HOUR, events, mover_seat, start_match

pytestmark = pytest.mark.django_db
MINUTE = HOUR / 60


def opt_in(user, now):
    deadline_settings_update(user=user, reminder_hours_list=[24, 2], auto_vacation=True, now=now)


def test_a_day_of_vacation_is_spent_instead_of_the_timeout(duel, now):
    seat = mover_seat(duel)
    opt_in(seat.user, now)
    at = seat.deadline_at + MINUTE
    assert deadlines_sweep(now=at) == {"auto_vacation": 1}
    seat.refresh_from_db()
    assert seat.deadline_at == at + DAY
    assert seat.reminder_at == at + DAY - 2 * HOUR
    assert not MoveRecord.objects.filter(match=duel).exists()
    vacation = Vacation.objects.get(user=seat.user)
    assert (vacation.auto, vacation.starts_at, vacation.ends_at) == (True, at, at + DAY)
    assert vacation_days_left(user=seat.user, now=at) == 13
    [event] = events(duel, "auto_vacation")
    assert event.user == seat.user
    assert event.data == {
        "seat_id": seat.pk,
        "vacation_id": vacation.pk,
        "until": (at + DAY).isoformat(),
        "days_left": 13,
        # The log line, for each reader in their language (games.event_lines).
        "message": "%(player)s's time ran out: a day of vacation was used instead (%(count)s left this year).",
        "params": {"player": str(seat.user), "count": "13"},
    }
    assert deadlines_sweep(now=at + DAY - MINUTE) == {}


def test_when_the_allowance_is_spent_the_timeout_policy_applies(duel, now, settings):
    settings.VACATION_DAYS_PER_YEAR = 1
    seat = mover_seat(duel)
    opt_in(seat.user, now)
    first = seat.deadline_at + MINUTE
    assert deadlines_sweep(now=first) == {"auto_vacation": 1}
    seat.refresh_from_db()
    assert deadlines_sweep(now=seat.deadline_at + MINUTE) == {
        "auto": 1,
        "vacations_closed": 1,
    }
    assert MoveRecord.objects.get(match=duel).source == "system"


def test_the_day_of_vacation_stops_the_players_other_clocks_too(alice, bob, now):
    first = start_match(alice, bob, now=now)
    sleeper = mover_seat(first)
    opponent = bob if sleeper.user == alice else alice
    # A second game where the same player is to move, started later.
    second = start_match(opponent, sleeper.user, now=now + HOUR)
    while mover_seat(second).user != sleeper.user:
        second = start_match(opponent, sleeper.user, now=now + HOUR)
    other_seat = mover_seat(second)
    opt_in(sleeper.user, now)
    at = sleeper.deadline_at + MINUTE
    assert deadlines_sweep(now=at) == {"auto_vacation": 1}
    other_seat.refresh_from_db()
    assert other_seat.deadline_at == now + HOUR + 3 * DAY + DAY
    [told] = events(second, "vacation_started")
    assert told.data["auto"] is True


def test_a_game_that_forbids_vacations_times_out_anyway(alice, bob, now):
    match = start_match(alice, bob, now=now, vacation_allowed=False)
    seat = mover_seat(match)
    opt_in(seat.user, now)
    assert deadlines_sweep(now=seat.deadline_at + MINUTE) == {"auto": 1}
    assert not Vacation.objects.exists()


def test_without_opting_in_no_vacation_is_spent(duel, now):
    seat = mover_seat(duel)
    assert deadlines_sweep(now=seat.deadline_at + MINUTE) == {"auto": 1}
    assert not Vacation.objects.exists()


def test_one_day_of_vacation_saves_every_game_whose_time_ran_out_in_the_same_sweep(alice, bob, carol, now):
    """Issue 6: "when a deadline would expire and allowance is left, a day
    of vacation is used instead" -- for each game due at that moment, and
    the one day taken covers them all."""
    games = []
    for opponent in (bob, carol):
        match = start_match(alice, opponent, now=now)
        while mover_seat(match).user != alice:
            match = start_match(alice, opponent, now=now)
        games.append(match)
    opt_in(alice, now)
    seats = [mover_seat(match) for match in games]
    at = max(seat.deadline_at for seat in seats) + MINUTE
    assert deadlines_sweep(now=at)["auto_vacation"] == 2  # (games drawn with another mover time out)
    assert not MoveRecord.objects.filter(match__in=games).exists()
    assert Vacation.objects.filter(user=alice).count() == 1 and vacation_days_left(user=alice, now=at) == 13
    for seat in seats:
        seat.refresh_from_db()
        assert seat.deadline_at > at + DAY - HOUR
