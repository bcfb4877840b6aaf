"""A tournament game's chat mail and its entry in the daily digest name
the tournament, round and board, as its turn mails do; a casual game's
chat mail and digest read nothing more for it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Match
from games.services import match_create_seated
from games.services.chat import chat_post
from mail.chat_now import chat_deliver
from mail.digest import digests_send
from mail.models import OutgoingEmail
from tests.conftest import living_in

from .conftest import new_players, running_games, started

pytestmark = pytest.mark.django_db

LINE = "Club Cup · round 1 · board T1"
#: A casual game's chat mail job and digest job, as before tournaments
#: named themselves in them (no query for the event).
CHAT_QUERIES = 21
DIGEST_QUERIES = 13


def _chat_at_once(*users) -> None:
    for user in users:
        user.chat_at_once = True
        user.save(update_fields=["chat_at_once"])


def _chat_mail(reader) -> OutgoingEmail:
    [told] = OutgoingEmail.objects.filter(to=reader.email, dedupe_key__startswith="chat:")
    return told


def _tournament_game(alice, club, now, players):
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    return t, Match.objects.get(pk=running_games(t)[0].match_id)


def test_a_chat_line_mailed_at_once_names_the_tournament(alice, club, now):
    writer, reader = players = new_players(2)
    _chat_at_once(reader)
    t, match = _tournament_game(alice, club, now, players)
    line = chat_post(match_id=match.pk, user=writer, text="good luck!", source="web", now=now)
    assert chat_deliver(chat_id=line.pk, now=now) == 1
    told = _chat_mail(reader)
    url = f"{settings.SITE_URL}{t.get_absolute_url()}"
    text = " ".join(told.text.split())
    assert text.startswith(f"{LINE}: {url}"), text
    assert text.index(LINE) < text.index("good luck!")
    assert f'<a href="{url}"' in told.html and LINE in told.html


def test_the_chat_mail_names_it_in_dutch(alice, club, now):
    writer, reader = players = new_players(2)
    living_in("nl", "Europe/Amsterdam", reader)
    _chat_at_once(reader)
    _t, match = _tournament_game(alice, club, now, players)
    line = chat_post(match_id=match.pk, user=writer, text="succes!", source="web", now=now)
    chat_deliver(chat_id=line.pk, now=now)
    told = _chat_mail(reader)
    assert " ".join(told.text.split()).startswith("Club Cup · ronde 1 · bord T1")
    assert "Club Cup · ronde 1 · bord T1" in told.html


def test_a_casual_game_s_chat_mail_names_no_event_and_reads_nothing_more(alice, bob, now):
    _chat_at_once(bob)
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    line = chat_post(match_id=match.pk, user=alice, text="hello", source="web", now=now)
    with CaptureQueriesContext(connection) as queries:
        assert chat_deliver(chat_id=line.pk, now=now) == 1
    assert not [q["sql"] for q in queries.captured_queries if "tournaments_" in q["sql"]]
    assert len(queries) == CHAT_QUERIES, [q["sql"] for q in queries.captured_queries]
    told = _chat_mail(bob)
    assert told.text.startswith("Chat from your opponent:"), told.text[:200]


def _digest_of(reader, now) -> OutgoingEmail:
    digests_send(now=now + dt.timedelta(days=1))
    [digest] = OutgoingEmail.objects.filter(to=reader.email, kind=OutgoingEmail.Kind.DIGEST)
    return digest


def _digest_players(count: int):
    players = new_players(count)
    for user in players:
        user.notifications = user.Notifications.DAILY_DIGEST
        user.save(update_fields=["notifications"])
    return players


def _to_move(match):
    return match.seats.select_related("user").get(deadline_at__isnull=False).user


def test_a_tournament_game_in_the_digest_names_its_tournament(alice, club, now):
    t, match = _tournament_game(alice, club, now, _digest_players(2))
    reader = _to_move(match)
    digest = _digest_of(reader, now)
    text = " ".join(digest.text.split())
    url = f"{settings.SITE_URL}{t.get_absolute_url()}"
    entry = text.split(f"#{match.pk}", 1)[1]
    assert entry.index(f"{LINE}: {url}") < entry.index("Position and options"), entry
    assert LINE in digest.html and f'href="{url}"' in digest.html
    living_in("nl", "Europe/Amsterdam", reader)
    OutgoingEmail.objects.filter(pk=digest.pk).delete()
    dutch = _digest_of(reader, now)
    assert "Club Cup · ronde 1 · bord T1" in dutch.text and "Club Cup · ronde 1 · bord T1" in dutch.html


def test_a_casual_game_in_the_digest_reads_nothing_more(alice, bob, now):
    [reader] = _digest_players(1)
    match = match_create_seated(users=[reader, alice], game="alta", now=now)
    while not match.seats.get(user=reader).deadline_at:
        match = match_create_seated(users=[reader, alice], game="alta", now=now)
    with CaptureQueriesContext(connection) as queries:
        digest = _digest_of(reader, now)
    assert not [q["sql"] for q in queries.captured_queries if "tournaments_" in q["sql"]]
    assert len(queries) == DIGEST_QUERIES, [q["sql"] for q in queries.captured_queries]
    assert "round" not in digest.text.split(f"#{match.pk}", 1)[1].split("\n", 1)[0]
