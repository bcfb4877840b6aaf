"""The games REST API as a client uses it."""

import pytest
from rest_framework.test import APIClient

from alta_site.accounts.tokens import ApiToken
from games.engine import get_rules
from games.models import Match

from ..conftest import first_legal_text, mover

pytestmark = pytest.mark.django_db


def client_for(user):
    client = APIClient()
    _, key = ApiToken.issue(user=user, name="test")
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_create_join_and_play_by_api(alice, bob):
    a, b = client_for(alice), client_for(bob)
    created = a.post("/api/games/", {"game": "alta", "players": 2, "days_per_move": 2}, format="json")
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["status"] == "open" and game["your_seat"] is None
    assert b.get("/api/games/").json()[0]["id"] == game["id"]
    joined = b.post(f"/api/games/{game['id']}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "active"

    match = Match.objects.get(pk=game["id"])
    user, index = mover(match)
    client = a if user == alice else b
    legal = client.get(f"/api/games/{game['id']}/legal-moves/").json()
    assert legal["your_turn"] and legal["ply"] == 0 and legal["moves"]
    played = client.post(f"/api/games/{game['id']}/moves/", {"ply": 0, "move": legal["moves"][0]}, format="json")
    assert played.status_code == 201, played.json()
    assert played.json()["ply"] == 1
    history = client.get(f"/api/games/{game['id']}/moves/").json()
    assert history[0]["ply"] == 1 and history[0]["text"] == legal["moves"][0]


def test_numbered_option_plays_that_legal_move(duel, alice, bob):
    user, index = mover(duel)
    client = client_for(user)
    legal = client.get(f"/api/games/{duel.pk}/legal-moves/").json()["moves"]
    # The first card always goes to D4, so two identical hand cards give one option.
    last = len(legal)
    response = client.post(f"/api/games/{duel.pk}/moves/", {"ply": 0, "option": last}, format="json")
    assert response.status_code == 201, response.json()
    assert client.get(f"/api/games/{duel.pk}/moves/").json()[0]["text"] == legal[-1]
    response = client.post(f"/api/games/{duel.pk}/moves/", {"ply": 1, "option": 999}, format="json")
    assert response.status_code in (409, 422)


def test_errors_are_json_with_a_code(duel, alice, bob, carol):
    user, index = mover(duel)
    other = bob if user == alice else alice
    stale = client_for(user).post(f"/api/games/{duel.pk}/moves/", {"ply": 5, "move": "x"}, format="json")
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_ply" and stale.json()["ply"] == 0
    legal = first_legal_text(duel, index)
    turn = client_for(other).post(f"/api/games/{duel.pk}/moves/", {"ply": 0, "move": legal}, format="json")
    assert turn.status_code == 422 and turn.json()["code"] == "not_your_turn"
    outsider = client_for(carol).post(f"/api/games/{duel.pk}/moves/", {"ply": 0, "move": "x"}, format="json")
    assert outsider.status_code == 403 and outsider.json()["code"] == "not_a_player"
    garbage = client_for(user).post(f"/api/games/{duel.pk}/moves/", "{not json", content_type="application/json")
    assert garbage.status_code == 400 and garbage.json()["code"] == "parse_error"
    both = client_for(user).post(f"/api/games/{duel.pk}/moves/", {"ply": 0, "move": "x", "option": 1}, format="json")
    assert both.status_code == 400 and "either" in both.json()["detail"]
    missing = client_for(user).get("/api/games/999999/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


@pytest.mark.parametrize("game_id", [999999, 2**63, 2**90])
@pytest.mark.parametrize("action", ["moves", "resign"])
def test_writes_to_a_game_that_does_not_exist_are_404(alice, game_id, action):
    """Even an id beyond the database's integer range is just "no such game"."""
    answer = client_for(alice).post(f"/api/games/{game_id}/{action}/", {"ply": 0, "move": "x"}, format="json")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


@pytest.mark.parametrize("game_id", [999999, 2**63, 2**90])
@pytest.mark.parametrize("key", [None, "chat-1"])
def test_chat_to_a_game_that_does_not_exist_is_404(alice, game_id, key):
    """With an Idempotency-Key too: the key is looked up among the game's
    lines, and an id beyond the integer range was a server error there."""
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    answer = client_for(alice).post(f"/api/games/{game_id}/chat/", {"text": "hello"}, format="json", **headers)
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_idempotency_key_header_replays_the_first_answer(duel):
    user, index = mover(duel)
    client = client_for(user)
    body = {"ply": 0, "move": first_legal_text(duel, index)}
    first = client.post(f"/api/games/{duel.pk}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    second = client.post(f"/api/games/{duel.pk}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert (first.status_code, second.status_code) == (201, 201)  # the first result, status included
    assert second.json() == first.json() and duel.moves.count() == 1


def test_unauthenticated_writes_are_refused_but_spectating_is_allowed(duel):
    anonymous = APIClient()
    assert anonymous.post(f"/api/games/{duel.pk}/join/").status_code in (401, 403)
    view = anonymous.get(f"/api/games/{duel.pk}/").json()
    assert view["your_seat"] is None and view["view"]["seat"] is None
    assert "hand" not in view["view"]


def test_revoked_token_stops_working(alice):
    token, key = ApiToken.issue(user=alice, name="script")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/me/").json()["display_name"] == "Alice"
    token.delete()
    response = client.get("/api/me/")
    assert response.status_code == 401 and response.json()["code"] == "authentication_failed"


def test_my_games_lists_your_move_first(alice, bob, carol, now):
    from ..conftest import start_match

    games = [start_match(alice, other, now=now) for other in (bob, carol, bob)]
    mine = client_for(alice).get("/api/me/games/").json()
    turns = [g["id"] for g in mine if any(s["to_move"] and s["display_name"] == "Alice" for s in g["seats"])]
    assert [g["id"] for g in mine][: len(turns)] == turns
    assert {g["id"] for g in mine} == {g.pk for g in games}
    finished_only = client_for(alice).get("/api/me/games/?status=finished").json()
    assert finished_only == []


def test_writes_are_rate_limited_per_user(alice, monkeypatch):
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "2/min"})

    cache.clear()
    client = client_for(alice)
    codes = [client.post("/api/games/", {"game": "alta", "players": 2}, format="json").status_code for _ in range(3)]
    assert codes == [201, 201, 429]


def test_resign_by_api(duel, alice):
    response = client_for(alice).post(f"/api/games/{duel.pk}/resign/")
    assert response.status_code == 200
    assert response.json()["status"] == "finished"
    assert response.json()["seed"] == duel.seed
    assert get_rules("alta")


def test_the_time_control_is_chosen_and_shown_by_api(alice):
    created = (
        client_for(alice)
        .post(
            "/api/games/",
            {"game": "alta", "players": 2, "bank_initial_days": 4, "bank_increment_days": 1, "weekends_off": True},
            format="json",
        )
        .json()
    )
    assert (created["bank_initial_days"], created["bank_increment_days"], created["bank_cap_days"]) == (4, 1, 4)
    assert created["weekends_off"] is True and created["vacation_allowed"] is True
    bad = client_for(alice).post(
        "/api/games/",
        {"game": "alta", "players": 2, "bank_initial_days": 3, "bank_increment_days": 2, "bank_cap_days": 1},
        format="json",
    )
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_time_control"


def test_players_on_vacation_show_until_when_in_details_and_lists(alice, bob):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.deadlines.vacation import vacation_start
    from games.services import match_create_seated

    today = timezone.now()
    match = match_create_seated(users=[alice, bob], game="alta", now=today)
    vacation = vacation_start(user=bob, days=3, now=today)
    detail = client_for(alice).get(f"/api/games/{match.pk}/").json()
    away = {p["display_name"]: p["away_until"] for p in detail["seats"]}
    assert away["Alice"] is None
    assert away["Bob"] is not None and away["Bob"].startswith(vacation.ends_at.date().isoformat())
    api = client_for(alice)
    api.get("/api/me/")  # the token's first use is recorded once
    with CaptureQueriesContext(connection) as one_game:
        mine = api.get("/api/me/games/").json()
    assert {p["display_name"]: p["away_until"] for p in mine[0]["seats"]} == away
    for _ in range(3):
        match_create_seated(users=[alice, bob], game="alta", now=today)
    with CaptureQueriesContext(connection) as four_games:
        assert len(api.get("/api/me/games/").json()) == 4
    assert len(four_games) == len(one_game)  # one vacation query for the whole list


def test_the_answer_to_a_move_says_who_is_on_vacation(alice, bob):
    from django.utils import timezone

    from games.deadlines.vacation import vacation_start
    from games.services import match_create_seated

    today = timezone.now()
    match = match_create_seated(users=[alice, bob], game="alta", now=today)
    user, _ = mover(match)
    other = bob if user == alice else alice
    vacation_start(user=other, days=2, now=today)
    answer = client_for(user).post(f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json")
    assert answer.status_code == 201
    away = {p["display_name"]: p["away_until"] for p in answer.json()["seats"]}
    assert away[user.display_name] is None
    assert away[other.display_name] is not None
