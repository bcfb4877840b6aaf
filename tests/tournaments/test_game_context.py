"""A tournament's game names its tournament, round and board (its mails
and its page, through ``games.organised``); a casual game asks nothing."""

from __future__ import annotations

import random

import pytest
from django.conf import settings
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from core.moments import moment_for
from games.engine import get_rules
from games.models import Match
from games.organised import event_context
from games.services import match_create_seated
from tests.conftest import living_in
from tests.games.conftest import play_random_option
from tests.mail.conftest import mails_to
from tournaments.game_context import game_label
from tournaments.services import tournament_game_finished

from .conftest import best_seed_wins, finish, new_players, running_games, started

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


# ------------------------------------------------------------------ mails
def _parts(message) -> tuple[str, str]:
    """The plain part (its lines joined) and the HTML part of a mail."""
    return " ".join(message.body.split()), message.alternatives[0][0]


def _started_mails(alice, club, now, capture, players=None, **settings):
    """A two-player round robin started, its mails delivered: the players,
    the tournament and the start mail of each player."""
    players = players or new_players(2)
    with capture(execute=True):
        t = started(alice, club, players, now=now, name="Club Cup", format="round_robin", **settings)
    return players, t, {p: [m for m in mails_to(p.email) if "the game has started" in m.subject] for p in players}


def test_the_start_mail_is_the_pairing_notice(alice, club, now, django_capture_on_commit_callbacks):
    players = new_players(2)
    living_in("en", "America/New_York", players[0])  # each reads the deadline in their own zone
    _players, t, mails = _started_mails(alice, club, now, django_capture_on_commit_callbacks, players, round_days=10)
    url = f"{settings.SITE_URL}{t.get_absolute_url()}"
    deadline = t.round_set.get(number=1).deadline_at
    for player, other in zip(players, reversed(players), strict=True):
        [started_mail] = mails[player]
        text, html = _parts(started_mail)
        assert text.index("Club Cup · round 1 · board T1") < text.index("The game has started")
        assert f"Your game in Club Cup · round 1 · board T1: you play against {other.display_name}." in text
        moment = moment_for(player, deadline)
        assert f"Round deadline: {moment['when']} ({moment['zone']} time)." in text
        assert url in text
        assert f'<a href="{url}"' in html and "Club Cup · round 1 · board T1" in html


def test_the_start_mail_names_the_pairing_in_dutch(alice, club, now, django_capture_on_commit_callbacks):
    players = new_players(2)
    living_in("nl", "Europe/Amsterdam", *players)
    with django_capture_on_commit_callbacks(execute=True):
        t = started(alice, club, players, now=now, name="Club Cup", format="round_robin", round_days=10)
    deadline = t.round_set.get(number=1).deadline_at
    for player, other in zip(players, reversed(players), strict=True):
        [started_mail] = [m for m in mails_to(player.email) if "de partij is begonnen" in m.subject]
        text, html = _parts(started_mail)
        assert f"Je partij in Club Cup · ronde 1 · bord T1: je speelt tegen {other.display_name}." in text
        with translation.override("nl"):
            moment = moment_for(player, deadline)
        assert f"Termijn van de ronde: {moment['when']} (tijdzone {moment['zone']})." in text
        assert "Club Cup · ronde 1 · bord T1" in html


def test_a_round_without_deadline_names_none(alice, club, now, django_capture_on_commit_callbacks):
    _players, _t, mails = _started_mails(alice, club, now, django_capture_on_commit_callbacks)
    for [started_mail] in mails.values():
        assert "Round deadline" not in started_mail.body


def test_every_later_mail_of_the_game_carries_the_line(alice, club, now, django_capture_on_commit_callbacks):
    _players, t, _mails = _started_mails(alice, club, now, django_capture_on_commit_callbacks)
    match = running_games(t)[0].match
    rules, chooser = get_rules(match.game), random.Random(3)
    mail.outbox.clear()
    for _ in range(12):  # until the other player's "your move" mail
        match.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            play_random_option(match, rules, rules.load(match.state), chooser, now)
        if any("your move" in m.subject for m in mail.outbox):
            break
    assert any("your move" in m.subject for m in mail.outbox)
    for message in mail.outbox:
        text, html = _parts(message)
        assert text.startswith("Club Cup · round 1 · board T1"), text
        assert f"{settings.SITE_URL}{t.get_absolute_url()}" in text
        assert "Club Cup · round 1 · board T1" in html
        assert "you play against" not in text  # the pairing is the first mail's


def test_the_game_over_mail_carries_the_line(alice, club, now, django_capture_on_commit_callbacks):
    players, t, _mails = _started_mails(alice, club, now, django_capture_on_commit_callbacks)
    game = running_games(t)[0]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        finish(game, players[0], now)
    over = [m for m in mail.outbox if "the game is over" in m.subject]
    assert over and all(_parts(m)[0].startswith("Club Cup · round 1 · board T1") for m in over)


# ------------------------------------------------------------------ page
def test_the_game_page_names_the_tournament_with_a_working_link(alice, club, now, client):
    players = new_players(2)
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    game = running_games(t)[0]
    client.force_login(players[0])
    page = client.get(game.match.get_absolute_url()).content.decode()
    link = f'<a href="{t.get_absolute_url()}">Club Cup · round 1 · board T1</a>'
    assert link in page
    tournament_page = client.get(t.get_absolute_url())
    assert tournament_page.status_code == 200 and "Club Cup" in tournament_page.content.decode()


def test_a_casual_game_page_names_no_event(alice, bob, now, client):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    client.force_login(alice)
    assert "event-context" not in client.get(match.get_absolute_url()).content.decode()


def test_a_mail_job_of_a_tournament_game_reads_its_tournament_once(
    alice, club, now, django_capture_on_commit_callbacks
):
    """Both players' start mails name the tournament from one read (a
    casual game's read nothing: ``event_context``)."""
    players = new_players(2)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:  # the mail worker's part
            callback()
    assert all(len([m for m in mails_to(p.email) if "the game has started" in m.subject]) == 1 for p in players)
    reads = [q["sql"] for q in queries.captured_queries if 'FROM "tournaments_tournamentgame"' in q["sql"]]
    assert len(reads) == 1, reads
