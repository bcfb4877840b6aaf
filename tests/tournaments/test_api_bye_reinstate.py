"""Taking back a half-point bye and letting a withdrawn player back in,
over the API: the pages' operations with their permissions, answered with
the tournament and refused in the ``{"code", "detail"}`` shape, in the
reader's language."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import living_in
from tests.games.api.test_games_api import client_for
from tournaments.models import Participant, TournamentGame
from tournaments.services import bye_request, participant_withdraw, tournament_game_finished

from .conftest import best_seed_wins, new_players, running_games, started

pytestmark = pytest.mark.django_db


def entry(tournament, seed):
    return tournament.participants.select_related("user").get(seed=seed)


def _withdraw_bye(user, tournament, body):
    return client_for(user).post(f"/api/tournaments/{tournament.pk}/bye/withdraw/", body, format="json")


def _reinstate(user, tournament, participant):
    return client_for(user).post(f"/api/tournaments/{tournament.pk}/players/{participant.pk}/reinstate/")


def test_a_player_takes_back_their_half_point_bye_and_plays_the_round(alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    asker = entry(t, 2)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=2, now=now)
    answer = _withdraw_bye(asker.user, t, {"round": 2})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["id"] == t.pk and "standings" in answer.json()
    assert not asker.bye_requests.exists()
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    round2 = t.games.filter(round__number=2)
    assert not round2.filter(source=TournamentGame.Source.HALF_BYE).exists()
    assert any(asker.pk in g.players for g in round2 if g.match_id)


def test_an_organiser_takes_back_a_players_bye_and_another_player_may_not(alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    asker, other = entry(t, 3), entry(t, 4)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=3, now=now)
    refused = _withdraw_bye(other.user, t, {"round": 3, "participant": asker.pk})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_organiser")
    assert refused.json()["detail"] == "Only the tournament's organisers can do that."
    assert asker.bye_requests.exists()
    assert _withdraw_bye(alice, t, {"round": 3, "participant": asker.pk}).status_code == 200
    assert not asker.bye_requests.exists()
    missing = _withdraw_bye(alice, t, {"round": 3, "participant": asker.pk})
    assert (missing.status_code, missing.json()["code"]) == (404, "no_bye")


def test_a_bye_of_a_paired_round_is_not_taken_back_and_the_refusal_is_in_dutch(alice, club, now):
    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    asker = entry(t, 2)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=2, now=now)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    refused = _withdraw_bye(asker.user, t, {"round": 2})
    assert (refused.status_code, refused.json()["code"]) == (409, "round_paired")
    assert refused.json()["detail"] == "Round 2 is already paired: the half-point bye stands."
    living_in("nl", "Europe/Amsterdam", asker.user)
    dutch = _withdraw_bye(asker.user, t, {"round": 2})
    assert dutch.json()["detail"] == "Ronde 2 is al ingedeeld: de vrije ronde blijft staan."
    assert t.games.get(key=f"R2-H{asker.pk}").source == TournamentGame.Source.HALF_BYE


def test_a_bye_withdrawal_needs_a_round_and_an_account(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    bad = _withdraw_bye(entry(t, 1).user, t, {"round": 0})
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid")
    anonymous = APIClient().post(f"/api/tournaments/{t.pk}/bye/withdraw/", {"round": 2}, format="json")
    assert anonymous.status_code == 401


def test_an_organiser_lets_a_withdrawn_player_back_in(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    leaver = entry(t, 2)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    answer = _reinstate(alice, t, leaver)
    assert answer.status_code == 200, answer.json()
    player = next(p for p in answer.json()["players"] if p["id"] == leaver.pk)
    assert player["status"] == Participant.Status.REGISTERED
    again = _reinstate(alice, t, leaver)
    assert (again.status_code, again.json()["code"]) == (409, "registered")
    assert again.json()["detail"] == f"{leaver.user} still plays."


def test_only_an_organiser_lets_a_player_back_in(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    leaver = entry(t, 2)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    for user in (leaver.user, entry(t, 1).user):
        refused = _reinstate(user, t, leaver)
        assert (refused.status_code, refused.json()["code"]) == (403, "not_organiser")
    assert Participant.objects.get(pk=leaver.pk).withdrawn
    unknown = client_for(alice).post(f"/api/tournaments/{t.pk}/players/{10**30}/reinstate/")
    assert unknown.status_code == 404


def test_the_schema_documents_both_operations():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    withdraw = schema["paths"]["/api/tournaments/{id}/bye/withdraw/"]["post"]
    assert withdraw["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("ByeWithdrawInput")
    reinstate = schema["paths"]["/api/tournaments/{id}/players/{participant}/reinstate/"]["post"]
    for operation in (withdraw, reinstate):
        assert {"200", "403", "404", "409"} <= set(operation["responses"])
        assert operation["description"]
