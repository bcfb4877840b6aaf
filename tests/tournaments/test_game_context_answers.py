"""The answers to a player's own mail about a tournament game (the receipt
of a move, a refusal, "your message was sent", a command's answer) name the
tournament, round and board first, as the game's turn and chat mails do; a
casual game's answer reads nothing more for it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Match
from games.services import match_create_seated
from mail.addresses import reply_address
from mail.outbox import reply_token_for
from tests.conftest import living_in
from tests.mail.conftest import mover_of
from tests.mail.intake import ingest, message

from .conftest import new_players, running_games, started

pytestmark = pytest.mark.django_db

LINE = {"en": "Club Cup · round 1 · board T1", "nl": "Club Cup · ronde 1 · bord T1"}


def _address(match, *, waiting: bool = False):
    """The seat of the player to move in the position now (``waiting``: of
    the other player) and its reply address."""
    seat = mover_of(match)
    if waiting:
        seat = match.seats.exclude(pk=seat.pk).get()
    token = reply_token_for(match=match, seat_index=seat.index, user=seat.user, ply=match.ply, now=match.created_at)
    return seat, reply_address(token.token)


def _reply(match, body: str, capture, *, waiting: bool = False):
    """``body`` sent to ``_address``; the one answer."""
    return _send(*_address(match, waiting=waiting), body, capture)


def _send(seat, address: str, body: str, capture):
    mail.outbox.clear()
    ingest(bytes(message(address, body, sender=seat.user.email, subject="Re: Alta #1: your move")), capture)
    [answer] = [m for m in mail.outbox if m.to == [seat.user.email]]
    return answer


def _tournament_game(alice, club, now, capture, language):
    players = new_players(2)
    living_in(language, "Europe/Amsterdam", *players)
    with capture(execute=True):
        t = started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    return t, Match.objects.get(pk=running_games(t)[0].match_id)


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize(
    ("body", "waiting"),
    [
        ("1\n\ngood luck!", False),  # the receipt, saying the message below was passed on
        ("no move here", False),  # refused: the position again
        ("say good luck", False),  # "your message was sent"
        ("say good luck", True),  # the same, from the player who waits
        ("mute", False),  # a command's answer
        ("zzz unknown words from the waiting player", True),  # chat from the player who waits
    ],
)
def test_an_answer_about_a_tournament_game_names_the_tournament_first(
    language, body, waiting, alice, club, now, django_capture_on_commit_callbacks
):
    t, match = _tournament_game(alice, club, now, django_capture_on_commit_callbacks, language)
    answer = _reply(match, body, django_capture_on_commit_callbacks, waiting=waiting)
    url = f"{settings.SITE_URL}{t.get_absolute_url()}"
    text = " ".join(answer.body.split())
    assert text.startswith(f"{LINE[language]}: {url}"), text[:300]
    html = answer.alternatives[0][0]
    assert f'<a href="{url}"' in html and LINE[language] in html


def test_a_casual_game_s_answer_names_no_event_and_reads_nothing_more(
    alice, bob, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    seat, address = _address(match)
    with CaptureQueriesContext(connection) as queries:
        answer = _send(seat, address, "say good luck", django_capture_on_commit_callbacks)
    assert answer.body.startswith("Your message was sent to your opponent."), answer.body[:200]
    assert "round" not in answer.body and "tournament" not in answer.alternatives[0][0]
    # The tournament line is asked only of a tournament's game (its match
    # says so): a casual game's answer reads no table of the tournaments app.
    # (Not the whole count: it differs between SQLite and PostgreSQL.)
    read = [q["sql"] for q in queries.captured_queries if '"tournaments_' in q["sql"]]
    assert queries.captured_queries and read == [], read


def test_the_games_command_s_answer_is_about_all_games_and_names_no_tournament(
    alice, club, now, django_capture_on_commit_callbacks
):
    _t, match = _tournament_game(alice, club, now, django_capture_on_commit_callbacks, "en")
    answer = _reply(match, "games", django_capture_on_commit_callbacks)
    assert f"Alta #{match.pk}: to move:" in answer.body and LINE["en"] not in answer.body
