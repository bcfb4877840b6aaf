"""Feeding a raw message through the real pipe intake (``ingest_email``)."""

from __future__ import annotations

import io
import sys
from email.message import EmailMessage
from itertools import count

from django.core.management import call_command

from mail.models import InboundEmail

_ids = count()


def ingest(raw: bytes, capture, *, recipient: str | None = None) -> InboundEmail:
    """Run ``manage.py ingest_email`` on ``raw``, committing (and so sending)
    what it writes; returns the stored inbound row."""
    stdin, out = sys.stdin, io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw))
    try:
        with capture(execute=True):
            call_command("ingest_email", *(["--recipient", recipient] if recipient else []), stdout=out)
    finally:
        sys.stdin = stdin
    return InboundEmail.objects.order_by("-pk").first()


def message(
    to: str,
    body: str,
    *,
    sender: str,
    subject: str = "Re: Alta: your move",
    message_id: str | None = None,
    quote: bool = True,
    **headers,
) -> EmailMessage:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = sender, to, subject
    mail["Message-ID"] = message_id or f"<i{next(_ids)}@client.example>"
    mail.set_content(body + ("\n\nOn Mon, Alta wrote:\n> Your move\n" if quote else ""))
    for key, value in headers.items():  # after set_content, which drops Content-* headers
        mail[key.replace("_", "-")] = value
    return mail


def answers_to(sender: str, outbox: list) -> list:
    """The mails of ``outbox`` to ``sender``.  Any other must tell a fellow
    player that the sender went on vacation (the one command whose news
    reaches the other players of the sender's games)."""
    others = [m.subject for m in outbox if m.to != [sender]]
    assert all("on vacation" in subject or "op vakantie" in subject for subject in others), others
    return [m for m in outbox if m.to == [sender]]
