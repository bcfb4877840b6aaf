"""Subjects and words of game mails: names arrive as typed, plurals agree,
no empty lines of holdings and no engine slugs."""

import re
from html import escape

import pytest

from games.engine import Event
from games.services import match_create_seated
from mail.outbox import event_line

from .playing import html_of, play

pytestmark = pytest.mark.django_db

NAMES = ("O'Neil & <Co> -> 1", "\u200fנועה\u200f")


@pytest.fixture
def players(db):
    from tests.conftest import make_user

    return [make_user("oneil@example.com", NAMES[0]), make_user("noa@example.com", NAMES[1])]


def test_names_arrive_as_typed_in_subjects_and_escaped_in_html(players, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=players, game="alta", now=now)
    messages = play(match, now, django_capture_on_commit_callbacks, moves=6)
    played = [m for m in messages if "has played" in m.subject]
    assert played
    for message in played:
        assert any(f"({name} has played)" in message.subject for name in NAMES), message.subject
        assert "&#x27;" not in message.subject and "&gt;" not in message.subject and "&amp;" not in message.subject
    to_noa = next(m for m in played if m.to == ["noa@example.com"])
    assert NAMES[0] in to_noa.body
    assert escape(NAMES[0]) in html_of(to_noa) and NAMES[0] not in html_of(to_noa)


@pytest.mark.parametrize("game", ["alta", "alhambra"])
def test_plurals_agree_and_no_slug_or_empty_hand_line(game, players, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=players, game=game, now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    assert match.status == match.Status.FINISHED
    for message in messages:
        for part in (message.body, html_of(message)):
            assert not re.search(r"\b1 (money )?cards\b", part), message.subject
            # The options are notation (what a reply may say), links are links.
            words = re.sub(r"HOW TO REPLY.*|<h3.*|https?://\S+", "", part, flags=re.S)
            assert not re.search(r"\b[a-z]+_[a-z]+\b", words), (message.subject, words)
        assert not re.search(r"^Your hand: *$", message.body, re.M)


def test_event_lines_name_cards_not_slugs():
    text = "Seat 1 took face-up wheat_field; their fishing_harbour is face up."
    line = event_line("alta", Event("take", text), ["Ann", "Ben"])
    assert line == "Ann took face-up Wheat field; their Fishing harbour is face up."
