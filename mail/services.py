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
4. A command (``commands``) is answered; otherwise the moves at the top of
   the reply (``reply_text``) go to the move write path, idempotent by
   Message-ID and body, and the lines below them become a chat message
   to the other players (``games.services.chat``); a refused move gets an
   explanation by email.  Plain lines from a player who is not to move
   are chat; from one who left the game they are answered, not posted
   (``say`` posts, as the game page's chat form does).
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
from core.name_lists import names_text
from games.engine import EngineError, get_rules
from games.i18n import error_text
from games.models import CHAT_MAX_LENGTH, Match, MoveRecord
from games.services import (
    Conflict,
    GameActionError,
    move_submit,
)
from games.services.chat import chat_post, chat_text_clean

from .addresses import chat_below_key, email_move_key
from .answers import answer, in_language, mark_as_answer, reply_subject, site_line, written_for
from .bounces import bounce_process, is_bounce_intake
from .command_address import answer_command_address
from .command_list import command_list
from .commands import Command, bare, command_below_moves, command_of, has_left, own_words, unknown_word
from .commands import run as run_command
from .inbound import InboundMessage, MalformedEmail, parse_inbound, read_unusable, strip_subject
from .intake_common import account_of, finish, generic_reply
from .intake_kinds import intake_handler
from .invitation_replies import answer_invitation, answer_other
from .models import InboundEmail, OutgoingEmail, ReplyToken
from .outbox import notify_rejection, reply_token_for
from .positions import listed_turns, same_choices, state_at
from .reply_text import Reply, copied_option, greeting, named_choice, read_reply

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
    (``bounces.bounce_process``), and answer it."""
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
    handler = intake_handler(message.token_kind)
    if handler is not None:
        return answer_other(handler, record, message, now)
    message.body = _subject_command_or_body(message)
    token = ReplyToken.objects.select_related("match", "user").filter(token=message.token or "").first()
    if token is None and (token := _token_of_answered_mail(message, now)) is not None:
        return _reply_without_address(record, message, token, now)
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
        return _no_text(record, message, token, now)
    return _play(record, message, token, now)


def _no_text(record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime) -> InboundEmail:
    """A reply from the seat's player with no text part to read (a photo
    alone, a mail encrypted or signed as a whole): nothing is played or
    posted, and they are told why, not that its first line is no move."""
    with in_language(token.user):
        detail = " ".join(
            [
                _(
                    "We found no text to read in your email: it holds only attachments, or it is encrypted or "
                    "signed as a whole, so nothing was played or passed on."
                ),
                _("Write your move (or a command) as plain text on the first line of your reply."),
            ]
        )
    with transaction.atomic():
        _tell_rejection(token, message, detail, record, now)
        return finish(record, InboundEmail.Outcome.REJECTED, detail, match=token.match, user=token.user)


def _subject_command_or_body(message: InboundMessage) -> str:
    """The reply's text; for a reply with none, a command written as its
    subject ("help", "Re: resign", "say good luck", "Help with scoring"),
    as the command address reads one: a command and nothing else
    (``bare``), ``say`` or ``help``; not a subject that merely opens with
    another command word ("Status update", "Mute the chat please")."""
    if message.body.strip():
        return message.body
    subject = strip_subject(message.subject)
    command = command_of(subject)
    return subject if command is not None and (command.name in {"say", "help"} or bare(command)) else message.body


def _token_of_answered_mail(message: InboundMessage, now: dt.datetime) -> ReplyToken | None:
    """For a reply to a game mail that carries no reply address (a
    receipt, the game-over mail), sent to the game mail's own From: the
    current position's token of the seat of the player that mail went to,
    when the reply comes from a verified address of theirs and they still
    hold that seat (or held it, once the game is over).  The mail is named by its Message-ID, as secret as a
    reply token (random, seen only by its reader)."""
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
    if seat.departed and not sent.match.is_finished:
        return None  # left a running game; once it is over, they may still ask for a rematch
    return reply_token_for(match=sent.match, seat_index=seat.index, user=sent.user, ply=sent.match.ply, now=now)


def _reply_without_address(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime
) -> InboundEmail:
    """A reply to a game mail that asked for no move: a command, or a chat
    line from a player who is not to move; never a move (that goes to the
    latest "your move" mail, as the generic answer says)."""
    command = command_of(message.body)
    if command is not None:
        _above, below = _commands_above(command)
        if not (_to_move(token) and _holds_moves(token, below)):
            return _command(record, message, token, command, now)
        return _move_to_wrong_mail(record, message, token, now, body=below)  # nothing is done
    if has_left(token):
        return _reply_after_leaving(record, message, token, now)
    said = _waiting_chat(token, message.body)
    if said:
        return _chat_only(record, message, token, said, now)
    if _to_move(token):
        return _move_to_wrong_mail(record, message, token, now)
    if _waits(token):  # a move from a player who is not to move
        with in_language(token.user):
            detail = _not_your_turn(token)
        with transaction.atomic():
            _tell_rejection(token, message, detail, record, now)
            return finish(record, InboundEmail.Outcome.REJECTED, detail, match=token.match, user=token.user)
    with transaction.atomic():
        generic_reply(message, record, now)
        return finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "no move expected in the mail answered")


def _move_to_wrong_mail(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime, *, body: str | None = None
) -> InboundEmail:
    """A reply to a mail that asked for no move, from a player who is to
    move: nothing is played; they get the position with a fresh reply
    address, told where moves go, and the lines below the move (or the
    whole text, when it holds none) are posted as chat.  ``body`` is the
    text from the move down (below any commands), the whole reply if not
    given."""
    try:
        reading = _reading(token, message.body if body is None else body)
    except EngineError:  # a move that cannot be played: the text is no chat
        reading = None
    said = own_words(token, reading.message) if reading is not None and reading.message.strip() else ""
    with in_language(token.user):
        detail = _(
            "The email you answered asks for no move, so nothing was played. Send your moves in reply to "
            'the latest "your move" email, or to this one: here is the current position.'
        )
        if said.strip():
            detail += " " + _("The other lines of your reply were sent to the other players.")
    with transaction.atomic():
        if said.strip():
            _chat(token, said, now)
        _tell_rejection(token, message, detail, record, now)
        # Recorded as the mail answered names no move (as for a waiting
        # player), though the answer is a refusal's.
        return finish(
            record,
            InboundEmail.Outcome.UNKNOWN_TOKEN,
            detail,
            match=token.match,
            user=token.user,
            message_to_players=said[:2000],
        )


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
    return OutgoingEmail.objects.filter(dedupe_key__endswith=f":inbound:{record.pk}").exists()


def _play(record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime) -> InboundEmail:
    """The reply contract (``reply_text``): the moves at the top are played
    as one submission, the text below them is posted as chat to the other
    players (and kept on the record); a reply without a move is refused
    with the position, unless its sender is not to move: then it is chat,
    also on the address of an earlier position, and a move in it is
    refused as not their turn (``_not_your_turn``)."""
    ReplyToken.objects.filter(pk=token.pk).update(uses=token.uses + 1)
    token = _carried(token, now)
    body, above = message.body, list[Command]()
    command = command_of(body)
    if command is not None:
        above, body = _commands_above(command)
        if not _holds_moves(token, body):
            return _command(record, message, token, command, now)
    if has_left(token):
        return _reply_after_leaving(record, message, token, now)
    digest = hashlib.sha256(message.body.encode()).hexdigest()[:16]
    try:
        if _waits(token) or token.match.is_finished:
            # Whichever of the game's mails it answers, a waiting player's
            # reply is chat; a move in it (an option number, a copied
            # option line) is refused saying it is not their turn, not
            # "an earlier position" or "turn already complete", which
            # leave them to guess whether it counts or was passed on.
            # Once the game is over a reply is chat too, as its end mail
            # says ("gg" to an old turn mail); a move is told it is over.
            if said := _waiting_chat(token, body):
                return _chat_only(record, message, token, said, now)
            if not token.match.is_finished:
                with in_language(token.user):
                    raise GameActionError(_not_your_turn(token), code="not_your_turn")
        reading = _reading(token, body)
        if reading is None:
            # An earlier mail of the game: words without a move are
            # answered as on the latest one, not as an earlier position.
            current = _words_now(token, body)
            if current is not None:
                with in_language(token.user):
                    raise GameActionError(_no_move(current, token.match.game), code="no_move")
        if reading is not None and not reading.moves:
            with in_language(token.user):
                raise GameActionError(_no_move(reading, token.match.game), code="no_move")
        text = "\n".join(reading.moves) if reading is not None else body or "-"
        below, rest = _commands_below(reading.message) if reading is not None else ([], "")
        below = _distinct(above + below)  # done once the moves are played, as their answers tell
        # One transaction: the move's mails, written after it commits,
        # carry the chat lines below the move; the refusal (the engine's
        # reason too) reads in the player's language.
        with transaction.atomic(), in_language(token.user):
            result = move_submit(
                match_id=token.match_id,
                user=token.user,
                ply=token.ply,
                source=MoveRecord.Source.EMAIL,
                now=now,
                text=text,
                idempotency_key=email_move_key(record.message_id, digest),
            )
            # Most replies are a move alone: no query for a chat they lack.
            said = own_words(token, rest) if rest.strip() else ""
            if said.strip() and not result.duplicate:
                key = chat_below_key(result.record.idempotency_key or "", cut=_cut(said))
                _chat(token, said, now, key=key)
            # Commands below the move act on the position it left.
            done = [
                run_command(
                    command,
                    record=record,
                    sender=message.sender,
                    subject=message.subject,
                    token=token,
                    now=now,
                    key=f"command{number}",
                )
                for number, command in enumerate(below if not result.duplicate else [])
            ]
    except (GameActionError, EngineError) as error:
        played = _played_already(token, error, digest)
        with in_language(token.user):
            detail = _refusal(token, error) if played is None else _sent_twice_text(played)
        with transaction.atomic():
            _tell_rejection(token, message, detail, record, now, played_already=played is not None)
            outcome = InboundEmail.Outcome.REJECTED if played is None else InboundEmail.Outcome.DUPLICATE
            return finish(record, outcome, detail, match=token.match, user=token.user)
    outcome = InboundEmail.Outcome.DUPLICATE if result.duplicate else InboundEmail.Outcome.ACCEPTED
    return finish(
        record,
        outcome,
        "; ".join([result.record.text, *done]),
        match=token.match,
        user=token.user,
        move=result.record,
        message_to_players=said[:2000],
    )


def _words_now(token: ReplyToken, body: str) -> Reply | None:
    """``body`` read against the position now, when the game is running
    and it holds no move, neither there nor in the position the answered
    mail was written for, and names none of a mail's lists (an option
    number, a copied option line); else ``None`` (a move sent to an
    earlier mail is refused as answering an earlier position)."""
    match = token.match
    if not match.is_active or match.state is None or _names_a_move(token, body):
        return None
    rules = get_rules(match.game)
    try:
        then = read_reply(rules, state_at(match, token.ply), token.seat_index, body, turns=listed_turns)
        reading = _reading_now(token, body)
    except EngineError:  # a move, though not one that can be played
        return None
    if then.moves or reading is None or reading.moves:
        return None
    return reading


def _carried(token: ReplyToken, now: dt.datetime) -> ReplyToken:
    """The seat's token for the position now when only other seats played
    since ``token``'s and its choices are still the ones its mail listed
    (players asked at once, as Alhambra's hand-out asks: each places into
    their own Alhambra); else ``token``.  Its reply is then read and played
    against the position now, not refused as an answer to an earlier one."""
    match = token.match
    if not match.is_active or match.state is None or match.ply <= token.ply:
        return token
    since = MoveRecord.objects.filter(match=match, ply__gt=token.ply)
    if since.filter(seat_index=token.seat_index).exists():
        return token
    rules, seat = get_rules(match.game), token.seat_index
    if not same_choices(rules, state_at(match, token.ply), rules.load(match.state), seat):
        return token
    return reply_token_for(match=match, seat_index=seat, user=token.user, ply=match.ply, now=now)


def _commands_above(command: Command) -> tuple[list[Command], str]:
    """The reply's first line's command and the command lines right below
    it (``_commands_below``), and the text after them; ``say`` takes all
    the lines below it as its message."""
    if command.name == "say":
        return [command], ""
    more, rest = _commands_below(command.rest)
    return _distinct([command, *more]), rest


def _holds_moves(token: ReplyToken, body: str) -> bool:
    """Does ``body``, the text below a reply's commands, open with a move
    (one that cannot be played included: its refusal is the answer)?  On
    the mail of an earlier position it is read against the position now,
    so that the move is refused as an answer to an earlier position
    rather than silently dropped."""
    if not body.strip():
        return False
    try:
        reading = _reading(token, body)
        # A waiting player's option number or copied option line is no
        # move of the position (none is theirs), but it is one.
        if (reading is None or not reading.moves) and _names_a_move(token, body):
            return True
        if reading is None:
            reading = _reading_now(token, body)
    except EngineError:
        return True
    return reading is not None and bool(reading.moves)


def _reading_now(token: ReplyToken, body: str) -> Reply | None:
    """``body`` read against the game's current position (``None`` when it
    has none), for the seat of ``token``."""
    match = Match.objects.get(pk=token.match_id)
    if match.state is None:
        return None
    rules = get_rules(match.game)
    return read_reply(rules, rules.load(match.state), token.seat_index, body, turns=listed_turns)


#: The most commands one mail has answered, each in an answer of its own:
#: a mail of forty command lines is not made forty mails.
_MOST_COMMANDS = 6


def _distinct(commands: list[Command]) -> list[Command]:
    """``commands`` with each one that repeats an earlier one ("help",
    "HELP", "hulp") left out, and at most ``_MOST_COMMANDS`` of them."""
    kept: list[Command] = []
    seen = set()
    for command in commands:
        key = (command.name, " ".join(command.argument.lower().split()))
        if key not in seen and len(kept) < _MOST_COMMANDS:
            seen.add(key)
            kept.append(command)
    return kept


def _commands_below(text: str) -> tuple[list[Command], str]:
    """The command lines right below a reply's moves (each a command and
    nothing else: ``command_below_moves``; ``_distinct``) and the text
    after them, which is the message to the other players."""
    commands = []
    lines = text.split("\n")
    while lines and (command := command_below_moves(lines[0])) is not None:
        commands.append(command)
        lines = lines[1:]
        while lines and not lines[0].strip():
            lines = lines[1:]
    return _distinct(commands), "\n".join(lines).strip()


def _chat(token: ReplyToken, text: str, now: dt.datetime, *, key: str | None = None) -> None:
    """The reply's lines below its move, as a chat message (a text that
    cleans to nothing is dropped: the move stands); a leading ``say``
    (``zeg``) is the command word, not part of the message.  ``key``
    (``chat_below_key``) lets the move's receipt tell it was passed on."""
    said = command_of(text)
    if said is not None and said.name == "say":
        text = "\n".join(part for part in (said.argument, said.rest) if part)
    try:
        chat_post(
            match_id=token.match_id,
            user=token.user,
            text=text,
            source=MoveRecord.Source.EMAIL,
            now=now,
            idempotency_key=key,
        )
    except GameActionError as error:
        logger.info("reply text not kept as chat: %s", error.message)


