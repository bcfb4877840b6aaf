"""An SMTP server (aiosmtpd) that accepts mail for ``MAIL_DOMAIN`` only and
hands each message, with its envelope, to the inbound service."""

from __future__ import annotations

import asyncio
import logging

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from .services import MAX_MESSAGE_BYTES, inbound_email_process

logger = logging.getLogger(__name__)


def _process(raw: bytes, recipients: list[str], sender: str | None) -> str:
    close_old_connections()
    try:
        record = inbound_email_process(
            raw=raw, source="smtp", now=timezone.now(), envelope_recipients=recipients, envelope_sender=sender
        )
        return record.outcome
    finally:
        close_old_connections()


class GatewayHandler:
    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, rcpt_options: list[str]
    ) -> str:
        domain = address.rpartition("@")[2].lower()
        if domain != settings.MAIL_DOMAIN.lower():
            return "550 5.1.2 We do not accept mail for that domain"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        if len(raw) > MAX_MESSAGE_BYTES:
            return "552 5.3.4 Message too big"
        try:
            # MAIL FROM:<> (a bounce or an auto-reply) comes as "": never answered.
            outcome = await sync_to_async(_process, thread_sensitive=False)(
                raw, list(envelope.rcpt_tos), envelope.mail_from
            )
        except Exception:
            logger.exception("inbound mail processing failed")
            return "451 4.3.0 Temporary failure, try again later"
        logger.info("inbound mail: %s", outcome)
        return "250 Message accepted"


def make_controller(host: str, port: int) -> Controller:
    return Controller(GatewayHandler(), hostname=host, port=port, data_size_limit=MAX_MESSAGE_BYTES, decode_data=False)


def serve_forever(host: str, port: int) -> None:
    controller = make_controller(host, port)
    controller.start()
    logger.info("mail gateway listening on %s:%s for @%s", host, port, settings.MAIL_DOMAIN)
    try:
        asyncio.run(_wait_forever())
    finally:
        controller.stop()


async def _wait_forever() -> None:
    await asyncio.Event().wait()
