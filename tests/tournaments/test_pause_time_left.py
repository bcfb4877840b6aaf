"""A paused tournament's turns keep the time they had left: the pages say
so while paused (the game page shows each stopped turn's time left, not a
full turn or a full bank), and on resume each turn runs on with exactly
that time."""

import pytest
import time_machine
from django.urls import reverse

from games.models import Seat
from tournaments.services import tournament_pause, tournament_resume

from .conftest import DAY, HOUR, new_players, running_games, started

pytestmark = pytest.mark.django_db


def _mover(t):
    return (
        Seat.objects.select_related("user", "match")
        .filter(match__tournament_game__tournament=t, turn_started_at__isnull=False)
        .order_by("pk")
        .first()
    )


@pytest.mark.parametrize(
    ("settings", "left"),
    [
        ({"days_per_move": 3}, "2 days"),  # one of three days used
        ({"bank_initial_days": 5, "bank_increment_days": 1, "bank_cap_days": 10}, "4 days"),
    ],
)
def test_while_paused_the_game_page_shows_the_time_each_turn_keeps_and_resume_runs_it_on(
    client, alice, club, now, settings, left
):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, **settings)
    seat = _mover(t)
    before = seat.deadline_at
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    client.force_login(seat.user)
    with time_machine.travel(now + 6 * DAY, tick=False):
        html = client.get(seat.match.get_absolute_url()).content.decode()
        assert f"to move · clock stopped while the tournament is paused: {left} left" in html
        assert html.count("bank 5 days") <= 1  # the opponent's next turn; the stopped turn shows its time left
        page = client.get(t.get_absolute_url()).content.decode()
    assert "Each turn keeps the time it had left when the tournament was paused" in page
    tournament_resume(tournament_id=t.pk, by=alice, now=now + 10 * DAY)
    seat.refresh_from_db()
    assert seat.deadline_at == before + 9 * DAY  # the time left, from the resume on


def test_the_pause_and_resume_are_explained_to_players_in_dutch(client, alice, club, now):
    from tests.conftest import living_in

    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, format="swiss", rounds=3, days_per_move=3)
    seat = _mover(t)
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY + 12 * HOUR)
    client.force_login(seat.user)
    with time_machine.travel(now + 5 * DAY, tick=False):
        html = client.get(seat.match.get_absolute_url()).content.decode()
        page = client.get(t.get_absolute_url()).content.decode()
    assert "aan zet · klok stil zolang het toernooi gepauzeerd is: nog 1 dag 12 uur" in html
    assert "Elke beurt houdt de tijd die ze nog had toen het toernooi werd gepauzeerd" in page


def test_the_organiser_is_told_each_turn_keeps_its_time(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    client.force_login(alice)
    response = client.post(reverse("tournament-pause", args=[t.pk]), follow=True)
    assert "each turn keeps the time it had left" in response.content.decode()
    response = client.post(reverse("tournament-resume", args=[t.pk]), follow=True)
    assert "each turn runs on with the time it had left when paused" in response.content.decode()
    assert running_games(t)


def test_the_admin_cannot_end_a_pause_behind_the_clocks_back(client, alice, club, now):
    """Clearing "paused at" in the admin would leave every stopped turn
    without a deadline, and a later pause and resume would then give each
    a whole new turn: the pause is shown there, and changed only through
    pause and resume (which stop and restart the clocks)."""
    from tests.conftest import make_user

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    staff = make_user("staff@example.com", "Staff", is_staff=True, is_superuser=True)
    client.force_login(staff)
    html = client.get(reverse("admin:tournaments_tournament_change", args=[t.pk])).content.decode()
    assert 'name="paused_at_0"' not in html and 'name="paused_at"' not in html
    assert 'name="paused_seats"' not in html
