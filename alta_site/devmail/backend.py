"""An email backend that stores every message as a ``CapturedEmail``."""

from __future__ import annotations

from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage, EmailMultiAlternatives


def _html_part(message: EmailMessage) -> str:
    if isinstance(message, EmailMultiAlternatives):
        for content, mimetype in message.alternatives:
            if mimetype == "text/html":
                return str(content)
    if message.content_subtype == "html":
        return str(message.body)
    return ""


class MailboxBackend(BaseEmailBackend):
    """Keeps mail locally instead of sending it (see ``/dev/mailbox/``)."""

    def send_messages(self, email_messages):
        from .models import CapturedEmail

        sent = 0
        for message in email_messages:
            mime = message.message()
            text = "" if message.content_subtype == "html" else str(message.body)
            CapturedEmail.objects.create(
                message_id=mime.get("Message-ID", ""),
                from_email=message.extra_headers.get("From", message.from_email),  # the header, not the envelope
                to="\n".join(message.recipients()),
                subject=str(message.subject),
                text_body=text,
                html_body=_html_part(message),
                headers={key: str(value) for key, value in mime.items()},
                raw=mime.as_string(),
            )
            sent += 1
        return sent
