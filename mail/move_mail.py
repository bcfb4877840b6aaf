"""The mails of one stored move (``notify_move``, called by ``announce``
after the move committed): "your move" to every seat to move in the
position it produced, and the mover's receipt; and the mail answering a
refused emailed move (``notify_rejection``).  Written through
``outbox.game_email_queue`` in the caller's transaction."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.moments import moment_for
from games.engine import Event, Rules, get_rules
from games.i18n import not_played_lines
from games.models import CHAT_MAX_LENGTH, ChatMessage, MoveRecord

from .addresses import (
    chat_below_key,
    message_id_of,
)
from .chat_mail import has_chat
from .models import OutgoingEmail
from .outbox import game_email_queue, seat_names, seats_with_players
from .positions import remember, same_choices, state_at, state_kept
from .render import GameMail, in_language
from .since import log_tail, since_lines, told_to_mover, visible_lines, words
from .turns import turn_over


def notify_move(
    record, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    """For a stored submission: "your turn" to every seat to move in the
    position it produced, and a receipt to a player who moved by email.
    Rendered from the position after ``record.ply`` (``announce``);
    ``sends``, ``claimed_at`` and ``guarded`` go to each mail
    (``outbox.email_queue``)."""
    match = record.match
    if match.is_finished:
        # Over before its mails were written (a tournament's game played
        # out at once with default moves): a move nobody can make any more
        # is not asked for; the game-over mail says it all.
        return
    rules = get_rules(match.game)
    state = state_at(match, record.ply, record=record)
    if rules.outcome(state) is not None:
        return  # the game-over mail says it all
    # The next record's mails may need this position (its mover's turn
    # began here, or the worker lags behind the game).
    remember(match, record.ply, state)
    seats = seats_with_players(match)
    events = [Event.load(e) for e in record.events]
    names = seat_names(seats)
    mover = next((s for s in seats if s.index == record.seat_index), None)
    common = {
        "match": match,
        "seats": seats,
        "state": state,
        "now": record.created_at,
        "ply": record.ply,
        "with_reply": True,
        "sends": sends,
        "claimed_at": claimed_at,
        "guarded": guarded,
    }
    # Every seat to move is told, not only those whose turn began: in a
    # phase where several seats act, another seat's move changes the
    # position their last email answered.
    waiting = set(rules.to_move(state))
    # Asked once for all of this move's mails by the claim (``announce``:
    # the id of one of the game's chat lines, or None); else asked here.
    claimed = hasattr(record, "match_chat_id")
    chat = record.match_chat_id is not None if claimed else has_chat(match)
    asked = _still_asked(match, rules, record, state, waiting)
    for seat in seats:
        if seat.user is None or seat.departed or seat is mover or seat.index not in waiting - asked:
            continue
        with in_language(seat.user):
            mail = GameMail(
                _turn_headline(record, names[record.seat_index]),
                since=since_lines(
                    match=match, seat_index=seat.index, up_to_ply=record.ply, names=names, record=record, with_own=True
                ),
                show_changes=True,
                chat=chat,
            )
            game_email_queue(
                kind=OutgoingEmail.Kind.YOUR_TURN,
                seat=seat,
                mail=mail,
                dedupe_key=f"turn:{match.pk}:{record.ply}:{seat.index}",
                **common,
            )
    # A resignation is answered by its own confirmation (``commands``, the
    # site's page), never by a receipt of "your move".
    if mover is not None and mover.user is not None and record.kind == MoveRecord.Kind.MOVE:
        _tell_mover(record, mover, rules, state, waiting, events, names, common, chat=chat)


def _turn_headline(record, name: str) -> str:
    """The "your move" headline after ``record``: what the other player did."""
    if record.kind == MoveRecord.Kind.RESIGN:
        return _("your move (%(name)s resigned)") % {"name": name}
    if record.kind == MoveRecord.Kind.TIMEOUT or record.source == MoveRecord.Source.SYSTEM:
        return _("your move (%(name)s ran out of time)") % {"name": name}
    return _("your move (%(name)s has played)") % {"name": name}


def _still_asked(match, rules: Rules[Any, Any], record, state, waiting: set) -> set[int]:
    """The seats to move whose mail about the position before ``record``
    still answers (``same_choices``: they need no new one).  The position
    before is the one its mails kept; when it is gone (the cache was
    cleared) every seat to move is asked again, as a replay is not worth
    saving one mail."""
    others = waiting - {record.seat_index}
    before = state_kept(match, record.ply - 1) if others and record.ply > 0 else None
    if before is None:
        return set()
    return {seat for seat in others if same_choices(rules, before, state, seat)}


def _tell_mover(
    record, mover, rules: Rules[Any, Any], state, waiting: set, events, names: list[str], common: dict, *, chat: bool
) -> None:
    """The mover's one mail about a submission: the receipt of a whole
    turn sent by email, or, while the turn is not over, the position with
    the options of the rest; a mover whose next turn starts at once (an
    Alpaca round that begins with them) is told it is their move, however
    they moved.  The position before the move is the one the last record's
    mails kept (``positions``); only a cache miss replays it."""
    match = record.match
    by_email = record.source == record.Source.EMAIL
    if mover.index in waiting:
        new_turn = turn_over(rules, state_at(match, record.ply - 1), state, mover.index)
    else:
        new_turn = False
    if not (by_email or new_turn):
        return
    ended = mover.index not in waiting or new_turn
    played = "; ".join(_turn_steps(record, mover.index, rules) if ended else record.text.split("\n"))
    with in_language(mover.user):
        text = words(match.game, played)  # in the mover's notation, as their options are
        if new_turn:
            headline = _("your move again (“%(move)s” was played)") % {"move": text}
        elif mover.index in waiting:
            headline = _("“%(move)s” was played: the rest of your turn, please") % {"move": text}
        else:
            headline = _("your move “%(move)s” was played") % {"move": text}
        # The headline says what they played: its events would name them,
        # but for those worded "you", which say what the move cost or brought.
        told = visible_lines(match.game, told_to_mover(rules, events, mover.index), mover.index, names)
        told += not_played_lines(match.game, record.not_played, match.players)
        below = _chat_below(record) if by_email and chat else None
        if below is not None:
            told.append(
                ngettext(
                    "Your message below the move was passed on to your opponent.",
                    "Your message below the move was passed on to the other players.",
                    match.opponent_count,
                )
            )
        if below == "cut":
            told.append(
                _("It was longer than %(limit)s characters: only its beginning was sent.") % {"limit": CHAT_MAX_LENGTH}
            )
        if ended and not new_turn:
            told += _next_to_move(match, record, common["seats"], waiting, names, mover.user)
        mail = GameMail(headline, told, chat=chat)
        if by_email:
            mail.in_reply_to = message_id_of(record.idempotency_key)
        game_email_queue(
            kind=OutgoingEmail.Kind.YOUR_TURN if new_turn else OutgoingEmail.Kind.RECEIPT,
            seat=mover,
            mail=mail,
            dedupe_key=f"receipt:{match.pk}:{record.ply}",
            # A digest reader's or a muted game's new turn is still the
            # answer to the move they mailed.
            answers_mail=by_email,
            **common,
        )


def _next_to_move(match, record, seats, waiting: set, names: list[str], reader) -> list[str]:
    """Who moves after the mover's finished turn, and until when in the
    reader's zone (as the game page shows it); the deadline only while the
    game is still at this position (a lagging worker would tell a later one's)."""
    current = match.ply == record.ply
    lines = []
    for seat in seats:
        if seat.index not in waiting or seat.user is None:
            continue
        if current and seat.deadline_at is not None:
            lines.append(
                _("Next to move: %(name)s, until %(when)s (%(zone)s time).")
                % {"name": names[seat.index], **moment_for(reader, seat.deadline_at)}
            )
        else:
            lines.append(_("Next to move: %(name)s.") % {"name": names[seat.index]})
    return lines


def _chat_below(record) -> str | None:
    """Did the emailed move ``record`` carry a message below it, posted as
    chat (``game_replies._chat``)?  "posted", "cut" (to its beginning: it was
    longer than a chat message may be), else ``None``.  Its receipt says
    so: a refusal says the words were not passed on, so silence left the
    writer guessing."""
    move_key = record.idempotency_key or ""
    keys = {chat_below_key(move_key): "posted", chat_below_key(move_key, cut=True): "cut"}
    found = (
        ChatMessage.objects.filter(match_id=record.match_id, idempotency_key__in=list(keys))
        .values_list("idempotency_key", flat=True)
        .first()
    )
    return keys[found] if found is not None else None


#: How many earlier submissions of one turn its receipt looks back over.
_MOST_STEPS = 6


def _turn_steps(record, seat: int, rules: Rules[Any, Any]) -> list[str]:
    """The steps of the turn ``record`` ended, as submitted: those of the
    seat's submissions just before it that left the same turn open (a turn
    sent a step per mail), then ``record``'s own."""
    steps = record.text.split("\n")
    rows, _complete = log_tail(record.match, record.ply)
    if len(rows) > 1 and rows[1][0] == record.ply - 1 and rows[1][1] != seat:
        return steps  # the submission before it was another seat's: the turn began with ``record``
    earlier = MoveRecord.objects.filter(match=record.match, ply__lt=record.ply)
    after = None  # the position after ``step``: the one before the step looked at last
    for step in earlier.order_by("-ply").only("ply", "seat_index", "kind", "text", "moves")[:_MOST_STEPS]:
        if step.seat_index != seat or step.kind != MoveRecord.Kind.MOVE:
            break
        if after is None:
            after = state_at(record.match, step.ply, record=step)
        before = state_at(record.match, step.ply - 1)
        if turn_over(rules, before, after, seat):
            break
        steps = step.text.split("\n") + steps
        after = before  # plies are consecutive: the next (earlier) step ended here
    return steps


def notify_rejection(
    *,
    match,
    seat,
    seats,
    state,
    error: str,
    attempted: str,
    source_id: str,
    now: dt.datetime,
    played_already: bool = False,
) -> OutgoingEmail | None:
    """Tell a player why their emailed move was refused, with the current
    position and options (and a fresh reply address).  ``played_already``:
    the reply repeats a move already played from it (sent twice), which is
    no refusal to alarm them with."""
    with in_language(seat.user):
        if played_already:
            headline = _("your move was already played")
        elif match.is_finished:
            headline = _("the game is over")  # not "it is not your move": nobody's is
        elif seat.index not in get_rules(match.game).to_move(state):
            # A waiting player's reply: no move of theirs was refused (it may hold none at all).
            headline = _("it is not your move")
        else:
            headline = _("your move was not accepted")
        mail = GameMail(headline, [_("You wrote: %(text)s") % {"text": attempted}], error=error)
    return game_email_queue(
        kind=OutgoingEmail.Kind.REJECTED,
        match=match,
        seat=seat,
        seats=seats,
        state=state,
        mail=mail,
        dedupe_key=f"rejected:{source_id}",
        now=now,
        with_reply=True,
    )
