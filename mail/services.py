"""``inbound_email_process``: the one service every mail intake calls.

1. Store the message as received (for staff to inspect).
2. Ignore malformed mail, duplicates (same Message-ID) and automatic mail
   (out-of-office, bounces); rate-limit each sender.
3. Check the reply token and that the sender is that seat's player (a
   verified address of theirs).
4. Hand the cleaned text (or a numbered option) to the move write path,
   idempotent by Message-ID; a refused move gets an explanation by email.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import transaction

from games.engine import get_rules
from games.models import Match, MoveRecord, Seat
from games.services import (
    Conflict,
    GameActionError,
    invitation_accept,
    invitation_decline,
    move_submit,
)

from .inbound import InboundMessage, MalformedEmail, parse_inbound
from .models import InboundEmail, OutgoingEmail, ReplyToken
from .outbox import email_queue, notify_rejection

logger = logging.getLogger(__name__)
_OPTION = re.compile(r"^\s*(?:option\s*)?#?(\d{1,3})\s*[.)]?\s*$", re.IGNORECASE)
MAX_RAW = 256 * 1024


def _text(value: str, limit: int) -> str:
    """Text safe for any database column: NUL bytes (which PostgreSQL text
    refuses) replaced, and cut at ``limit`` characters."""
    return value.replace("\x00", "\ufffd")[:limit]


def redact(address: str) -> str:
    """An address fit for logs: ``j***@example.com``."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}" if domain else "***"


def _rate_limited(sender: str, now: dt.datetime) -> bool:
    limit = getattr(settings, "INBOUND_MAIL_PER_HOUR", 60)
    recent = InboundEmail.objects.filter(sender=sender, received_at__gte=now - dt.timedelta(hours=1))
    return recent.count() > limit


def _finish(record: InboundEmail, outcome: str, detail: str = "", **fields) -> InboundEmail:
    record.outcome = outcome
    record.detail = detail
    for key, value in fields.items():
        setattr(record, key, value)
    record.save()
    return record


def _generic_reply(message: InboundMessage, record: InboundEmail, now: dt.datetime) -> None:
    """A short "we could not use this" answer, only to addresses that belong
    to a real, verified account: a forged sender gets nothing."""
    if not EmailAddress.objects.filter(email__iexact=message.sender, verified=True).exists():
        return
    text = (
        "We received your email but could not match it to a move you can make.\n\n"
        "Moves must be sent as a reply to the latest \"your move\" email of a game, from the\n"
        f"address of your {settings.SITE_NAME} account. Your games: {settings.SITE_URL}/games/\n"
    )
    email_queue(
        kind=OutgoingEmail.Kind.UNKNOWN, to=message.sender,
        subject=f"Re: {message.subject}"[:200] if message.subject else "Your email could not be used",
        text=text, html=f"<p>{text}</p>".replace("\n\n", "</p><p>"),
        dedupe_key=f"unknown:{record.message_id or record.pk}", now=now,
    )


def inbound_email_process(*, raw: bytes, source: str, now: dt.datetime,
                          envelope_recipients: list[str] | None = None) -> InboundEmail:
    """Process one incoming message; returns its stored record with the outcome.

    Never raises for bad input: every problem becomes an outcome (and, where
    a player can be told safely, a reply).
    """
    record = InboundEmail.objects.create(
        received_at=now, source=source, raw=_text(raw[:MAX_RAW].decode("utf-8", "replace"), MAX_RAW))
    try:
        message = parse_inbound(raw, envelope_recipients=envelope_recipients)
    except MalformedEmail as error:
        return _finish(record, InboundEmail.Outcome.MALFORMED, str(error))
    record.message_id = _text(message.message_id, 255) or "sha256:" + hashlib.sha256(raw).hexdigest()
    record.sender = _text(message.sender, 320)
    record.recipient = _text(message.recipients[0] if message.recipients else "", 320)
    record.subject = _text(message.subject, 500)
    record.body = _text(message.body, 10_000)
    message.body = record.body
    earlier = InboundEmail.objects.filter(message_id=record.message_id).exclude(pk=record.pk).exclude(
        outcome=InboundEmail.Outcome.RECEIVED)
    if earlier.exists():
        return _finish(record, InboundEmail.Outcome.DUPLICATE, "already processed")
    if message.is_automatic:
        logger.info("ignored automatic mail from %s: %s", redact(message.sender), message.automatic_reason)
        return _finish(record, InboundEmail.Outcome.AUTO_REPLY, message.automatic_reason)
    if _rate_limited(message.sender, now):
        logger.warning("inbound mail rate limit hit by %s", redact(message.sender))
        return _finish(record, InboundEmail.Outcome.RATE_LIMITED, "too many messages in the last hour")
    if message.token_kind == "join":
        return _answer_invitation(record, message, now)
    token = ReplyToken.objects.select_related("match", "user").filter(token=message.token or "").first()
    if token is None:
        with transaction.atomic():
            _generic_reply(message, record, now)
            return _finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "no valid reply token")
    owner = EmailAddress.objects.filter(user=token.user, email__iexact=message.sender, verified=True)
    if not owner.exists():
        logger.warning("reply token used by a different sender %s", redact(message.sender))
        with transaction.atomic():
            _generic_reply(message, record, now)
            return _finish(record, InboundEmail.Outcome.WRONG_SENDER, "sender is not this seat's player",
                           match=token.match)
    return _play(record, message, token, now)