def _cut(text: str) -> bool:
    """Is ``text`` longer than a chat message may be (it is posted cut)?"""
    return len(text.strip()) > len(chat_text_clean(text)) == CHAT_MAX_LENGTH


def _left_text() -> str:
    """What a player who left a game reads about a reply to it that is no
    command, in the active language."""
    return (
        _("You have left this game: your reply was not played and not posted to the other players.")
        + " "
        + _('To write to them anyway, reply with "say" and your message on the first line.')
    )


def _reply_after_leaving(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime
) -> InboundEmail:
    """A reply that is no command from a player who left the game: neither
    a move (the engine plays their seat) nor chat (their game mails no
    longer say a reply reaches the table; ``say`` does, as the game
    page's chat form does); answered, with why.  A lone word is a
    command tried, answered with the command list as for a seated player."""
    lone = unknown_word(_reply_only(token, message.body))
    if lone is not None:
        with transaction.atomic():
            detail = run_command(
                lone, record=record, sender=message.sender, subject=message.subject, token=token, now=now
            )
            return finish(record, InboundEmail.Outcome.COMMAND, detail, match=token.match, user=token.user)
    with in_language(token.user):
        detail = _left_text()
        subject = reply_subject(message.subject, _("Your reply could not be used"))
    with transaction.atomic():
        answer(
            record,
            to=message.sender,
            subject=subject,
            paragraphs=[detail],
            now=now,
            user=token.user,
            match=token.match,
            kind=OutgoingEmail.Kind.REJECTED,
        )
        return finish(record, InboundEmail.Outcome.REJECTED, detail, match=token.match, user=token.user)


