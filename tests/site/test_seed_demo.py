"""``make run``'s demo data: players who can log in and a ladder per game."""

import pytest
from django.core.management import call_command
from django.test import Client

from alta_site.accounts.management.commands.seed_demo import DEMO_PASSWORD
from games.boards import playable_slugs
from ratings.models import Ladder

pytestmark = pytest.mark.django_db


def test_demo_players_log_in_and_every_game_has_a_ladder(settings, capsys):
    settings.DEBUG = True
    call_command("seed_demo")
    call_command("seed_demo")  # safe to repeat: nothing is created twice
    assert sorted(Ladder.objects.values_list("game", flat=True)) == sorted(playable_slugs())
    assert set(Ladder.objects.values_list("players", flat=True)) == {2}
    assert "Alta, 2 players" in capsys.readouterr().out
    client = Client()
    assert client.login(username="alice@alta.test", password=DEMO_PASSWORD)
    page = client.get("/ladders/").content.decode()
    assert "Alta, 2 players" in page and "No ladders are open yet" not in page


def test_demo_data_is_refused_outside_development(settings):
    from django.core.management.base import CommandError

    settings.DEBUG = False
    with pytest.raises(CommandError):
        call_command("seed_demo")
    assert not Ladder.objects.exists()
