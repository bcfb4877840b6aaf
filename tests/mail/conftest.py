"""Helpers for mail tests: started games whose mails are delivered to
Django's locmem outbox (tasks run eagerly in tests)."""

from __future__ import annotations

import socket

import pytest
from django.core import mail

from games.engine import get_rules
from games.services import match_create_seated
from mail.gateway import make_controller
from mail.models import OutgoingEmail


@pytest.fixture
def game(alice, bob, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    return match


def mails_to(address: str):
    return [m for m in mail.outbox if m.to == [address]]


def mover_of(match):
    rules = get_rules(match.game)
    index = min(rules.to_move(rules.load(match.state)))
    return match.seats.get(index=index)


def resigned_game(alice, bob, now, capture):
    """A game of ``alice`` and ``bob`` the loser resigned before the winner
    moved: ``(match, winner, the reply address of the winner's turn mail)``."""
    from games import services
    from games.models import Match

    with capture(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    winner = mover_of(match).user
    address = [m for m in mails_to(winner.email) if m.reply_to][-1].reply_to[0]
    with capture(execute=True):
        services.match_resign(match_id=match.pk, user=bob if winner == alice else alice, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match, winner, address


def outgoing(kind: str | None = None):
    rows = OutgoingEmail.objects.order_by("pk")
    return list(rows.filter(kind=kind) if kind else rows)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def gateway():
    """The SMTP mail gateway, running on a free local port (yields the port)."""
    port = free_port()
    controller = make_controller("127.0.0.1", port)
    controller.start()
    yield port
    controller.stop()


@pytest.fixture
def mover_turn(game):
    """The player to move in ``game``, their reply address and their options."""
    seat = mover_of(game)
    rules = get_rules(game.game)
    options = [text for text, _move in rules.move_options(rules.load(game.state), seat.index)]
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    return seat, address, options


def digest_reader_to_move(reader, other, now, capture):
    """A started Alta game of ``reader`` (on the daily digest) and ``other``
    in which ``reader`` is to move (the seats are drawn: started again until
    so); returns the match."""
    reader.notifications = reader.Notifications.DAILY_DIGEST
    reader.save()
    with capture(execute=True):
        match = match_create_seated(users=[reader, other], game="alta", now=now)
        while not match.seats.get(user=reader).deadline_at:
            match = match_create_seated(users=[reader, other], game="alta", now=now)
    return match


def next_digest(reader, now, capture):
    """The digest ``reader`` is sent a day after ``now`` (the outbox cleared first)."""
    import datetime as dt

    from mail.digest import digests_send

    mail.outbox.clear()
    with capture(execute=True):
        digests_send(now=now + dt.timedelta(days=1))
    [digest] = mails_to(reader.email)
    return digest


@pytest.fixture
def address(settings):
    """The command address (``commands@MAIL_DOMAIN``)."""
    return f"commands@{settings.MAIL_DOMAIN}"
