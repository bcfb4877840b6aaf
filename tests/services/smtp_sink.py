"""A local SMTP server that records what it receives (for tests and benchmarks)."""

from __future__ import annotations

import email
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email.policy import default

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Sink:
    """Collects Message-IDs.  ``hold_at``: the n-th MAIL FROM waits until
    ``release`` is set (so a test can kill the sender mid-conversation,
    before that message is accepted)."""

    def __init__(self, hold_at: int | None = None) -> None:
        self.message_ids: list[str] = []
        self.mail_from_count = 0
        self.hold_at = hold_at
        self.holding = threading.Event()
        self.release = threading.Event()
        self.lock = threading.Lock()

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        with self.lock:
            self.mail_from_count += 1
            count = self.mail_from_count
        if self.hold_at is not None and count == self.hold_at:
            self.holding.set()
            import asyncio

            while not self.release.is_set():
                await asyncio.sleep(0.05)
            return "421 4.3.0 Closing"
        envelope.mail_from = address
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or b"", policy=default)
        with self.lock:
            self.message_ids.append(str(message["Message-ID"]))
        return "250 Message accepted"


def start_sink(hold_at: int | None = None) -> tuple[Sink, Controller, int]:
    port = free_port()
    sink = Sink(hold_at)
    controller = Controller(sink, hostname="127.0.0.1", port=port, decode_data=False)
    controller.start()
    return sink, controller, port


@contextmanager
def smtp_backend(settings, handler) -> Iterator[None]:
    """Django's SMTP backend pointed at a local server run by ``handler``
    (``settings``: pytest-django's fixture), with no connection kept from
    before or after (``mail.sending`` reuses one)."""
    from mail import sending

    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port, decode_data=False)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    sending.drop_kept()
    try:
        yield
    finally:
        sending.drop_kept()
        controller.stop()
