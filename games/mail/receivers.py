"""Provider inbound webhooks (django-anymail) feed the inbound service."""

from __future__ import annotations

from anymail.signals import inbound
from django.dispatch import receiver
from django.utils import timezone


@receiver(inbound, dispatch_uid="alta-inbound-mail")
def on_provider_inbound(sender, event, esp_name, **kwargs) -> None:
    """anymail has already checked the webhook's signature."""
    from .services import inbound_email_process

    message = event.message
    envelope = getattr(message, "envelope_recipient", None)
    inbound_email_process(raw=message.as_bytes(), source=f"webhook:{esp_name}", now=timezone.now(),
                          envelope_recipients=[str(envelope)] if envelope else None)
