"""A tournament's game names its tournament, round and board (its mails
and its page, through ``games.organised``); a casual game asks nothing."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.models import Match
from games.organised import event_context
from games.services import match_create_seated
from tournaments.game_context import game_label
from tournaments.services import tournament_game_finished

from .conftest import best_seed_wins, new_players, running_games, started

pytestmark = pytest.mark.django_db


def test_a_tournament_game_names_its_tournament_round_and_board(alice, club, now):
    t = started(alice, club, new_players(4), now=now, name="Club Cup", format="swiss", rounds=2)
    game = running_games(t)[0]
    match = Match.objects.get(pk=game.match_id)  # as the mail worker reads it
    assert match.organised_by == "tournament"
    context = event_context(match)
    assert context is not None and context.url == t.get_absolute_url()
    assert context.line() == "Club Cup · round 1 · board T1"
    with translation.override("nl"):
        assert context.line() == "Club Cup · ronde 1 · bord T1"


def test_the_context_is_read_once_per_match_object(alice, club, now, django_assert_num_queries):
    t = started(alice, club, new_players(2), now=now, format="round_robin")
    match = Match.objects.get(pk=running_games(t)[0].match_id)
    with django_assert_num_queries(1):
        event_context(match)
        event_context(match)


def test_a_casual_game_has_no_context_and_asks_nothing(alice, bob, now, django_assert_num_queries):
    match = Match.objects.get(pk=match_create_seated(users=[alice, bob], game="alta", now=now).pk)
    assert match.organised_by == ""
    with django_assert_num_queries(0):
        assert event_context(match) is None


@pytest.mark.parametrize(
    ("key", "settings", "english", "dutch"),
    [
        ("R2-T3", {}, "board T3", "bord T3"),
        ("R1-T2", {"players_per_table": 4}, "table T2", "tafel T2"),
        ("R3-1", {"last_round": 3}, "final", "finale"),
        ("R2-2", {"last_round": 3}, "semi-final R2-2", "halve finale R2-2"),
        ("R1-4", {"last_round": 3}, "game R1-4", "partij R1-4"),
        ("W2-1", {}, "winners bracket, game W2-1", "winnaarsschema, partij W2-1"),
        ("L3-2", {}, "losers bracket, game L3-2", "verliezersschema, partij L3-2"),
        ("GF1", {}, "grand final", "grote finale"),
        ("GF2", {}, "grand final, deciding game", "grote finale, beslissende partij"),
        ("3P", {}, "third-place game", "partij om de derde plaats"),
    ],
)
def test_games_are_labelled_as_the_tournament_page_keys_them(key, settings, english, dutch):
    assert game_label(key, **settings) == english
    with translation.override("nl"):
        assert game_label(key, **settings) == dutch


def test_a_single_elimination_names_its_semi_finals_and_final(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="single_elimination")
    semis = running_games(t)
    assert [event_context(Match.objects.get(pk=g.match_id)).line() for g in semis] == [
        "Winter cup · round 1 · semi-final R1-1",
        "Winter cup · round 1 · semi-final R1-2",
    ]
    for game in semis:
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    [final] = running_games(t)
    assert event_context(Match.objects.get(pk=final.match_id)).line() == "Winter cup · round 2 · final"
