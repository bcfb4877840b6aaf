"""Alhambra's hand-out at the end asks several players at once to place the
buildings they were handed; each places into their own Alhambra, so one
player's placement changes nothing another may do.  A player who replies
to the mail that asked them has their placement played, whoever placed
first."""

from __future__ import annotations

import pytest
from django.core import mail

from games.engine import get_rules
from games.services import match_create_seated
from mail.models import InboundEmail
from tests.conftest import make_user

from .conftest import mails_to
from .intake import ingest, message
from .playing import play

pytestmark = pytest.mark.django_db


def _hand_out(now, capture, monkeypatch):
    """A 3-player Alhambra played by first options up to a hand-out that
    asks two or more players at once (seed 3 has one); ``None`` when the
    game ends without."""
    from games.services import lifecycle

    monkeypatch.setattr(lifecycle.secrets, "randbits", lambda bits: 3)
    users = [make_user(f"p{i}@example.com", f"P{i}") for i in range(3)]
    with capture(execute=True):
        match = match_create_seated(users=users, game="alhambra", now=now)
    while match.status != match.Status.FINISHED:
        if match.seats.filter(deadline_at__isnull=False).count() >= 2:
            return match
        play(match, now, capture, moves=1)
    return None


def _asking(user):
    return [m for m in mails_to(user.email) if m.reply_to][-1]


def test_a_reply_to_the_hand_out_mail_is_played_after_another_player_placed(
    now, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.INBOUND_MAIL_PER_HOUR = 10_000
    match = _hand_out(now, django_capture_on_commit_callbacks, monkeypatch)
    assert match is not None, "no hand-out to two players in this game"
    first, second = match.seats.filter(deadline_at__isnull=False).select_related("user").order_by("index")[:2]
    # The mails that asked them, before anyone placed.
    asked_first, asked = _asking(first.user), _asking(second.user)
    rules = get_rules("alhambra")
    listed = [text for text, _move in rules.move_options(rules.load(match.state), second.index)]
    mail.outbox.clear()
    record = ingest(
        bytes(message(asked_first.reply_to[0], "1", sender=first.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    match.refresh_from_db()
    assert second.index in rules.to_move(rules.load(match.state))
    # The second player's own choices are as the mail listed them.
    assert [text for text, _move in rules.move_options(rules.load(match.state), second.index)] == listed
    record = ingest(
        bytes(message(asked.reply_to[0], "1", sender=second.user.email)), django_capture_on_commit_callbacks
    )
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    assert "not accepted" not in " ".join(m.subject for m in mails_to(second.user.email))


def test_a_player_already_asked_is_not_asked_again_when_another_places(
    now, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """One mail per own turn: the hand-out's mail still answers after
    another player placed, so no second "your move" comes for it."""
    settings.INBOUND_MAIL_PER_HOUR = 10_000
    match = _hand_out(now, django_capture_on_commit_callbacks, monkeypatch)
    assert match is not None, "no hand-out to two players in this game"
    first, second = match.seats.filter(deadline_at__isnull=False).select_related("user").order_by("index")[:2]
    address = _asking(first.user).reply_to[0]
    mail.outbox.clear()
    record = ingest(bytes(message(address, "1", sender=first.user.email)), django_capture_on_commit_callbacks)
    assert record.outcome == InboundEmail.Outcome.ACCEPTED, record.detail
    match.refresh_from_db()
    rules = get_rules("alhambra")
    assert second.index in rules.to_move(rules.load(match.state))
    assert mails_to(second.user.email) == []
    assert len(mails_to(first.user.email)) == 1  # the first player's receipt
