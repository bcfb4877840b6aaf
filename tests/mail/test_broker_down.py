"""A broker that refuses tasks after commit never turns a committed move
into an error answer: the move stays stored, the failure is logged, and
the outbox sweep writes and sends its mail later."""

import datetime as dt
from email.message import EmailMessage

import pytest
import time_machine
from celery.app.task import Task
from django.core import mail
from django.utils import timezone
from kombu.exceptions import OperationalError

from games.models import Match, MoveRecord
from games.services import match_create, match_create_seated
from mail import announce, tasks
from mail.models import OutgoingEmail, ReplyToken
from mail.services import inbound_email_process

from .conftest import mover_of
from .playing import api_move, first_option


def _refuse(*args, **kwargs):
    raise OperationalError("Error 111 connecting to the broker: Connection refused.")


def _reply(token: ReplyToken, body: str) -> bytes:
    from mail.addresses import reply_address

    message = EmailMessage()
    message["From"] = token.user.email
    message["To"] = reply_address(token.token)
    message["Subject"] = "Re: Alta: your move"
    message["Message-ID"] = "<broker-down@client.example>"
    message.set_content(body)
    return bytes(message)


@pytest.mark.django_db(transaction=True)  # real commits: on-commit publishing runs as in production
def test_moves_stored_while_the_broker_is_down_are_answered_and_mailed_later(alice, bob, client, monkeypatch, caplog):
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    seat = mover_of(match)
    token = ReplyToken.objects.get(match=match, user=seat.user, ply=0)  # from the "game started" mail
    mail.outbox.clear()
    monkeypatch.setattr(Task, "apply_async", _refuse)

    # An emailed reply.
    record = inbound_email_process(raw=_reply(token, first_option(match, seat)), source="test", now=timezone.now())
    assert record.outcome == "accepted"

    # An API move.
    assert api_move(match).ply == 2

    # A move by the game page's form.
    match.refresh_from_db()
    seat = mover_of(match)
    client.force_login(seat.user)
    answer = client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": first_option(match, seat)})
    assert answer.status_code == 302 and answer.url == f"/games/{match.pk}/"
    assert not [m for m in answer.wsgi_request._messages if m.level_tag == "error"]

    records = list(MoveRecord.objects.filter(match=match).order_by("ply"))
    assert [r.ply for r in records] == [1, 2, 3]
    assert [r.source for r in records] == ["email", "api", "web"]
    assert all(r.notified_at is None for r in records)
    assert mail.outbox == []
    assert "Could not queue the emails" in caplog.text

    monkeypatch.undo()  # the broker is back
    with time_machine.travel(timezone.now() + announce.GRACE + dt.timedelta(seconds=5), tick=False):
        tasks.outbox_sweep()
    assert all(r.notified_at is not None for r in MoveRecord.objects.filter(match=match))
    assert mail.outbox, "the sweep sends the moves' mail"
    assert not OutgoingEmail.objects.exclude(status=OutgoingEmail.Status.SENT).exists()
    receipt = [m for m in mail.outbox if "was played" in m.subject]
    assert [m.to for m in receipt] == [[token.user.email]]


@pytest.mark.django_db(transaction=True)
def test_a_join_and_a_sign_up_while_the_broker_is_down_succeed_and_their_mail_goes_later(
    alice, bob, client, monkeypatch
):
    """The last seat taken starts the game (its "game started" mails), and a
    sign-up queues its confirmation: both answered as done, both mails sent
    by the sweep once the broker is back, each once."""
    match = match_create(creator=alice, game="alta", players=2, now=timezone.now())
    mail.outbox.clear()
    monkeypatch.setattr(Task, "apply_async", _refuse)

    client.force_login(bob)
    joined = client.post(f"/games/{match.pk}/join/")
    assert joined.status_code == 302 and joined.url == f"/games/{match.pk}/"
    assert [str(m) for m in joined.wsgi_request._messages] == ["You joined the game."]
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    client.logout()
    password = "correct horse battery staple"
    data = {"email": "erin@example.com", "display_name": "Erin", "password1": password, "password2": password}
    signed_up = client.post("/accounts/signup/", data)
    assert signed_up.status_code == 302 and signed_up.url == "/accounts/confirm-email/"
    assert mail.outbox == []

    monkeypatch.undo()  # the broker is back
    with time_machine.travel(timezone.now() + announce.GRACE + dt.timedelta(seconds=5), tick=False):
        tasks.outbox_sweep()
    sent = sorted((m.to[0], m.subject) for m in mail.outbox)
    assert sent == [
        ("alice@example.com", f"Alta #{match.pk}: the game has started"),
        ("bob@example.com", f"Alta #{match.pk}: the game has started"),
        ("erin@example.com", "[Alta] Please Confirm Your Email Address"),
    ]
