"""Where a tournament's mails and pages list players by name, they read as
the pairing notice does: "Player 2, Player 3 and Player 4" (Dutch "... en
..."), not as a bare list."""

from __future__ import annotations

import re

import pytest

from mail.models import OutgoingEmail
from tests.conftest import living_in
from tournaments.services import tournament_pause

from .conftest import DAY, new_players, started

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "subject_word", "against", "and_word"),
    [("en", "paused", "against", "and"), ("nl", "gepauzeerd", "tegen", "en")],
)
def test_the_pause_mail_names_a_table_s_opponents_as_a_sentence(
    language, subject_word, against, and_word, alice, club, now
):
    players = new_players(4)
    living_in(language, "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, format="swiss", rounds=1, players_per_table=4, days_per_move=3)
    tournament_pause(tournament_id=t.pk, by=alice, now=now + DAY)
    for player in players:
        [told] = OutgoingEmail.objects.filter(to=player.email, subject__contains=subject_word)
        others = {p.display_name for p in players if p != player}
        for part in (" ".join(told.text.split()), told.html):
            found = re.search(rf"{against} (Player \d+), (Player \d+) {and_word} (Player \d+)", part)
            assert found, part[:600]
            assert set(found.groups()) == others


@pytest.mark.parametrize(
    ("language", "paired", "with_word", "and_word"),
    [("en", "You are paired with", "with", "and"), ("nl", "Je speelt tegen", "met", "en")],
)
def test_the_home_page_names_a_table_s_opponents_as_a_sentence(
    language, paired, with_word, and_word, client, alice, club, now
):
    players = new_players(4)
    living_in(language, "Europe/Amsterdam", *players)
    started(alice, club, players, now=now, format="swiss", rounds=1, players_per_table=4)
    client.force_login(players[0])
    page = " ".join(client.get("/").content.decode().split())
    others = sorted(p.display_name for p in players[1:])
    for lead in (paired, with_word):  # the tournament round, and the game in the list of games
        found = re.search(rf"{lead} (Player \d+), (Player \d+) {and_word} (Player \d+)", page)
        assert found, (lead, page[-3000:])
        assert sorted(found.groups()) == others
