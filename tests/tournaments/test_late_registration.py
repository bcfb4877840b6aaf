"""Late registration by the players themselves: a running Swiss whose
organiser allowed it takes them (seeded last, paired from the next round),
from the tournament page and the API; every other tournament refuses with
a message that says why."""

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from games.services import Conflict
from tournaments.services import tournament_game_finished, tournament_register

from .conftest import best_seed_wins, new_players, running_games, started

pytestmark = pytest.mark.django_db


def finish_round(t, now):
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)


def test_a_player_joins_a_running_swiss_that_allows_it_and_plays_from_the_next_round(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, late_registration=True)
    assert t.late_registration
    (late,) = new_players(1, prefix="Late")
    participant = tournament_register(tournament_id=t.pk, user=late, now=now)
    assert participant.seed == 5
    assert not any(participant.pk in g.players for g in t.games.filter(round__number=1))
    finish_round(t, now)
    assert any(participant.pk in g.players for g in t.games.filter(round__number=2))
    event = t.events.get(kind="late_registration")
    assert event.user == late and event.shown_text == f"{late} registered late and plays from round 2."


def test_without_the_option_a_running_swiss_refuses_with_a_clear_message(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    (late,) = new_players(1)
    with pytest.raises(Conflict, match="does not take late registrations"):
        tournament_register(tournament_id=t.pk, user=late, now=now)
    assert not t.participants.filter(user=late).exists()


def test_the_option_is_for_a_swiss_only(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="round_robin", late_registration=True)
    assert not t.late_registration  # reset at creation: it does not apply
    (late,) = new_players(1)
    with pytest.raises(Conflict, match="does not take late registrations"):
        tournament_register(tournament_id=t.pk, user=late, now=now)


def test_no_late_entry_once_the_last_round_is_paired_nor_twice_nor_beyond_capacity(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=1, late_registration=True)
    (late,) = new_players(1)
    with pytest.raises(Conflict, match="last round is already paired"):
        tournament_register(tournament_id=t.pk, user=late, now=now)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, capacity=5, late_registration=True)
    first, second = new_players(2)
    tournament_register(tournament_id=t.pk, user=first, now=now)
    with pytest.raises(Conflict, match="already registered"):
        tournament_register(tournament_id=t.pk, user=first, now=now)
    with pytest.raises(Conflict, match="full"):
        tournament_register(tournament_id=t.pk, user=second, now=now)


def test_members_only_holds_for_late_registration_too(alice, club, now):
    from games.services import NotAllowed
    from tournaments.services import club_join

    players = new_players(4)
    for player in players:
        club_join(club_id=club.pk, user=player, now=now)
    t = started(alice, club, players, now=now, format="swiss", rounds=3, late_registration=True, registration="members")
    (outsider,) = new_players(1)
    with pytest.raises(NotAllowed):
        tournament_register(tournament_id=t.pk, user=outsider, now=now)


def test_the_page_offers_joining_and_says_from_which_round(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, late_registration=True)
    (late,) = new_players(1)
    client.force_login(late)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Join from the next round" in page and "play from round 2" in page
    response = client.post(reverse("tournament-register", args=[t.pk]), follow=True)
    assert "You are registered: you play from round 2." in response.content.decode()
    assert t.participants.filter(user=late, seed=5).exists()


def test_the_page_of_a_swiss_without_the_option_offers_nothing_and_says_why(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    (late,) = new_players(1)
    client.force_login(late)
    assert "Join from the next round" not in client.get(t.get_absolute_url()).content.decode()
    response = client.post(reverse("tournament-register", args=[t.pk]), follow=True)
    assert "does not take late registrations" in response.content.decode()


def test_joining_late_through_the_api(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, late_registration=True)
    (late,) = new_players(1)
    api = APIClient()
    api.force_authenticate(late)
    detail = api.get(reverse("api-tournament", args=[t.pk])).json()
    assert detail["settings"]["late_registration"] is True
    response = api.post(reverse("api-tournament-register", args=[t.pk]))
    assert response.status_code == 200, response.content
    assert t.participants.filter(user=late).exists()
    closed = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    response = api.post(reverse("api-tournament-register", args=[closed.pk]))
    assert response.status_code == 409 and response.json()["code"] == "registration_closed"


def test_the_organiser_sets_the_option_when_creating(client, alice, club):
    import datetime as dt

    from tournaments.models import Tournament

    client.force_login(alice)
    assert "Late registration" in client.get(reverse("tournament-new")).content.decode()
    closes = (dt.datetime.now(dt.UTC) + 3 * dt.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(
        reverse("tournament-new"),
        {
            "name": "Late cup",
            "club": club.pk,
            "game": "alta",
            "players_per_table": 2,
            "format": "swiss",
            "rounds": 3,
            "pairing_system": "dutch",
            "advance": 1,
            "days_per_move": 3,
            "timeout_policy": "auto",
            "registration_closes_at": closes,
            "capacity": 8,
            "registration": "anyone",
            "seeding": "rating",
            "late_registration": "on",
        },
    )
    t = Tournament.objects.get(name="Late cup")
    assert response.status_code == 302 and t.late_registration
    assert "late registration" in client.get(t.get_absolute_url()).content.decode()


def test_a_player_who_withdrew_is_told_the_organisers_let_them_back_not_that_they_are_registered(alice, club, now):
    from tournaments.services import participant_disqualify, participant_withdraw

    players = new_players(5)
    t = started(alice, club, players, now=now, format="swiss", rounds=4, late_registration=True)
    participant_withdraw(tournament_id=t.pk, user=players[0], now=now)
    with pytest.raises(Conflict, match="only its organisers can let you back in") as left:
        tournament_register(tournament_id=t.pk, user=players[0], now=now)
    assert left.value.code == "withdrawn"
    participant = t.participants.get(user=players[1])
    participant_disqualify(tournament_id=t.pk, participant_id=participant.pk, by=alice, reason="x", now=now)
    with pytest.raises(Conflict, match="You were disqualified from this tournament.") as out:
        tournament_register(tournament_id=t.pk, user=players[1], now=now)
    assert out.value.code == "disqualified"
    client = APIClient()
    client.force_authenticate(players[0])
    answer = client.post(reverse("api-tournament-register", args=[t.pk]))
    assert (answer.status_code, answer.json()["code"]) == (409, "withdrawn")
    with pytest.raises(Conflict, match="already registered"):
        tournament_register(tournament_id=t.pk, user=players[2], now=now)
    with translation.override("nl"), pytest.raises(Conflict, match="alleen de organisatoren kunnen je weer laten"):
        tournament_register(tournament_id=t.pk, user=players[0], now=now)
