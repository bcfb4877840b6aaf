"""The seed commitment (64 hex digits, one "word") in the start mail and the
end mail's reveal breaks at the screen's edge in the HTML part: on a 390 px
phone it pushed the whole mail wider than the screen.  Only there: a word
of the board's tables ("mainland") must not break."""

import re

import pytest
from django.core import mail

from games.services import match_create_seated

from .playing import html_of, play

pytestmark = pytest.mark.django_db


def test_the_commitment_breaks_at_the_edge_in_both_mails(alice, bob, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="atlantis", now=now)
    play(match, now, django_capture_on_commit_callbacks)
    started = [m for m in mail.outbox if "started" in m.subject]
    ended = [m for m in mail.outbox if "the game is over" in m.subject]
    assert started and ended
    for message in started:
        html = html_of(message)
        body = re.search(r'<body style="([^"]*)"', html)
        # A paragraph's long word breaks only when it overflows: table cells keep their words.
        assert body and "overflow-wrap:break-word" in body.group(1) and "anywhere" not in body.group(1)
        assert re.search(rf"<p [^>]*>[^<]*{match.seed_commitment}</p>", html)
    for message in ended:
        cell = re.search(rf'<td style="([^"]*)">{match.seed_commitment}</td>', html_of(message))
        # In a table cell only "anywhere" lets the column shrink below the word.
        assert cell and "overflow-wrap:anywhere" in cell.group(1)
