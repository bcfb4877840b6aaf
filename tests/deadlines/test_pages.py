"""The deadline settings page, the vacation buttons, the secret calendar
feed and the template snippets the game pages include."""

from __future__ import annotations

import icalendar
import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.deadlines.selectors import seat_clocks, time_control_summary
from games.models import DeadlineSettings, Match, Seat, Vacation

from .conftest import mover_seat, start_match

pytestmark = pytest.mark.django_db


def login(client, user):
    client.force_login(user)
    return client


def feed_token(client, user):
    login(client, user).get(reverse("deadline-settings"))
    return DeadlineSettings.objects.get(user=user).calendar_token


def test_a_vacation_is_confirmed_with_its_end_written_out_in_the_players_zone(client, alice):
    alice.language, alice.time_zone = "nl", "America/New_York"
    alice.save(update_fields=["language", "time_zone"])
    response = login(client, alice).post(reverse("vacation-start"), {"days": "3"}, follow=True)
    [message] = [str(m) for m in response.context["messages"]]
    ends = Vacation.objects.get(user=alice).ends_at.astimezone(alice.zone)
    assert message.startswith("Veel plezier op vakantie: je klokken staan stil tot ")
    assert f"{ends.day} " in message and f"{ends:%H:%M} (tijdzone America/New York)." in message
    assert f"{ends:%Y-%m-%d}" not in message


def test_the_settings_page_needs_a_login(client):
    response = client.get(reverse("deadline-settings"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_settings_page_shows_deadlines_allowance_and_feed(client, duel):
    seat = mover_seat(duel)
    response = login(client, seat.user).get(reverse("deadline-settings"))
    assert response.status_code == 200
    body = response.content.decode()
    token = DeadlineSettings.objects.get(user=seat.user).calendar_token
    assert f"/calendar/{token}.ics" in body
    assert "You have <strong>14</strong> of 14 vacation days left this year." in body
    assert str(duel) in body
    assert 'value="24, 2"' in body


def test_saving_reminder_thresholds(client, alice):
    response = login(client, alice).post(
        reverse("deadline-settings"), {"reminder_hours": "12; 1", "auto_vacation": "on"}
    )
    assert response.status_code == 302
    prefs = DeadlineSettings.objects.get(user=alice)
    assert (prefs.reminder_hours, prefs.auto_vacation) == ([12, 1], True)
    response = client.post(reverse("deadline-settings"), {"reminder_hours": ""})
    assert DeadlineSettings.objects.get(user=alice).reminder_hours == []


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("soon", "Write whole numbers of hours, separated by commas."),
        ("0", "Give at most 4 reminders, each 1 to 168 hours before the deadline."),
        (
            "1,2,3,4,5",
            "Give at most 4 reminders, each 1 to 168 hours before the deadline.",
        ),
    ],
)
def test_bad_reminder_thresholds_are_explained(client, alice, text, error):
    response = login(client, alice).post(reverse("deadline-settings"), {"reminder_hours": text})
    assert response.status_code == 200
    assert error in response.content.decode()
    assert DeadlineSettings.objects.get(user=alice).reminder_hours == [24, 2]


def test_starting_and_ending_a_vacation_from_the_page(client, duel):
    seat = mover_seat(duel)
    login(client, seat.user)
    response = client.post(reverse("vacation-start"), {"days": "3"}, follow=True)
    assert "Enjoy your vacation" in response.content.decode()
    assert 'id="away"' in response.content.decode()
    assert Vacation.objects.get(user=seat.user).ends_at > Vacation.objects.get(user=seat.user).starts_at
    response = client.post(reverse("vacation-start"), {"days": "3"}, follow=True)
    assert "You are already on vacation until" in response.content.decode()
    response = client.post(reverse("vacation-end"), follow=True)
    assert "Welcome back" in response.content.decode()
    assert Vacation.objects.get(user=seat.user).closed


def test_the_calendar_feed_lists_the_players_deadlines(client, duel):
    seat = mover_seat(duel)
    token = feed_token(client, seat.user)
    client.logout()
    response = client.get(f"/calendar/{token}.ics")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = icalendar.Calendar.from_ical(response.content)
    [event] = calendar.walk("VEVENT")
    assert event.decoded("dtstart") == seat.deadline_at
    assert str(event["summary"]) == f"Deadline: your move in {duel}"
    assert str(event["url"]).endswith(f"/games/{duel.pk}/")


def test_the_calendar_feed_is_in_its_owners_language_whoever_fetches_it(client, duel):
    seat = mover_seat(duel)
    seat.user.language = "nl"
    seat.user.save(update_fields=["language"])
    token = feed_token(client, seat.user)
    client.logout()
    calendar = icalendar.Calendar.from_ical(
        client.get(f"/calendar/{token}.ics", headers={"accept-language": "en"}).content
    )
    [event] = calendar.walk("VEVENT")
    assert str(calendar["x-wr-calname"]).endswith(f"termijnen van {seat.user}")
    assert str(event["summary"]) == f"Termijn: jouw zet in {duel}"
    assert str(event["description"]).startswith(f"De termijn voor je zet in {duel} verstrijkt. Speel hem op http")


