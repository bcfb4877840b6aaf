"""An organiser who plays may still pair a round by hand (a club with one
organiser must be able to), but not behind the other players' backs: the
first mail of each game the pairing made, the round's heading on the
tournament page and the API say who paired it and that they play in it;
the pairing page tells the organiser so before they save.  A pairing by
an organiser who does not play in the round is not announced."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import living_in
from tournaments.services import club_join, club_member_promote, round_pairing_set, tournament_resume

from .conftest import make_tournament, new_players, register
from .test_manual_round_one import start_paused

pytestmark = pytest.mark.django_db


def _text(body: str) -> str:
    return " ".join(body.split())


def _paused_with(organiser, club, players, now):
    t = make_tournament(organiser, club, now=now, name="Club Cup", format="swiss", rounds=2)
    register(t, players, now)
    start_paused(t, organiser, now)
    return t


def _pair_and_resume(t, by, now, capture):
    seed = {p.user_id: p.pk for p in t.participants.all()}
    ids = sorted(seed.values())
    tables = [(ids[0], ids[1]), (ids[2], ids[3])]
    round_pairing_set(tournament_id=t.pk, number=1, tables=tables, by=by, now=now)
    mail.outbox.clear()
    with capture(execute=True):
        tournament_resume(tournament_id=t.pk, by=by, now=now)


@pytest.mark.parametrize(
    ("language", "told", "own"),
    [
        (
            "en",
            "Round 1 was paired by hand by Alice, an organiser who plays in it.",
            "You paired round 1 by hand and play in it: its players are told so.",
        ),
        (
            "nl",
            "Ronde 1 is met de hand ingedeeld door Alice, een organisator die er zelf in speelt.",
            "Je hebt ronde 1 met de hand ingedeeld en speelt er zelf in: de spelers krijgen dat te horen.",
        ),
    ],
)
def test_every_player_reads_that_a_playing_organiser_paired_the_round(
    language, told, own, alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(3)
    living_in(language, "Europe/Amsterdam", alice, *players)
    t = _paused_with(alice, club, [alice, *players], now)
    _pair_and_resume(t, alice, now, django_capture_on_commit_callbacks)

    for player in players:
        [first] = [m for m in mail.outbox if m.to == [player.email]]
        assert told in _text(first.body), first.body
        assert told in _text(first.alternatives[0][0])  # the HTML part too
    [mine] = [m for m in mail.outbox if m.to == [alice.email]]
    assert own in _text(mine.body) and told not in _text(mine.body)


def test_the_page_and_the_api_name_the_playing_organiser_who_paired_the_round(
    client, alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(3)
    t = _paused_with(alice, club, [alice, *players], now)
    client.force_login(alice)
    pairing = _text(client.get(reverse("tournament-round-pairing", args=[t.pk, 1])).content.decode())
    assert "You play in this round: the tournament page and the first mail of each of its games say" in pairing
    _pair_and_resume(t, alice, now, django_capture_on_commit_callbacks)

    client.force_login(players[0])
    page = _text(client.get(t.get_absolute_url()).content.decode())
    assert "paired by hand by Alice, who plays in it" in page
    [round_one] = client.get(reverse("api-tournament", args=[t.pk])).json()["rounds"]
    assert round_one["paired_by_playing_organiser"] == "Alice"


def test_a_pairing_by_an_organiser_who_does_not_play_is_not_announced(
    client, alice, bob, club, now, django_capture_on_commit_callbacks
):
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    players = new_players(3)
    t = _paused_with(alice, club, [alice, *players], now)
    client.force_login(bob)
    pairing = _text(client.get(reverse("tournament-round-pairing", args=[t.pk, 1])).content.decode())
    assert "You play in this round" not in pairing
    _pair_and_resume(t, bob, now, django_capture_on_commit_callbacks)

    assert mail.outbox and not any("paired by hand" in m.body for m in mail.outbox)
    page = _text(client.get(t.get_absolute_url()).content.decode())
    assert "who plays in it" not in page
    [round_one] = client.get(reverse("api-tournament", args=[t.pk])).json()["rounds"]
    assert round_one["paired_by_playing_organiser"] is None
