"""Spam complaints about our mail.  A player who marks one of our mails as
spam is taken at their word, as if they had clicked "Stop all game
emails" (``stopping.game_mail_stop``): mailing on a complainer harms the
delivery of every player's mail (Gmail's and Yahoo's rules for bulk
senders require honouring complaints).  A complaint reaches us as a
feedback loop's report by mail (``complaint_process``, routed by
``bounces.bounce_process``) or as a relay's signed event
(``relay_complaint_process``); both change the same
(``complaint_apply``), once per mail, and nobody is mailed about it.

The player's pages say why their game mail stopped (``complaint_notice``)
until they turn it on again in their profile.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.contrib.auth import get_user_model
from django.db import transaction

from .arf import FeedbackReport
from .inbound import InboundMessage
from .intake_common import finish
from .models import InboundEmail, OutgoingEmail
from .reported import quoted_mail, reported_mail
from .stopping import game_mail_stop

logger = logging.getLogger(__name__)


def complaint_process(
    *, record: InboundEmail, message: InboundMessage, report: FeedbackReport, now: dt.datetime
) -> InboundEmail:
    """Record a feedback loop's report; never answered (a complaint is no
    person writing to us).  A spam complaint ("abuse") about a mail of
    ours (the one its signed bounce address names, among the report's
    recipients or as the original's envelope sender, else the one whose
    Message-ID it quotes) is honoured (``complaint_apply``); any other
    report, or one about no mail of ours, changes nothing.  Runs inside
    the intake's transaction."""
    if not report.is_complaint:
        return finish(record, InboundEmail.Outcome.AUTO_REPLY, f"feedback report ({report.feedback_type}): ignored")
    sent = reported_mail([*message.recipients, report.original_mail_from], report.message_ids)
    if sent is None:
        logger.info("spam complaint about no mail of ours")
        return finish(record, InboundEmail.Outcome.AUTO_REPLY, "spam complaint about no mail of ours")
    detail = complaint_apply(sent, now)
    return finish(record, InboundEmail.Outcome.COMPLAINT, detail, user=sent.user, match_id=sent.match_id)


def relay_complaint_process(message_id: str, now: dt.datetime) -> str | None:
    """A relay's spam complaint event about the mail with ``message_id``
    (the relay's webhook is signed): as a feedback report by mail.
    Returns what it did, ``None`` when the mail is none of ours."""
    with transaction.atomic():
        sent = quoted_mail((message_id,) if message_id else ())
        return None if sent is None else complaint_apply(sent, now)


def complaint_apply(sent: OutgoingEmail, now: dt.datetime) -> str:
    """Honour a spam complaint about ``sent``: game mail to its player
    stops as their "Stop all game emails" would stop it, and their pages
    say why.  Once per mail: the row is marked complained, and a complaint
    about it again (the relay's event and the feedback loop's report, a
    late repeat after the player turned game mail on again) changes
    nothing.  A mail to an address that is no longer the player's (or of a
    closed account) changes nothing.  Returns what it did, for the record.
    Runs inside a transaction (it locks the player's row)."""
    user = get_user_model().objects.select_for_update().filter(pk=sent.user_id).first() if sent.user_id else None
    if user is None or not user.is_active or user.email.lower() != sent.to.lower():
        return f"spam complaint about mail {sent.pk}, not the address in use: nothing changed"
    marked = OutgoingEmail.objects.filter(pk=sent.pk).exclude(status=OutgoingEmail.Status.COMPLAINED)
    if not marked.update(status=OutgoingEmail.Status.COMPLAINED):
        return f"spam complaint about mail {sent.pk} again: nothing changed"
    game_mail_stop(user)
    if user.email_complained_at is None:  # still stopped by an earlier complaint: its notice stays
        user.email_complained_at = now
        user.save(update_fields=["email_complained_at"])
    logger.warning("mail %s marked as spam: game mail to its player stopped", sent.pk)
    return f"spam complaint about mail {sent.pk}: game mail stopped"


def complaint_notice(user) -> bool:
    """Does the banner on every page tell a signed-in player that their
    game mail stopped because they marked one of our mails as spam?  Until
    they turn game mail on again.  No query: the fields are on the user
    row."""
    if not getattr(user, "is_authenticated", False) or user.email_complained_at is None:
        return False
    return user.notifications == user.Notifications.NONE
