"""``inbound_email_process``: the one service every mail intake calls.

1. Store the message as received (for staff to inspect).
2. Ignore redeliveries (same Message-ID and body; without a Message-ID,
   the same sender, recipients, subject, date and body; one that comes
   while the first is still processed waits for it); never answer
   automatic mail (a null envelope sender, out-of-office, bounces, lists)
   or mail to a bounce address, recording what a bounce of our mail
   says (``bounces``) or a spam complaint about it (``complaints``);
   rate-limit each sender (one "slow down" notice an hour).  A mail that
   cannot be read, or sets off a bug, gets one answer if a person sent it.
3. Check the reply token and that the sender is that seat's player (a
   verified address of theirs); anyone else learns only how to link an
   address.
4. A reply to one of the game's mails is answered, played or posted as
   chat (``game_replies``).
5. Replies to invitations (``join+``) take or free the seat, making an
   email-only account for an invited address without one (``invitees``);
   replies to addresses other apps own (``intake_kinds``, e.g. ladder
   challenges) go to their handler; mail to the command address
   (``command_address``) gets its command answered.

Every human mail gets exactly one answer (``answers``); an accepted move's
answer is its receipt, written with the move's other mails.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import math

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import DataError, transaction
from django.db import Error as DatabaseFailure
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from core.locks import hold
from core.moments import moment_for

from .answers import answer, answer_key, in_language, reply_subject, site_line, written_for
from .bounces import bounce_process, is_bounce_intake
from .command_address import answer_command_address, replies_to_a_command_mail, stored_command_answer
from .command_words import command_of
from .game_replies import game_reply_play, game_reply_without_address, game_reply_without_text
from .inbound import InboundMessage, MalformedEmail, parse_inbound, read_unusable, strip_subject
from .intake_common import account_of, finish, generic_reply
from .intake_kinds import intake_handler
from .invitation_replies import answer_invitation, answer_other
from .mail_signup import KIND as SIGNUP
from .mail_signup import answer_signup
from .models import InboundEmail, OutgoingEmail, ReplyToken
from .outbox import reply_token_for

logger = logging.getLogger(__name__)
MAX_RAW = 256 * 1024
#: The largest mail the intakes read (the SMTP gateway refuses a bigger one
#: with 552; a provider's webhook and the pipe, which took it already,
#: get it answered: ``inbound_email_too_large``).
MAX_MESSAGE_BYTES = 2 * 1024 * 1024
#: A service the intake needs is away (the database, Redis, the broker, the
#: network): not the mail's fault, so the intake fails and the sending
#: server tries again later (SMTP 451).  Any other failure is this mail's.
SERVICE_FAILURES = (DatabaseFailure, RedisError, KombuError, OSError)


def _text(value: str, limit: int) -> str:
    """Text safe for any database column: NUL bytes (which PostgreSQL text
    refuses) replaced, and cut at ``limit`` characters."""
    return value.replace("\x00", "\ufffd")[:limit]


def megabytes(size: int, *, up: bool = False) -> str:
    """``size`` bytes in MB of 1024 x 1024 bytes (as ``MAX_MESSAGE_BYTES``
    is set and mail programs count), to one decimal in the active
    language's notation, without a trailing ",0".  ``up``: rounded up, so
    a mail over the limit never reads as no larger than it."""
    tenths = math.ceil(size * 10 / 2**20) if up else round(size * 10 / 2**20)
    return number_format(tenths / 10, decimal_pos=0 if tenths % 10 == 0 else 1)


def redact(address: str) -> str:
    """An address fit for logs: ``j***@example.com``."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}" if domain else "***"


def _rate_limited(sender: str, now: dt.datetime) -> dt.datetime | None:
    """When the sender already sent ``INBOUND_MAIL_PER_HOUR`` mails in the
    last hour (every mail counts, whatever it was for; this one is not
    stored under its sender yet): the time at which they may write again;
    else ``None``."""
    limit = getattr(settings, "INBOUND_MAIL_PER_HOUR", 60)
    recent = InboundEmail.objects.filter(sender=sender, received_at__gt=now - dt.timedelta(hours=1))
    times = list(recent.order_by("-received_at").values_list("received_at", flat=True)[:limit])
    if len(times) < limit:
        return None
    return times[-1] + dt.timedelta(hours=1)


