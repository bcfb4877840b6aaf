"""A game page seen by someone who does not play in it: it does not tell a
watcher that they are "waiting for the other player"."""

import pytest
from django.test import Client
from django.urls import reverse

from games.services import match_create_seated
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("signed_in", [True, False])
def test_a_watcher_is_told_they_watch_not_that_they_wait_for_the_other_player(alice, bob, now, signed_in):
    game = match_create_seated(users=[alice, bob], game="alta", now=now)
    client = Client()
    if signed_in:
        client.force_login(make_user("cy@example.com", "Cy"))
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "Waiting for the other player" not in page
    assert "You are watching this game. This page updates by itself." in page


def test_a_dutch_watcher_reads_it_in_dutch(alice, bob, now):
    game = match_create_seated(users=[alice, bob], game="alhambra", now=now)
    watcher = make_user("cy@example.com", "Cy")
    watcher.language = "nl"
    watcher.save(update_fields=["language"])
    client = Client()
    client.force_login(watcher)
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "Je kijkt mee met deze partij. Deze pagina ververst vanzelf." in page


def test_a_seated_player_still_waits_for_the_other_player(alice, bob, now):
    game = match_create_seated(users=[alice, bob], game="alta", now=now)
    client = Client()
    for player in (alice, bob):
        client.force_login(player)
        page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
        if 'id="move-form"' not in page:
            assert "Waiting for the other player. This page updates by itself." in page
            assert "You are watching" not in page
