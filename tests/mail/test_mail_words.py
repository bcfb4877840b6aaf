"""Subjects and words of game mails: names arrive as typed, plurals agree,
no empty lines of holdings and no engine slugs."""

import re
from html import escape

import pytest

from games.engine import Event, get_rules
from games.services import match_create_seated
from mail.since import event_line, words

from .conftest import mover_of
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
    assert line == "Ann took face-up wheat field; their fishing harbour is face up."


def _options(body: str) -> list[str]:
    """The whole turns and numbered options a mail offers (lettered or
    numbered lines of its HOW TO REPLY part, continuation lines joined)."""
    part = body.split("HOW TO REPLY", 1)[1].split("NOTATION", 1)[0]
    return re.findall(r"^  (?:[A-H]|\d+)\. (.+)$", part, re.M)


def test_english_options_write_every_card_name_in_one_case(players, now, django_capture_on_commit_callbacks):
    """ "tavern D3" and "fishing harbour D3" next to each other, not
    "Fishing harbour D3": an option is notation, whose words are lower case;
    and a reply of that option plays it."""
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=players, game="alta", now=now)
    messages = play(match, now, django_capture_on_commit_callbacks, moves=12)
    options = [text for m in messages if "HOW TO REPLY" in m.body for text in _options(m.body)]
    two_words = [text for text in options if re.search(r"\b(wheat field|fishing harbour|farmer's hut)\b", text, re.I)]
    assert two_words, options
    assert not [text for text in options if re.search(r"\b[A-Z][a-z]", text)], options
    rules = get_rules("alta")
    state = rules.load(match.state)
    seat = mover_of(match)
    for text, _move in rules.move_options(state, seat.index):
        assert rules.parse_move(state, seat.index, words("alta", text)) == _move


def test_a_since_line_too_long_for_one_line_hangs_under_its_bullet(players, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=players, game="alta", now=now)
    messages = play(match, now, django_capture_on_commit_callbacks, moves=12)
    bodies = [m.body for m in messages if "Since your last move:" in m.body]
    continued = 0
    for body in bodies:
        block = body.split("Since your last move:\n", 1)[1].split("\n\n", 1)[0]
        lines = block.split("\n")
        for before, line in zip(lines, lines[1:], strict=False):
            if before.startswith(("- ", "  ")) and not line.startswith("- ") and not line.startswith("For you"):
                assert line.startswith("  "), block
                continued += 1
    assert continued, bodies


def test_a_dutch_taken_card_needs_no_article_of_its_own(alice, bob, now, django_capture_on_commit_callbacks):
    """ "het huisje", "het dorp" but "de markt": the line about a taken
    face-up card says "de open kaart huisje", right for every card, never
    "de open huisje"."""
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    sent = play(match, now, django_capture_on_commit_callbacks, moves=12)
    text = " ".join(" ".join(m.body.split()) for m in sent)
    assert re.search(r"nam de open kaart \w+ en legde die op", text)
    assert not re.search(r"nam de open (?!kaart|koopmankaart)", text)
