"""A reply from a seat's player to one of the game's mails (step 4 of the
intake, ``services``): commands are answered; otherwise the moves at the
top of the reply (``reply_text``) go to the move write path, idempotent
by Message-ID and body, and the lines below them become a chat message to
the other players (``games.services.chat``); a refused move gets an
explanation by email (``reply_refusals``).  Plain lines from a player who
is not to move are chat; from one who left the game they are answered,
not posted (``say`` posts, as the game page's chat form does).

Each ``game_reply_*`` expects the sender checked as the seat's player and
returns the mail's record with its outcome (``intake_common.finish``)."""

from __future__ import annotations

import datetime as dt
import hashlib
import logging

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import EngineError
from games.models import CHAT_MAX_LENGTH, MoveRecord
from games.services import Conflict, GameActionError, move_submit
from games.services.chat import chat_post, chat_text_clean

from .addresses import chat_below_key, email_move_key
from .answers import answer, in_language, reply_subject
from .command_words import Command, command_below_moves, command_of, unknown_word
from .commands import confirmed_resignation, has_left, own_words
from .commands import run as run_command
from .inbound import InboundMessage
from .intake_common import finish, generic_reply
from .models import InboundEmail, OutgoingEmail, ReplyToken
from .reply_cleaning import only_sign_off
from .reply_reading import (
    carried,
    holds_moves,
    is_to_move,
    read_answered,
    reply_only,
    waiting_chat,
    waits,
    words_now,
)
from .reply_refusals import left_text, no_move_text, not_your_turn_text, refusal_text, rejection_tell, sent_twice_text

logger = logging.getLogger(__name__)


#: How much of the message below an emailed move its record keeps (the
#: chat line passed on is cut at ``CHAT_MAX_LENGTH``; staff and the
#: player's export see what was written, without control characters).
MESSAGE_KEPT = 2000


def game_reply_without_text(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime
) -> InboundEmail:
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
        rejection_tell(token, message, detail, record, now)
        return finish(record, InboundEmail.Outcome.REJECTED, detail, match=token.match, user=token.user)


def game_reply_without_address(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime
) -> InboundEmail:
    """A reply to a game mail that asked for no move: a command, or a chat
    line from a player who is not to move; never a move (that goes to the
    latest "your move" mail, as the generic answer says).  A reply with no
    text to read is told so, as at a reply address: "not your turn" would
    say a move was read."""
    if not message.has_text:
        return game_reply_without_text(record, message, token, now)
    command = command_of(message.body)
    if command is not None:
        _above, below = _commands_above(command)
        if not (is_to_move(token) and holds_moves(token, below)):
            return _command(record, message, token, command, now)
        return _move_to_wrong_mail(record, message, token, now, body=below)  # nothing is done
    if has_left(token):
        return _reply_after_leaving(record, message, token, now)
    said = waiting_chat(token, message.body)
    if said:
        return _chat_only(record, message, token, said, now)
    if is_to_move(token):
        return _move_to_wrong_mail(record, message, token, now)
    if waits(token):  # a move from a player who is not to move
        with in_language(token.user):
            detail = not_your_turn_text(token)
        with transaction.atomic():
            rejection_tell(token, message, detail, record, now)
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
        reading = read_answered(token, message.body if body is None else body)
    except EngineError:  # a move that cannot be played: the text is no chat
        reading = None
    said = own_words(token, reading.message) if reading is not None and reading.message.strip() else ""
    with in_language(token.user):
        detail = _(
            "The email you answered asks for no move, so nothing was played. Send your moves in reply to "
            'the latest "your move" email, or to this one: here is the current position.'
        )
        if said.strip():
            detail += " " + ngettext(
                "The other lines of your reply were sent to your opponent.",
                "The other lines of your reply were sent to the other players.",
                token.match.opponent_count,
            )
    with transaction.atomic():
        if said.strip():
            _chat(token, said, now)
        rejection_tell(token, message, detail, record, now)
        # Recorded as the mail answered names no move (as for a waiting
        # player), though the answer is a refusal's.
        return finish(
            record,
            InboundEmail.Outcome.UNKNOWN_TOKEN,
            detail,
            match=token.match,
            user=token.user,
            message_to_players=chat_text_clean(said, MESSAGE_KEPT),
        )


