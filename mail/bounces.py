"""Bounces of our mail: which mail a bounce reports on, and what a
permanent failure changes (the mail, and its player's address); clearing
the address once the player has checked it.  A bounce comes back to us
as a mail (``bounce_process``), or, when a relay sent the mail from its
own envelope sender, as the relay's event (``relay_report_process``):
both change the same (``report_apply``).  A spam complaint comes the same
two ways: ``complaints``.

Whether game mail still goes to a bouncing address: ``bounce_policy``.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import transaction

from .addresses import is_bounce_address
from .arf import read_feedback
from .complaints import complaint_process
from .dsn import DeliveryReport, read_report
from .inbound import InboundMessage
from .intake_common import finish
from .models import InboundEmail, OutgoingEmail
from .reported import quoted_mail, reported_mail

logger = logging.getLogger(__name__)

_BOUNCE_FIELDS = ["email_bounced_address", "email_bounced_at", "email_bounce_reason", "email_bounces"]

#: What a mail that bounced for good means beyond its address, by the
#: start of its ``dedupe_key`` (up to the first colon): an invitation
#: mailed to an address someone typed tells them it never arrived.  The
#: app that sends such mail registers its handler (``bounced_mail_register``).
_BOUNCED_MAIL_HANDLERS: dict[str, Callable[[OutgoingEmail, dt.datetime], None]] = {}


def bounced_mail_register(prefix: str, handler: Callable[[OutgoingEmail, dt.datetime], None]) -> None:
    """Call ``handler(sent, now)`` once when a mail whose ``dedupe_key``
    starts with ``prefix`` and a colon bounces for good, inside the
    transaction that marks it bounced (a handler queues its mail there,
    so that it is sent once, and only if the mark commits)."""
    _BOUNCED_MAIL_HANDLERS[prefix] = handler


def is_bounce_intake(message: InboundMessage) -> bool:
    """Does ``message`` go to ``bounce_process``: an automatic mail, or
    any mail delivered to a bounce address of ours (genuine or not)?  The
    address it was delivered to is the first recipient (the envelope's,
    else Delivered-To and the like); a bounce address in its Cc does not
    make a player's reply a bounce."""
    return message.is_automatic or is_bounce_address(message.recipients[0] if message.recipients else "")


def bounce_process(*, record: InboundEmail, raw: bytes, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """Record an automatic mail, or a mail to a bounce address; never
    answered (RFC 3834; a bounce answered may bounce back).

    0. A feedback loop's report (``arf.read_feedback``) is a spam
       complaint's: ``complaints.complaint_process``.
    1. Read it as a delivery report (``dsn.read_report``); a mail that is
       none (an out-of-office, a person writing to a bounce address) is
       only recorded.
    2. Find the mail it reports on: the row its bounce address names (an
       HMAC-signed id, ``addresses.bounce_address``), else a row whose
       Message-ID it quotes (random, known only to the mail's readers).
       None found (a forged address, a bounce of someone else's mail):
       recorded, nothing changes.
    3. A transient report (4.x.x, "delayed": the sending server still
       tries) is recorded; nothing changes.
    4. A permanent failure (5.x.x) marks the row bounced and the player's
       address as bouncing (``_address_bounce_record``).

    Expects to run inside the intake's transaction (``services._process``).
    """
    feedback = read_feedback(raw)
    if feedback is not None:
        return complaint_process(record=record, message=message, report=feedback, now=now)
    report = read_report(raw)
    if report is None:
        reason = message.automatic_reason or "mail to a bounce address"
        logger.info("ignored automatic mail: %s", reason)
        return finish(record, InboundEmail.Outcome.AUTO_REPLY, reason)
    sent = reported_mail(message.recipients, report.message_ids)
    if sent is None:
        logger.info("bounce for no mail of ours (%s)", report.status or "no status")
        return finish(record, InboundEmail.Outcome.AUTO_REPLY, f"bounce for no mail of ours: {report.reason}")
    outcome = InboundEmail.Outcome.BOUNCE if report.permanent else InboundEmail.Outcome.AUTO_REPLY
    detail = report_apply(sent, report, now)
    return finish(record, outcome, detail, user=sent.user, match_id=sent.match_id)


def report_apply(sent: OutgoingEmail, report: DeliveryReport, now: dt.datetime) -> str:
    """What ``report`` changes about ``sent``, a mail of ours (however the
    report reached us: a bounce mail, a relay's event): a transient one
    nothing; a permanent one marks the row bounced and its player's
    address as bouncing, and tells what the mail was about
    (``bounced_mail_register``), once (a row already bounced is left as it
    is, so a report delivered again counts once).  Returns what it did, for the
    record.  Runs inside a transaction (it locks the player's row)."""
    if not report.permanent:
        return f"transient bounce of mail {sent.pk}, nothing changed: {report.reason}"
    marked = OutgoingEmail.objects.filter(pk=sent.pk).exclude(status=OutgoingEmail.Status.BOUNCED)
    if marked.update(status=OutgoingEmail.Status.BOUNCED, last_error=f"bounced: {report.reason}"[:2000]):
        flagged = _address_bounce_record(sent, report, now)
        handler = _BOUNCED_MAIL_HANDLERS.get(sent.dedupe_key.partition(":")[0])
        if handler is not None:
            handler(sent, now)
        detail = f"mail {sent.pk} bounced ({'address marked' if flagged else 'not the address in use'}): "
    else:
        detail = f"mail {sent.pk} bounced before, nothing changed: "
    logger.warning("mail %s bounced: %s", sent.pk, report.status)
    return detail + report.reason


def relay_report_process(report: DeliveryReport, now: dt.datetime) -> str | None:
    """A relay's report on a mail it sent for us (``dsn.relay_report``):
    the mail is the row with the Message-ID it names (random, known only
    to the relay and the mail's readers; the relay's webhook is signed),
    and the report changes what a bounce mail would (``report_apply``).
    Returns what it did, ``None`` when the mail is none of ours."""
    with transaction.atomic():
        sent = quoted_mail(report.message_ids)
        return None if sent is None else report_apply(sent, report, now)


def _address_bounce_record(sent: OutgoingEmail, report: DeliveryReport, now: dt.datetime) -> bool:
    """Mark the address of ``sent``'s player as bouncing, counting one
    more bounced mail, when it is still their address and the mail went
    after they last checked it (a late bounce of an older mail is the
    trouble they dealt with).  Returns whether it did."""
    if sent.user_id is None:
        return False
    user = get_user_model().objects.select_for_update().filter(pk=sent.user_id).first()
    if user is None or user.email.lower() != sent.to.lower():
        return False
    checked = user.email_checked_at
    if checked is not None and (sent.sent_at or sent.created_at) < checked:
        return False
    earlier = user.email_bounces if user.mail_bouncing else 0
    user.email_bounced_address = user.email
    user.email_bounced_at = now
    user.email_bounce_reason = report.reason
    user.email_bounces = min(earlier + 1, 32767)
    user.save(update_fields=_BOUNCE_FIELDS)
    return True


def address_bounce_clear(*, user_id: int, now: dt.datetime) -> None:
    """The player checked their address (the profile's "try again", or
    confirmed or changed it): it no longer counts as bouncing, game mail
    goes to it again, and bounces of mail sent before ``now`` no longer
    count."""
    get_user_model().objects.filter(pk=user_id).update(
        email_bounced_address="", email_bounce_reason="", email_bounces=0, email_checked_at=now
    )
