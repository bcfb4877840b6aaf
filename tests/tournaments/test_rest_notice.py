"""A round robin of an odd number of players: the player resting in a
round (no game, no points) is told so by mail when it starts, as a bye is:
the round, when the next one comes, the round's deadline in their zone; in
their language, once however often the round's start runs."""

from __future__ import annotations

import pytest
from django.conf import settings

from core.moments import moment_for
from mail.models import OutgoingEmail
from tests.conftest import living_in
from tournaments.overview import round_robin_rests
from tournaments.services import tournament_advance, tournament_game_finished

from .conftest import best_seed_wins, new_players, running_games, started, user_of

pytestmark = pytest.mark.django_db


def _rest_mails(user) -> list[OutgoingEmail]:
    return list(OutgoingEmail.objects.filter(to=user.email, dedupe_key__startswith="tournament-rest:"))


def _resting(tournament, number: int):
    [participant] = round_robin_rests(tournament, [number])[number]
    return user_of(tournament, participant)


def _text(notice: OutgoingEmail) -> str:
    return " ".join(notice.text.split())


def _next_round(tournament, now) -> None:
    for game in running_games(tournament):
        best_seed_wins(tournament, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)


def test_the_resting_player_is_told_once_that_they_rest_and_what_comes_next(alice, club, now):
    players = new_players(3)
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    resting = _resting(t, 1)
    tournament_advance(tournament_id=t.pk, now=now)  # the round's start again: no second notice
    [notice] = _rest_mails(resting)
    assert notice.subject == f"[{settings.SITE_NAME}] Club Cup: you rest in round 1"
    body = _text(notice)
    assert "You rest in round 1 of Club Cup: no game and no points for you this round" in body
    assert "(with an odd number of players, one player rests in each round)." in body
    assert "Round 2 is paired as soon as every game of round 1 is over; your next game is mailed to you then." in body
    assert t.get_absolute_url() in body and t.get_absolute_url() in notice.html
    assert "You rest in round 1 of Club Cup" in notice.html
    assert all(not _rest_mails(p) for p in players if p != resting)


def test_each_round_s_resting_player_is_told_and_the_last_round_says_the_standings_follow(alice, club, now):
    players = new_players(3)
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    told = {}
    for number in (1, 2, 3):
        resting = _resting(t, number)
        [notice] = [n for n in _rest_mails(resting) if n.dedupe_key.split(":")[2] == str(number)]
        told[number] = (resting, notice)
        if number < 3:
            _next_round(t, now)
    assert len({user for user, _notice in told.values()}) == 3  # each rests once
    assert sum(len(_rest_mails(p)) for p in players) == 3
    last = _text(told[3][1])
    assert "This is the last round: the final standings are mailed to you when its games are over." in last
    assert "Round 4" not in last


def test_the_notice_names_the_round_s_deadline_in_the_reader_s_zone(alice, club, now):
    players = new_players(3)
    living_in("en", "America/New_York", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin", round_days=7)
    resting = _resting(t, 1)
    [notice] = _rest_mails(resting)
    moment = moment_for(resting, t.round_set.get(number=1).deadline_at)
    assert f"The deadline of round 1: {moment['when']} ({moment['zone']} time)." in _text(notice)


def test_the_notice_in_dutch(alice, club, now):
    players = new_players(3)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin", round_days=7)
    resting = _resting(t, 1)
    [notice] = _rest_mails(resting)
    assert notice.subject == f"[{settings.SITE_NAME}] Club Cup: je rust in ronde 1"
    body = _text(notice)
    assert "Je rust in ronde 1 van Club Cup: deze ronde speel je geen partij en krijg je geen punten" in body
    assert "(met een oneven aantal spelers rust er elke ronde één speler)." in body
    assert "Ronde 2 wordt ingedeeld zodra alle partijen van ronde 1 klaar zijn" in body
    assert "De termijn van ronde 1:" in body and "tijdzone Europe/Amsterdam" in body


def test_an_even_field_has_nobody_resting(alice, club, now):
    players = new_players(4)
    started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    assert not [m for p in players for m in _rest_mails(p)]
