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


def test_only_players_with_a_game_to_finish_in_the_round_have_its_deadline(client, alice, club, now):
    from tournaments.services import tournament_game_finished

    from .conftest import best_seed_wins, running_games

    players = new_players(5)
    t = started(alice, club, players, now=now, format="round_robin", round_days=5)
    resting = t.participants.get(seed=1).user  # Berger round 1 of 5: seed 1 meets the padding number
    assert round_events(feed(client, resting)) == []
    game = running_games(t)[0]
    seated = [p.user for p in t.participants.filter(pk__in=game.players)]
    other = next(p for p in players if p not in seated and p != resting)
    assert len(round_events(feed(client, seated[0]))) == 1
    best_seed_wins(t, game, now)
    tournament_game_finished(match_id=game.match_id, now=now)
    # Their game is over: the round's deadline no longer concerns them.
    assert [round_events(feed(client, user)) for user in seated] == [[], []]
    assert len(round_events(feed(client, other))) == 1


def test_a_player_knocked_out_has_no_later_round_deadlines(client, alice, club, now):
    from tournaments.services import tournament_game_finished

    from .conftest import best_seed_wins, running_games

    players = new_players(4)
    t = started(alice, club, players, now=now, format="single_elimination", round_days=5)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    assert t.round_set.filter(number=2).exists()
    assert round_events(feed(client, t.participants.get(seed=4).user)) == []
    (final,) = round_events(feed(client, t.participants.get(seed=1).user))
    assert str(final["summary"]) == "Round 2 deadline: Winter cup"