def _slow_down(message: InboundMessage, record: InboundEmail, again: dt.datetime, now: dt.datetime) -> None:
    """One "slow down" notice per sender per hour; quiet after that."""
    recent = OutgoingEmail.objects.filter(
        to=message.sender, dedupe_key__startswith="slowdown:", created_at__gt=now - dt.timedelta(hours=1)
    )
    if recent.exists():
        return
    user = account_of(message.sender)
    with in_language(user):
        paragraphs = [
            _(
                "You sent us more than %(limit)s emails in the last hour, so we did not read this one "
                "(a move in it was not played)."
            )
            % {"limit": settings.INBOUND_MAIL_PER_HOUR},
            _("Please slow down and try again after %(when)s (%(zone)s time).") % moment_for(user, again),
            site_line(),
        ]
        subject = reply_subject(message.subject, _("Too many emails"))
    answer(record, to=message.sender, subject=subject, paragraphs=paragraphs, now=now, user=user, key="slowdown")


def inbound_email_process(
    *,
    raw: bytes,
    source: str,
    now: dt.datetime,
    envelope_recipients: list[str] | None = None,
    envelope_sender: str | None = None,
) -> InboundEmail:
    """Process one incoming message; returns its stored record with the outcome.

    Never raises for bad input: every problem becomes an outcome (and, where
    a player can be told safely, a reply); a mail that sets off a bug is
    logged and answered like an unreadable one.  Only a service that is
    away (``SERVICE_FAILURES``) raises, so the mail is delivered again.
    ``envelope_sender`` is the SMTP reverse-path when the intake knows it
    (empty for ``MAIL FROM:<>``: never answered).
    """
    record = InboundEmail.objects.create(
        received_at=now, source=source, raw=_text(raw[:MAX_RAW].decode("utf-8", "replace"), MAX_RAW)
    )
    try:
        return _process(record, raw, now, envelope_recipients, envelope_sender)
    except DataError as error:  # a value the database refuses: this mail's fault, not an outage
        logger.warning("inbound mail %s holds a value the database refuses: %s", record.pk, error)
        return _unusable(record, raw, now, "a value the database refuses", envelope_sender)
    except SERVICE_FAILURES:
        raise
    except Exception as error:  # a bug: answered once, not retried for ever
        logger.exception("inbound mail %s could not be processed", record.pk)
        return _unusable(record, raw, now, f"processing failed: {type(error).__name__}", envelope_sender)


def inbound_email_too_large(
    *, raw: bytes, source: str, now: dt.datetime, envelope_sender: str | None = None
) -> InboundEmail:
    """A mail over ``MAX_MESSAGE_BYTES`` that an intake took anyway (a
    provider's webhook: refusing it would drop it unannounced): stored (cut
    to ``MAX_RAW``), nothing in it used, and its sender, when a person,
    told once (a redelivery, the same Message-ID and size, is a duplicate)
    that it was too large, in the language of the intake's other answers.
    Raises only for a service that is away."""
    record = InboundEmail.objects.create(
        received_at=now, source=source, raw=_text(raw[:MAX_RAW].decode("utf-8", "replace"), MAX_RAW)
    )
    detail = f"too large: {len(raw)} bytes"
    # The provider's redelivery (our 200 lost) is not answered again, also
    # when it comes while the first is answered (``_process``'s lock).
    message_id = _text(read_unusable(raw, envelope_sender).message_id, 255)
    with transaction.atomic():
        if message_id:
            hold(f"inbound-mail:{message_id}")
        if message_id and InboundEmail.objects.filter(message_id=message_id, detail=detail).exists():
            return finish(record, InboundEmail.Outcome.DUPLICATE, "already processed", message_id=message_id)
        return _unusable(record, raw, now, detail, envelope_sender, too_large=True)