def _reply_only(token: ReplyToken, body: str) -> str:
    """``body`` without the quoted mail below it, as the reply reader
    takes it (read against the position now, for the token's seat)."""
    try:
        reading = _reading_now(token, body)
    except EngineError:
        return body
    return body if reading is None else reading.message


def _to_move(token: ReplyToken) -> bool:
    """Is the token's seat to move in the position it was sent for?"""
    match = Match.objects.get(pk=token.match_id)
    rules = get_rules(match.game)
    return match.state is not None and token.seat_index in rules.to_move(rules.load(match.state))


def _waiting_in(token: ReplyToken):
    """``(match, rules, state now)`` when the token's player still holds
    the seat and is not to move in the current position, else ``None``."""
    match = Match.objects.get(pk=token.match_id)
    if match.state is None:
        return None
    if not match.seats.filter(index=token.seat_index, user_id=token.user_id, departed="").exists():
        return None
    rules = get_rules(match.game)
    state = rules.load(match.state)
    return None if token.seat_index in rules.to_move(state) else (match, rules, state)


def _waits(token: ReplyToken) -> bool:
    """Is the token's player seated in the running game and not to move in
    its position now (waiting for the others)?"""
    waiting = _waiting_in(token)
    return waiting is not None and waiting[0].is_active