_YES = re.compile(r"^\s*(accept|yes|ja|join|ok|play)\b", re.IGNORECASE)
_NO = re.compile(r"^\s*(decline|no|nee|reject)\b", re.IGNORECASE)


def _answer_invitation(record: InboundEmail, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """A reply to an invitation: "accept" takes the seat, "decline" frees it.
    The sender must own a verified address: the invited player's, or for an
    invitation by email address, that address."""
    seat = Seat.objects.select_related("match", "invited_user").filter(
        invitation_token=message.token or "").first()
    address = EmailAddress.objects.select_related("user").filter(
        email__iexact=message.sender, verified=True).first()
    allowed = seat is not None and address is not None and (
        seat.invited_user_id == address.user_id
        or (not seat.invited_user_id and seat.invited_email.lower() == message.sender))
    if not allowed or seat is None or address is None:
        with transaction.atomic():
            _generic_reply(message, record, now)
            return _finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "no valid invitation for this sender")
    first_line = message.body.splitlines()[0] if message.body else ""
    if _YES.match(first_line):
        action, verb = invitation_accept, "accepted"
    elif _NO.match(first_line):
        action, verb = invitation_decline, "declined"
    else:
        return _finish(record, InboundEmail.Outcome.REJECTED, "reply 'accept' or 'decline'",
                       match=seat.match, user=address.user)
    try:
        action(token=message.token or "", user=address.user, now=now)
    except GameActionError as error:
        return _finish(record, InboundEmail.Outcome.REJECTED, error.message, match=seat.match, user=address.user)
    return _finish(record, InboundEmail.Outcome.ACCEPTED, f"invitation {verb}", match=seat.match,
                   user=address.user)


def _play(record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime) -> InboundEmail:
    option = _OPTION.match(message.body.splitlines()[0]) if message.body else None
    kwargs = {"option": int(option.group(1))} if option else {"text": message.body}
    ReplyToken.objects.filter(pk=token.pk).update(uses=token.uses + 1)
    try:
        if not message.body:
            raise GameActionError("Your reply was empty: write your move on the first line.",
                                  code="empty_reply")
        result = move_submit(match_id=token.match_id, user=token.user, ply=token.ply,
                             source=MoveRecord.Source.EMAIL, now=now,
                             idempotency_key=f"email:{record.message_id}", **kwargs)
    except GameActionError as error:
        detail = error.message
        if isinstance(error, Conflict) and error.code == "stale_ply":
            detail = ("This email answers an earlier position; the game has moved on since. "
                      "Here is the current position.")
        with transaction.atomic():
            _tell_rejection(token, message, detail, record, now)
            return _finish(record, InboundEmail.Outcome.REJECTED, detail, match=token.match, user=token.user)
    outcome = InboundEmail.Outcome.DUPLICATE if result.duplicate else InboundEmail.Outcome.ACCEPTED
    return _finish(record, outcome, result.record.text, match=token.match, user=token.user)


def _tell_rejection(token: ReplyToken, message: InboundMessage, detail: str, record: InboundEmail,
                    now: dt.datetime) -> None:
    match = Match.objects.select_for_update().get(pk=token.match_id)
    if match.state is None:
        return
    seats = list(match.seats.select_related("user").order_by("index"))
    seat = next((s for s in seats if s.index == token.seat_index), None)
    if seat is None or seat.user_id != token.user_id:
        return
    state = get_rules(match.game).load(match.state)
    notify_rejection(match=match, seat=seat, seats=seats, state=state, error=detail,
                     attempted=message.body[:200] or "(nothing)", source_id=record.message_id, now=now)