def _process(
    record: InboundEmail,
    raw: bytes,
    now: dt.datetime,
    envelope_recipients: list[str] | None,
    envelope_sender: str | None,
) -> InboundEmail:
    try:
        message = parse_inbound(raw, envelope_recipients=envelope_recipients, envelope_sender=envelope_sender)
    except MalformedEmail as error:
        return _unusable(record, raw, now, str(error), envelope_sender)
    # Every query below sees the addresses as stored (a NUL byte in a header
    # would make PostgreSQL refuse the query, and the mail be retried for ever).
    message.sender = record.sender = _text(message.sender, 320)
    message.recipients = [_text(address, 320) for address in message.recipients]
    record.recipient = message.recipients[0] if message.recipients else ""
    record.subject = _text(message.subject, 500)
    record.body = _text(message.body, 10_000)
    message.body = record.body
    record.message_id = _text(message.message_id, 255) or _stand_in_id(message)
    # One transaction under the Message-ID's lock: a redelivery that comes
    # while the first delivery is processed (a provider retrying a webhook
    # it gave up waiting for, or the same mail through two intakes) waits
    # for it and then finds it done, instead of acting (and answering) a
    # second time; a failure leaves nothing of the mail half-done.
    with transaction.atomic():
        hold(f"inbound-mail:{record.message_id}")
        # A redelivery repeats the body too; a different body under a reused
        # Message-ID is a new mail.
        earlier = (
            InboundEmail.objects.filter(message_id=record.message_id, body=record.body)
            .exclude(pk=record.pk)
            .exclude(outcome=InboundEmail.Outcome.RECEIVED)
        )
        if earlier.exists():
            return finish(record, InboundEmail.Outcome.DUPLICATE, "already processed")
        if is_bounce_intake(message):
            return bounce_process(record=record, raw=raw, message=message, now=now)
        return _answer(record, message, now)


def _answer(record: InboundEmail, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """Act on a read mail that is no redelivery and no automatic mail
    (``bounces.bounce_process``), and answer it.

    A mail whose sender looks forged (``InboundMessage.forged``, the verdict
    of the server that took it in) is neither used nor answered: acting on
    it would let anyone send commands and moves in a player's name, and an
    answer would go to someone who never wrote."""
    if message.forged:
        logger.warning("inbound mail from %s looks forged (%s): not used", redact(message.sender), message.forged)
        with transaction.atomic():
            return finish(
                record,
                InboundEmail.Outcome.FORGED,
                f"not used, not answered: the sender looks forged ({message.forged})",
            )
    again = _rate_limited(message.sender, now)
    if again is not None:
        logger.warning("inbound mail rate limit hit by %s", redact(message.sender))
        with transaction.atomic():
            _slow_down(message, record, again, now)
            return finish(record, InboundEmail.Outcome.RATE_LIMITED, "too many messages in the last hour")
    if message.token_kind == "join":
        return answer_invitation(record, message, now)
    if message.token_kind == "commands":
        return answer_command_address(record, message, now)
    if message.token_kind == SIGNUP:
        return answer_signup(record, message, now, stored_command_answer)
    handler = intake_handler(message.token_kind)
    if handler is not None:
        return answer_other(handler, record, message, now)
    message.body = _subject_command_or_body(message)
    token = ReplyToken.objects.select_related("match", "user").filter(token=message.token or "").first()
    if token is None and replies_to_a_command_mail(message):
        return answer_command_address(record, message, now)
    if token is None and (token := _token_of_answered_mail(message, now)) is not None:
        return game_reply_without_address(record, message, token, now)
    if token is None:
        with transaction.atomic():
            generic_reply(message, record, now)
            return finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "no valid reply token")
    owner = EmailAddress.objects.filter(user=token.user, email__iexact=message.sender, verified=True)
    if not owner.exists():
        logger.warning("reply token used by a different sender %s", redact(message.sender))
        with transaction.atomic():
            generic_reply(message, record, now, someone_elses=True)
            return finish(
                record, InboundEmail.Outcome.WRONG_SENDER, "sender is not this seat's player", match=token.match
            )
    if not message.has_text:
        return game_reply_without_text(record, message, token, now)
    return game_reply_play(record, message, token, now)


