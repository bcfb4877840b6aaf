"""A tournament offers a casual game's whole time control (days per move,
or a Fischer bank, and optionally no clock at weekends), checks it the
same way, shows it, and gives it to every game it creates."""

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Match, Seat
from games.services import GameActionError, match_create, match_create_seated
from tests.conftest import living_in
from tournaments.models import Tournament

from .conftest import DAY, best_seed_wins, make_tournament, new_players, play_out, started

pytestmark = pytest.mark.django_db

#: A bank of 5 days, 1 more per move, at most 7; no clock at weekends.
BANK = {"bank_initial_days": 5, "bank_increment_days": 1, "bank_cap_days": 7, "weekends_off": True}
MATCH_CLOCK = ("days_per_move", "bank_initial_days", "bank_increment_days", "bank_cap_days", "weekends_off")
SEAT_CLOCK = ("index", "turn_started_at", "turn_seconds", "deadline_at", "reminder_at", "bank_seconds")

FORMATS = {
    "swiss": {"format": "swiss", "rounds": 2},
    "round robin": {"format": "round_robin"},
    "single elimination": {"format": "single_elimination", "third_place": True},
    "double elimination": {"format": "double_elimination"},
    "swiss of tables": {"format": "swiss", "rounds": 2, "players_per_table": 3},
    "knockout of tables": {"format": "single_elimination", "players_per_table": 3, "advance": 1},
    "groups of tables": {"format": "round_robin", "players_per_table": 3, "advance": 1},
}
FIELD_SIZES = {"swiss of tables": 7, "knockout of tables": 6, "groups of tables": 6}


def clocks(match: Match) -> tuple[tuple, list[tuple]]:
    """What ``match_create_seated`` stored of the time control: the match's
    settings and each seat's clock, in seat order (users left out)."""
    seats = Seat.objects.filter(match=match).order_by("index")
    return (
        tuple(getattr(match, name) for name in MATCH_CLOCK),
        [tuple(getattr(seat, name) for name in SEAT_CLOCK) for seat in seats],
    )


def casual_twin(match: Match, now: dt.datetime, **time_control) -> Match:
    """A casual game of the same players, in the same seats, with the
    given time control."""
    users = [s.user for s in Seat.objects.filter(match=match).select_related("user").order_by("index")]
    return match_create_seated(users=users, game=match.game, now=now, keep_seat_order=True, **time_control)


# ----------------------------------------------------------------- create
def test_a_tournament_is_created_with_a_fischer_bank_and_weekends_off(alice, club, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3, **BANK)
    t.refresh_from_db()
    assert (t.bank_initial_days, t.bank_increment_days, t.bank_cap_days, t.weekends_off) == (5, 1, 7, True)


def test_the_bank_cap_defaults_as_for_a_casual_game(alice, club, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3, bank_initial_days=4, bank_increment_days=2)
    casual = match_create(creator=alice, game="alta", players=2, now=now, bank_initial_days=4, bank_increment_days=2)
    assert t.bank_cap_days == casual.bank_cap_days == 4


def test_by_default_there_is_no_bank_and_the_clock_runs_at_weekends(alice, club, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    t.refresh_from_db()
    assert (t.bank_initial_days, t.bank_increment_days, t.bank_cap_days, t.weekends_off) == (None, 0, None, False)


@pytest.mark.parametrize(
    "time_control",
    [
        {"days_per_move": 0},
        {"bank_initial_days": 0},
        {"bank_initial_days": 31},
        {"bank_initial_days": 3, "bank_increment_days": 31},
        {"bank_initial_days": 5, "bank_cap_days": 4},
        {"bank_initial_days": 2, "bank_increment_days": 3, "bank_cap_days": 2},
        {"bank_initial_days": 5, "bank_cap_days": 1000},
    ],
)
def test_a_time_control_a_casual_game_refuses_is_refused_with_the_same_message(alice, club, now, time_control):
    with pytest.raises(GameActionError) as casual:
        match_create(creator=alice, game="alta", players=2, now=now, **time_control)
    with pytest.raises(GameActionError) as refused:
        make_tournament(alice, club, now=now, format="swiss", rounds=3, **time_control)
    assert (refused.value.code, refused.value.message) == ("invalid_time_control", casual.value.message)
    assert not Tournament.objects.exists()


# ------------------------------------------------------------ its games
@pytest.mark.parametrize("name", FORMATS)
def test_every_game_of_every_format_gets_the_bank_and_the_weekend_rule(alice, club, now, name):
    checked = []

    def check_then_finish(tournament, game, now):
        # Checked before anyone moves, as a casual game is at its start.
        assert clocks(game.match) == clocks(casual_twin(game.match, now, days_per_move=3, **BANK)), game.key
        checked.append(game.key)
        return best_seed_wins(tournament, game, now)

    field = new_players(FIELD_SIZES.get(name, 4))
    t = started(alice, club, field, now=now, days_per_move=3, **BANK, **FORMATS[name])
    t = play_out(t, now, pick=check_then_finish)
    assert t.status == Tournament.Status.FINISHED
    assert sorted(checked) == sorted(t.games.filter(match__isnull=False).values_list("key", flat=True))
    assert len({g.round.number for g in t.games.filter(match__isnull=False).select_related("round")}) >= 2


def test_a_tournament_games_bank_skips_the_weekend(alice, club, now):
    assert now.weekday() == 0  # a Monday: five clock days reach past the weekend
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, **BANK)
    (game,) = t.games.select_related("match")
    mover = Seat.objects.get(match=game.match, deadline_at__isnull=False)
    assert mover.turn_seconds == 5 * 86400
    assert mover.deadline_at == now + 7 * DAY
    assert (game.match.bank_initial_days, game.match.bank_cap_days, game.match.weekends_off) == (5, 7, True)


