"""``inbound_email_process``: the one service every mail intake calls.

1. Store the message as received (for staff to inspect).
2. Ignore malformed mail, redeliveries (same Message-ID and body) and
   automatic mail (out-of-office, bounces, lists); rate-limit each sender
   (one "slow down" notice an hour).
3. Check the reply token and that the sender is that seat's player (a
   verified address of theirs); anyone else learns only how to link an
   address.
4. A command (``commands``) is answered; otherwise the moves at the top of
   the reply (``reply_text``) go to the move write path, idempotent by
   Message-ID and body; a refused move gets an explanation by email.

Every human mail gets exactly one answer (``answers``); an accepted move's
answer is its receipt, written with the move's other mails.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re
import zoneinfo

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import EngineError, get_rules
from games.models import Match, MoveRecord, Seat
from games.services import (
    Conflict,
    GameActionError,
    invitation_accept,
    invitation_decline,
    move_submit,
)
from games.services.chat import chat_post

from .answers import answer, in_language, mark_as_answer, reply_subject, site_line
from .commands import command_list, command_of
from .commands import run as run_command
from .inbound import InboundMessage, MalformedEmail, parse_inbound
from .intake_kinds import intake_handler
from .invitees import address_is_taken, email_only_account_create
from .models import InboundEmail, OutgoingEmail, ReplyToken
from .outbox import notify_rejection
from .reply_text import Reply, read_reply

logger = logging.getLogger(__name__)
MAX_RAW = 256 * 1024


def _text(value: str, limit: int) -> str:
    """Text safe for any database column: NUL bytes (which PostgreSQL text
    refuses) replaced, and cut at ``limit`` characters."""
    return value.replace("\x00", "\ufffd")[:limit]


def redact(address: str) -> str:
    """An address fit for logs: ``j***@example.com``."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}" if domain else "***"


def _rate_limited(sender: str, now: dt.datetime) -> dt.datetime | None:
    """When the sender has sent more than ``INBOUND_MAIL_PER_HOUR`` mails in
    the last hour (every mail counts, whatever it was for): the time at
    which they may write again; else ``None``."""
    limit = getattr(settings, "INBOUND_MAIL_PER_HOUR", 60)
    recent = InboundEmail.objects.filter(sender=sender, received_at__gt=now - dt.timedelta(hours=1))
    times = list(recent.order_by("-received_at").values_list("received_at", flat=True)[: limit + 1])
    if len(times) <= limit:
        return None
    return times[-1] + dt.timedelta(hours=1)


def _finish(record: InboundEmail, outcome: str, detail: str = "", **fields) -> InboundEmail:
    record.outcome = outcome
    record.detail = detail
    for key, value in fields.items():
        setattr(record, key, value)
    record.save()
    return record


def _account_of(address: str):
    """The user whose verified address this is, else ``None``."""
    found = EmailAddress.objects.select_related("user").filter(email__iexact=address, verified=True).first()
    return found.user if found else None


def _slow_down(message: InboundMessage, record: InboundEmail, again: dt.datetime, now: dt.datetime) -> None:
    """One "slow down" notice per sender per hour; quiet after that."""
    recent = OutgoingEmail.objects.filter(
        to=message.sender, dedupe_key__startswith="slowdown:", created_at__gt=now - dt.timedelta(hours=1)
    )
    if recent.exists():
        return
    user = _account_of(message.sender)
    with in_language(user):
        when = timezone.localtime(again, _zone(user)).strftime("%H:%M")
        paragraphs = [
            _(
                "You sent us more than %(limit)s emails in the last hour, so we did not read this one "
                "(a move in it was not played)."
            )
            % {"limit": settings.INBOUND_MAIL_PER_HOUR},
            _("Please slow down and try again after %(time)s.") % {"time": when},
            site_line(),
        ]
        subject = reply_subject(message.subject, _("Too many emails"))
    answer(record, to=message.sender, subject=subject, paragraphs=paragraphs, now=now, user=user, key="slowdown")