def _not_your_turn(token: ReplyToken) -> str:
    """What a waiting player who replied with a move reads (active language):
    whose turn it is, that nothing was played and nothing passed on (the
    reply is used whole or not at all), and how to write to the others."""
    match = Match.objects.get(pk=token.match_id)
    rules = get_rules(match.game)
    movers = rules.to_move(rules.load(match.state)) if match.state is not None else frozenset()
    seats = match.seats.select_related("user").order_by("index")
    names = names_text(seat.user for seat in seats if seat.index in movers and seat.user is not None)
    return " ".join(
        [
            _("It is not your turn now (to move: %(movers)s), so nothing was played.") % {"movers": names or "-"},
            _("Your reply was not passed on to the other players either."),
            _("You will get an email when it is your move."),
            _('To write to the others meanwhile, reply "say" and your message.'),
        ]
    )


def _chat_only(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, text: str, now: dt.datetime
) -> InboundEmail:
    """Plain lines from a player who is not to move (no move is expected of
    them): a chat message, answered like ``say``; in a running game a lone
    word is a command they tried, answered with the command list."""
    lone = unknown_word(text) if token.match.is_active else None
    with transaction.atomic():
        detail = run_command(
            lone or Command("say", "", text),
            record=record,
            sender=message.sender,
            subject=message.subject,
            token=token,
            now=now,
        )
        return finish(record, InboundEmail.Outcome.COMMAND, detail, match=token.match, user=token.user)