# ------------------------------------------------------------ the pages
def new_tournament_form(club, **fields):
    closes = (dt.datetime.now(dt.UTC) + 3 * DAY).strftime("%Y-%m-%dT%H:%M")
    return {
        "name": "Bank cup",
        "club": club.pk,
        "game": "alta",
        "players_per_table": 2,
        "format": "swiss",
        "rounds": 3,
        "advance": 1,
        "days_per_move": 3,
        "bank_increment_days": 1,  # the form's initial value, sent even without a bank
        "timeout_policy": "auto",
        "vacation_allowed": "on",
        "registration_closes_at": closes,
        "capacity": 8,
        "registration": "anyone",
        "seeding": "rating",
        **fields,
    }


def test_the_form_offers_the_bank_and_weekends_and_the_page_shows_them(client, alice, club):
    client.force_login(alice)
    html = client.get(reverse("tournament-new")).content.decode()
    assert 'name="bank_initial_days"' in html and 'name="weekends_off"' in html
    form = new_tournament_form(club, bank_initial_days=5, bank_cap_days=7, weekends_off="on")
    response = client.post(reverse("tournament-new"), form)
    t = Tournament.objects.get(name="Bank cup")
    assert response.status_code == 302
    assert (t.bank_initial_days, t.bank_increment_days, t.bank_cap_days, t.weekends_off) == (5, 1, 7, True)
    html = client.get(t.get_absolute_url()).content.decode()
    assert "Fischer bank: 5 days, +1 day per move, at most 7 days, no clock at weekends" in html


def test_without_a_bank_the_form_leaves_the_increment_out(client, alice, club):
    client.force_login(alice)
    assert client.post(reverse("tournament-new"), new_tournament_form(club)).status_code == 302
    t = Tournament.objects.get(name="Bank cup")
    assert (t.bank_initial_days, t.bank_increment_days, t.bank_cap_days, t.weekends_off) == (None, 0, None, False)
    html = client.get(t.get_absolute_url()).content.decode()
    assert "3 days per move" in html and "Fischer" not in html and "weekends" not in html


def test_the_form_refuses_a_bank_cap_below_the_initial_bank_saying_why(client, alice, club):
    client.force_login(alice)
    response = client.post(reverse("tournament-new"), new_tournament_form(club, bank_initial_days=5, bank_cap_days=3))
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert "The bank&#x27;s cap must be at least the initial bank" in response.content.decode()


def test_a_dutch_reader_sees_the_time_control_in_dutch(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3, **BANK)
    client.force_login(alice)
    html = client.get(t.get_absolute_url()).content.decode()
    assert "Fischer-bank: 5 dagen, +1 dag per zet, hoogstens 7 dagen, geen klok in het weekend" in html
    assert "Fischer bank" not in html and "weekends" not in html


# -------------------------------------------------------------- the API
def api_body(club, **fields):
    soon = (dt.datetime.now(dt.UTC) + 7 * DAY).isoformat()
    body = {"name": "API bank cup", "club": club.pk, "format": "swiss", "rounds": 3, "registration_closes_at": soon}
    return {**body, **fields}


def test_the_api_creates_a_tournament_with_a_bank_and_weekends_off_and_shows_them(alice, club):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post("/api/tournaments/", api_body(club, **BANK), format="json")
    assert response.status_code == 201
    settings = api.get(f"/api/tournaments/{response.json()['id']}/").json()["settings"]
    shown = {name: settings[name] for name in ("days_per_move", *BANK)}
    assert shown == {"days_per_move": 3, **BANK}


def test_the_api_shows_no_bank_by_default(alice, club):
    api = APIClient()
    api.force_authenticate(alice)
    settings = api.post("/api/tournaments/", api_body(club), format="json").json()["settings"]
    assert [settings[name] for name in BANK] == [None, 0, None, False]


def test_the_api_refuses_a_bank_cap_below_the_initial_bank_saying_why(alice, club):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post("/api/tournaments/", api_body(club, bank_initial_days=5, bank_cap_days=3), format="json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid_time_control")
    assert "cap must be at least the initial bank" in response.json()["detail"]
