"""A form's address takes only a POST.  When a session runs out while a
form is open, its POST is sent to the login with ``next`` set to that
address, and the browser GETs it after signing in: the player lands on
the page the form belongs to (the game, tournament, ladder, club), never
on a blank "405 Method Not Allowed".  A GET there changes nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import get_resolver
from django.utils import timezone

from games import services as game_services
from ratings.models import Ladder
from tests.conftest import PASSWORD
from tests.site.test_ids_beyond_bigint import url_routes
from tournaments.services import club_create, tournament_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def places(alice, bob):
    """A game between alice and bob, a club, its tournament and a ladder."""
    now = timezone.now()
    match = game_services.match_create(creator=alice, game="alta", players=2, now=now)
    game_services.match_join(match_id=match.pk, user=bob, now=now)
    club = club_create(creator=alice, name="Harbour club", description="", now=now)
    tournament = tournament_create(
        creator=alice,
        club_id=club.pk,
        name="Winter cup",
        rounds=3,
        registration_closes_at=now + timezone.timedelta(days=7),
        now=now,
    )
    ladder = Ladder.objects.create(game="alta", players=2, name="Alta duels")
    return {"game": match.pk, "tournament": tournament.pk, "ladder": ladder.pk, "club": club.pk}


def _form_addresses(places) -> dict[str, str]:
    """POST-only addresses of forms and the page each belongs to."""
    game, tournament, ladder, club = places["game"], places["tournament"], places["ladder"], places["club"]
    return {
        f"/games/{game}/move/": f"/games/{game}/",
        f"/games/{game}/chat/": f"/games/{game}/",
        f"/games/{game}/resign/": f"/games/{game}/",
        f"/tournaments/{tournament}/register/": f"/tournaments/{tournament}/",
        f"/tournaments/{tournament}/message/": f"/tournaments/{tournament}/",
        f"/tournaments/{tournament}/players/1/replace/": f"/tournaments/{tournament}/",
        f"/ladders/{ladder}/join/": f"/ladders/{ladder}/",
        f"/ladders/{ladder}/challenge/": f"/ladders/{ladder}/",
        f"/clubs/{club}/join/": f"/clubs/{club}/",
        f"/clubs/{club}/members/1/approve/": f"/clubs/{club}/",
        "/profile/tokens/": "/profile/",
        "/profile/deadlines/vacation/": "/profile/deadlines/",
    }


@pytest.mark.parametrize("signed_in", [True, False])
def test_a_get_of_a_forms_address_goes_to_the_page_of_the_form(client, alice, places, signed_in):
    if signed_in:
        client.force_login(alice)
    for address, page in _form_addresses(places).items():
        answer = client.get(address)
        assert (answer.status_code, answer.get("Location")) == (302, page), address


def test_signing_in_after_the_session_ran_out_leads_back_to_the_game(client, alice, places):
    move = f"/games/{places['game']}/move/"
    answer = client.post(move, {"move": "x", "ply": "0"})
    assert answer.status_code == 302 and f"next={move}" in answer["Location"].replace("%2F", "/")
    signed_in = client.post(
        "/accounts/login/", {"login": "alice@example.com", "password": PASSWORD, "next": move}, follow=True
    )
    assert signed_in.status_code == 200
    assert signed_in.redirect_chain[-1][0] == f"/games/{places['game']}/"


def test_a_get_of_a_forms_address_changes_nothing(client, carol, places):
    client.force_login(carol)
    client.get(f"/ladders/{places['ladder']}/join/")
    client.get(f"/tournaments/{places['tournament']}/register/")
    assert not Ladder.objects.get().memberships.exists()
    assert client.get(f"/tournaments/{places['tournament']}/").context["tournament"].participants.count() == 0


def test_no_page_answers_a_get_with_405(alice):
    """Every page address (the API's aside: it is no browser's), with 1
    for each id: a form's address redirects, whatever there is at 1."""
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    routes = [r for r in url_routes(get_resolver().url_patterns) if not r.startswith(("api/", "^"))]
    paths = ["/" + re.sub(r"<\w+:\w+>", "x", re.sub(r"<int:\w+>", "1", route)) for route in routes]
    assert "/games/1/move/" in paths
    refused = [path for path in paths if client.get(path).status_code == 405]
    assert not refused, refused


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "This page cannot be used that way"), ("nl", "Deze pagina werkt niet op die manier")],
)
@pytest.mark.parametrize("method", ["put", "delete", "post"])
def test_a_method_a_page_does_not_take_gets_a_page_saying_so(language, said, method, client):
    answer = getattr(client, method)("/accounts/inactive/", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 405 and answer.has_header("Allow")
    page = answer.content.decode()
    assert said in page and f'lang="{language}"' in page


def test_the_api_keeps_its_own_405_in_json(client, alice):
    client.force_login(alice)
    answer = client.put("/api/games/", HTTP_ACCEPT_LANGUAGE="nl")
    assert answer.status_code == 405 and answer["Content-Type"].startswith("application/json")