def test_a_player_not_to_move_has_an_empty_feed(client, duel):
    seat = mover_seat(duel)
    waiting = duel.seats.exclude(pk=seat.pk).get().user
    token = feed_token(client, waiting)
    calendar = icalendar.Calendar.from_ical(client.get(f"/calendar/{token}.ics").content)
    assert calendar.walk("VEVENT") == []


def test_a_reset_calendar_address_replaces_the_old_one(client, alice):
    old = feed_token(client, alice)
    client.post(reverse("calendar-reset"))
    new = DeadlineSettings.objects.get(user=alice).calendar_token
    assert new != old
    assert client.get(f"/calendar/{old}.ics").status_code == 404
    assert client.get(f"/calendar/{new}.ics").status_code == 200
    assert client.get("/calendar/guess.ics").status_code == 404


def test_time_control_in_words(alice, bob, now):
    plain = start_match(alice, bob, now=now)
    assert time_control_summary(plain) == "3 days per move"
    assert (
        render_to_string("games/_time_control.html", {"match": plain})
        .strip()
        .endswith('<span class="time-control">3 days per move</span>')
    )
    banked = Match(
        days_per_move=3,
        bank_initial_days=7,
        bank_increment_days=1,
        bank_cap_days=14,
        weekends_off=True,
        vacation_allowed=False,
    )
    text = "Fischer bank: 7 days, +1 day per move, at most 14 days · no clock at weekends · no vacations"
    assert time_control_summary(banked) == text
    assert text in render_to_string("games/_time_control.html", {"match": banked})


def test_seat_clock_snippet_says_on_vacation_until(alice, bob, now):
    from games.deadlines.vacation import vacation_start

    match = start_match(alice, bob, now=now, bank_initial_days=2, bank_increment_days=1)
    mover = mover_seat(match)
    vacation_start(user=mover.user, days=2, now=now)
    seats = list(match.seats.select_related("user").order_by("index"))
    clocks = {c.seat.pk: c for c in seat_clocks(match, seats, now=now)}
    html = render_to_string("games/_seat_clock.html", {"clock": clocks[mover.pk]})
    assert "on vacation until" in html and "2026-01-07T09:00:00+00:00" in html and "(clock stopped)" in html
    waiting = next(s for s in seats if s.pk != mover.pk)
    html = render_to_string("games/_seat_clock.html", {"clock": clocks[waiting.pk]})
    assert html.strip().endswith('<span class="seat-clock">bank 2 days</span>')


def test_a_seats_bank_is_written_in_the_readers_language(alice, bob, now):
    """A Dutch page read "bank 1 days 12 h": the amount was English."""
    from django.utils import translation

    match = start_match(alice, bob, now=now, bank_initial_days=2, bank_increment_days=1)
    waiting = next(s for s in match.seats.all() if s.pk != mover_seat(match).pk)
    Seat.objects.filter(pk=waiting.pk).update(bank_seconds=36 * 3600)
    seats = list(match.seats.select_related("user").order_by("index"))
    [clock] = [c for c in seat_clocks(match, seats, now=now) if c.seat.pk == waiting.pk]
    assert clock.bank_text == "1 day 12 hours"
    with translation.override("nl"):
        html = render_to_string("games/_seat_clock.html", {"clock": clock})
    assert "1 dag 12 uur" in html and "day" not in html and " h<" not in html


def test_the_game_page_shows_who_is_on_vacation_until_when(client, alice, bob, carol):
    from django.utils import timezone

    from games.deadlines.vacation import vacation_start

    today = timezone.now()
    match = start_match(alice, bob, now=today)
    mover = mover_seat(match)
    vacation = vacation_start(user=mover.user, days=3, now=today)
    body = client.get(match.get_absolute_url()).content.decode()  # a spectator sees it too
    until = timezone.localtime(vacation.ends_at).strftime("%a %-d %b, %H:%M")
    assert f'on vacation until <time datetime="{vacation.ends_at.isoformat()}">{until}</time> (clock stopped)' in body
    assert body.count("on vacation until") == 1  # the other player is not away


def test_a_finished_game_page_shows_no_clocks(client, alice, bob):
    from django.utils import timezone

    from games.deadlines.vacation import vacation_start
    from games.services import match_resign

    today = timezone.now()
    match = start_match(alice, bob, now=today)
    vacation_start(user=alice, days=3, now=today)
    match_resign(match_id=match.pk, user=bob, now=today)
    body = client.get(match.get_absolute_url()).content.decode()
    assert "on vacation" not in body


@pytest.mark.parametrize(
    ("language", "days", "said"),
    [
        ("en", "400", "You have 14 vacation days left this year."),
        ("nl", "0", "Je hebt dit jaar nog 14 vakantiedagen."),
        ("en", "", "Give the number of days you will be away."),
    ],
)
def test_a_vacation_too_long_or_short_is_refused_with_the_days_left(client, alice, language, days, said):
    """400 days (or 0) was answered "Give the number of days you will be
    away.", which the player had just done; 20 days said how many are left."""
    alice.language = language
    alice.save(update_fields=["language"])
    response = login(client, alice).post(reverse("vacation-start"), {"days": days}, follow=True)
    assert [str(m) for m in response.context["messages"]] == [said]
    assert not Vacation.objects.filter(user=alice).exists()
