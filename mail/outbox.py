"""Writing outgoing mail: each notification becomes an ``OutgoingEmail`` row,
and a Celery task sends the rows after their transaction commits
(``delivery.py``).  Every row has a ``dedupe_key`` naming its event and
recipient, so a repeated event never mails anyone twice.

Moves and lifecycle events are rendered here by a worker after they
committed (``move_mail.notify_move``, ``lifecycle_mail.notify_event``,
called by ``announce``);
answers to a player's own email (rejections, invitations) are written in
the transaction of the request.  All functions here run inside the
caller's transaction.  A caller that writes many rows in one transaction
passes a ``sends`` list, collects their ids and hands them to one send task
(``delivery.send_after_commit``); without one, each row gets its own.  The
worker that writes the mail of committed moves and events (``announce``)
also passes ``claimed_at`` and ``guarded``, which the functions that write
rows take and hand on.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import IntegrityError, transaction

from core.prepared_writes import insert
from core.signin import is_email_only
from games.engine import get_rules
from games.models import MoveRecord
from games.services.chat import chat_mark_mailed
from games.timing.clock import seat_settings, stopped_time_left

from .addresses import (
    new_message_id,
    new_token,
    reply_address,
    thread_id,
    threading_headers,
    unsubscribe_headers,
    unsubscribe_url,
)
from .bounce_policy import game_mail_paused
from .changes import bank_line, change_line
from .chat_mail import chat_section
from .delivery import send_after_commit
from .models import GameMute, OutgoingEmail, ReplyToken
from .notation_help import notation_help
from .positions import listed_turns
from .render import GameMail, deadline_line, in_language, render_game_email, stopped_clock_line
from .sections import sign_in_section
from .since import words


def email_queue(
    *,
    kind: str,
    to: str,
    subject: str,
    text: str,
    html: str,
    dedupe_key: str,
    now: dt.datetime,
    user=None,
    match=None,
    headers: dict | None = None,
    sends: list[int] | None = None,
    claimed_at: dt.datetime | None = None,
    guarded: bool = True,
) -> OutgoingEmail:
    """Store one outgoing email (once per ``dedupe_key``) and send it after
    commit, or add its id to ``sends`` for the caller to send.  Returns the
    stored row (the earlier one for a repeated key).

    ``claimed_at`` (with ``sends``): the row is written already claimed
    (status ``sending`` at ``claimed_at``) in the caller's transaction, and
    the caller sends it once it commits (``sending.send_claimed``) with no
    UPDATE to claim it; should the caller die first, the row is handed out
    again after the lease (``sending.outbox_due``).  Nobody else sees it
    before the commit.

    A key inserted at the same time by another transaction waits for it and
    is then found; the caller's transaction stays usable either way (the
    insert runs in a savepoint).  Not ``guarded`` (``_insert_or_get``), it
    runs without one and a repeated key raises.

    :raises IntegrityError: for any other constraint (a Message-ID clash),
        or for a repeated key when not ``guarded``."""
    if is_email_only(user) and kind != OutgoingEmail.Kind.ACCOUNT:  # an account mail is allauth's own
        text, html = sign_in_section(text, html, user=user)
    if sends is None:
        claimed_at = None  # nobody would send it before the lease ran out
    email, created = _insert_or_get(
        OutgoingEmail,
        {"dedupe_key": dedupe_key},
        {
            **({} if claimed_at is None else {"status": OutgoingEmail.Status.SENDING, "claimed_at": claimed_at}),
            "kind": kind,
            "to": to,
            "subject": subject[:500],
            "text": text,
            "html": html,
            "user": user,
            "match": match,
            "message_id": new_message_id(),
            "headers": headers or {},
            "created_at": now,
        },
        guarded=guarded,
    )
    if not created:
        return email
    if sends is None:
        send_after_commit([email.pk])
    else:
        sends.append(email.pk)
    return email


def notice_queue(
    user,
    match,
    *,
    subject: str,
    text: str,
    html: str,
    dedupe_key: str,
    now: dt.datetime,
    sends: list[int] | None = None,
    claimed_at: dt.datetime | None = None,
    guarded: bool = True,
) -> OutgoingEmail:
    """``email_queue`` for a notice to ``user`` about ``match`` (sent
    unasked: "auto-generated", so that no out-of-office answers it)."""
    return email_queue(
        kind=OutgoingEmail.Kind.NOTICE,
        to=user.email,
        subject=subject,
        text=text,
        html=html,
        dedupe_key=dedupe_key,
        now=now,
        user=user,
        match=match,
        headers={"Auto-Submitted": "auto-generated"},
        sends=sends,
        claimed_at=claimed_at,
        guarded=guarded,
    )


def reply_token_for(*, match, seat_index: int, user, ply: int, now: dt.datetime, guarded: bool = True) -> ReplyToken:
    """The reply token of ``user`` for the position ``ply`` (one per
    position: every email about it carries the same address).

    :raises IntegrityError: for a repeated key when not ``guarded``
        (``_insert_or_get``)."""
    token, _ = _insert_or_get(
        ReplyToken,
        {"match": match, "user": user, "ply": ply},
        {"seat_index": seat_index, "token": new_token(), "created_at": now},
        guarded=guarded,
    )
    return token


def _insert_or_get(model, lookup: dict[str, Any], defaults: dict[str, Any], *, guarded: bool):
    """``(row, created)`` like ``get_or_create``, but the insert is tried
    first: the row is nearly always new (a key repeats only when a task
    runs twice), so this saves the look-up query before each insert.  The
    insert runs in a savepoint; a unique clash (also with a row another
    transaction inserts at the same time, once it commits) returns the
    row that holds ``lookup``.

    Not ``guarded``, it only inserts, without a savepoint: any clash
    raises.  That is for a caller that runs all its inserts in a savepoint
    of its own and, on ``IntegrityError``, rolls it back and runs them
    again guarded (``announce``): keys nearly never repeat, so this saves
    two round trips per row, and the second run keeps every guarantee of
    the guarded insert (a repeated key finds its earlier row).

    :raises IntegrityError: when no such row exists (another constraint),
        or on any clash when not ``guarded``."""
    row = model(**lookup, **defaults)
    if not guarded:
        insert(row)
        return row, True
    try:
        with transaction.atomic():
            insert(row)
            return row, True
    except IntegrityError:
        try:
            return model.objects.get(**lookup), False
        except model.DoesNotExist:
            pass
        raise


def wants_mail(user, match, *, kind: str) -> bool:
    """Does ``user`` want this notification?  Answers to mail they sent us
    (receipts, rejections) always go out; ``daily_digest`` users get no
    per-turn mail (but reminders and notices); muted games send nothing;
    nor does an address that keeps bouncing (``bounce_policy``)."""
    if kind in (OutgoingEmail.Kind.RECEIPT, OutgoingEmail.Kind.REJECTED):
        return True
    if game_mail_paused(user):  # its address bounced again and again (``bounce_policy``)
        return False
    if user.notifications == user.Notifications.NONE:
        return False
    if match is not None and _muted(user, match):
        return False
    if user.notifications == user.Notifications.DAILY_DIGEST:
        # The digest replaces the per-turn mails; what the clock does (the
        # reminders the player set, a timeout, a vacation day used) cannot
        # wait for tomorrow's digest.
        return kind in (
            OutgoingEmail.Kind.INVITATION,
            OutgoingEmail.Kind.GAME_OVER,
            OutgoingEmail.Kind.STARTED,
            OutgoingEmail.Kind.DIGEST,
            OutgoingEmail.Kind.REMINDER,
            OutgoingEmail.Kind.NOTICE,
        )
    return True


def _prefetched(match, relation: str) -> bool:
    """Did the caller prefetch ``relation`` of ``match`` (``announce``
    does for a whole batch of rows)?"""
    return relation in getattr(match, "_prefetched_objects_cache", {})


def _muted(user, match) -> bool:
    if _prefetched(match, "seats"):
        # ``announce`` reads each seat with its player's mute, if any (``mail_mute_id``).
        seat = next((s for s in match.seats.all() if s.user_id == user.pk and hasattr(s, "mail_mute_id")), None)
        if seat is not None:
            return seat.mail_mute_id is not None
    if _prefetched(match, "gamemute_set"):
        return any(mute.user_id == user.pk for mute in match.gamemute_set.all())
    return GameMute.objects.filter(user=user, match=match).exists()


def seats_with_players(match) -> list:
    """The match's seats with their users, in seat order (what game emails
    need); no query when the caller prefetched them so."""
    if _prefetched(match, "seats"):
        return list(match.seats.all())
    return list(match.seats.select_related("user").order_by("index", "pk"))


def seat_names(seats) -> list[str]:
    ordered = sorted((s for s in seats if s.index is not None), key=lambda s: s.index)
    return [str(s.user) for s in ordered]


def game_email_queue(
    *,
    kind: str,
    match,
    seat,
    seats,
    state,
    mail: GameMail,
    dedupe_key: str,
    now: dt.datetime,
    with_reply: bool,
    ply: int | None = None,
    sends: list[int] | None = None,
    claimed_at: dt.datetime | None = None,
    guarded: bool = True,
    answers_mail: bool = False,
) -> OutgoingEmail | None:
    """Render and queue a game email for ``seat`` from its own view of
    ``state``, the position after ``ply`` (default: the match's current ply).

    With ``with_reply`` (the seat is to move) the email lists the numbered
    options and the deadline, and its Reply-To carries a token for that ply.
    Rendered in the recipient's language (the caller builds ``mail`` in it
    too, ``in_language``).  ``answers_mail``: it is the answer to a mail
    the player sent, so it goes out whatever their mail settings.
    ``sends``, ``claimed_at`` and ``guarded`` go to the rows it writes
    (``email_queue``, ``reply_token_for``).
    """
    user = seat.user
    if not (answers_mail or wants_mail(user, match, kind=kind)) and not _ended_by_their_mail(kind, match, seat):
        return None
    with in_language(user):
        return _game_email_queue(
            kind=kind,
            match=match,
            seat=seat,
            seats=seats,
            state=state,
            mail=mail,
            dedupe_key=dedupe_key,
            now=now,
            with_reply=with_reply,
            ply=ply,
            sends=sends,
            claimed_at=claimed_at,
            guarded=guarded,
        )


def _ended_by_their_mail(kind: str, match, seat) -> bool:
    """Is this the game-over mail of the player whose emailed move ended the
    game?  It is the answer to their mail (``move_mail.notify_move`` sends no receipt
    for a game-ending move), so it goes out whatever their mute."""
    if kind != OutgoingEmail.Kind.GAME_OVER or seat.user is None:
        return False
    last = MoveRecord.objects.filter(match=match, ply=match.ply).first()
    return (
        last is not None
        and last.kind == MoveRecord.Kind.MOVE
        and last.source == MoveRecord.Source.EMAIL
        and last.seat_index == seat.index
        and last.user_id == seat.user_id
    )


def _game_email_queue(
    *, kind, match, seat, seats, state, mail: GameMail, dedupe_key, now, with_reply, ply, sends, claimed_at, guarded
) -> OutgoingEmail:
    user = seat.user
    rules = get_rules(match.game)
    view = rules.view(state, seat.index)
    if seat.departed:
        mail.reply_is_chat = False  # their reply is answered, not posted (``reply_reading.waiting_chat``)
    options: list[str] = []
    unsubscribe = unsubscribe_url(user.pk)  # signed: build it once
    headers: dict[str, Any] = {
        "In-Reply-To": thread_id(match.pk, user.pk),
        "References": thread_id(match.pk, user.pk),
        **unsubscribe_headers(unsubscribe),
    }
    if mail.in_reply_to:
        headers.update(threading_headers(mail.in_reply_to))
        headers["References"] = f"{thread_id(match.pk, user.pk)} {mail.in_reply_to}"
    if with_reply and seat.index in rules.to_move(state):
        token = reply_token_for(
            match=match,
            seat_index=seat.index,
            user=user,
            ply=match.ply if ply is None else ply,
            now=now,
            guarded=guarded,
        )
        mail.reply_address = reply_address(token.token)
        mail.your_move = True
        options = [words(match.game, text) for text, _move in rules.move_options(state, seat.index)]
        mail.turns = [(turn.letter, words(match.game, turn.text)) for turn in listed_turns(rules, state, seat.index)]
        mail.notation = notation_help(match.game)
        headers["Reply-To"] = mail.reply_address
        if seat.deadline_at is not None:
            mail.deadline = deadline_line(seat.deadline_at, user)
        elif seat.turn_started_at is not None:
            # A turn begun (or left) while its tournament is paused has no
            # deadline yet: say why, and what it keeps, as the game page does.
            left = stopped_time_left(match, seat, seat_settings(seat))
            if left is not None:
                mail.deadline = stopped_clock_line(left)
        mail.bank = bank_line(match, seat, user)
        if mail.show_changes:
            mail.changes = change_line(
                match=match, seat_index=seat.index, up_to_ply=match.ply if ply is None else ply, view_now=view
            )
    subject, text, html = render_game_email(
        match=match,
        view=view,
        names=seat_names(seats),
        mail=mail,
        options=options,
        unsubscribe=unsubscribe,
        mute=unsubscribe_url(user.pk, match.pk),
    )
    chat_through = 0
    if mail.chat:
        text, html, chat_through = chat_section(text, html, match=match, user=user)
    email = email_queue(
        kind=kind,
        to=user.email,
        subject=subject,
        text=text,
        html=html,
        dedupe_key=dedupe_key,
        now=now,
        user=user,
        match=match,
        headers=headers,
        sends=sends,
        claimed_at=claimed_at,
        guarded=guarded,
    )
    if chat_through:
        chat_mark_mailed(match_id=match.pk, user=user, through=chat_through)
    return email


__all__ = [
    "email_queue",
    "game_email_queue",
    "reply_token_for",
]