def _command(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, command: Command, now: dt.datetime
) -> InboundEmail:
    """A command on the reply's first line, and each command line right
    below it, answered (``commands``), each in an answer of its own."""
    with transaction.atomic():
        done = [
            run_command(
                each,
                record=record,
                sender=message.sender,
                subject=message.subject,
                token=token,
                now=now,
                key=f"command{number}" if number else "answer",
            )
            for number, each in enumerate(_commands_above(command)[0])
        ]
        return finish(record, InboundEmail.Outcome.COMMAND, "; ".join(done), match=token.match, user=token.user)


def _waiting_chat(token: ReplyToken, body: str) -> str:
    """The text of a reply that holds no move, read against the current
    position, from the token's player while they wait (are not to move
    now; the seat still theirs): chat, whichever of the game's mails it
    answers.  "" otherwise: a move from a waiting player (an option
    number, a copied option line) is refused as not their turn."""
    waiting = _waiting_in(token)
    if waiting is None:
        return ""
    _match, rules, state = waiting
    try:
        reading = read_reply(rules, state, token.seat_index, body, turns=listed_turns)
    except EngineError:  # a move that cannot be played now
        return ""
    if reading.moves or _names_a_move(token, reading.message):
        return ""
    return reading.message


def _names_a_move(token: ReplyToken, text: str) -> bool:
    """Does ``text`` open with a line that names a move of a mail's list (a
    whole turn's letter, an option number, in polite words or not, or an
    option line copied from the list: ``_copied``), below a greeting line
    or not?  Such a line, sent while waiting, is a move: refused, never
    chat."""
    lines = [line for line in text.split("\n") if line.strip()]
    # The reader passes over a greeting above the move ("Hi,\n\nB").
    if len(lines) > 1 and greeting(lines[0]):
        lines = lines[1:]
    first = lines[0] if lines else ""
    return named_choice(first) is not None or _copied(token, first)


