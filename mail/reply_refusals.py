"""Why a reply to a game mail was not played, in its player's language
(``refusal_text`` and the texts for each case), and the answer carrying
it: the position with a fresh reply address, or a plain answer where
there is no position to show (``rejection_tell``)."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.name_lists import names_text
from games.engine import EngineError, Termination, get_rules
from games.i18n import error_text
from games.models import Match, MoveRecord
from games.services import (
    Conflict,
    GameActionError,
)

from .answers import answer, in_language, mark_as_answer, reply_subject, site_line
from .command_list import command_list
from .commands import has_left
from .inbound import InboundMessage
from .models import InboundEmail, OutgoingEmail, ReplyToken
from .move_mail import notify_rejection
from .reply_text import Reply


def left_text(token: ReplyToken) -> str:
    """What a player who left a game reads about a reply to it that is no
    command, in the active language: why they are out (a player whose time
    ran out did not leave: they lost on time, or were dropped from a game
    that goes on)."""
    match = token.match
    departed = match.seats.filter(index=token.seat_index, user_id=token.user_id).values_list("departed", flat=True)
    if Termination.TIMEOUT.value not in departed:
        said = ngettext(
            "You have left this game: your reply was not played and not posted to your opponent.",
            "You have left this game: your reply was not played and not posted to the other players.",
            match.opponent_count,
        )
    elif match.is_active:
        # Only a game of three or more goes on without a seat.
        said = _(
            "You were dropped from this game when your time ran out: your reply was not played "
            "and not posted to the other players."
        )
    else:
        said = ngettext(
            "You ran out of time and lost this game: your reply was not played and not posted to your opponent.",
            "You ran out of time and lost this game: your reply was not played and not posted to the other players.",
            match.opponent_count,
        )
    # The same English either way; Dutch names the one opponent.
    anyway = ngettext(
        'To write to them anyway, reply with "say" and your message on the first line.',
        'To write to them anyway, reply with "say" and your message on the first line.',
        match.opponent_count,
    )
    return said + " " + anyway


def not_your_turn_text(token: ReplyToken) -> str:
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
            ngettext(
                "Your reply was not passed on to your opponent either.",
                "Your reply was not passed on to the other players either.",
                match.opponent_count,
            ),
            _("You will get an email when it is your move."),
            ngettext(
                'To write to your opponent meanwhile, reply "say" and your message.',
                'To write to the others meanwhile, reply "say" and your message.',
                match.opponent_count,
            ),
        ]
    )


def sent_twice_text(played: MoveRecord) -> str:
    """The answer to a reply that repeats the move ``played``, in the active language."""
    return _(
        'This reply came twice: its move "%(move)s" was played once, from the first copy; nothing more was done. '
        "Here is the current position."
    ) % {"move": "; ".join(played.text.splitlines())[:200]}


def refusal_text(token: ReplyToken, error: GameActionError | EngineError) -> str:
    """Why the reply's move was refused, in the active language (a service's
    own message was written in it already).  A player who left a running
    game is told so, not that the game moved on (no newer mail will take
    their move)."""
    match = token.match
    if match.is_active and has_left(token):  # left since the reply was read
        return left_text(token)
    if isinstance(error, EngineError):
        return error_text(match.game, error)
    if isinstance(error, Conflict) and error.code == "stale_ply":
        return _("This email answers an earlier position; the game has moved on since. Here is the current position.")
    return str(error.message)


def no_move_text(reading: Reply, match: Match) -> str:
    """Why a reply without a move to ``match`` was refused, in the active
    language, ending with the command list (``command_list`` for the
    reader's ``match.opponent_count``, as the mail's HTML part looks for it)."""
    if not reading.message:
        said = _("Your reply had no move: write your move (or an option number) on the first line.")
    else:
        said = _('Your reply had no move: its first line, "%(line)s", is not a move.') % {
            "line": reading.message.splitlines()[0][:80]
        }
        if reading.stop_error:
            # The engine's reason is sentences of their own ("Unknown card
            # 'x'. Cards: ..."): they follow, not in brackets mid-sentence.
            said += " " + error_text(match.game, reading.stop_error)
        said += " " + _("Write your move (or an option number) on the first line.")
        # The mail says words after the moves reach the others; with no move
        # nothing did, and a player who only meant to write must know it.
        said += " " + ngettext(
            'Your words were not passed on to your opponent: to write to them without moving, reply "say" and '
            "your message.",
            'Your words were not passed on to the others: to write to them without moving, reply "say" and '
            "your message.",
            match.opponent_count,
        )
    return f"{said}\n\n{command_list(match.opponent_count)}"


def rejection_tell(
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
