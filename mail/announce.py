"""Turning moves and lifecycle events into emails, after they commit.

The games' write path only stores what happened (a ``MoveRecord`` or a
``MatchEvent``, with ``notified_at`` still null) and, once its transaction
commits, sends ``games.signals.recorded`` with the rows' ids; mail's
receiver queues one ``notifications_write`` task for them.  The worker
renders the emails from the position at the row's ply and writes them to
the outbox in the transaction that marks the row notified (one transaction per ``WRITE_CHUNK`` rows, a
savepoint per row), claims them in that transaction and sends them itself
once it commits (no second task: a turn costs one task and one broker
round trip; mail it could not send is handed out again by the sweep once
the claim's lease runs out).  So rendering (several milliseconds per recipient)
never runs under a match lock, and nothing is lost: a row whose task never
ran is taken by the outbox sweep after ``GRACE``.  Rows are claimed with
``SELECT … FOR UPDATE SKIP LOCKED`` and each outbox row has a dedupe key,
so however many tasks see a row, its emails are written once.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging

from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Prefetch, QuerySet, Subquery
from django.utils import timezone

from games.models import ChatMessage, MatchEvent, MoveRecord, Seat
from games.services.prepared import prepared

from . import lifecycle_mail, move_mail, sending
from .models import GameMute

logger = logging.getLogger(__name__)

#: How long the after-commit task has before the sweep writes a row's mail.
GRACE = dt.timedelta(minutes=1)
#: Rows older than this that still failed to render are left to the logs.
GIVE_UP_AFTER = dt.timedelta(days=1)
#: Rows claimed and written in one transaction.
WRITE_CHUNK = 50


def notifications_write(*, move_ids: list[int], event_ids: list[int], now: dt.datetime) -> int:
    """Write the emails of the given rows that are not yet notified; returns
    how many rows were announced.  A row whose rendering raises is logged
    and left for the sweep; the others go on."""
    written = 0
    # Looked up at each call, not bound at import: tests replace them.
    for model, ids, notify in (
        (MoveRecord, move_ids, move_mail.notify_move),
        (MatchEvent, event_ids, lifecycle_mail.notify_event),
    ):
        for start in range(0, len(ids), WRITE_CHUNK):
            chunk = ids[start : start + WRITE_CHUNK]
            try:
                written += _write_chunk(model, chunk, notify, now)
            except Exception:
                # The claim or the commit failed (the database went away, a
                # deadlock): nothing of this chunk was kept; the sweep retries.
                logger.exception("Writing the emails of %s %s… failed; the sweep retries", model.__name__, chunk[0])
    return written


def _write_chunk(model, ids: list[int], notify, now: dt.datetime) -> int:
    """Claim the rows of ``ids`` not yet notified (skipping those another
    worker holds; read with their matches' seats, players, mutes and chat,
    ``_claimed``), write each one's emails under its own savepoint, and mark
    the written ones notified, all in one transaction: one claim, one mark
    and one commit for the chunk, and one send task for all its emails."""
    with transaction.atomic():
        rows = list(_claimed(model).filter(pk__in=ids, notified_at__isnull=True).order_by("pk"))
        done: list[int] = []
        sends: list[int] = []
        # The emails are written claimed by this worker, which sends them
        # once the chunk commits (``outbox.email_queue``, ``_send_now``).
        claimed_at = timezone.now()
        for row in rows:
            try:
                written = _row_written(row, notify, claimed_at)
                done.append(row.pk)
                sends.extend(written)
            except Exception:
                logger.exception("Writing the emails of %s %s failed; the sweep retries", model.__name__, row.pk)
        if done:
            model.objects.filter(pk__in=done).update(notified_at=now)
        if sends:
            transaction.on_commit(lambda: _send_now(sends, claimed_at), robust=True)
    return len(done)


def _row_written(row, notify, claimed_at: dt.datetime) -> list[int]:
    """Write ``row``'s emails, claimed at ``claimed_at``, in a savepoint of
    their own (a failing row takes only its own emails back); returns their
    ids.

    Tried first without a savepoint per email (``guarded=False``, see
    ``outbox.email_queue``: nearly every key is new).  Should an insert
    clash (a key written before, or being written by another transaction),
    the row's savepoint is rolled back and the row written again with each
    insert guarded: a repeated key then finds its earlier email, any other
    clash raises."""
    written: list[int] = []
    try:
        with transaction.atomic():
            notify(row, sends=written, claimed_at=claimed_at, guarded=False)
        return written
    except IntegrityError:
        written = []
    with transaction.atomic():
        notify(row, sends=written, claimed_at=claimed_at, guarded=True)
    return written


def _claimed(model) -> QuerySet:
    """The claim of ``model``'s rows (the caller filters it), each with its
    match, the match's seats with their players and whether each player
    muted the game (``Seat.mail_mute_id``), and whether the match has any chat
    (``match_chat_id``): two queries per chunk.

    Both queries are compiled once per connection (``prepared``): that needs
    parameters only in their ``WHERE``, so the two facts are read as the id
    of a first row or NULL (``Subquery`` with ``LIMIT 1``), not with
    ``Exists``, whose select list carries a constant parameter.
    """
    # Built once (``_claim_of``, ``_seats_of``), as cloning them costs a
    # fraction of building them; the ``Prefetch`` is new each time (a
    # prefetch adds hints to its queryset) and only clones are evaluated.
    seats = Prefetch("match__seats", queryset=_seats_of(model).all())
    return _claim_of(model).prefetch_related(seats)


@functools.cache
def _claim_of(model) -> QuerySet:
    """``_claimed`` but its seats; never evaluated itself."""
    chat = ChatMessage.objects.filter(match_id=OuterRef("match_id")).values("pk")[:1]
    # NO KEY UPDATE (the claim only sets notified_at): a plain FOR UPDATE
    # also conflicts with the KEY SHARE lock of a foreign-key check (the
    # mail intake links its record to the move just after the move's
    # commit), and SKIP LOCKED then skipped the row as if another worker
    # held it, leaving its mails to the sweep.
    return (
        prepared(model, f"mail.claim.{model.__name__}")
        .select_for_update(skip_locked=True, of=("self",), no_key=True)
        .select_related("match")
        .annotate(match_chat_id=Subquery(chat))
    )


@functools.cache
def _seats_of(model) -> QuerySet:
    """The seats ``_claimed`` reads with ``model``'s rows; never evaluated itself."""
    mute = GameMute.objects.filter(match_id=OuterRef("match_id"), user_id=OuterRef("user_id")).values("pk")[:1]
    seats = prepared(Seat, f"mail.claim.{model.__name__}.seats").select_related("user")
    return seats.annotate(mail_mute_id=Subquery(mute)).order_by("index", "pk")


def _send_now(email_ids: list[int], claimed_at: dt.datetime) -> None:
    """Send the chunk's committed emails here; they were claimed for this
    task in the transaction that wrote them (``claimed_at``), so
    no other sender takes them.  Should this fail, the outbox sweep hands
    them out again once the claim's lease runs out."""
    sending.send_claimed(email_ids=email_ids, now=claimed_at)


def notifications_due(*, now: dt.datetime, limit: int = 500) -> tuple[list[int], list[int]]:
    """Rows whose after-commit task has not announced them within ``GRACE``
    (a worker died or the broker lost the message), oldest first."""
    window = {"created_at__lte": now - GRACE, "created_at__gte": now - GIVE_UP_AFTER, "notified_at__isnull": True}
    moves = MoveRecord.objects.filter(**window).order_by("created_at", "pk").values_list("pk", flat=True)
    events = MatchEvent.objects.filter(**window).order_by("created_at", "pk").values_list("pk", flat=True)
    return list(moves[:limit]), list(events[:limit])