def _copied(token: ReplyToken, line: str) -> bool:
    """Is ``line`` an option line copied from the player's game mails
    ("2. wheat field D4")?  Shaped so, and a line of one of those mails or
    a move of the game in the position the answered mail was written for;
    a numbered line of the player's own ("1. I think ...") is neither."""
    copied = copied_option(line)
    if copied is None:
        return False
    if not own_words(token, line).strip():
        return True
    match = token.match
    rules = get_rules(match.game)
    try:
        rules.parse_move(state_at(match, token.ply), token.seat_index, copied[1])
    except EngineError:
        return False
    return True


def _reading(token: ReplyToken, body: str) -> Reply | None:
    """The reply read against the position it answers; ``None`` when the
    game is no longer at that position (``move_submit`` then explains).
    The match is the one read with the token: a move committed since is
    caught by ``move_submit``'s ply check, under the match's lock."""
    match = token.match
    if not match.is_active or match.ply != token.ply or match.state is None:
        return None
    rules = get_rules(match.game)
    return read_reply(rules, rules.load(match.state), token.seat_index, body, turns=listed_turns)


def _played_already(token: ReplyToken, error: GameActionError | EngineError, digest: str) -> MoveRecord | None:
    """The move this seat mailed from the answered mail's position, when
    the refused reply repeats that mail word for word (``digest``, as in
    its ``email_move_key``): a mail app that sent one reply twice, as two
    messages (two Message-IDs, so no duplicate by its id).  ``None`` for
    any other refusal; a query only for a reply to an earlier position."""
    if not (isinstance(error, Conflict) and error.code == "stale_ply"):
        return None
    played = MoveRecord.objects.filter(
        match_id=token.match_id, ply=token.ply + 1, seat_index=token.seat_index, source=MoveRecord.Source.EMAIL
    ).first()
    return played if played is not None and (played.idempotency_key or "").endswith(f":{digest}") else None


