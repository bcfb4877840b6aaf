"""Resigning by mail in a game of three or more, which goes on without the
player who left: they get one answer, the confirmation; the others read
once, in their next "your move" mail, that the player resigned."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import Match
from games.services import match_create_seated
from mail.commands import resign_code
from mail.models import ReplyToken
from tests.conftest import living_in, make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message

pytestmark = pytest.mark.django_db

LANGUAGES = [
    ("en", "resign", "You resigned this game.", "%s resigned."),
    ("nl", "opgeven", "Je hebt deze partij opgegeven.", "%s heeft opgegeven."),
]


def _resign_by_mail(language: str, word: str, now, capture):
    """A 3-player Alta whose first mover resigns by mail (confirmed with the
    code); returns the match and the player who resigned."""
    users = [make_user(f"p{i}@example.com", f"P{i}") for i in range(3)]
    living_in(language, "Europe/Amsterdam", *users)
    with capture(execute=True):
        match = match_create_seated(users=users, game="alta", now=now)
    user = mover_of(match).user
    address = [m for m in mails_to(user.email) if m.reply_to][-1].reply_to[0]
    token = ReplyToken.objects.get(token=address.split("+")[1].split("@")[0])
    mail.outbox.clear()
    record = ingest(bytes(message(address, f"{word} {resign_code(token)}", sender=user.email)), capture)
    assert record.detail == "resigned"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE  # the two others play on
    return match, user


@pytest.mark.parametrize(("language", "word", "confirmed", "_told"), LANGUAGES)
def test_a_player_resigning_by_mail_gets_the_confirmation_alone(
    language, word, confirmed, _told, now, django_capture_on_commit_callbacks
):
    """No receipt of a "move" called "resignation" besides it."""
    _match, user = _resign_by_mail(language, word, now, django_capture_on_commit_callbacks)
    [answer] = mails_to(user.email)
    assert confirmed in answer.body


@pytest.mark.parametrize(("language", "word", "_confirmed", "told"), LANGUAGES)
def test_the_others_read_once_that_the_player_resigned(
    language, word, _confirmed, told, now, django_capture_on_commit_callbacks
):
    _match, user = _resign_by_mail(language, word, now, django_capture_on_commit_callbacks)
    others = [m for m in mail.outbox if m.to != [user.email]]
    assert others
    for message_ in others:
        assert " ".join(message_.body.split()).count(told % user) == 1, message_.body


@pytest.mark.parametrize(
    ("language", "word", "subject"),
    [("en", "resign", "your move (%s resigned)"), ("nl", "opgeven", "je bent aan zet (%s heeft opgegeven)")],
)
def test_the_next_player_s_subject_says_the_player_resigned_not_played(
    language, word, subject, now, django_capture_on_commit_callbacks
):
    _match, user = _resign_by_mail(language, word, now, django_capture_on_commit_callbacks)
    turns = [m for m in mail.outbox if m.to != [user.email] and ("aan zet" in m.subject or "your move" in m.subject)]
    assert turns
    for message_ in turns:
        assert message_.subject.endswith(subject % user), message_.subject


@pytest.mark.parametrize(
    ("language", "word", "told"),
    [
        ("en", "resign", "%s resigned. From now on their turns are played automatically."),
        ("nl", "opgeven", "%s heeft opgegeven. Vanaf nu worden de beurten van %s automatisch gespeeld."),
    ],
)
def test_the_others_read_that_the_resigned_players_turns_are_played_for_them(
    language, word, told, now, django_capture_on_commit_callbacks
):
    """The seat plays on by itself (``resign``: its default moves): a reader
    told only "P0 resigned." and then "P0 moves a pawn ..." could not tell
    whether the resignation took; the line now says so."""
    _match, user = _resign_by_mail(language, word, now, django_capture_on_commit_callbacks)
    others = [m for m in mail.outbox if m.to != [user.email]]
    assert others
    expected = told % ((user,) * told.count("%s"))
    for message_ in others:
        assert expected in " ".join(message_.body.split()), message_.body


def test_a_resignation_that_ends_the_game_does_not_say_the_turns_go_on(
    alice, bob, now, django_capture_on_commit_callbacks
):
    from games.models import MoveRecord
    from games.services import match_resign

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="atlantis", now=now)
        match_resign(match_id=match.pk, user=alice, now=now, source=MoveRecord.Source.WEB)
    [end] = [m for m in mail.outbox if m.to == [bob.email] and "the game is over" in m.subject]
    assert "Alice resigned." in end.body and "automatically" not in end.body
