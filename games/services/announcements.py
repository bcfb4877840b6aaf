"""Telling the other apps what a unit of work stored, once it has committed.

Moves (``MoveRecord``) and lifecycle events (``MatchEvent``) are stored with
``notified_at`` null: they are the games' outbox.  The services add each row
to an ``Announcements``; after commit it sends ``signals.recorded`` once with
all of them, so mail writes a whole transaction's emails in one task.  An
announcement of one transaction alone (``after_commit``, ``announce``) also
sends ``signals.stored`` for each row inside that transaction, so that a
receiver can wake its worker with the commit itself (mail: a NOTIFY) instead
of a broker round trip after it.  A sweep that commits many small
transactions passes one ``Announcements`` down to all of them and sends it
every ``GATHER_MAX`` rows.
"""

from __future__ import annotations

from django.db import transaction

from games.models import Match, MatchEvent, MoveRecord
from games.signals import recorded, stored

#: How many rows a sweep gathers into one announcement.
GATHER_MAX = 50


class Announcements:
    """Rows stored and not yet announced, in the order they were stored.

    With ``in_transaction`` (it announces the current transaction's rows
    alone, once that commits), ``add`` also sends ``stored`` for the row at
    once; call it inside that transaction, right after the row is written."""

    def __init__(self, *, in_transaction: bool = False) -> None:
        self.move_ids: list[int] = []
        self.event_ids: list[int] = []
        #: Whether every row gathered so far went out with ``stored``.
        self.stored_sent = in_transaction

    def add(self, row: MoveRecord | MatchEvent) -> None:
        is_move = isinstance(row, MoveRecord)
        (self.move_ids if is_move else self.event_ids).append(row.pk)
        if self.stored_sent:
            ids: list[int] = [row.pk]
            none: list[int] = []
            stored.send_robust(sender=Match, move_ids=ids if is_move else none, event_ids=none if is_move else ids)

    def extend(self, other: Announcements) -> None:
        """Add ``other``'s rows (a unit of work's, once it committed)."""
        self.move_ids.extend(other.move_ids)
        self.event_ids.extend(other.event_ids)
        self.stored_sent = self.stored_sent and other.stored_sent

    def __len__(self) -> int:
        return len(self.move_ids) + len(self.event_ids)

    def send(self) -> None:
        """Send ``recorded`` with the rows gathered so far (call it after
        they committed) and start afresh; nothing is sent when empty.  A row
        whose transaction rolled back is unknown to the receivers' query and
        so ignored."""
        if not self:
            return
        moves, events, stored_sent = self.move_ids, self.event_ids, self.stored_sent
        self.move_ids, self.event_ids = [], []
        recorded.send_robust(sender=Match, move_ids=moves, event_ids=events, stored_sent=stored_sent)


def after_commit(announcements: Announcements | None) -> Announcements:
    """``announcements`` when the caller gathers rows itself (a sweep);
    otherwise a new one, sent once the current transaction commits.  Call
    it inside that transaction (outside one it would be sent at once,
    before any row is added)."""
    if announcements is not None:
        return announcements
    fresh = Announcements(in_transaction=True)
    transaction.on_commit(fresh.send)
    return fresh


def announce(row: MoveRecord | MatchEvent, announcements: Announcements | None) -> None:
    """Add ``row`` to ``announcements``, or else announce it on its own
    once the current transaction commits (at once outside one)."""
    if announcements is not None:
        announcements.add(row)
        return
    alone = Announcements(in_transaction=True)
    alone.add(row)
    transaction.on_commit(alone.send)