def _sent_twice_text(played: MoveRecord) -> str:
    """The answer to a reply that repeats the move ``played``, in the active language."""
    return _(
        'This reply came twice: its move "%(move)s" was played once, from the first copy; nothing more was done. '
        "Here is the current position."
    ) % {"move": "; ".join(played.text.splitlines())[:200]}


def _refusal(token: ReplyToken, error: GameActionError | EngineError) -> str:
    """Why the reply's move was refused, in the active language (a service's
    own message was written in it already).  A player who left a running
    game is told so, not that the game moved on (no newer mail will take
    their move)."""
    match = token.match
    if match.is_active and has_left(token):  # left since the reply was read
        return _left_text()
    if isinstance(error, EngineError):
        return error_text(match.game, error)
    if isinstance(error, Conflict) and error.code == "stale_ply":
        return _("This email answers an earlier position; the game has moved on since. Here is the current position.")
    return str(error.message)


def _no_move(reading: Reply, game: str) -> str:
    """Why a reply without a move was refused, in the active language."""
    if not reading.message:
        said = _("Your reply had no move: write your move (or an option number) on the first line.")
    else:
        said = _('Your reply had no move: its first line, "%(line)s", is not a move.') % {
            "line": reading.message.splitlines()[0][:80]
        }
        if reading.stop_error:
            # The engine's reason is sentences of their own ("Unknown card
            # 'x'. Cards: ..."): they follow, not in brackets mid-sentence.
            said += " " + error_text(game, reading.stop_error)
        said += " " + _("Write your move (or an option number) on the first line.")
        # The mail says words after the moves reach the others; with no move
        # nothing did, and a player who only meant to write must know it.
        said += " " + _(
            "Your words were not passed on to the others: "
            'to write to them without moving, reply "say" and your message.'
        )
    return f"{said}\n\n{command_list()}"


def _tell_rejection(
    token: ReplyToken,
    message: InboundMessage,
    detail: str,
    record: InboundEmail,
    now: dt.datetime,
    *,
    played_already: bool = False,
) -> None:
    """The refused move's answer: the position with a fresh reply address,
    or, where there is no position to show the sender (the seat changed
    hands), a plain answer with the reason.  ``played_already``: the reply
    repeated a move already played (``notify_rejection``)."""
    # FOR NO KEY UPDATE, as ``match_lock``: a plain FOR UPDATE also waits for
    # the key-share locks of rows inserted for this match (reply tokens), and
    # twenty refusals at once deadlocked on them.
    match = Match.objects.select_for_update(no_key=True).get(pk=token.match_id)
    seats = list(match.seats.select_related("user").order_by("index"))
    seat = next((s for s in seats if s.index == token.seat_index), None)
    if match.state is not None and seat is not None and seat.user_id == token.user_id:
        state = get_rules(match.game).load(match.state)
        with in_language(token.user):
            nothing = _("(nothing)")
        mark_as_answer(
            notify_rejection(
                match=match,
                seat=seat,
                seats=seats,
                state=state,
                error=detail,
                attempted=message.body[:200] or nothing,
                source_id=f"inbound:{record.pk}",
                now=now,
                played_already=played_already,
            ),
            record,
        )
        return
    with in_language(token.user):
        paragraphs = [_("Your reply could not be used. %(why)s") % {"why": detail}, site_line()]
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
