"""Vacations: they stop the clocks of running games (deadlines move by the
time away), games may forbid them, the allowance is per calendar year, and
their start and end are recorded on each running game."""

from __future__ import annotations

import datetime as dt

import pytest

from games.deadlines.selectors import seat_clocks, user_is_away
from games.deadlines.sweeps import deadlines_sweep
from games.deadlines.vacation import vacation_days_left, vacation_end, vacation_start
from games.models import DeadlineSettings, Seat, Vacation
from games.services import Conflict, GameActionError

from .conftest import DAY, HOUR, events, mover_seat, play_turn, start_match

pytestmark = pytest.mark.django_db


def test_a_vacation_stops_the_clock_of_a_running_turn(duel, now):
    seat = mover_seat(duel)
    other = Seat.objects.get(match=duel, index=1 - seat.index)
    vacation = vacation_start(user=seat.user, days=5, now=now + DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == now + 8 * DAY
    assert seat.reminder_at == now + 7 * DAY
    [event] = events(duel, "vacation_started")
    assert event.user == seat.user
    assert event.data == {
        "seat_id": seat.pk,
        "vacation_id": vacation.pk,
        "until": (now + 6 * DAY).isoformat(),
        "auto": False,
        # The log line, for each reader in their language and zone (games.event_lines).
        "message": "%(player)s is on vacation until %(until)s; their clock is stopped.",
        "params": {"player": str(seat.user), "until": (now + 6 * DAY).isoformat()},
        "times": ["until"],
    }
    assert event.text == f"{seat.user} is on vacation until {now + 6 * DAY:%Y-%m-%d %H:%M} UTC; their clock is stopped."
    assert user_is_away(seat.user, now=now + 2 * DAY)
    assert not user_is_away(seat.user, now=now + 6 * DAY)
    clocks = seat_clocks(duel, [seat, other], now=now + 2 * DAY)
    assert clocks[0].away_until == now + 6 * DAY and clocks[1].away_until is None
    # Nothing is due at the old deadline.
    assert deadlines_sweep(now=now + 3 * DAY + HOUR) == {}


def test_a_turn_that_starts_during_a_vacation_starts_its_clock_at_its_end(duel, now):
    seat = mover_seat(duel)
    other = Seat.objects.select_related("user").get(match=duel, index=1 - seat.index)
    vacation_start(user=other.user, days=4, now=now)
    play_turn(duel, now + DAY)
    other.refresh_from_db()
    assert other.deadline_at == now + 4 * DAY + 3 * DAY
    assert other.turn_started_at == now + DAY


def test_a_game_that_forbids_vacations_keeps_its_clock_running(alice, bob, now):
    match = start_match(alice, bob, now=now, vacation_allowed=False)
    seat = mover_seat(match)
    vacation = vacation_start(user=seat.user, days=5, now=now + DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == now + 3 * DAY
    assert events(match, "vacation_started") == []
    [told] = events(match, "vacation_forbidden")
    assert told.user == seat.user and told.data["vacation_id"] == vacation.pk
    assert "does not allow vacations: their clock keeps running" in told.text
    assert seat_clocks(match, [seat], now=now + 2 * DAY)[0].away_clock_running
    assert deadlines_sweep(now=now + 3 * DAY + HOUR) == {"auto": 1}


def test_coming_back_early_restarts_the_clocks_and_costs_only_the_days_away(duel, now):
    seat = mover_seat(duel)
    vacation_start(user=seat.user, days=5, now=now + DAY)
    assert vacation_days_left(user=seat.user, now=now + DAY) == 9
    vacation = vacation_end(user=seat.user, now=now + 2 * DAY + HOUR)
    assert vacation.ends_at == now + 2 * DAY + HOUR and vacation.closed
    seat.refresh_from_db()
    assert seat.deadline_at == now + 4 * DAY + HOUR
    assert vacation_days_left(user=seat.user, now=now + 3 * DAY) == 12  # 1 day 1 hour: 2 days
    [ended] = events(duel, "vacation_ended")
    assert ended.data["early"] is True
    assert not user_is_away(seat.user, now=now + 3 * DAY)
    with pytest.raises(Conflict) as caught:
        vacation_end(user=seat.user, now=now + 3 * DAY)
    assert caught.value.message == "You are not on vacation."


def test_the_end_of_a_vacation_is_announced_once_by_the_sweeper(duel, now):
    seat = mover_seat(duel)
    vacation = vacation_start(user=seat.user, days=2, now=now)
    assert deadlines_sweep(now=now + 2 * DAY - HOUR) == {}
    assert deadlines_sweep(now=now + 2 * DAY + HOUR) == {"vacations_closed": 1}
    assert deadlines_sweep(now=now + 2 * DAY + 2 * HOUR) == {}
    [ended] = events(duel, "vacation_ended")
    assert ended.data == {
        "seat_id": seat.pk,
        "vacation_id": vacation.pk,
        "until": (now + 2 * DAY).isoformat(),
        "early": False,
        "message": "%(player)s is back from vacation.",
        "params": {"player": str(seat.user)},
    }
    seat.refresh_from_db()
    assert seat.deadline_at == now + 5 * DAY


def test_the_allowance_is_configurable_and_limits_vacations(duel, now, settings):
    settings.VACATION_DAYS_PER_YEAR = 3
    seat = mover_seat(duel)
    with pytest.raises(GameActionError) as caught:
        vacation_start(user=seat.user, days=4, now=now)
    assert (caught.value.code, caught.value.message) == (
        "vacation_allowance",
        "You have 3 vacation days left this year.",
    )
    vacation_start(user=seat.user, days=2, now=now)
    with pytest.raises(Conflict) as caught:
        vacation_start(user=seat.user, days=1, now=now + DAY)
    assert caught.value.code == "already_on_vacation"
    vacation_start(user=seat.user, days=1, now=now + 3 * DAY)
    with pytest.raises(GameActionError) as caught:
        vacation_start(user=seat.user, days=1, now=now + 5 * DAY)
    assert caught.value.message == "You have 0 vacation days left this year."
    assert Vacation.objects.filter(user=seat.user).count() == 2


def test_the_allowance_is_renewed_each_year_in_the_players_time_zone(alice, now, settings):
    settings.VACATION_DAYS_PER_YEAR = 2
    alice.time_zone = "Pacific/Auckland"
    alice.save()
    new_years_eve_utc = dt.datetime(2026, 12, 31, 12, tzinfo=dt.UTC)  # 1 January 2027 01:00 in Auckland
    vacation_start(user=alice, days=2, now=dt.datetime(2026, 12, 20, tzinfo=dt.UTC))
    assert vacation_days_left(user=alice, now=dt.datetime(2026, 12, 31, 10, tzinfo=dt.UTC)) == 0
    assert vacation_days_left(user=alice, now=new_years_eve_utc) == 2


def test_a_fischer_bank_does_not_pay_for_time_on_vacation(alice, bob, now):
    match = start_match(
        alice,
        bob,
        now=now,
        bank_initial_days=3,
        bank_increment_days=1,
        bank_cap_days=10,
    )
    seat = mover_seat(match)
    vacation_start(user=seat.user, days=4, now=now + DAY)
    assert mover_seat(match).deadline_at == now + 7 * DAY
    vacation_end(user=seat.user, now=now + 3 * DAY)
    play_turn(match, now + 3 * DAY + 12 * HOUR)
    seat.refresh_from_db()
    # Used 1.5 days of clock (1 before, 0.5 after): 1.5 left + 1 added.
    assert seat.bank_seconds == int(2.5 * 86400)


def test_a_vacation_recorded_but_not_yet_applied_still_spares_the_player(duel, now):
    """If a vacation is stored but its games were not updated (the process
    died in between), the sweeper recomputes the deadline instead of
    enforcing it."""
    seat = mover_seat(duel)
    Vacation.objects.create(user=seat.user, starts_at=now + DAY, ends_at=now + 3 * DAY, created_at=now + DAY)
    DeadlineSettings.objects.create(user=seat.user, away_from=now + DAY, away_until=now + 3 * DAY)
    assert deadlines_sweep(now=now + 3 * DAY + HOUR) == {
        "moved": 1,
        "vacations_closed": 1,
    }
    seat.refresh_from_db()
    assert seat.deadline_at == now + 5 * DAY
    assert seat.reminder_at == now + 4 * DAY


def test_a_vacation_taken_after_the_deadline_passed_does_not_save_the_turn(duel, now):
    seat = mover_seat(duel)
    vacation_start(user=seat.user, days=3, now=now + 3 * DAY + HOUR)  # the sweeper is late
    seat.refresh_from_db()
    assert seat.deadline_at == now + 3 * DAY
    assert deadlines_sweep(now=now + 3 * DAY + 2 * HOUR) == {"auto": 1}


def test_the_player_is_mailed_when_a_game_keeps_its_clock_running(alice, bob, now, django_capture_on_commit_callbacks):
    from django.core import mail

    match = start_match(alice, bob, now=now, vacation_allowed=False)
    allowing = start_match(alice, bob, now=now)
    seat = mover_seat(match)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        vacation_start(user=seat.user, days=5, now=now + DAY)
    # None to them for the game whose clock stops (its other player is told they are away).
    [message] = [m for m in mail.outbox if m.to == [seat.user.email]]
    [away] = [m for m in mail.outbox if m.to != [seat.user.email]]
    assert f"/games/{allowing.pk}/" in away.body and "is on vacation" in away.subject
    assert "clock keeps running" in message.subject
    body = " ".join(message.body.split())  # the text part is wrapped at 72 columns
    assert "does not allow vacations" in body and f"/games/{match.pk}/" in body
    assert allowing.pk != match.pk


def test_already_on_vacation_says_until_when_in_the_players_zone_and_language(alice, now):
    from django.utils import translation

    alice.time_zone = "America/New_York"
    alice.save(update_fields=["time_zone"])
    vacation_start(user=alice, days=2, now=now)  # until two days after 2026-01-05 09:00 UTC
    with pytest.raises(Conflict) as caught:
        vacation_start(user=alice, days=1, now=now + HOUR)
    assert caught.value.message == (
        "You are already on vacation until Wednesday 7 January 2026, 04:00 (America/New York time)."
    )
    with translation.override("nl"), pytest.raises(Conflict) as caught:
        vacation_start(user=alice, days=1, now=now + HOUR)
    assert (
        caught.value.message == "Je bent al op vakantie tot woensdag 7 januari 2026, 04:00 (tijdzone America/New York)."
    )