def game_reply_play(record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime) -> InboundEmail:
    """The reply contract (``reply_text``): the moves at the top are played
    as one submission, the text below them is posted as chat to the other
    players (and kept on the record); a reply without a move is refused
    with the position, unless its sender is not to move: then it is chat,
    also on the address of an earlier position, and a move in it is
    refused as not their turn (``not_your_turn_text``)."""
    ReplyToken.objects.filter(pk=token.pk).update(uses=token.uses + 1)
    token = carried(token, now)
    body, above = message.body, list[Command]()
    command = command_of(body) or confirmed_resignation(token, body, message)
    if command is not None:
        above, body = _commands_above(command)
        if not holds_moves(token, body):
            return _command(record, message, token, command, now)
    if has_left(token):
        return _reply_after_leaving(record, message, token, now)
    digest = hashlib.sha256(message.body.encode()).hexdigest()[:16]
    try:
        if waits(token) or token.match.is_finished:
            # Whichever of the game's mails it answers, a waiting player's
            # reply is chat; a move in it (an option number, a copied
            # option line) is refused saying it is not their turn, not
            # "an earlier position" or "turn already complete", which
            # leave them to guess whether it counts or was passed on.
            # Once the game is over a reply is chat too, as its end mail
            # says ("gg" to an old turn mail); a move is told it is over.
            if said := waiting_chat(token, body):
                return _chat_only(record, message, token, said, now)
            if not token.match.is_finished:
                with in_language(token.user):
                    raise GameActionError(not_your_turn_text(token), code="not_your_turn")
        reading = read_answered(token, body)
        if reading is None:
            # An earlier mail of the game: words without a move are
            # answered as on the latest one, not as an earlier position.
            current = words_now(token, body)
            if current is not None:
                with in_language(token.user):
                    raise GameActionError(no_move_text(current, token.match), code="no_move")
        if reading is not None and not reading.moves:
            with in_language(token.user):
                raise GameActionError(no_move_text(reading, token.match), code="no_move")
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
                not_played=reading.unplayed if reading is not None else None,
            )
            # Most replies are a move alone: no query for a chat they lack.
            said = own_words(token, rest) if rest.strip() else ""
            if said.strip() and only_sign_off(said, token.user.display_name):
                said = ""  # "Groetjes,\nBob" signs the move; it says nothing to the others
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
            detail = refusal_text(token, error) if played is None else sent_twice_text(played)
        with transaction.atomic():
            rejection_tell(token, message, detail, record, now, played_already=played is not None)
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
        message_to_players=chat_text_clean(said, MESSAGE_KEPT),
    )


def _commands_above(command: Command) -> tuple[list[Command], str]:
    """The reply's first line's command and the command lines right below
    it (``_commands_below``), and the text after them; ``say`` takes all
    the lines below it as its message."""
    if command.name == "say":
        return [command], ""
    more, rest = _commands_below(command.rest)
    return _distinct([command, *more]), rest


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


def _reply_after_leaving(
    record: InboundEmail, message: InboundMessage, token: ReplyToken, now: dt.datetime
) -> InboundEmail:
    """A reply that is no command from a player who left the game: neither
    a move (the engine plays their seat) nor chat (their game mails no
    longer say a reply reaches the table; ``say`` does, as the game
    page's chat form does); answered, with why.  A lone word is a
    command tried, answered with the command list as for a seated player."""
    lone = unknown_word(reply_only(token, message.body))
    if lone is not None:
        with transaction.atomic():
            detail = run_command(
                lone, record=record, sender=message.sender, subject=message.subject, token=token, now=now
            )
            return finish(record, InboundEmail.Outcome.COMMAND, detail, match=token.match, user=token.user)
    with in_language(token.user):
        detail = left_text(token)
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
