"""An organiser's message to every player still in a tournament, mailed
through the mail app's outbox and logged with its text."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.text import has_control_characters
from games.services import Conflict, GameActionError

from ..models import Participant, Tournament
from ..notify import notice_send, tournament_url
from .common import locked_tournament, log, require_manager

MAX_MESSAGE = 5000
#: A longer subject is cut: it becomes the mails' Subject header.
MAX_SUBJECT = 150
#: The same message again from the same organiser within this time is a
#: double click or a resent form, not news: refused, so nobody gets it twice.
REPEAT_WINDOW = dt.timedelta(minutes=10)


# --------------------------------------------------------------- message
def players_message(*, tournament_id: int, subject: str, text: str, by, now: dt.datetime) -> int:
    """Mail ``text`` to every player still in the tournament (through the
    mail app's outbox).  Returns the number of players mailed.  Only while
    registration is open or the tournament runs, as on its page.

    :raises NotAllowed, Conflict (``over``; ``already_sent``: the same message
        from ``by`` within ``REPEAT_WINDOW``), GameActionError (empty or too long).
    """
    subject, text = " ".join(subject.split())[:MAX_SUBJECT], text.strip()
    if not subject or not text:
        raise GameActionError(_("Write a subject and a message."), code="empty")
    if has_control_characters(subject):
        # It becomes the mails' Subject header, where no control character is text.
        raise GameActionError(
            _("The subject cannot hold control characters (a bell, an escape...)."), code="invalid_subject"
        )
    if len(text) > MAX_MESSAGE:
        raise GameActionError(_("Keep the message under %(max)s characters.") % {"max": MAX_MESSAGE}, code="long")
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
            raise Conflict(_("The tournament is over."), code="over")
        _not_just_sent(tournament, subject, text, by=by, now=now)
        players = tournament.participants.filter(status=Participant.Status.REGISTERED).select_related("user")
        event = log(
            tournament,
            "message",
            gettext_noop("%(by)s wrote to every player: %(subject)s"),
            params={"by": by, "subject": subject},
            user=by,
            now=now,
            text=text,
        )
        count = 0
        for participant in players:
            notice_send(
                user=participant.user,
                template="tournament-message",
                context={
                    "tournament": tournament,
                    "subject": subject,
                    "message": text,
                    "sender": by,
                    "url": tournament_url(tournament),
                },
                dedupe_key=f"tournament-message:{event.pk}:{participant.user_id}",
                now=now,
            )
            count += 1
    return count


def _not_just_sent(tournament: Tournament, subject: str, text: str, *, by, now: dt.datetime) -> None:
    """:raises Conflict: ``by`` sent this very message within ``REPEAT_WINDOW``
    (the tournament lock makes a second click wait for the first)."""
    recent = tournament.events.filter(kind="message", user=by, created_at__gte=now - REPEAT_WINDOW)
    for data in recent.values_list("data", flat=True):
        if data.get("text") == text and (data.get("params") or {}).get("subject") == subject:
            raise Conflict(_("You sent this message a moment ago: every player has it already."), code="already_sent")
