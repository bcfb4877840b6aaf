"""What mail listens to: the games' ``recorded`` hook (emails of moves and
events) and the providers' inbound webhooks (django-anymail)."""

from __future__ import annotations

import logging

from anymail.signals import inbound
from django.dispatch import receiver
from django.utils import timezone

from games.models import ChatMessage, Match
from games.signals import chat_posted, recorded

from . import tasks
from .services import inbound_email_process

logger = logging.getLogger(__name__)

MOVE, EVENT = "move", "event"


@receiver(recorded, sender=Match, dispatch_uid="mail-recorded")
def on_recorded(sender, *, move_ids: list[int], event_ids: list[int], **kwargs) -> None:
    """Have a worker write the emails of rows that just committed."""
    _publish([(MOVE, pk) for pk in move_ids] + [(EVENT, pk) for pk in event_ids])


@receiver(chat_posted, sender=ChatMessage, dispatch_uid="mail-chat-posted")
def on_chat_posted(sender, *, chat_id: int, **kwargs) -> None:
    """Mail the line at once to whoever asked for that.  A broker that
    refuses the task is logged: the line then goes with the next mail."""
    try:
        tasks.chat_deliver.delay(chat_id)
    except Exception:
        logger.exception("Could not queue chat message %s; it goes with the next game mails", chat_id)


def _publish(items: list[tuple[str, int]]) -> None:
    """One ``notifications_write`` task for ``items``.  A broker that
    refuses it is logged: the rows stay unannounced and the outbox sweep
    writes their emails after ``announce.GRACE``."""
    try:
        tasks.notifications_write.delay(
            [pk for kind, pk in items if kind == MOVE], [pk for kind, pk in items if kind == EVENT]
        )
    except Exception:
        logger.exception("Could not queue the emails of %s rows; the outbox sweep writes them", len(items))


@receiver(inbound, dispatch_uid="alta-inbound-mail")
def on_provider_inbound(sender, event, esp_name, **kwargs) -> None:
    """anymail has already checked the webhook's signature."""
    message = event.message
    envelope = getattr(message, "envelope_recipient", None)
    inbound_email_process(
        raw=message.as_bytes(),
        source=f"webhook:{esp_name}",
        now=timezone.now(),
        envelope_recipients=[str(envelope)] if envelope else None,
    )
