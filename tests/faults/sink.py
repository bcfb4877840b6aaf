"""An SMTP sink in the test process (aiosmtpd): the site's outgoing mail
server.  It keeps every message it accepted and lets a test wait for a
condition on them without sleeping."""

from __future__ import annotations

import email
import email.policy
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from aiosmtpd.controller import Controller

from .servers import free_port


@dataclass(frozen=True)
class Received:
    message_id: str
    to: str
    subject: str
    reply_to: str
    text: str


class SmtpSink:
    def __init__(self):
        self.port = free_port()
        self.messages: list[Received] = []
        self._changed = threading.Condition()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    async def handle_DATA(self, server, session, envelope) -> str:
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        body = message.get_body(("plain",))
        received = Received(
            message_id=str(message["Message-ID"]),
            to=str(message["To"]),
            subject=str(message["Subject"]),
            reply_to=str(message.get("Reply-To", "")),
            text=body.get_content() if body is not None else "",
        )
        with self._changed:
            self.messages.append(received)
            self._changed.notify_all()
        return "250 OK"

    def wait_until(self, predicate: Callable[[list[Received]], bool], timeout: float, what: str) -> None:
        """Wait (woken by each message) until ``predicate(messages)`` holds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self.messages):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what} ({len(self.messages)} messages so far)")
                self._changed.wait(left)

    def snapshot(self) -> list[Received]:
        with self._changed:
            return list(self.messages)

    def start(self) -> None:
        self._controller.start()

    def stop(self) -> None:
        self._controller.stop()
