"""Writing many enforcements' rows in a few statements.

A deadline sweep enforces a group of seats in one transaction, each in a
savepoint.  Most enforcements are the same three writes (a move record, an
event, the match's new state and its seats' clocks); written one at a time
they cost a statement each and most of a sweep's CPU time.  A sweep passes
a ``Writes`` down the write path instead: the rows are kept, one *unit* per
enforcement, and ``flush`` writes every unit with one ``bulk_create`` per
model and one UPDATE per set of values (a match's new state: one each).

A unit whose enforcement raises is dropped (``discard``) as its savepoint
is rolled back, so it is still rolled back alone.  If the flush itself
fails (a constraint an enforcement would have hit on its own), it raises
``WritesFailed``: the caller rolls the whole group back and enforces it
again one seat at a time without a ``Writes``, where the failure is again
one seat's.  Rows are announced only once they are written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import DatabaseError, transaction

from games.models import Match, MatchEvent, MoveRecord, Seat

from .announcements import Announcements


class WritesFailed(Exception):
    """A flush failed: nothing of the group may be kept."""


@dataclass
class _Unit:
    moves: list[MoveRecord] = field(default_factory=list)
    events: list[MatchEvent] = field(default_factory=list)
    #: (instance, fields to update), in the order they were changed.
    updates: list[tuple[Match | Seat, tuple[str, ...]]] = field(default_factory=list)


class Writes:
    """Rows waiting to be written, one unit per enforcement."""

    def __init__(self) -> None:
        self._units: list[_Unit] = []
        self._open: _Unit | None = None
        #: Matches whose rows are waiting: re-reading one must flush first.
        self.match_ids: set[int] = set()

    def begin(self) -> None:
        """Start the unit of the next enforcement."""
        self._open = _Unit()
        self._units.append(self._open)

    def discard(self) -> None:
        """Drop the open unit (its enforcement raised)."""
        if self._open is not None:
            self._units.remove(self._open)
            self._open = None

    def _unit(self) -> _Unit:
        assert self._open is not None, "Writes.begin() first"
        return self._open

    def create(self, row: MoveRecord | MatchEvent) -> None:
        unit = self._unit()
        if isinstance(row, MoveRecord):
            unit.moves.append(row)
        else:
            unit.events.append(row)
        self.match_ids.add(row.match_id)

    def update(self, instance: Match | Seat, fields: list[str] | tuple[str, ...]) -> None:
        self._unit().updates.append((instance, tuple(fields)))
        self.match_ids.add(instance.pk if isinstance(instance, Match) else instance.match_id)

    def __len__(self) -> int:
        return sum(len(u.moves) + len(u.events) + len(u.updates) for u in self._units)

    def flush(self, announcements: Announcements) -> None:
        """Write every unit, then add the new rows to ``announcements``.
        Call it inside the transaction the units belong to.

        :raises WritesFailed: nothing was written (the caller's transaction
            must be rolled back)."""
        units, self._units, self._open = self._units, [], None
        self.match_ids = set()
        moves = [row for unit in units for row in unit.moves]
        events = [row for unit in units for row in unit.events]
        # The last change of an instance wins.
        latest: dict[tuple[type, int], tuple[Match | Seat, tuple[str, ...]]] = {}
        for unit in units:
            for instance, fields in unit.updates:
                key = (type(instance), instance.pk)
                earlier = latest.get(key)
                merged = fields if earlier is None else tuple(dict.fromkeys(earlier[1] + fields))
                latest[key] = (instance, merged)
        # Seats mostly get the same values (a clock stopped: all empty; a
        # clock started now with the same time control): one UPDATE per set
        # of values.  Rows whose values differ (a match's state) get one
        # plain UPDATE each: measured, bulk_update's CASE over a group's
        # states costs more CPU than the UPDATEs it saves.
        same: dict[tuple, list[int]] = {}
        distinct: list[tuple[Match | Seat, tuple[str, ...]]] = []
        for instance, fields in latest.values():
            values = tuple(getattr(instance, name) for name in fields)
            try:
                same.setdefault((type(instance), fields, values), []).append(instance.pk)
            except TypeError:  # a dict or list value
                distinct.append((instance, fields))
        try:
            with transaction.atomic():
                if moves:
                    MoveRecord.objects.bulk_create(moves)
                if events:
                    MatchEvent.objects.bulk_create(events)
                for (model, fields, values), pks in same.items():
                    model.objects.filter(pk__in=pks).update(**dict(zip(fields, values, strict=True)))
                for instance, fields in distinct:
                    instance.save(update_fields=list(fields))
        except DatabaseError as error:
            raise WritesFailed(str(error)) from error
        for move in moves:
            announcements.add(move)
        for event in events:
            announcements.add(event)
