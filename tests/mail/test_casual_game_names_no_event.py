"""A casual game's mails name no event: they begin with their headline
(a tournament's game names its tournament first: tests/tournaments)."""

from __future__ import annotations

import random

import pytest

from games.engine import get_rules
from tests.games.conftest import play_random_option

from .conftest import mails_to

pytestmark = pytest.mark.django_db


def test_a_casual_game_s_mails_begin_with_their_headline(game, alice, bob, now, django_capture_on_commit_callbacks):
    rules, chooser = get_rules(game.game), random.Random(1)
    for _ in range(12):  # until the other player's "your move" mail
        game.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            play_random_option(game, rules, rules.load(game.state), chooser, now)
        mails = mails_to(alice.email) + mails_to(bob.email)
        if any("your move" in m.subject for m in mails):
            break
    assert any("your move" in m.subject for m in mails)
    for message in mails:
        headline = message.subject.partition(": ")[2]
        assert message.body.lower().startswith(headline.lower()), message.body[:200]
        assert "round" not in message.body.split("-" * 70)[0]
        assert "you play against" not in message.body
