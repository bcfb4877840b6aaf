"""A reminder's mail is written by a worker after the reminder committed;
when that worker is late and the player has moved meanwhile, the mail
would tell them "it is your move" about a turn they already played."""

import datetime as dt

import pytest

from games.deadlines.reminders import reminder_send
from games.models import MatchEvent, Seat
from games.services import match_resign
from mail import announce
from mail.models import OutgoingEmail

from .conftest import mover_of
from .test_announce import _whole_turn

pytestmark = pytest.mark.django_db


def _remind(game):
    """The 24-hour reminder of the player to move, recorded (its mail not yet written)."""
    seat = Seat.objects.select_related("match", "user__deadline_settings").get(pk=mover_of(game).pk)
    when = seat.deadline_at - dt.timedelta(hours=23)
    assert reminder_send(seat=seat, now=when)
    return MatchEvent.objects.get(match=game, kind="reminder"), when


def _reminders(user):
    return OutgoingEmail.objects.filter(kind=OutgoingEmail.Kind.REMINDER, user=user)


def test_a_reminder_written_while_the_player_is_still_to_move_is_sent(game, now):
    event, when = _remind(game)
    mover = mover_of(game)
    announce.notifications_write(move_ids=[], event_ids=[event.pk], now=when)
    [reminder] = _reminders(mover.user)
    assert "reminder: it is your move" in reminder.subject


def test_no_reminder_mail_once_the_player_has_moved_since(game, now):
    event, when = _remind(game)
    mover, _records = _whole_turn(game, when)  # their turn played before the worker wrote the reminder
    announce.notifications_write(move_ids=[], event_ids=[event.pk], now=when)
    assert not _reminders(mover.user).exists()
    event.refresh_from_db()
    assert event.notified_at is not None  # done with: not written again by the sweep


def test_no_reminder_mail_once_the_game_is_over(game, now):
    event, when = _remind(game)
    mover = mover_of(game)
    match_resign(match_id=game.pk, user=mover.user, now=when)
    announce.notifications_write(move_ids=[], event_ids=[event.pk], now=when)
    assert not _reminders(mover.user).exists()
