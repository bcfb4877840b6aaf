"""Garbage in the site's HTML forms (the pages' POSTs): a field of the
wrong kind, a NUL or a control character, a number beyond what the database
holds, a negative or huge one, a very long text, an unknown id in the URL.
The answer is never a server error: a refusal is a 4xx, or the page again
with the error in the sender's language, and it changes nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from games import services as game_services
from games.models import Match
from tests.mail.test_inbound_service import _refuse_nul_as_postgresql_does as refuse_nul_as_postgresql_does

pytestmark = pytest.mark.django_db

#: ``next`` values a hand-made form may send: none is a page of the site's.
NOT_PAGES = ["profile-x", "a b", "a\x00b", "-1", "1e400", str(2**63), "lobby", "javascript:alert(1)", "//evil.example/"]


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize("back", NOT_PAGES)
def test_a_next_that_is_no_page_leads_to_the_profile_after_the_address_check(bob, back):
    response = _client(bob).post("/profile/email-bounces/clear/", {"next": back})
    assert response.status_code == 302
    assert response["Location"] == "/profile/"


@pytest.mark.parametrize("back", NOT_PAGES)
def test_a_next_that_is_no_page_leads_to_the_lobby_after_declining_an_invitation(alice, bob, now, back):
    match = game_services.match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    token = match.seats.get(invited_user=bob).invitation_token
    response = _client(bob).post(f"/invitations/{token}/", {"decline": "1", "next": back})
    assert response.status_code == 302
    assert response["Location"] == "/lobby/"


@pytest.mark.parametrize("once", ["a\x00b", "\x00", "mark with spaces", "é" * 64, "x" * 10_000])
def test_a_new_game_form_with_a_mark_the_page_never_makes_still_makes_one_game(alice, once):
    """The form's mark (``once``) is the page's own; one it never makes (a
    NUL, which PostgreSQL refuses, among them) is no mark, not a 500."""
    client = _client(alice)
    body = {"game": "alta", "players": "2", "days_per_move": "3", "timeout_policy": "auto", "once": once}
    with connection.execute_wrapper(refuse_nul_as_postgresql_does):
        response = client.post("/games/new/", body)
    assert response.status_code == 302, response.status_code
    assert Match.objects.filter(created_by=alice).count() == 1
