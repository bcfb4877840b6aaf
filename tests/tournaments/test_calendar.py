"""Round deadlines in the player's iCalendar feed."""

import icalendar
import pytest
from django.urls import reverse

from games.models import DeadlineSettings
from tournaments.services import round_extend, tournament_pause

from .conftest import DAY, new_players, started

pytestmark = pytest.mark.django_db


def feed(client, user):
    client.force_login(user)
    client.get(reverse("deadline-settings"))
    token = DeadlineSettings.objects.get(user=user).calendar_token
    client.logout()
    response = client.get(reverse("calendar-feed", args=[token]))
    assert response.status_code == 200
    return icalendar.Calendar.from_ical(response.content)


def round_events(calendar):
    return [e for e in calendar.walk("VEVENT") if str(e["uid"]).startswith("round-")]


def test_a_players_feed_has_the_round_deadline(client, alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3, round_days=5)
    (event,) = round_events(feed(client, players[0]))
    assert event.decoded("dtstart") == now + 5 * DAY
    assert str(event["summary"]) == "Round 1 deadline: Winter cup"
    assert t.get_absolute_url() in str(event["url"])
    # An extension moves it (a new uid, so calendar apps show the new time).
    round_extend(tournament_id=t.pk, number=1, days=2, by=alice, now=now)
    (moved,) = round_events(feed(client, players[0]))
    assert moved.decoded("dtstart") == now + 7 * DAY and moved["uid"] != event["uid"]


def test_outsiders_and_paused_tournaments_have_no_round_deadline(client, alice, bob, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3, round_days=5)
    assert round_events(feed(client, bob)) == []
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    assert round_events(feed(client, players[0])) == []
