"""What mail listens to: the games' ``stored`` and ``recorded`` hooks
(emails of moves and events) and the providers' inbound and delivery-event
webhooks (django-anymail).

The worker that writes a move's emails is woken one of two ways
(``settings.MAIL_WAKE``, see ``wakeup``): by a NOTIFY inside the move's own
transaction (PostgreSQL: no broker in the request), or by a task that this
process's publisher thread publishes after commit.  Either way a failure is
only logged: the outbox sweep writes the emails of rows nobody announced."""

from __future__ import annotations

import atexit
import logging
from email.policy import compat32

from anymail.signals import EventType, RejectReason, inbound, tracking
from celery import current_app
from django.dispatch import receiver
from django.utils import timezone

from core.background import Publisher, publish
from games.models import ChatMessage, Match
from games.signals import chat_posted, recorded, stored

from . import tasks, wakeup
from .bounces import relay_report_process
from .complaints import relay_complaint_process
from .dsn import relay_report
from .services import MAX_MESSAGE_BYTES, inbound_email_process, inbound_email_too_large

logger = logging.getLogger(__name__)

MOVE, EVENT = "move", "event"


#: Rows per ``notifications_write`` task when the publisher coalesces.
PUBLISH_MAX = 200


@receiver(stored, sender=Match, dispatch_uid="mail-stored")
def on_stored(sender, *, move_ids: list[int], event_ids: list[int], **kwargs) -> None:
    """Inside the transaction storing the rows: add the NOTIFY that wakes a
    worker at commit (when waking by NOTIFY; otherwise ``on_recorded``
    publishes after commit)."""
    if wakeup.notifying():
        wakeup.notify(move_ids, event_ids)


@receiver(recorded, sender=Match, dispatch_uid="mail-recorded")
def on_recorded(sender, *, move_ids: list[int], event_ids: list[int], stored_sent: bool = False, **kwargs) -> None:
    """Have a worker write the emails of rows that just committed.

    Eager Celery (tests, a single process) runs the task at once.  Waking
    by NOTIFY: nothing left to do for rows whose transaction carried it
    (``stored_sent``); rows a sweep gathered get one NOTIFY now (a failure
    is logged).  Otherwise the task is published by this process's
    publisher thread, so that a committed move is answered without waiting
    for the broker, and a broker that fails cannot fail the request (it is
    logged).  The outbox sweep writes the emails of rows that were not
    announced."""
    items = [(MOVE, pk) for pk in move_ids] + [(EVENT, pk) for pk in event_ids]
    if current_app.conf.task_always_eager:
        _publish(items)
    elif not wakeup.notifying():
        publisher.put(items)
    elif not stored_sent:
        try:
            wakeup.notify(move_ids, event_ids)
        except Exception:
            logger.exception("Could not wake the mail worker for %s rows; the outbox sweep writes them", len(items))


def make_publisher() -> Publisher[tuple[str, int]]:
    """A publisher thread for ``MAIL_WAKE = "publish"``: the rows that wait
    are coalesced into tasks of up to ``PUBLISH_MAX`` rows."""
    return Publisher(lambda items: _publish(items), limit=lambda: PUBLISH_MAX)


publisher = make_publisher()
atexit.register(lambda: publisher.flush())


@receiver(chat_posted, sender=ChatMessage, dispatch_uid="mail-chat-posted")
def on_chat_posted(sender, *, chat_id: int, **kwargs) -> None:
    """Mail the line at once to whoever asked for that.  The task is sent
    by the process's publisher thread (``core.background``), so the answer
    does not wait for the broker; a broker that refuses it is logged: the
    line then goes with the next mail."""
    publish(
        tasks.chat_deliver,
        chat_id=chat_id,
        failure=f"Could not queue chat message {chat_id}; it goes with the next game mails",
    )


