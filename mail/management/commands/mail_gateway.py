"""Run the SMTP mail gateway: ``python manage.py mail_gateway --host 127.0.0.1 --port 2525``."""

import contextlib

from django.core.management.base import BaseCommand

from mail.gateway import serve_forever


class Command(BaseCommand):
    help = "Accept replies over SMTP for MAIL_DOMAIN and process them as moves."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=2525)

    def handle(self, *args, host, port, **options):
        self.stdout.write(f"Mail gateway on {host}:{port}; Ctrl-C stops it.")
        with contextlib.suppress(KeyboardInterrupt):
            serve_forever(host, port)
