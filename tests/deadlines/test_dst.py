"""Deadlines, reminders and vacations across the changes of daylight-saving
time, for a Dutch club player (Europe/Amsterdam: the clocks go forward on
29 March 2026 at 02:00 and back on 25 October 2026 at 03:00) and players
far away (a half-hour zone, Asia/Kolkata)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from core.moments import written_moment
from games.deadlines.reminders import reminders_sweep
from games.deadlines.sweeps import AUTO, deadlines_sweep
from games.timing.clock import Clock
from tests.conftest import living_in

from .conftest import DAY, HOUR, events, mover_seat, start_match

AMS = zoneinfo.ZoneInfo("Europe/Amsterdam")
KOLKATA = zoneinfo.ZoneInfo("Asia/Kolkata")
SECOND = dt.timedelta(seconds=1)


def utc(*args):
    return dt.datetime(*args, tzinfo=dt.UTC)


# ------------------------------------------------------------ written times
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_doubled_hour_of_the_autumn_change_is_written_so_that_its_two_moments_differ(language):
    """On 25 October 2026 Amsterdam lives 02:00-03:00 twice; a deadline at
    the first 02:30 (00:30 UTC) and one at the second (01:30 UTC) must not
    read the same: a player would be an hour early or late."""
    first, second = utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 1, 30)
    with translation.override(language):
        one, other = written_moment(AMS, first), written_moment(AMS, second)
    assert "02:30" in one and "02:30" in other
    assert one != other
    assert "+02:00" in one and "+01:00" in other


def test_an_hour_that_is_lived_once_is_written_without_an_offset():
    with translation.override("nl"):
        assert written_moment(AMS, utc(2026, 10, 25, 2, 30)) == (
            "zondag 25 oktober 2026, 03:30 (tijdzone Europe/Amsterdam)"
        )
        # The spring change: 01:59 CET is followed by 03:00 CEST.
        assert written_moment(AMS, utc(2026, 3, 29, 0, 59)) == (
            "zondag 29 maart 2026, 01:59 (tijdzone Europe/Amsterdam)"
        )
        assert written_moment(AMS, utc(2026, 3, 29, 1, 0)) == (
            "zondag 29 maart 2026, 03:00 (tijdzone Europe/Amsterdam)"
        )


def test_a_half_hour_zone_shows_its_own_minutes():
    with translation.override("nl"):
        assert written_moment(KOLKATA, utc(2026, 12, 5, 9, 0)) == (
            "zaterdag 5 december 2026, 14:30 (tijdzone Asia/Kolkata)"
        )


# ------------------------------------------------------------ the clock
def test_a_weekend_off_across_the_autumn_change_lasts_49_hours_and_days_stay_local():
    """Friday 23 October 20:00 CEST, 3 days a move, no clock at weekends:
    4 hours on Friday, the weekend (Saturday 00:00 CEST to Monday 00:00 CET,
    49 hours), then 68 hours: Wednesday 20:00, now in CET."""
    clock = Clock(zone=AMS, weekends_off=True)
    start = dt.datetime(2026, 10, 23, 20, tzinfo=AMS)
    deadline = clock.deadline(start, 3 * DAY)
    assert deadline == utc(2026, 10, 28, 19)
    assert deadline.astimezone(AMS).strftime("%a %H:%M") == "Wed 20:00"
    assert clock.used(start, deadline) == 3 * DAY


def test_a_weekend_off_across_the_spring_change_lasts_47_hours():
    clock = Clock(zone=AMS, weekends_off=True)
    start = dt.datetime(2026, 3, 27, 20, tzinfo=AMS)
    deadline = clock.deadline(start, 3 * DAY)
    assert deadline == utc(2026, 4, 1, 18)
    assert deadline.astimezone(AMS).strftime("%a %H:%M") == "Wed 20:00"
    assert clock.used(start, deadline) == 3 * DAY


@pytest.mark.parametrize(
    ("zone", "saturday", "monday"),
    [
        # Saturday 00:00 IST (UTC+05:30) is Friday 18:30 UTC: a half-hour zone's own midnight.
        ("Asia/Kolkata", utc(2026, 12, 4, 18, 30), utc(2026, 12, 6, 18, 30)),
        # Across the date line, and Auckland's clocks go back on Sunday 5 April 2026: 49 hours.
        ("Pacific/Auckland", utc(2026, 4, 3, 11), utc(2026, 4, 5, 12)),
        # Los Angeles goes back on Sunday 1 November 2026: 49 hours too.
        ("America/Los_Angeles", utc(2026, 10, 31, 7), utc(2026, 11, 2, 8)),
    ],
)
def test_a_weekend_off_far_away_runs_from_the_players_own_saturday_to_their_monday(zone, saturday, monday):
    clock = Clock(zone=zoneinfo.ZoneInfo(zone), weekends_off=True)
    friday_noon = dt.datetime.combine(saturday.astimezone(clock.zone).date() - DAY, dt.time(12), tzinfo=clock.zone)
    # A day's clock from Friday noon: 12 hours on Friday, the weekend, 12 hours on Monday.
    deadline = clock.deadline(friday_noon, DAY)
    assert deadline == monday + 12 * HOUR
    assert clock.used(friday_noon, saturday) == 12 * HOUR
    assert clock.used(saturday, monday) == dt.timedelta(0)


# ------------------------------------------------------------ the sweeper
@pytest.mark.django_db
def test_a_deadline_in_the_doubled_hour_is_enforced_once_at_its_instant(alice, bob):
    """A day a move from Saturday 24 October 03:30 CEST (01:30 UTC): the
    deadline is the second 02:30 of Sunday (01:30 UTC, CET).  The sweeper
    leaves it alone at the first 02:30 and enforces it once at the second."""
    living_in("nl", "Europe/Amsterdam", alice, bob)
    start = utc(2026, 10, 24, 1, 30)
    match = start_match(alice, bob, now=start, days_per_move=1)
    seat = mover_seat(match)
    assert seat.deadline_at == utc(2026, 10, 25, 1, 30)
    assert not deadlines_sweep(now=utc(2026, 10, 25, 0, 30)).get(AUTO)  # the first 02:30
    assert not deadlines_sweep(now=seat.deadline_at - SECOND).get(AUTO)
    assert deadlines_sweep(now=seat.deadline_at)[AUTO] == 1
    assert deadlines_sweep(now=seat.deadline_at + HOUR).get(AUTO) is None
    assert [e.user_id for e in events(match, "timeout_auto")] == [seat.user_id]


@pytest.mark.django_db
def test_reminders_across_the_autumn_change_come_24_and_2_real_hours_before(alice, bob):
    """The deadline is Sunday 25 October 11:00 CET (10:00 UTC); the 24-hour
    reminder comes on Saturday at 12:00 CEST, 24 real hours before, and
    writes the deadline as the player's clock will show it."""
    living_in("nl", "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, now=utc(2026, 10, 23, 10), days_per_move=2)
    seat = mover_seat(match)
    deadline = seat.deadline_at
    assert deadline == utc(2026, 10, 25, 10)
    assert reminders_sweep(now=utc(2026, 10, 24, 10) - SECOND) == 0
    assert reminders_sweep(now=utc(2026, 10, 24, 10)) == 1
    assert reminders_sweep(now=deadline - 2 * HOUR) == 1
    sent = events(match, "reminder")
    assert [e.data["threshold_hours"] for e in sent] == [24, 2]
    with translation.override("nl"), timezone.override(AMS):
        assert "zondag 25 oktober 2026, 11:00 (tijdzone Europe/Amsterdam)" in sent[0].shown_text


@pytest.mark.django_db
def test_the_pages_write_a_deadline_in_the_doubled_hour_with_its_offset(client, alice, bob):
    """The deadlines page and the home page show the Dutch player's move
    "by zo 25 okt, 02:30": which 02:30 they must say."""
    living_in("nl", "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, now=utc(2026, 10, 24, 1, 30), days_per_move=1)
    seat = mover_seat(match)
    assert seat.deadline_at == utc(2026, 10, 25, 1, 30)  # the second 02:30
    client.force_login(seat.user)
    for page in (reverse("deadline-settings"), reverse("home")):
        body = client.get(page).content.decode()
        assert "25 okt, 02:30 UTC+01:00" in body, page
        assert "UTC+02:00" not in body, page
