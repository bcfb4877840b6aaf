"""Read one RFC 822 message on stdin and process it (for an MTA pipe, e.g.
Postfix ``play: "|/app/manage.py ingest_email"``)."""

import sys

from django.core.management.base import BaseCommand
from django.utils import timezone

from mail.services import inbound_email_process


class Command(BaseCommand):
    help = "Process one email read from standard input."

    def add_arguments(self, parser):
        parser.add_argument(
            "--recipient", action="append", default=[], help="Envelope recipient (the MTA's $recipient); may repeat."
        )

    def handle(self, *args, recipient, **options):
        raw = sys.stdin.buffer.read()
        record = inbound_email_process(
            raw=raw, source="pipe", now=timezone.now(), envelope_recipients=recipient or None
        )
        self.stdout.write(f"{record.outcome}: {record.detail}")