def _zone(user):
    name = getattr(user, "time_zone", "") or settings.TIME_ZONE
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def _generic_reply(message: InboundMessage, record: InboundEmail, now: dt.datetime) -> None:
    """The answer to a mail we cannot use.  An address of an account learns
    how moves are sent; any other address learns that it is not linked to
    an account and how to link it; neither learns anything about a game."""
    user = _account_of(message.sender)
    with in_language(user):
        if user is not None:
            paragraphs = [
                _("We received your email but could not match it to a move you can make."),
                _(
                    'Moves must be sent as a reply to the latest "your move" email of a game, from the '
                    "address of your %(site)s account. Your games: %(url)s"
                )
                % {"site": settings.SITE_NAME, "url": settings.SITE_URL + "/games/"},
            ]
        else:
            paragraphs = [
                _(
                    "We received your email, but this address is not linked to a %(site)s account, so we "
                    "could not use it."
                )
                % {"site": settings.SITE_NAME},
                _(
                    "To play by email from this address, sign in at %(url)s and add it to your account "
                    "(Account, Email addresses); once you have confirmed it, replies from it are read."
                )
                % {"url": settings.SITE_URL + "/accounts/email/"},
            ]
        subject = reply_subject(message.subject, _("Your email could not be used"))
    answer(record, to=message.sender, subject=subject, paragraphs=paragraphs, now=now, user=user)


def inbound_email_process(
    *, raw: bytes, source: str, now: dt.datetime, envelope_recipients: list[str] | None = None
) -> InboundEmail:
    """Process one incoming message; returns its stored record with the outcome.

    Never raises for bad input: every problem becomes an outcome (and, where
    a player can be told safely, a reply).
    """
    record = InboundEmail.objects.create(
        received_at=now, source=source, raw=_text(raw[:MAX_RAW].decode("utf-8", "replace"), MAX_RAW)
    )
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
    # A redelivery repeats the body too; a different body under a reused
    # Message-ID is a new mail.
    earlier = (
        InboundEmail.objects.filter(message_id=record.message_id, body=record.body)
        .exclude(pk=record.pk)
        .exclude(outcome=InboundEmail.Outcome.RECEIVED)
    )
    if earlier.exists():
        return _finish(record, InboundEmail.Outcome.DUPLICATE, "already processed")
    if message.is_automatic:
        logger.info("ignored automatic mail from %s: %s", redact(message.sender), message.automatic_reason)
        return _finish(record, InboundEmail.Outcome.AUTO_REPLY, message.automatic_reason)
    again = _rate_limited(message.sender, now)
    if again is not None:
        logger.warning("inbound mail rate limit hit by %s", redact(message.sender))
        with transaction.atomic():
            _slow_down(message, record, again, now)
            return _finish(record, InboundEmail.Outcome.RATE_LIMITED, "too many messages in the last hour")
    if message.token_kind == "join":
        return _answer_invitation(record, message, now)
    handler = intake_handler(message.token_kind)
    if handler is not None:
        return _answer_other(handler, record, message, now)
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
            return _finish(
                record, InboundEmail.Outcome.WRONG_SENDER, "sender is not this seat's player", match=token.match
            )
    return _play(record, message, token, now)


_YES = re.compile(r"^\s*(accept|accepteer|aanvaard|yes|ja|join|ok|play|speel)\b", re.IGNORECASE)
_NO = re.compile(r"^\s*(decline|weiger|no|nee|reject)\b", re.IGNORECASE)


