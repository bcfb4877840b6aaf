"""A tournament the beat starts as its registration closes mails as an
organiser's start does: every player of round 1 gets the game's start
mail (its pairing notice), whoever moves first, and a bye is told.  Its
organisers, who did not press "start", are told too: round 1 is paired,
waits for their pairing (a pause set before the start), or the tournament
was cancelled for too few players; in their language."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.conftest import living_in
from tournaments.models import Tournament
from tournaments.services import tournament_start, tournaments_start_due

from .conftest import DAY, make_tournament, new_players, register

pytestmark = pytest.mark.django_db


def _subjects(users) -> dict[str, list[str]]:
    return {
        u.display_name: sorted(" ".join(m.subject.split()) for m in mail.outbox if m.to == [u.email]) for u in users
    }


def _shape(subjects: dict[str, list[str]]) -> list[list[str]]:
    """The mails each player got, game numbers and names left out."""
    return sorted([s.split(": ", 1)[-1] for s in mails] for mails in subjects.values())


def test_the_beat_s_start_mails_every_player_as_an_organiser_s_start_does(
    alice, club, now, django_capture_on_commit_callbacks
):
    by_hand, by_beat = new_players(5), new_players(5)
    for players, start in (
        (by_hand, lambda t: tournament_start(tournament_id=t.pk, now=now, by=alice)),
        (by_beat, lambda t: tournaments_start_due(now=now + 8 * DAY)),
    ):
        t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=3)
        register(t, players, now)
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            start(t)
        subjects = _subjects(players)
        assert _shape(subjects) == [
            ["the game has started"],
            ["the game has started"],
            ["the game has started"],
            ["the game has started"],
            ["you have a bye in round 1"],
        ], subjects
        told = [" ".join(m.body.split()) for m in mail.outbox if m.to == [alice.email]]
        if players is by_hand:
            assert told == []  # she pressed "start" and saw the page
        else:
            [body] = told
            assert (
                "Registration for Club Cup closed and the tournament started with 5 players: "
                "round 1 is paired, 2 games, and its players are told by mail." in body
            )


def test_organisers_read_in_their_language_that_round_1_waits_for_their_pairing(
    alice, club, now, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=3)
    register(t, new_players(4), now)
    Tournament.objects.filter(pk=t.pk).update(paused_at=now)  # staff paused it before the start
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournaments_start_due(now=now + 8 * DAY)
    [told] = [m for m in mail.outbox if m.to == [alice.email]]
    assert "Club Cup is begonnen: ronde 1 wacht op jouw indeling" in told.subject
    assert "ronde 1 wacht op jou. Controleer of verander de indeling" in " ".join(told.body.split())


def test_organisers_are_told_the_beat_cancelled_a_tournament_with_too_few_players(
    alice, club, now, django_capture_on_commit_callbacks
):
    t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=3)
    register(t, new_players(1), now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournaments_start_due(now=now + 8 * DAY)
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED
    [told] = [m for m in mail.outbox if m.to == [alice.email]]
    assert "Club Cup is cancelled: too few players" in told.subject
    assert "closed with 1 player, fewer than the 2 it needs, so the tournament is cancelled." in " ".join(
        told.body.split()
    )


def test_players_of_a_tournament_started_paused_hear_that_round_1_waits(
    alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", players[0])
    t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=3)
    register(t, players, now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournament_start(tournament_id=t.pk, now=now, by=alice, paused=True)
    subjects = _subjects(players)
    assert subjects[players[0].display_name] == ["[Alta] Club Cup: de inschrijving is gesloten"]
    assert all(s == ["[Alta] Club Cup: registration is closed"] for s in list(subjects.values())[1:]), subjects
    [told] = [m for m in mail.outbox if m.to == [players[1].email]]
    assert "The organisers pair round 1 by hand: your first game is mailed to you as soon as it starts." in " ".join(
        told.body.split()
    )
