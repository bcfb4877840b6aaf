"""The writes compiled once per connection (``core.prepared_writes``)
send exactly the statement the ORM compiles now, so a model change cannot
make them diverge from ``save()`` and ``QuerySet.update()``."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, connection, connections, transaction
from django.db.models import F
from django.db.models.signals import pre_save
from django.test.utils import CaptureQueriesContext

from core import prepared_writes as prepared
from games.models import Match, MoveRecord, Seat
from games.services import match_create_seated

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(alice, bob, now):
    return match_create_seated(users=[alice, bob], game="alta", now=now)


def record(match, user, now, ply):
    return MoveRecord(
        match=match,
        ply=ply,
        seat_index=1,
        user=user,
        kind=MoveRecord.Kind.MOVE,
        source=MoveRecord.Source.API,
        text="farmer C3 ü",
        moves=[{"kind": "place", "at": [2, 3]}],
        events=[{"text": "x", "audience": None}],
        idempotency_key=None,
        created_at=now,
    )


def statements(write) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        write()
    return [query["sql"] for query in captured.captured_queries]


def columns(row) -> dict:
    return {field.attname: getattr(row, field.attname) for field in type(row)._meta.concrete_fields}


def test_a_move_record_is_inserted_as_save_inserts_it(match, alice, now):
    prepared.insert(record(match, alice, now, 90))  # compiled here (or earlier on this connection)
    by_orm, reused = record(match, alice, now, 91), record(match, alice, now, 91)
    orm_sql = statements(lambda: by_orm.save(force_insert=True))
    MoveRecord.objects.filter(pk=by_orm.pk).delete()
    reused_sql = statements(lambda: prepared.insert(reused))
    assert (
        prepared._INSERTS[connections["default"]][MoveRecord] is not None
    )  # the statement was reused, not the ORM's save
    assert reused_sql == orm_sql and len(orm_sql) == 1
    assert reused.pk is not None and reused.pk != by_orm.pk
    assert not reused._state.adding and reused._state.db == connection.alias
    stored = MoveRecord.objects.get(pk=reused.pk)
    assert columns(stored) == {**columns(by_orm), "id": reused.pk}


def test_updates_by_primary_key_are_the_querysets(match, now):
    seat = Seat.objects.filter(match=match).first()
    later = now + dt.timedelta(days=2)
    cases = [
        (Match, match.pk, {"ply": 7, "state": {"board": [1, 2], "text": "ü"}}),
        (Seat, seat.pk, {"deadline_at": later, "reminder_at": None, "turn_started_at": now}),
        # The same columns, none NULL: another statement ("SET x = NULL" above).
        (Seat, seat.pk, {"deadline_at": later, "reminder_at": now, "turn_started_at": now}),
    ]
    for model, pk, values in cases:
        prepared.update(model, pk, **values)  # compiled here (or earlier)
        orm_sql = statements(lambda model=model, pk=pk, values=values: model.objects.filter(pk=pk).update(**values))
        counts: list[int] = []
        reused_sql = statements(
            lambda model=model, pk=pk, values=values, counts=counts: counts.append(prepared.update(model, pk, **values))
        )
        assert reused_sql == orm_sql and len(orm_sql) == 1
        _, compiled = prepared._UPDATES[connections["default"]][(model, *values)]
        assert compiled and None not in compiled.values()  # reused, not the ORM's update
        assert counts == [1]
        stored = model.objects.get(pk=pk)
        assert {name: getattr(stored, name) for name in values} == values
    assert prepared.update(Match, match.pk + 1000, ply=1) == 0


def test_an_expression_is_updated_by_the_orm(match):
    prepared.update(Match, match.pk, ply=3)  # the plain statement, compiled
    before = Match.objects.get(pk=match.pk).ply
    assert prepared.update(Match, match.pk, ply=F("ply") + 2) == 1
    assert Match.objects.get(pk=match.pk).ply == before + 2


def test_a_model_with_a_save_receiver_is_saved_by_the_orm(match, alice, now):
    seen = []

    def receiver(sender, instance, **kwargs):
        seen.append(instance.ply)

    pre_save.connect(receiver, sender=MoveRecord)
    try:
        prepared.insert(record(match, alice, now, 5))
    finally:
        pre_save.disconnect(receiver, sender=MoveRecord)
    assert seen == [5]
    assert MoveRecord.objects.filter(match=match, ply=5).exists()


def test_a_duplicate_row_fails_and_marks_the_transaction_for_rollback(match, alice, now):
    prepared.insert(record(match, alice, now, 3))
    with transaction.atomic():
        with pytest.raises(IntegrityError):
            prepared.insert(record(match, alice, now, 3))
        assert transaction.get_rollback()
    assert MoveRecord.objects.filter(match=match, ply=3).count() == 1


def test_an_expression_is_inserted_by_the_orm(match, alice, now):
    from django.db.models.functions import Now

    prepared.insert(record(match, alice, now, 6))  # the plain statement, compiled
    row = record(match, alice, now, 7)
    row.created_at = Now()
    prepared.insert(row)
    assert MoveRecord.objects.get(pk=row.pk).created_at is not None
