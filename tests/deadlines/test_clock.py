"""The clock arithmetic: budgets, weekends in a time zone, vacations,
reminder times and time-control validation (pure, no database)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from games.models import Match
from games.services import GameActionError
from games.timing.clock import (
    Clock,
    bank_after_turn,
    reminder_next,
    time_control_clean,
    weekends,
)

UTC = dt.UTC
AMS = zoneinfo.ZoneInfo("Europe/Amsterdam")
NYC = zoneinfo.ZoneInfo("America/New_York")
DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)


def at(*args, tz=UTC):
    return dt.datetime(*args, tzinfo=tz)


def test_without_pauses_the_deadline_is_start_plus_budget():
    clock = Clock()
    start = at(2026, 1, 9, 12)
    assert clock.deadline(start, 3 * DAY) == start + 3 * DAY
    assert clock.used(start, start + 5 * HOUR) == 5 * HOUR
    assert clock.used(start, start - HOUR) == dt.timedelta(0)


def next_weekend(zone, since):
    return next(w for w in weekends(zone, since) if w[1] > since)


def test_weekends_run_from_local_saturday_to_local_monday():
    assert next_weekend(AMS, at(2026, 1, 7, 12)) == (
        at(2026, 1, 9, 23),
        at(2026, 1, 11, 23),
    )  # CET
    assert next_weekend(NYC, at(2026, 1, 11, 12)) == (
        at(2026, 1, 10, 5),
        at(2026, 1, 12, 5),
    )  # EST
    # Monday 03:00 UTC is still Sunday in New York: that weekend is not over.
    assert next_weekend(NYC, at(2026, 1, 12, 3)) == (
        at(2026, 1, 10, 5),
        at(2026, 1, 12, 5),
    )


def test_weekend_does_not_count_in_the_players_zone():
    start = at(2026, 1, 9, 12)  # Friday 13:00 in Amsterdam
    clock = Clock(zone=AMS, weekends_off=True)
    # 11 h on Friday, the other 13 h on Monday from 00:00 local.
    assert clock.deadline(start, DAY) == at(2026, 1, 12, 13, tz=AMS)
    assert clock.used(start, at(2026, 1, 12, 13, tz=AMS)) == DAY


def test_the_same_instant_is_weekend_in_one_zone_and_not_in_another():
    start = at(2026, 1, 10, 3)  # Saturday 04:00 in Amsterdam, Friday 22:00 in New York
    assert Clock(zone=AMS, weekends_off=True).deadline(start, DAY) == at(2026, 1, 12, 23)
    # New York: 2 h of Friday left, 22 h from Monday 00:00 EST (05:00 UTC).
    assert Clock(zone=NYC, weekends_off=True).deadline(start, DAY) == at(2026, 1, 13, 3)


def test_weekend_across_a_daylight_saving_change_is_47_hours():
    start = at(2026, 3, 27, 12)  # Friday 13:00 CET; clocks go forward on Sunday the 29th
    clock = Clock(zone=AMS, weekends_off=True)
    # 11 h on Friday (until 23:00 UTC), 13 h from Monday 00:00 CEST (Sunday 22:00 UTC).
    assert clock.deadline(start, DAY) == at(2026, 3, 30, 11)


def test_a_turn_started_at_the_weekend_starts_on_monday():
    start = at(2026, 1, 11, 15)  # Sunday
    assert Clock(weekends_off=True).deadline(start, 2 * HOUR) == at(2026, 1, 12, 2)


def test_a_budget_that_ends_as_a_pause_begins_ends_when_it_ends():
    start = at(2026, 1, 9, 22)
    assert Clock(weekends_off=True).deadline(start, 2 * HOUR) == at(2026, 1, 12, 0)
    assert Clock(weekends_off=True).deadline(start, HOUR) == at(2026, 1, 9, 23)


def test_vacation_moves_the_deadline_by_the_time_away():
    start = at(2026, 1, 5, 9)
    away = ((at(2026, 1, 6, 9), at(2026, 1, 8, 9)),)
    clock = Clock(away=away)
    assert clock.deadline(start, 3 * DAY) == at(2026, 1, 10, 9)
    assert clock.used(start, at(2026, 1, 10, 9)) == 3 * DAY


def test_vacation_and_weekend_overlapping_count_once():
    start = at(2026, 1, 8, 0)  # Thursday
    away = ((at(2026, 1, 9, 0), at(2026, 1, 11, 12)),)  # Friday to Sunday noon
    clock = Clock(weekends_off=True, away=away)
    # Thursday runs (1 day), then nothing until Monday 00:00.
    assert clock.deadline(start, 2 * DAY) == at(2026, 1, 13, 0)
    assert clock.used(start, at(2026, 1, 12, 6)) == DAY + 6 * HOUR


def test_reminder_next_takes_the_largest_threshold_still_ahead():
    deadline = at(2026, 1, 8, 9)
    assert reminder_next(deadline=deadline, hours=[24, 2], now=at(2026, 1, 5, 9)) == at(2026, 1, 7, 9)
    assert reminder_next(deadline=deadline, hours=[2, 24], now=at(2026, 1, 7, 10)) == at(2026, 1, 8, 7)
    assert reminder_next(deadline=deadline, hours=[24, 2], now=at(2026, 1, 5, 9), below=24) == at(2026, 1, 8, 7)
    assert reminder_next(deadline=deadline, hours=[24, 2], now=at(2026, 1, 8, 8)) is None
    assert reminder_next(deadline=deadline, hours=[], now=at(2026, 1, 5, 9)) is None


def test_a_24_hour_reminder_is_skipped_when_the_turn_is_only_a_day():
    now = at(2026, 1, 5, 9)
    assert reminder_next(deadline=now + DAY, hours=[24, 2], now=now) == now + 22 * HOUR


def test_time_control_defaults_and_bank_cap():
    assert time_control_clean(days_per_move=3) == {
        "days_per_move": 3,
        "bank_initial_days": None,
        "bank_increment_days": 0,
        "bank_cap_days": None,
        "weekends_off": False,
        "vacation_allowed": True,
    }
    fields = time_control_clean(
        days_per_move=3,
        bank_initial_days=7,
        bank_increment_days=1,
        weekends_off=True,
        vacation_allowed=False,
    )
    assert fields["bank_cap_days"] == 7
    assert fields["weekends_off"] is True and fields["vacation_allowed"] is False


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"days_per_move": 0}, "Days per move must be between 1 and 30."),
        ({"days_per_move": 31}, "Days per move must be between 1 and 30."),
        (
            {"days_per_move": 3, "bank_initial_days": 0},
            "The initial bank must be between 1 and 30 days.",
        ),
        (
            {"days_per_move": 3, "bank_initial_days": 5, "bank_increment_days": 31},
            "The days added per move must be between 0 and 30.",
        ),
        (
            {"days_per_move": 3, "bank_initial_days": 5, "bank_cap_days": 4},
            "The bank's cap must be at least the initial bank and the days added per move, and at most 60 days.",
        ),
    ],
)
def test_time_control_errors_name_the_problem(kwargs, message):
    with pytest.raises(GameActionError) as caught:
        time_control_clean(**kwargs)
    assert caught.value.code == "invalid_time_control"
    assert caught.value.message == message


def test_bank_after_a_turn_adds_the_increment_and_caps():
    match = Match(bank_initial_days=2, bank_increment_days=1, bank_cap_days=3)
    assert bank_after_turn(match, dt.timedelta(hours=36)) == int(2.5 * 86400)
    assert bank_after_turn(match, 2 * DAY + HOUR) == 3 * 86400
    assert bank_after_turn(match, -HOUR) == 86400
