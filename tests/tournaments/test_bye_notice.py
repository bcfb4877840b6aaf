"""A player given a bye when a round starts is told so by mail: the round,
what the bye scores and when the next round comes; once, however often
the round's start runs."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from core.moments import moment_for
from mail.models import OutgoingEmail
from tests.conftest import living_in
from tournaments.services import tournament_advance, tournament_game_finished, tournament_start
from tournaments.services.byes import bye_request

from .conftest import best_seed_wins, make_tournament, new_players, register, running_games, started

pytestmark = pytest.mark.django_db


def _bye_mails(user) -> list[OutgoingEmail]:
    return list(OutgoingEmail.objects.filter(to=user.email, dedupe_key__startswith="tournament-bye:"))


def _bye_player(tournament, number: int):
    game = tournament.games.get(round__number=number, match__isnull=True)
    return tournament.participants.select_related("user").get(pk=game.players[0]).user


def test_the_bye_player_is_told_once_what_the_bye_scores_and_when_the_next_round_comes(alice, club, now):
    players = new_players(3)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=3)
    resting = _bye_player(t, 1)
    tournament_advance(tournament_id=t.pk, now=now)  # the round's start again: no second notice
    [notice] = _bye_mails(resting)
    assert notice.subject == f"[{settings.SITE_NAME}] Club Cup: you have a bye in round 1"
    body = " ".join(notice.text.split())
    assert "You have a bye in round 1 of Club Cup: no game for you this round. It scores a win: 1 point." in body
    assert "Round 2 is paired as soon as every game of round 1 is over; your next game is mailed to you then." in body
    assert t.get_absolute_url() in body and t.get_absolute_url() in notice.html
    assert all(not _bye_mails(p) for p in players if p != resting)


def test_the_notice_names_the_round_s_deadline_in_the_reader_s_zone(alice, club, now):
    players = new_players(3)
    living_in("en", "America/New_York", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=3, round_days=7)
    resting = _bye_player(t, 1)
    [notice] = _bye_mails(resting)
    deadline = t.round_set.get(number=1).deadline_at
    moment = moment_for(resting, deadline)
    assert f"The deadline of round 1: {moment['when']} ({moment['zone']} time)." in " ".join(notice.text.split())


def test_a_bye_in_the_last_round_says_the_final_standings_follow(alice, club, now):
    t = started(alice, club, new_players(3), now=now, name="Club Cup", format="swiss", rounds=1)
    [notice] = _bye_mails(_bye_player(t, 1))
    assert "This is the last round: the final standings are mailed to you when its games are over." in " ".join(
        notice.text.split()
    )


def test_a_requested_half_point_bye_is_told_too(alice, club, now):
    players = new_players(5)  # the other four are paired
    t = make_tournament(alice, club, now=now, name="Club Cup", format="swiss", rounds=3)
    register(t, players, now)
    bye_request(tournament_id=t.pk, user=players[4], round_number=1, now=now)
    tournament_start(tournament_id=t.pk, now=now, by=alice)
    notices = [m for p in players for m in _bye_mails(p)]
    assert [m.to for m in notices] == [players[4].email]
    assert "It scores half a point, as you asked." in " ".join(notices[0].text.split())


def test_the_notice_in_dutch(alice, club, now):
    players = new_players(3)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=3)
    [notice] = _bye_mails(_bye_player(t, 1))
    assert notice.subject == f"[{settings.SITE_NAME}] Club Cup: je hebt een vrije ronde in ronde 1"
    body = " ".join(notice.text.split())
    assert "Je hebt een vrije ronde in ronde 1 van Club Cup: deze ronde speel je geen partij." in body
    assert "Die telt als winst: 1 punt." in body


@pytest.mark.parametrize("form", ["single_elimination", "double_elimination"])
def test_a_knockout_bracket_s_top_seeds_are_told_of_their_bye_once(form, alice, club, now):
    """Six players in a bracket of eight: seeds 1 and 2 go through round 1
    without a game (the bracket's byes, recorded as no result)."""
    players = new_players(6)
    t = make_tournament(alice, club, now=now, name="Club Cup", format=form, seeding="manual", round_days=7)
    register(t, players, now)
    for position, participant in enumerate(t.participants.order_by("registered_at", "pk"), start=1):
        participant.manual_position = position
        participant.save(update_fields=["manual_position"])
    tournament_start(tournament_id=t.pk, now=now, by=alice)
    tournament_advance(tournament_id=t.pk, now=now)  # the round's start again: no second notice
    told = {p: _bye_mails(p) for p in players}
    assert [len(told[p]) for p in players] == [1, 1, 0, 0, 0, 0]
    body = " ".join(told[players[0]][0].text.split())
    assert "You have a bye in round 1 of Club Cup: no game for you this round." in body
    assert "You go through to the next round." in body
    assert "Your next game is mailed to you as soon as your opponent in it is known." in body
    assert "is paired as soon as every game" not in body


def test_a_bracket_bye_in_dutch(alice, club, now):
    players = new_players(3)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, name="Club Cup", format="single_elimination")
    [notice] = [m for p in players for m in _bye_mails(p)]
    body = " ".join(notice.text.split())
    assert "Je gaat door naar de volgende ronde." in body
    assert "Je volgende partij wordt je gemaild zodra je tegenstander daarin bekend is." in body
    assert t.get_absolute_url() in body


