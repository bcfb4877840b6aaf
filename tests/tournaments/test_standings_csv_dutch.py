"""The standings file for Excel opens as a table in the reader's
spreadsheet: it starts with a byte-order mark (without it Excel read "Chloë"
as "ChloÃ«"), and for a Dutch reader, whose decimals have a comma, it
separates fields with semicolons and writes half points "0,5" (with commas
Dutch Excel put every row in one cell).  The plain file stays plain UTF-8
with commas and decimal points, for any other program."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.conftest import living_in
from tournaments.services import game_result_set

from .conftest import new_players, running_games, started

pytestmark = pytest.mark.django_db


def _download(client, user, tournament, query: str = "?excel=1") -> bytes:
    client.force_login(user)
    return client.get(reverse("tournament-standings-csv", args=[tournament.pk]) + query).content


def _drawn_swiss(alice, club, now):
    players = new_players(4)
    players[0].display_name = "Chloë"
    players[0].save(update_fields=["display_name"])
    t = started(alice, club, players, now=now, format="swiss", rounds=2)
    for game in running_games(t):
        game_result_set(game_id=game.pk, ranking=[list(game.players)], reason="remise", by=alice, now=now)
    return t


def test_a_dutch_organiser_s_standings_file_is_semicolon_separated_with_decimal_commas(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t = _drawn_swiss(alice, club, now)
    content = _download(client, alice, t)
    assert content.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:4] == ["Plaats", "Speler", "Plaatsing", "Punten"]
    assert [r[3:6] for r in rows[1:]] == [["0,5", "0,5", "0,25"]] * 4
    assert "Chloë" in [r[1] for r in rows[1:]]


def test_an_english_organiser_s_file_keeps_commas_and_decimal_points(client, alice, club, now):
    t = _drawn_swiss(alice, club, now)
    content = _download(client, alice, t)
    assert content.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Rank", "Player", "Seed", "Points"]
    assert [r[3:6] for r in rows[1:]] == [["0.5", "0.5", "0.25"]] * 4


def test_the_plain_file_of_a_dutch_organiser_stays_plain_utf8_with_commas(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t = _drawn_swiss(alice, club, now)
    content = _download(client, alice, t, query="")
    assert not content.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(content.decode("utf-8"))))
    assert rows[0][:4] == ["Plaats", "Speler", "Plaatsing", "Punten"]
    assert [r[3:6] for r in rows[1:]] == [["0.5", "0.5", "0.25"]] * 4
    page = client.get(t.get_absolute_url()).content.decode()
    assert f'href="/tournaments/{t.pk}/standings.csv?excel=1" download>De stand downloaden voor Excel</a>' in page