def _publish(items: list[tuple[str, int]]) -> None:
    """One ``notifications_write`` task for ``items``.  A broker that
    refuses it is logged: the rows stay unannounced and the outbox sweep
    writes their emails after ``announce.GRACE``."""
    if not items:
        return
    try:
        tasks.notifications_write.delay(
            [pk for kind, pk in items if kind == MOVE], [pk for kind, pk in items if kind == EVENT]
        )
    except Exception:
        logger.exception("Could not queue the emails of %s rows; the outbox sweep writes them", len(items))


def _raw_mail(event) -> bytes:
    """The mail's bytes as the provider sent them (Mailgun's ``body-mime``),
    for the intake's own hostile-proof parser to read.  Written out again
    from anymail's parse only when the provider sent fields instead: the
    email package's writer raises on some hostile headers (a Cc nested
    500 deep), which would make a player's mail an unreadable payload that
    nobody is told about; it then writes the headers as they came."""
    sent = getattr(getattr(event.esp_event, "POST", None), "get", lambda _key: None)("body-mime")
    if isinstance(sent, str) and sent:
        return sent.encode("utf-8", "surrogateescape")
    try:
        return event.message.as_bytes()
    except Exception:  # a header its policy cannot fold: as written (compat32)
        return event.message.as_bytes(policy=compat32)


@receiver(inbound, dispatch_uid="alta-inbound-mail")
def on_provider_inbound(sender, event, esp_name, **kwargs) -> None:
    """anymail has already checked the webhook's signature.  The envelope
    sender is passed on as the provider gave it (None when it gave none;
    empty for a bounce, which is then never answered)."""
    message = event.message
    envelope = getattr(message, "envelope_recipient", None)
    raw = _raw_mail(event)
    if len(raw) > MAX_MESSAGE_BYTES:  # what the SMTP gateway refuses; the provider took it: answer it
        inbound_email_too_large(
            raw=raw,
            source=f"webhook:{esp_name}",
            now=timezone.now(),
            envelope_sender=getattr(message, "envelope_sender", None),
        )
        return
    inbound_email_process(
        raw=raw,
        source=f"webhook:{esp_name}",
        now=timezone.now(),
        envelope_recipients=[str(envelope)] if envelope else None,
        envelope_sender=getattr(message, "envelope_sender", None),
    )


#: A provider's refusal to send to an address it knows (its suppression
#: list, an invalid address) is a permanent failure of that address; any
#: other refusal (our account's limits, the content) is not the player's.
_ADDRESS_REFUSALS = {RejectReason.BOUNCED, RejectReason.INVALID}


@receiver(tracking, dispatch_uid="alta-delivery-events")
def on_provider_event(sender, event, esp_name, **kwargs) -> None:
    """anymail has already checked the webhook's signature.  A relay that
    sends from its own envelope sender gets our mail's bounces: a
    permanent failure ("bounced": Mailgun's "failed" of severity
    "permanent"; "rejected" for the address) is recorded as a bounce that
    came back to us would be, a delay ("deferred") changes nothing; a
    spam complaint ("complained") stops the player's game mail as a
    feedback loop's report would (``complaints``); other events
    (delivered, opened) are not read."""
    if event.event_type == EventType.COMPLAINED:
        done = relay_complaint_process(event.message_id or "", timezone.now())
        logger.info("%s complaint event: %s", esp_name, done or "for no mail of ours, nothing changed")
        return
    refused = event.event_type == EventType.REJECTED and event.reject_reason in _ADDRESS_REFUSALS
    if event.event_type not in (EventType.BOUNCED, EventType.DEFERRED) and not refused:
        return
    report = relay_report(
        permanent=event.event_type != EventType.DEFERRED,
        recipient=event.recipient or "",
        response=event.mta_response or event.description or "",
        message_id=event.message_id or "",
    )
    done = relay_report_process(report, timezone.now())
    logger.info("%s %s event: %s", esp_name, event.event_type, done or "for no mail of ours, nothing changed")
