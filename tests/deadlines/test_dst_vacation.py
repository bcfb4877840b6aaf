"""Vacations given in days, for a Dutch club player, when a change of
daylight-saving time falls inside them: "7 days" from Friday 20:00 ends
the next Friday at 20:00 on the player's clock, and costs 7 days."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation

from core.moments import written_moment
from games.deadlines.vacation import vacation_days_left, vacation_end, vacation_start
from tests.conftest import living_in

from .conftest import DAY, HOUR, mover_seat, start_match

pytestmark = pytest.mark.django_db


def utc(*args):
    return dt.datetime(*args, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("starts", "ends", "real"),
    [
        # Friday 23 October 20:00 CEST to Friday 30 October 20:00 CET: 7 days and an hour.
        (utc(2026, 10, 23, 18), utc(2026, 10, 30, 19), 7 * DAY + HOUR),
        # Friday 27 March 20:00 CET to Friday 3 April 20:00 CEST: 7 days less an hour.
        (utc(2026, 3, 27, 19), utc(2026, 4, 3, 18), 7 * DAY - HOUR),
    ],
)
def test_a_vacation_across_a_clock_change_ends_at_the_same_hour_on_the_players_clock(alice, starts, ends, real):
    living_in("nl", "Europe/Amsterdam", alice)
    vacation = vacation_start(user=alice, days=7, now=starts)
    assert vacation.ends_at == ends and vacation.ends_at - vacation.starts_at == real
    with translation.override("nl"):
        assert written_moment(alice.zone, vacation.ends_at).startswith("vrijdag ")
        assert ", 20:00 (tijdzone Europe/Amsterdam)" in written_moment(alice.zone, vacation.ends_at)
    # It costs the 7 days asked for, not 8 for the hour the clocks went back.
    assert vacation_days_left(user=alice, now=starts) == 14 - 7


def test_the_clock_of_a_running_turn_stops_for_the_whole_vacation_across_the_autumn_change(alice, bob):
    living_in("nl", "Europe/Amsterdam", alice, bob)
    start = utc(2026, 10, 22, 18)
    match = start_match(alice, bob, now=start, days_per_move=3)
    seat = mover_seat(match)
    assert seat.deadline_at == start + 3 * DAY
    vacation_start(user=seat.user, days=7, now=start + DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == start + 3 * DAY + 7 * DAY + HOUR


def test_coming_back_early_across_the_autumn_change_costs_the_days_on_the_players_clock(alice):
    """Away from Saturday 24 October 10:00 CEST to Monday 26 October 10:00
    CET: two days on the calendar (49 hours), two days charged."""
    living_in("nl", "Europe/Amsterdam", alice)
    vacation_start(user=alice, days=5, now=utc(2026, 10, 24, 8))
    vacation_end(user=alice, now=utc(2026, 10, 26, 9))
    assert vacation_days_left(user=alice, now=utc(2026, 10, 26, 9)) == 14 - 2


def test_a_vacation_in_a_zone_without_summer_time_lasts_whole_days(alice):
    living_in("nl", "Asia/Kolkata", alice)
    vacation = vacation_start(user=alice, days=7, now=utc(2026, 10, 23, 18))
    assert vacation.ends_at - vacation.starts_at == 7 * DAY


@pytest.mark.parametrize(
    ("starts", "shown"),
    [
        # Saturday 28 March 02:30 CET: Sunday has no 02:30; the day ends at 03:30 CEST, 24 hours later.
        (utc(2026, 3, 28, 1, 30), "zondag 29 maart 2026, 03:30 (tijdzone Europe/Amsterdam)"),
        # Saturday 24 October 02:30 CEST: Sunday's first 02:30 (still CEST), 24 hours later.
        (utc(2026, 10, 24, 0, 30), "zondag 25 oktober 2026, 02:30 UTC+02:00 (tijdzone Europe/Amsterdam)"),
    ],
)
def test_a_day_away_that_ends_in_the_hour_the_clocks_skip_or_repeat_lasts_24_hours_and_costs_one(alice, starts, shown):
    living_in("nl", "Europe/Amsterdam", alice)
    vacation = vacation_start(user=alice, days=1, now=starts)
    assert vacation.ends_at - vacation.starts_at == DAY
    with translation.override("nl"):
        assert written_moment(alice.zone, vacation.ends_at) == shown
    assert vacation_days_left(user=alice, now=starts) == 14 - 1
