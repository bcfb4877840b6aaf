"""A whole turn copied from a turn mail's plain text as the mail shows it:
the mail wraps a long turn at 72 columns ("place garden at" above "N1W1"),
and a player who copies it copies both lines.  It is played as the turn
listed, not refused as a move followed by words that are no move."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.engine import get_rules
from games.models import MoveRecord
from games.services import match_create_seated
from mail.turns import turn_for_letter
from tests.conftest import living_in, make_user

from .conftest import mails_to, mover_of
from .intake import ingest, message
from .playing import play

pytestmark = pytest.mark.django_db

#: A lettered whole turn the plain part wrapped: its line and the lines
#: hanging under it.
_WRAPPED_TURN = re.compile(r"^  ([A-H])\. (.+)\n((?:    \S.*\n)+)", re.MULTILINE)


def _wrapped_turn(match, now, capture):
    """Plays option 1 until the mover's turn mail lists a whole turn that
    its plain text wraps; returns the mover, the mail, the turn's lines as
    the mail shows them and its steps (the game's notation)."""
    rules = get_rules(match.game)
    for _ply in range(60):
        seat = mover_of(match)
        latest = [m for m in mails_to(seat.user.email) if m.reply_to][-1]
        found = _WRAPPED_TURN.search(latest.body)
        if found:
            letter, first, rest = found.groups()
            turn = turn_for_letter(rules, rules.load(match.state), seat.index, letter)
            return seat.user, latest, f"  {letter}. {first}\n{rest}", turn.steps
        play(match, now, capture, moves=1)
    pytest.fail("no whole turn was wrapped in 60 plies")


@pytest.mark.parametrize(
    ("slug", "language", "labelled"),
    [("alhambra", "en", True), ("alhambra", "nl", False), ("atlantis", "nl", True), ("atlantis", "en", False)],
)
def test_a_whole_turn_copied_over_the_lines_the_mail_wrapped_it_on_is_played(
    slug, language, labelled, now, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    users = [make_user(f"w{i}@example.com", name) for i, name in enumerate(["Anna", "Bram"])]
    for user in users:
        living_in(language, "Europe/Amsterdam", user)
    with capture(execute=True):
        match = match_create_seated(users=users, game=slug, now=now)
    mover, latest, shown, steps = _wrapped_turn(match, now, capture)
    copied = shown if labelled else shown.split(". ", 1)[1]
    rules = get_rules(slug)
    seat = match.seats.get(user=mover).index
    expected = rules.load(match.state)
    for step in steps:
        expected = rules.apply_text(expected, seat, step).state
    plies = match.ply
    mail.outbox.clear()
    # Gmail quotes the mail below; the copy keeps the mail's own indents.
    record = ingest(bytes(message(latest.reply_to[0], copied, sender=mover.email)), capture)
    assert record.outcome == "accepted", (copied, record.detail)
    match.refresh_from_db()
    # One reply, one turn: the one listed.
    assert MoveRecord.objects.filter(match=match, ply__gt=plies).count() == 1
    assert match.state == rules.dump(expected)
    assert not [m for m in mail.outbox if "not accepted" in m.subject or "niet geaccepteerd" in m.subject]
