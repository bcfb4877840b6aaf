"""The tournament and club API: the same operations as the pages, the
same permissions, the games API's error shape."""

import datetime as dt

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import living_in
from tournaments.models import ClubMembership, Tournament

from .conftest import (
    DAY,
    finish,
    make_tournament,
    new_players,
    running_games,
    started,
    user_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def soon():
    return (dt.datetime.now(dt.UTC) + 7 * DAY).isoformat()


def test_the_list_and_detail_show_settings_players_rounds_and_standings(api, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    game = running_games(t)[0]
    finish(game, user_of(t, game.players[0]), now)
    from tournaments.services import tournament_game_finished

    tournament_game_finished(match_id=game.match_id, now=now)
    listed = api.get("/api/tournaments/", {"status": "running"}).json()
    assert [(x["id"], x["registered"], x["format"]) for x in listed] == [(t.pk, 4, "swiss")]
    detail = api.get(f"/api/tournaments/{t.pk}/").json()
    assert detail["settings"]["rounds"] == 2 and detail["settings"]["seeding"] == "rating"
    assert "higher seed" in detail["settings"]["elimination_ties"]
    assert [p["seed"] for p in detail["players"]] == [1, 2, 3, 4]
    (round_one,) = detail["rounds"]
    statuses = sorted(g["status"] for g in round_one["games"])
    assert statuses == ["finished", "playing"]
    decided = next(g for g in round_one["games"] if g["status"] == "finished")
    assert decided["ranking"][0] == [decided["players"][0]]
    assert [s["points"] for s in detail["standings"]][:1] == ["1"]
    assert {"buchholz", "sonneborn_berger", "rating"} <= set(detail["standings"][0])
    assert detail["can_manage"] is False


def test_the_bracket_is_in_the_api_for_elimination(api, alice, club, now):
    t = started(alice, club, new_players(3), now=now, format="double_elimination")
    bracket = api.get(f"/api/tournaments/{t.pk}/").json()["bracket"]
    assert [s["name"] for s in bracket] == ["winners", "losers", "grand_final"]
    first = bracket[0]["games"][0]
    assert first["key"] == "W1-1" and first["status"] == "bye"


def test_registering_through_the_api(api, alice, club, bob, now):
    t = make_tournament(
        alice,
        club,
        now=now,
        format="swiss",
        rounds=2,
        registration_closes_at=dt.datetime.now(dt.UTC) + 7 * DAY,
    )
    assert api.post(f"/api/tournaments/{t.pk}/register/").status_code == 401
    api.force_authenticate(bob)
    response = api.post(f"/api/tournaments/{t.pk}/register/")
    assert response.status_code == 200
    assert [p["display_name"] for p in response.json()["players"]] == ["Bob"]
    again = api.post(f"/api/tournaments/{t.pk}/register/")
    assert (again.status_code, again.json()["code"]) == (409, "already_registered")
    assert api.post(f"/api/tournaments/{t.pk}/unregister/").json()["players"] == []


def test_creating_through_the_api_needs_an_organiser(api, alice, club, bob):
    body = {
        "name": "API cup",
        "club": club.pk,
        "format": "single_elimination",
        "registration_closes_at": soon(),
        "third_place": True,
        "capacity": 8,
    }
    api.force_authenticate(bob)
    response = api.post("/api/tournaments/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (403, "not_organiser")
    api.force_authenticate(alice)
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201
    created = response.json()
    assert created["settings"]["third_place"] is True and created["can_manage"] is True
    bad = api.post("/api/tournaments/", {**body, "format": "swiss"}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid_rounds")


def test_organiser_endpoints_refuse_players(api, alice, club, now):
    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, round_days=3)
    game = running_games(t)[0]
    victim = t.participants.get(user=players[1])
    api.force_authenticate(players[0])
    for url, body in [
        (f"/api/tournaments/{t.pk}/cancel/", {"reason": "x"}),
        (f"/api/tournaments/{t.pk}/players/{victim.pk}/disqualify/", {"reason": "x"}),
        (f"/api/tournaments/{t.pk}/rounds/1/extend/", {"days": 2}),
        (
            f"/api/tournaments/games/{game.pk}/result/",
            {"ranking": [[game.players[0]], [game.players[1]]], "reason": "x"},
        ),
    ]:
        response = api.post(url, body, format="json")
        assert (response.status_code, response.json()["code"]) == (
            403,
            "not_organiser",
        ), url
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING


def test_organisers_run_the_tournament_through_the_api(api, alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, round_days=3)
    game = running_games(t)[0]
    api.force_authenticate(alice)
    extended = api.post(f"/api/tournaments/{t.pk}/rounds/1/extend/", {"days": 2}, format="json")
    assert extended.status_code == 200
    result = api.post(
        f"/api/tournaments/games/{game.pk}/result/",
        {"ranking": [game.players], "reason": "agreed draw"},
        format="json",
    )
    assert result.status_code == 200
    body = result.json()
    assert body["status"] == "finished"
    assert [s["points"] for s in body["standings"]] == ["½", "½"]
    missing = api.post(
        "/api/tournaments/games/999999/result/",
        {"ranking": [[1]], "reason": "x"},
        format="json",
    )
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


def test_clubs_through_the_api(api, alice, club, bob, carol):
    assert [c["name"] for c in api.get("/api/clubs/").json()] == ["Harbour club"]
    api.force_authenticate(bob)
    joined = api.post(f"/api/clubs/{club.pk}/join/").json()
    assert joined["your_status"] == "active" and joined["members"] == 2
    refused = api.post(f"/api/clubs/{club.pk}/invitations/", {"display_name": "Carol"}, format="json")
    assert refused.status_code == 403
    api.force_authenticate(alice)
    invited = api.post(f"/api/clubs/{club.pk}/invitations/", {"display_name": "Carol"}, format="json").json()
    assert {"display_name": "Carol", "status": "invited"}.items() <= next(
        m for m in invited["member_list"] if m["display_name"] == "Carol"
    ).items()
    api.post(f"/api/clubs/{club.pk}/members/{bob.pk}/promote/")
    assert ClubMembership.objects.get(user=bob).is_organiser
    founded = api.post("/api/clubs/", {"name": "Owls", "join_policy": "invitation"}, format="json")
    assert founded.status_code == 201 and founded.json()["is_organiser"] is True
    api.force_authenticate(None)
    public = api.get(f"/api/clubs/{club.pk}/").json()
    assert "Carol" not in [m["display_name"] for m in public["member_list"]]


def test_the_schema_documents_every_endpoint(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in (
        "/api/tournaments/",
        "/api/tournaments/{id}/",
        "/api/tournaments/{id}/register/",
        "/api/tournaments/{id}/withdraw/",
        "/api/tournaments/{id}/start/",
        "/api/tournaments/{id}/cancel/",
        "/api/tournaments/{id}/invitations/",
        "/api/tournaments/{id}/seeding/",
        "/api/tournaments/{id}/players/{participant}/disqualify/",
        "/api/tournaments/{id}/rounds/{number}/extend/",
        "/api/tournaments/games/{game}/result/",
        "/api/clubs/",
        "/api/clubs/{id}/join/",
        "/api/clubs/{id}/members/{user}/approve/",
    ):
        assert path in schema, path
    for name in (
        "TournamentDetail",
        "TournamentStanding",
        "TournamentBracketSection",
        "TournamentResultInput",
        "ClubDetail",
    ):
        assert name in schema, name


def test_ids_beyond_64_bits_are_not_found_not_server_errors(api, alice, club):
    huge = 10**30
    api.force_authenticate(alice)
    for url in (
        f"/api/clubs/{club.pk}/members/{huge}/approve/",
        f"/api/clubs/{huge}/join/",
        f"/api/tournaments/games/{huge}/result/",
    ):
        response = api.post(url, {"ranking": [[1]], "reason": "x"}, format="json")
        assert response.status_code == 404, url
    assert api.get("/api/tournaments/", {"club": huge}).status_code == 400


def test_a_dutch_reader_gets_the_elimination_tie_rule_in_dutch(api, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="single_elimination")
    rule = api.get(f"/api/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="nl").json()["settings"]["elimination_ties"]
    assert rule.startswith("Een afvalpartij die eindigt met een gedeelde eerste plaats")


@pytest.mark.parametrize(
    ("closes", "opens"),
    [
        ("9999-12-31T23:59:59Z", None),  # shown in Kiritimati (UTC+14): past the year 9999
        ((dt.datetime.now(dt.UTC) + 400 * DAY).isoformat(), None),
        (None, "0001-01-01T00:00:00Z"),  # shown west of Greenwich: before the year 1
    ],
    ids=["year 9999", "in 400 days", "opens in year 1"],
)
def test_registration_dates_far_from_now_are_refused_not_stored(api, alice, club, bob, closes, opens):
    """A tournament registering until 9999 was stored, then its page and
    the tournament list answered 500 to every reader in a time zone east
    of UTC (one opening in year 1: west of it)."""
    living_in("en", "Pacific/Kiritimati", alice)
    living_in("nl", "America/New_York", bob)
    body = {"name": "Far cup", "club": club.pk, "format": "single_elimination", "capacity": 8}
    body["registration_closes_at"] = closes or soon()
    if opens:
        body["registration_opens_at"] = opens
    api.force_authenticate(alice)
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid_registration",
        "detail": "Registration must open and close within 365 days of now.",
    }
    dutch = api.post("/api/tournaments/", body, format="json", headers={"accept-language": "nl"})
    assert dutch.json()["detail"] == "De inschrijving moet binnen 365 dagen van nu openen en sluiten."
    assert not Tournament.objects.exists()
    for reader in (alice, bob):
        page = Client()
        page.force_login(reader)
        assert page.get("/tournaments/").status_code == 200


def test_registration_within_a_year_is_accepted_and_shown_in_every_time_zone(api, alice, club, bob):
    living_in("en", "Pacific/Kiritimati", alice)
    living_in("en", "Pacific/Pago_Pago", bob)
    closes = dt.datetime.now(dt.UTC) + 364 * DAY
    body = {"name": "Year cup", "club": club.pk, "format": "single_elimination", "capacity": 8}
    api.force_authenticate(alice)
    response = api.post(
        "/api/tournaments/",
        {**body, "registration_closes_at": closes.isoformat(), "registration_opens_at": soon()},
        format="json",
    )
    assert response.status_code == 201, response.content
    for reader in (alice, bob):
        page = Client()
        page.force_login(reader)
        assert page.get(f"/tournaments/{response.json()['id']}/").status_code == 200


def test_an_organiser_records_a_no_show_through_the_api_as_the_page_does(api, alice, club, now):
    """The page's result form can say who did not play; the API takes the
    same ``forfeited`` list, so the game counts as unplayed (a walkover)."""
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    game = running_games(t)[0]
    winner, absent = game.players
    api.force_authenticate(alice)
    result = api.post(
        f"/api/tournaments/games/{game.pk}/result/",
        {"ranking": [[winner]], "forfeited": [absent], "reason": "no show"},
        format="json",
    )
    assert result.status_code == 200
    game.refresh_from_db()
    assert game.forfeited == [absent]
    rows = {s["player"]: s for s in result.json()["standings"]}
    assert (rows[winner]["played"], rows[winner]["unplayed"]) == (0, 1)
    assert rows[absent]["played"] == 0
    other = running_games(t)[0]
    both_absent = api.post(
        f"/api/tournaments/games/{other.pk}/result/",
        {"ranking": [], "forfeited": other.players, "reason": "neither came"},
        format="json",
    )
    assert both_absent.status_code == 200
    other.refresh_from_db()
    assert (other.ranking, sorted(other.forfeited)) == ([], sorted(other.players))


@pytest.mark.parametrize("end", ["cancelled", "finished"])
def test_the_message_to_every_player_is_refused_once_the_tournament_is_over(api, alice, club, now, end):
    players = new_players(2)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, round_days=3)
    Tournament.objects.filter(pk=t.pk).update(status=end)
    api.force_authenticate(alice)
    body = {"subject": "Hello", "text": "Anyone there?"}
    response = api.post(f"/api/tournaments/{t.pk}/message/", body, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert (response.status_code, response.json()["code"]) == (409, "over")
    assert response.json()["detail"] == "Het toernooi is voorbij."
    from mail.models import OutgoingEmail

    assert not OutgoingEmail.objects.filter(subject__contains="Hello").exists()


def _utc(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")


def test_the_tournament_api_writes_times_in_utc_as_the_other_endpoints_do(alice, club, now):
    """A token owner in Tokyo read a tournament's times at +09:00 (a round
    deadline '2026-01-12T18:00:00+09:00') while the game, ladder and rating
    endpoints write every time in UTC ('...T09:00:00Z'); the tournament
    and club answers now write UTC too."""
    from tests.games.api.test_games_api import client_for

    players = new_players(4)
    living_in("nl", "Asia/Tokyo", *players)
    t = started(alice, club, players, now=now, format="swiss", rounds=2, round_days=7)
    reader = client_for(players[0])
    detail = reader.get(f"/api/tournaments/{t.pk}/").json()
    deadline = t.round_set.get(number=1).deadline_at
    assert detail["rounds"][0]["deadline_at"] == _utc(deadline)
    assert detail["registration_closes_at"] == _utc(t.registration_closes_at)
    assert detail["started_at"] == _utc(t.started_at)
    [listed] = reader.get("/api/tournaments/").json()
    assert listed["registration_closes_at"] == _utc(t.registration_closes_at)
    match = running_games(t)[0].match
    assert reader.get(f"/api/games/{match.pk}/").json()["created_at"] == _utc(match.created_at)


def test_a_turn_stopped_by_the_pause_is_still_the_players_move_in_the_games_api(alice, club, now):
    """A paused tournament's stopped turn has no deadline; the games API
    said ``to_move: false`` for it, so an app showed nobody to move."""
    from tests.deadlines.conftest import mover_seat
    from tests.games.api.test_games_api import client_for
    from tournaments.services import tournament_pause

    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, days_per_move=3)
    [game] = running_games(t)
    seat = mover_seat(game.match)
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    detail = client_for(seat.user).get(f"/api/games/{game.match.pk}/").json()
    moving = {p["display_name"]: (p["to_move"], p["deadline_at"]) for p in detail["seats"]}
    assert moving[seat.user.display_name] == (True, None), moving
    assert sum(to_move for to_move, _ in moving.values()) == 1, moving
