"""The end mail's score breakdown reads as words, not as a Python mapping
("Hand: blue: 1, grey: 2"), and says each holding once: Alhambra's end
mail shows every money hand on its board, so its breakdown does not list
them again card by card."""

from __future__ import annotations

import re

import pytest

from games.services import match_create_seated
from tests.conftest import make_user

from .playing import play

pytestmark = pytest.mark.django_db


def _end_mail(game, language, now, capture):
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with capture(execute=True):
        match = match_create_seated(users=users, game=game, now=now)
    messages = play(match, now, capture)
    return [m for m in messages if m.to == ["p0@example.com"]][-1]


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_no_breakdown_reads_like_a_mapping(game, language, now, django_capture_on_commit_callbacks):
    end = _end_mail(game, language, now, django_capture_on_commit_callbacks)
    sections = end.body.split("\n\n")
    said = [part for part in sections if re.match(r"(Alice|Bob): -?\d+ (points?|punte?n?)\n", part)]
    assert len(said) == 2, end.body
    for part in said:
        # "label: value" per line, and no "word: number" pairs inside a value.
        values = " ".join(line.split(": ", 1)[-1] for line in part.splitlines()[1:])
        assert not re.search(r"\w: -?\d", values), part


@pytest.mark.parametrize("language", ["en", "nl"])
def test_alhambras_end_mail_shows_each_hand_once(language, now, django_capture_on_commit_callbacks):
    end = _end_mail("alhambra", language, now, django_capture_on_commit_callbacks)
    assert "\n  Hand: " not in end.body, end.body
    # Each player's money is still told, once: on the board.
    assert end.body.count("denar ") + end.body.count("dinar ") >= 1


def test_alhambras_breakdown_ends_with_the_score_its_scorings_add_up_to(now, django_capture_on_commit_callbacks):
    """It opened with "Score: 21" under "Bob: 21 points", before the scorings that make it."""
    end = _end_mail("alhambra", "en", now, django_capture_on_commit_callbacks)
    for part in end.body.split("\n\n"):
        if re.match(r"(Alice|Bob): -?\d+ points?\n", part):
            labels = [
                line.split(":")[0].strip() for line in part.splitlines()[1:] if line.startswith("  ") and ":" in line
            ]
            assert labels.index("Score") > labels.index("Scorings"), part
