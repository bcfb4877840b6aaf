"""Invitations by API, as issue 4 describes them: the creator invites by
display name or by email address; the invitee finds the invitation (with
what accepts or declines it) at /api/me/invitations/ and answers it there;
the creator can cancel before the start."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import make_user

from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def create(client, game, players, invite):
    answer = client.post("/api/games/", {"game": game, "players": players, "invite": invite}, format="json")
    assert answer.status_code == 201, answer.json()
    return answer.json()


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_an_invitee_by_display_name_finds_and_accepts_the_invitation(game, alice, bob, carol):
    created = create(client_for(alice), game, 2, ["Bob"])
    assert [s["status"] for s in created["seats"]] == ["joined", "invited"]
    assert client_for(carol).get("/api/me/invitations/").json() == []
    assert created["id"] not in [g["id"] for g in client_for(carol).get("/api/games/").json()]  # no free seat

    mine = client_for(bob).get("/api/me/invitations/").json()
    assert [(i["game"]["id"], i["invited_by"]) for i in mine] == [(created["id"], "Alice")]
    accepted = client_for(bob).post(mine[0]["accept"])
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    assert accepted.json()["your_seat"] is not None
    assert client_for(bob).get("/api/me/invitations/").json() == []


def test_an_invitee_declines_by_api_and_the_seat_opens_for_anyone(alice, bob, carol):
    created = create(client_for(alice), "alta", 2, ["Bob"])
    invitation = client_for(bob).get("/api/me/invitations/").json()[0]
    assert client_for(carol).post(invitation["decline"]).json()["code"] == "not_invited"
    declined = client_for(bob).post(invitation["decline"])
    assert declined.status_code == 200 and [s["status"] for s in declined.json()["seats"]] == ["joined", "open"]
    assert client_for(bob).post(invitation["accept"]).status_code == 404
    assert created["id"] in [g["id"] for g in APIClient().get("/api/games/").json()]
    joined = client_for(carol).post(f"/api/games/{created['id']}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "active"


def test_an_invitation_by_email_reaches_the_player_who_signs_up_with_that_address(alice, bob):
    created = create(client_for(alice), "alhambra", 3, ["Bob", "zoe@example.org"])
    assert sorted(s["status"] for s in created["seats"]) == ["invited", "invited", "joined"]
    assert "zoe@example.org" not in str(APIClient().get(f"/api/games/{created['id']}/").json())
    zoe = make_user("zoe@example.org", "Zoe")
    invitations = client_for(zoe).get("/api/me/invitations/").json()
    assert [i["game"]["id"] for i in invitations] == [created["id"]]
    assert client_for(zoe).post(invitations[0]["accept"]).json()["status"] == "open"  # Bob has not answered
    assert client_for(bob).post(client_for(bob).get("/api/me/invitations/").json()[0]["accept"]).json()["status"] == (
        "active"
    )


def test_the_creator_cancels_an_invitation_game_and_the_invitation_is_gone(alice, bob):
    created = create(client_for(alice), "atlantis", 2, ["Bob"])
    assert client_for(bob).post(f"/api/games/{created['id']}/cancel/").json()["code"] == "not_creator"
    cancelled = client_for(alice).post(f"/api/games/{created['id']}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert client_for(bob).get("/api/me/invitations/").json() == []


def test_invitations_are_only_for_the_signed_in_invitee(alice, bob):
    create(client_for(alice), "alpaca", 2, ["Bob"])
    assert APIClient().get("/api/me/invitations/").status_code == 401
    assert "token" not in str(client_for(alice).get("/api/me/invitations/").json())


def test_the_creator_invites_into_a_free_seat_and_takes_it_back_by_api(alice, bob, carol):
    created = create(client_for(alice), "alta", 3, [])
    invite = f"/api/games/{created['id']}/invitations/"
    answer = client_for(alice).post(invite, {"invitee": "Bob"}, format="json")
    assert answer.status_code == 200, answer.json()
    assert [s["status"] for s in answer.json()["seats"]] == ["joined", "invited", "open"]
    assert [i["game"]["id"] for i in client_for(bob).get("/api/me/invitations/").json()] == [created["id"]]
    assert client_for(alice).post(invite, {"invitee": "stranger@example.org"}, format="json").status_code == 200

    # Only the creator; the same player twice; no free seat left.
    assert client_for(carol).post(invite, {"invitee": "carol"}, format="json").json()["code"] == "not_creator"
    assert client_for(alice).post(invite, {"invitee": "bob"}, format="json").json()["code"] == "already_invited"
    assert client_for(alice).post(invite, {"invitee": "Carol"}, format="json").json()["code"] == "full"

    take_back = f"/api/games/{created['id']}/invitations/take-back/"
    refused = client_for(carol).post(take_back, {"invitee": "Bob"}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "not_creator")
    answer = client_for(alice).post(take_back, {"invitee": "STRANGER@example.org"}, format="json")
    assert [s["status"] for s in answer.json()["seats"]] == ["joined", "invited", "open"]
    assert client_for(alice).post(take_back, {"invitee": "bob"}, format="json").status_code == 200
    assert client_for(bob).get("/api/me/invitations/").json() == []
    again = client_for(alice).post(take_back, {"invitee": "Bob"}, format="json")
    assert (again.status_code, again.json()["code"]) == (404, "invalid_invitation")
    assert client_for(alice).post(take_back, {}, format="json").status_code == 400


@pytest.mark.parametrize("game_id", ["999999", str(2**63), "9" * 31])
def test_a_game_id_nobody_has_is_not_found_for_the_invitation_writes(alice, game_id):
    for path in ("invitations/", "invitations/take-back/"):
        answer = client_for(alice).post(f"/api/games/{game_id}/{path}", {"invitee": "Bob"}, format="json")
        assert answer.status_code == 404, (path, answer.content[:200])