def _answer_invitation(record: InboundEmail, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """A reply to an invitation: "accept" takes the seat, "decline" frees it
    (and the game's creator is told, ``lifecycle_mail.on_declined``).  The
    sender must own a verified address: the invited player's, or for an
    invitation by email address, that address.  An invitation to an
    address without an account is accepted by a reply from it: the reply
    verifies the address, and an email-only account (no password) is
    created for it (``invitees.email_only_account_create``)."""
    seat = Seat.objects.select_related("match", "invited_user").filter(invitation_token=message.token or "").first()
    address = EmailAddress.objects.select_related("user").filter(email__iexact=message.sender, verified=True).first()
    user = address.user if address is not None else None
    by_address = seat is not None and not seat.invited_user_id and seat.invited_email.lower() == message.sender.lower()
    stranger = user is None and by_address and not address_is_taken(message.sender)
    allowed = seat is not None and ((user is not None and (seat.invited_user_id == user.pk or by_address)) or stranger)
    if not allowed or seat is None:
        with transaction.atomic():
            _generic_reply(message, record, now)
            return _finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "no valid invitation for this sender")
    first_line = next((line for line in message.body.splitlines() if line.strip()), "")
    if not _YES.match(first_line) and not _NO.match(first_line):
        with transaction.atomic():
            with in_language(user):
                paragraphs = [
                    _('To answer this invitation, reply with "accept" or "decline" on the first line.'),
                    site_line(),
                ]
                subject = reply_subject(message.subject, _("Your answer to the invitation"))
            answer(
                record,
                to=message.sender,
                subject=subject,
                paragraphs=paragraphs,
                now=now,
                user=user,
                match=seat.match,
                kind=OutgoingEmail.Kind.INVITATION,
            )
            return _finish(
                record, InboundEmail.Outcome.REJECTED, "reply 'accept' or 'decline'", match=seat.match, user=user
            )
    accepting = bool(_YES.match(first_line))
    known = user  # the sender's account before this reply (a new one may roll back)
    try:
        with transaction.atomic():
            created = False
            if accepting and user is None:
                user, created = email_only_account_create(address=message.sender, now=now), True
            if accepting:
                match = invitation_accept(token=message.token or "", user=user, now=now)
            else:
                match = invitation_decline(token=message.token or "", user=user, now=now)
            _invitation_answered(record, message, match, user, accepting=accepting, created=created, now=now)
    except (GameActionError, IntegrityError) as error:
        # IntegrityError: a second reply made the same account at the same time.
        why = error.message if isinstance(error, GameActionError) else _("Please try again.")
        with transaction.atomic():
            with in_language(known):
                paragraphs = [_("Your answer could not be used: %(why)s") % {"why": why}, site_line()]
                subject = reply_subject(message.subject, _("Your answer to the invitation"))
            answer(record, to=message.sender, subject=subject, paragraphs=paragraphs, now=now, user=known)
            return _finish(record, InboundEmail.Outcome.REJECTED, why, match=seat.match, user=known)
    verb = "accepted" if accepting else "declined"
    return _finish(record, InboundEmail.Outcome.ACCEPTED, f"invitation {verb}", match=seat.match, user=user)


def _invitation_answered(record, message, match, user, *, accepting: bool, created: bool, now) -> None:
    """The answer to an invitation reply.  A game that started with it
    needs none (its "game started" mail is the answer); otherwise the
    sender learns what happened, and a new email-only player how they
    play."""
    if accepting and match.status == Match.Status.ACTIVE and not created:
        return
    with in_language(user):
        if not accepting:
            paragraphs = [_("You declined the invitation; the game's creator has been told.")]
        elif match.status == Match.Status.ACTIVE:
            paragraphs = [_("You took your seat and the game has started: its first emails are on their way.")]
        else:
            paragraphs = [_("You took your seat; the game starts when every seat is taken, and you will get an email.")]
        if created:
            paragraphs.append(
                _(
                    "An account was made for this address, without a password: you play, chat and are rated "
                    "by replying to the game emails. Each of them carries a one-time link to sign in on the site."
                )
            )
        paragraphs.append(site_line())
        subject = reply_subject(message.subject, _("Your answer to the invitation"))
    answer(
        record,
        to=message.sender,
        subject=subject,
        paragraphs=paragraphs,
        now=now,
        user=user,
        match=match,
        kind=OutgoingEmail.Kind.INVITATION,
    )


def _answer_other(handler, record: InboundEmail, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """A reply to an address another app owns (``intake_kinds``), from a
    verified address of the account the token is for."""
    user = _account_of(message.sender)
    first_line = next((line for line in message.body.splitlines() if line.strip()), "")
    with transaction.atomic(), in_language(user):
        result = None
        if user is not None:
            result = handler(token=message.token or "", user=user, first_line=first_line, now=now)
        if result is None:
            _generic_reply(message, record, now)
            return _finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, f"no valid {message.token_kind} token")
        answer(
            record,
            to=message.sender,
            subject=reply_subject(message.subject, result.subject),
            paragraphs=[*result.paragraphs, site_line()],
            now=now,
            user=user,
            match=result.match,
            kind=OutgoingEmail.Kind.NOTICE,
        )
        return _finish(record, result.outcome, result.detail, user=user, match=result.match)


