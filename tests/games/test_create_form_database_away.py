"""The new-game form sent while the database is away (a restart, a dropped
connection): the game is not made, and sending the same form again once
the database is back makes it (the form's mark does not send the player
to their games as if it had been made)."""

import re

import pytest
from django.db import OperationalError

from games import services
from games.models import Match

pytestmark = pytest.mark.django_db


def test_a_create_form_the_database_dropped_makes_the_game_when_sent_again(client, alice, monkeypatch):
    client.force_login(alice)
    [once] = re.findall(r'name="once" value="([^"]+)"', client.get("/games/new/").content.decode())
    data = {"game": "alta", "players": 2, "days_per_move": 3, "timeout_policy": "auto", "once": once}
    create = services.match_create

    def database_away(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(services, "match_create", database_away)
    client.raise_request_exception = False
    assert client.post("/games/new/", data).status_code >= 500
    assert not Match.objects.exists()

    monkeypatch.setattr(services, "match_create", create)  # back: the player sends the form again
    again = client.post("/games/new/", data)

    match = Match.objects.get()
    assert again.status_code == 302 and again["Location"] == match.get_absolute_url()


def test_a_create_form_answered_with_an_error_after_the_game_was_made_leads_to_it_when_sent_again(
    client, alice, monkeypatch
):
    client.force_login(alice)
    [once] = re.findall(r'name="once" value="([^"]+)"', client.get("/games/new/").content.decode())
    data = {"game": "alta", "players": 2, "days_per_move": 3, "timeout_policy": "auto", "once": once}
    create = services.match_create

    def made_then_away(**kwargs):
        create(**kwargs)
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(services, "match_create", made_then_away)
    client.raise_request_exception = False
    assert client.post("/games/new/", data).status_code >= 500

    monkeypatch.setattr(services, "match_create", create)
    again = client.post("/games/new/", data)

    match = Match.objects.get()
    assert again.status_code == 302 and again["Location"] == match.get_absolute_url()
