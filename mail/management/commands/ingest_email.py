"""Read one RFC 822 message on stdin and process it (for an MTA pipe, e.g.
Postfix ``play unix - n n - - pipe flags=q user=alta
argv=/app/manage.py ingest_email --sender=${sender} --recipient=${recipient}``)."""

import sys

from django.core.management.base import BaseCommand
from django.utils import timezone

from mail.services import MAX_MESSAGE_BYTES, inbound_email_process, inbound_email_too_large

#: What Postfix's pipe writes for ``${sender}`` when the reverse-path is
#: empty (its ``null_sender`` default): a bounce, never a person.
NULL_SENDER_STAND_INS = {"", "<>", "mailer-daemon"}


class Command(BaseCommand):
    help = "Process one email read from standard input."

    def add_arguments(self, parser):
        parser.add_argument(
            "--recipient", action="append", default=[], help="Envelope recipient (the MTA's $recipient); may repeat."
        )
        parser.add_argument(
            "--sender",
            default=None,
            help="Envelope sender (the MTA's $sender); empty or MAILER-DAEMON for a bounce, which is never answered.",
        )

    def handle(self, *args, recipient, sender, **options):
        raw = sys.stdin.buffer.read()
        if sender is not None and sender.strip().lower() in NULL_SENDER_STAND_INS:
            sender = ""
        if len(raw) > MAX_MESSAGE_BYTES:  # what the SMTP gateway refuses; the MTA took it: answer it
            record = inbound_email_too_large(raw=raw, source="pipe", now=timezone.now(), envelope_sender=sender)
        else:
            record = inbound_email_process(
                raw=raw,
                source="pipe",
                now=timezone.now(),
                envelope_recipients=recipient or None,
                envelope_sender=sender,
            )
        self.stdout.write(f"{record.outcome}: {record.detail}")