def _subject_command_or_body(message: InboundMessage) -> str:
    """The reply's text; for a reply with none, a command written as its
    subject ("help", "Re: resign", "say good luck", "Help with scoring",
    "Mute the chat please"), as the command address reads one; not a
    subject that merely opens with a command word ("Status update":
    ``command_words.command_of``)."""
    if message.body.strip():
        return message.body
    subject = strip_subject(message.subject)
    return subject if command_of(subject) is not None else message.body


def _token_of_answered_mail(message: InboundMessage, now: dt.datetime) -> ReplyToken | None:
    """For a reply to a game mail that carries no reply address (a
    receipt, the game-over mail), sent to the game mail's own From: the
    current position's token of the seat of the player that mail went to,
    when the reply comes from a verified address of theirs and the seat
    is theirs, also when they left a game that goes on: their commands
    ("say", "board", "mute chat") are then answered as at their reply
    address, and anything else is told they left
    (``game_replies.game_reply_without_address``).  The mail is named by
    its Message-ID, as secret as a reply token (random, seen only by its
    reader)."""
    sent = (
        OutgoingEmail.objects.select_related("match", "user")
        .filter(message_id__in=message.references, match__isnull=False, user__isnull=False)
        .order_by("-pk")
        .first()
    )
    if sent is None or sent.match is None or sent.user is None:
        return None
    if not EmailAddress.objects.filter(user=sent.user, email__iexact=message.sender, verified=True).exists():
        return None
    seat = sent.match.seats.filter(user=sent.user, index__isnull=False).first()
    if seat is None or seat.index is None:
        return None
    return reply_token_for(match=sent.match, seat_index=seat.index, user=sent.user, ply=sent.match.ply, now=now)


def _stand_in_id(message: InboundMessage) -> str:
    """The id of a mail without a (valid) Message-ID: a digest of what a
    redelivery repeats (sender, recipients, subject, date, text), not of
    the trace headers each relay adds."""
    stable = "\n".join([message.sender, ",".join(message.recipients), message.subject, message.date, message.body])
    return "sha256:" + hashlib.sha256(stable.encode("utf-8", "replace")).hexdigest()


def _unusable(
    record: InboundEmail,
    raw: bytes,
    now: dt.datetime,
    detail: str,
    envelope_sender: str | None,
    *,
    too_large: bool = False,
) -> InboundEmail:
    """A mail that could not be read or used (or, ``too_large``, was not
    read): its sender, when a person (not an automatic mail) and not over
    the hourly limit, is told so, once; nothing else changes."""
    unusable = read_unusable(raw, envelope_sender)
    sender = _text(unusable.sender, 320)
    record.message_id = record.message_id or _text(unusable.message_id, 255)
    with transaction.atomic():
        if sender and not _answered(record) and _rate_limited(sender, now) is None:
            user = account_of(sender)

            def build() -> tuple[str, list[str]]:
                if too_large:
                    paragraphs = [
                        _(
                            "Your email is too large for us: it is %(size)s MB, more than the %(limit)s MB we read, "
                            "so nothing in it was played or used."
                        )
                        % {"size": megabytes(len(raw), up=True), "limit": megabytes(MAX_MESSAGE_BYTES)},
                        _(
                            "Please send your move again as plain text, without attachments, in reply to the latest "
                            "email of your game."
                        ),
                        site_line(),
                    ]
                    return reply_subject(unusable.subject, _("Your email was too large")), paragraphs
                paragraphs = [
                    _("We received your email but could not read it, so nothing in it was used."),
                    _("Please send it again as plain text, in reply to the latest email of your game."),
                    site_line(),
                ]
                return reply_subject(unusable.subject, _("Your email could not be read")), paragraphs

            subject, paragraphs = written_for(user, unusable.languages, build)
            answer(record, to=sender, subject=subject, paragraphs=paragraphs, now=now, user=user)
        record.sender = record.sender or sender
        return finish(record, InboundEmail.Outcome.MALFORMED, detail)


def _answered(record: InboundEmail) -> bool:
    """Was an answer to ``record`` written already (before a failure)?"""
    return OutgoingEmail.objects.filter(dedupe_key__endswith=answer_key("", record.pk)).exists()
