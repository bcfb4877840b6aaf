"""A game the tournament decided, not its players (an organiser's result
by hand, a player who left the tournament), ends with the site's
resignations; its game-over mail says what really happened, in each
reader's language, so nobody reads that they or their opponent resigned."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.conftest import living_in
from tournaments.services import game_result_set, participant_withdraw

from .conftest import new_players, running_games, started, user_of

pytestmark = pytest.mark.django_db


def _end_mail(player):
    [end] = [m for m in mail.outbox if m.to == [player.email] and ("afgelopen" in m.subject or "is over" in m.subject)]
    return " ".join(end.body.split())


def test_a_result_set_by_hand_is_told_as_the_organiser_s_in_the_game_over_mail(
    alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(2)
    living_in("nl", "Europe/Amsterdam", players[0])
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=2)
    [game] = running_games(t)
    winner, loser = game.players[1], game.players[0]
    with django_capture_on_commit_callbacks(execute=True):
        game_result_set(game_id=game.pk, ranking=[[winner], [loser]], reason="agreed by both", by=alice, now=now)

    dutch, english = players[0], players[1]
    assert 'Alice, organisator van Club Cup, heeft deze uitslag vastgesteld: "agreed by both".' in _end_mail(dutch)
    assert "niemand heeft zelf opgegeven" in _end_mail(dutch)
    assert 'Alice, organiser of Club Cup, set this result: "agreed by both".' in _end_mail(english)
    assert "nobody resigned" in _end_mail(english)


def test_the_opponent_of_a_player_who_withdrew_reads_that_they_left_the_tournament(
    alice, club, now, django_capture_on_commit_callbacks
):
    players = new_players(2)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=2)
    [game] = running_games(t)
    leaver, stayer = (user_of(t, pid) for pid in game.players)
    with django_capture_on_commit_callbacks(execute=True):
        participant_withdraw(tournament_id=t.pk, user=leaver, now=now)

    said = f"{leaver} heeft zich teruggetrokken uit Club Cup: deze partij telt als reglementaire winst voor {stayer}."
    assert said in _end_mail(stayer)
    assert said in _end_mail(leaver)


def test_a_game_played_to_its_end_adds_nothing(alice, club, now, django_capture_on_commit_callbacks):
    from games.services import match_resign

    players = new_players(2)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=2)
    [game] = running_games(t)
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=game.match_id, user=user_of(t, game.players[0]), now=now, source="web")
    for player in players:
        body = _end_mail(player)
        assert "set this result" not in body and "left Club Cup" not in body


def test_a_knockout_draw_set_by_hand_ends_the_match_as_a_win_for_the_seed_who_goes_on(
    alice, club, now, django_capture_on_commit_callbacks
):
    """A shared result in a knockout sends the higher seed on; the match
    was ended by the higher seed resigning, so its mail named the player
    knocked out as the winner."""
    players = new_players(4)
    t = started(alice, club, players, now=now, name="Club Cup", format="single_elimination")
    game = running_games(t)[0]
    top, bottom = sorted((t.participants.get(pk=pid) for pid in game.players), key=lambda p: p.seed)
    with django_capture_on_commit_callbacks(execute=True):
        game_result_set(game_id=game.pk, ranking=[list(game.players)], reason="agreed draw", by=alice, now=now)

    [end] = [m for m in mail.outbox if m.to == [bottom.user.email] and "is over" in m.subject]
    assert end.subject.endswith(f"the game is over: {top.user} won")
    first, second = (user_of(t, pid) for pid in game.players)
    assert f"The tournament counts: 1. {first} and {second}." in " ".join(end.body.split())