def _bracket_of_six(alice, club, now, form="double_elimination"):
    """Six players seeded in registration order in a bracket of eight."""
    players = new_players(6)
    t = make_tournament(alice, club, now=now, name="Club Cup", format=form, seeding="manual", round_days=7)
    register(t, players, now)
    for position, participant in enumerate(t.participants.order_by("registered_at", "pk"), start=1):
        participant.manual_position = position
        participant.save(update_fields=["manual_position"])
    tournament_start(tournament_id=t.pk, now=now, by=alice)
    return t, players


def test_a_losers_bracket_bye_is_told_once_when_it_becomes_known(alice, club, now):
    """Seeds 1 and 2 have no round-1 game, so the losers of the two games
    of round 1 (seeds 5 and 6) meet nobody in the losers bracket's first
    round (round 2): each goes through without a game and is told so once."""
    t, players = _bracket_of_six(alice, club, now)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    tournament_advance(tournament_id=t.pk, now=now)  # again: no second notice
    told = {p: [m for m in _bye_mails(p) if "round 2" in m.subject] for p in players}
    assert [len(told[p]) for p in players] == [0, 0, 0, 0, 1, 1]
    body = " ".join(told[players[4]][0].text.split())
    assert "You have a bye in round 2 of Club Cup: no game for you this round." in body
    assert "You go through to the next round." in body
    assert "Your next game is mailed to you as soon as your opponent in it is known." in body
    # The round-1 byes are still told once each, and nobody else is mailed a bye.
    assert [len(_bye_mails(p)) for p in players] == [1, 1, 0, 0, 1, 1]


def test_a_losers_bracket_bye_in_dutch_in_the_reader_s_zone(alice, club, now):
    t, players = _bracket_of_six(alice, club, now)
    living_in("nl", "Asia/Tokyo", *players)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    [notice] = [m for m in _bye_mails(players[4]) if "ronde 2" in m.subject]
    assert notice.subject == f"[{settings.SITE_NAME}] Club Cup: je hebt een vrije ronde in ronde 2"
    body = " ".join(notice.text.split())
    assert "Je gaat door naar de volgende ronde." in body
    assert "Je volgende partij wordt je gemaild zodra je tegenstander daarin bekend is." in body
    deadline = t.round_set.get(number=2).deadline_at
    assert deadline is not None
    with translation.override("nl"):
        moment = moment_for(players[4], deadline)
    assert f"De termijn van ronde 2: {moment['when']} (tijdzone Asia/Tokyo)." in body
