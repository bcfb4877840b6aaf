"""Deadlines, reminders and vacations across the changes of daylight-saving
time, for a Dutch club player (Europe/Amsterdam: the clocks go forward on
29 March 2026 at 02:00 and back on 25 October 2026 at 03:00) and players
far away (a half-hour zone, Asia/Kolkata)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import translation

from core.moments import written_moment
from tests.conftest import living_in

from .conftest import mover_seat, start_match

AMS = zoneinfo.ZoneInfo("Europe/Amsterdam")
KOLKATA = zoneinfo.ZoneInfo("Asia/Kolkata")


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
