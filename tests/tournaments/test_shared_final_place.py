"""Players level on points and on every tie-break share their final place
(unrated players all start at the same rating, its last tie-break), and
each one's final mail says so and with whom: it said "you finished in
place 1 of 3" to all three."""

from __future__ import annotations

import pytest

from mail.models import OutgoingEmail
from tests.conftest import living_in

from .conftest import finish, new_players, play_out, started

pytestmark = pytest.mark.django_db


def test_a_three_way_tie_for_first_is_told_as_a_shared_place(alice, club, now):
    players = new_players(3)
    living_in("nl", "Europe/Amsterdam", players[0])
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    seeds = {p.pk: p.seed for p in t.participants.all()}
    beats = {(1, 2), (2, 3), (3, 1)}  # everyone wins once

    def in_a_circle(tournament, game, now):
        a, b = game.players
        winner = a if (seeds[a], seeds[b]) in beats else b
        return finish(game, tournament.participants.get(pk=winner).user, now)

    t = play_out(t, now, pick=in_a_circle)
    assert sorted(t.participants.values_list("final_place", flat=True)) == [1, 1, 1]
    first, second, third = players
    dutch = OutgoingEmail.objects.get(to=first.email, dedupe_key__startswith="tournament-final:")
    assert f"Je deelt de 1e plaats van de 3 met {second} en {third}." in " ".join(dutch.text.split())
    english = OutgoingEmail.objects.get(to=second.email, dedupe_key__startswith="tournament-final:")
    assert f"You share place 1 of 3 with {first} and {third}." in " ".join(english.text.split())
    assert "finished in place" not in english.text


def test_a_place_of_one_s_own_reads_as_before(alice, club, now):
    players = new_players(2)
    play_out(started(alice, club, players, now=now, name="Club Cup", format="round_robin"), now)
    for player in players:
        mail = OutgoingEmail.objects.get(to=player.email, dedupe_key__startswith="tournament-final:")
        assert "You finished in place" in " ".join(mail.text.split()) and "share" not in mail.text
