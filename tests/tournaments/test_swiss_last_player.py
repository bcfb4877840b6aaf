"""A Swiss whose other players all withdrew ends there: its last player
gets no bye (and no bye mail) for each round left, and everyone's final
mail says why it ended early, in their language."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.conftest import living_in
from tournaments.models import Tournament
from tournaments.services import participant_withdraw

from .conftest import new_players, started

pytestmark = pytest.mark.django_db


def _body(player, words):
    [found] = [m for m in mail.outbox if m.to == [player.email] and words in m.subject]
    return " ".join(found.body.split())


def test_a_swiss_left_with_one_player_ends_without_a_bye_for_every_round_left(
    alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(3)
    living_in("nl", "Europe/Amsterdam", players[2])
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=5)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        participant_withdraw(tournament_id=t.pk, user=players[1], now=now)
        participant_withdraw(tournament_id=t.pk, user=players[2], now=now)

    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert t.round_set.count() == 2
    assert not [m for m in mail.outbox if "bye" in m.subject]
    last = players[0]
    assert "It ended after round 2 of 5: too few players are left to pair another round." in _body(
        last, "final standings"
    )
    said = "Het is afgelopen na ronde 2 van 5: er zijn te weinig spelers over om nog een ronde in te delen."
    assert said in _body(players[2], "eindstand")
    assert t.events.get(kind="finished").text == (
        "The tournament is over after round 2 of 5, as too few players are left to pair; final standings published."
    )


def test_a_swiss_played_to_its_last_round_says_nothing_of_an_early_end(
    alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(2)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=1)
    with django_capture_on_commit_callbacks(execute=True):
        participant_withdraw(tournament_id=t.pk, user=players[1], now=now)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert "It ended after" not in _body(players[0], "final standings")