def _play(record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime) -> InboundEmail:
    """The reply contract (``reply_text``): the moves at the top are played
    as one submission, the text below them is kept as a message to the
    other players; a reply without a move is refused with the position."""
    ReplyToken.objects.filter(pk=token.pk).update(uses=token.uses + 1)
    command = command_of(message.body)
    if command is not None:
        with transaction.atomic():
            detail = run_command(
                command, record=record, sender=message.sender, subject=message.subject, token=token, now=now
            )
            return _finish(record, InboundEmail.Outcome.COMMAND, detail, match=token.match, user=token.user)
    digest = hashlib.sha256(message.body.encode()).hexdigest()[:16]
    try:
        reading = _reading(token, message.body)
        if reading is not None and not reading.moves:
            raise GameActionError(_no_move(reading), code="no_move")
        text = "\n".join(reading.moves) if reading is not None else message.body or "-"
        # One transaction: the move's mails, written after it commits,
        # carry the chat lines below the move.
        with transaction.atomic():
            result = move_submit(
                match_id=token.match_id,
                user=token.user,
                ply=token.ply,
                source=MoveRecord.Source.EMAIL,
                now=now,
                text=text,
                idempotency_key=f"email:{record.message_id}:{digest}",
            )
            if reading is not None and reading.message.strip() and not result.duplicate:
                _chat(token, reading.message, now)
    except (GameActionError, EngineError) as error:
        detail = str(getattr(error, "message", error))
        if isinstance(error, Conflict) and error.code == "stale_ply":
            detail = (
                "This email answers an earlier position; the game has moved on since. Here is the current position."
            )
        with transaction.atomic():
            _tell_rejection(token, message, detail, record, now)
            return _finish(record, InboundEmail.Outcome.REJECTED, detail, match=token.match, user=token.user)
    outcome = InboundEmail.Outcome.DUPLICATE if result.duplicate else InboundEmail.Outcome.ACCEPTED
    return _finish(
        record,
        outcome,
        result.record.text,
        match=token.match,
        user=token.user,
        move=result.record,
        message_to_players=reading.message[:2000] if reading is not None else "",
    )


def _chat(token: ReplyToken, text: str, now: dt.datetime) -> None:
    """The reply's lines below its move, as a chat message (a text that
    cleans to nothing is dropped: the move stands)."""
    try:
        chat_post(match_id=token.match_id, user=token.user, text=text, source=MoveRecord.Source.EMAIL, now=now)
    except GameActionError as error:
        logger.info("reply text not kept as chat: %s", error.message)


def _reading(token: ReplyToken, body: str) -> Reply | None:
    """The reply read against the position it answers; ``None`` when the
    game is no longer at that position (``move_submit`` then explains)."""
    match = Match.objects.get(pk=token.match_id)
    if not match.is_active or match.ply != token.ply or match.state is None:
        return None
    rules = get_rules(match.game)
    return read_reply(rules, rules.load(match.state), token.seat_index, body)


def _no_move(reading: Reply) -> str:
    if not reading.message:
        said = _("Your reply had no move: write your move (or an option number) on the first line.")
    else:
        said = _(
            'Your reply had no move: its first line, "%(line)s", is not a move (%(reason)s). '
            "Write your move (or an option number) on the first line."
        ) % {"line": reading.message.splitlines()[0][:80], "reason": reading.stop_reason}
    return f"{said}\n\n{command_list()}"


def _tell_rejection(
    token: ReplyToken, message: InboundMessage, detail: str, record: InboundEmail, now: dt.datetime
) -> None:
    """The refused move's answer: the position with a fresh reply address,
    or, where there is no position to show the sender (the seat changed
    hands), a plain answer with the reason."""
    match = Match.objects.select_for_update().get(pk=token.match_id)
    seats = list(match.seats.select_related("user").order_by("index"))
    seat = next((s for s in seats if s.index == token.seat_index), None)
    if match.state is not None and seat is not None and seat.user_id == token.user_id:
        state = get_rules(match.game).load(match.state)
        mark_as_answer(
            notify_rejection(
                match=match,
                seat=seat,
                seats=seats,
                state=state,
                error=detail,
                attempted=message.body[:200] or "(nothing)",
                source_id=f"inbound:{record.pk}",
                now=now,
            ),
            record,
        )
        return
    with in_language(token.user):
        paragraphs = [_("Your reply could not be used: %(why)s") % {"why": detail}, site_line()]
        subject = reply_subject(message.subject, _("Your reply could not be used"))
    answer(
        record,
        to=message.sender,
        subject=subject,
        paragraphs=paragraphs,
        now=now,
        user=token.user,
        match=match,
        kind=OutgoingEmail.Kind.REJECTED,
    )
