"""Prebuilt SQL for the statements every move runs (and for the mail
worker's inserts that happen once per key: outbox rows, reply tokens).

Every move (web, API, email or the deadline sweeper) locks its match, reads
the seats with their players, writes a few columns back and inserts its
records.  Through the ORM, compiling those statements costs more CPU than
the database spends running them (1.3 ms for the lock query alone on our
2-core servers; ``benchmarks/moves.py``, ``benchmarks/deadlines.py``).  Here
each statement is built once per process from the models' metadata and run
with the fields' own conversions both ways: the same columns, types and
values as the ORM, without compiling a query each time.

Like ``QuerySet.update``, nothing here sends model signals (none are
connected to these models).  Works on PostgreSQL and SQLite.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.models import Model

from games.models import DeadlineSettings, Match, Seat

from .errors import NotFound

#: Largest value of a ``BigAutoField``; a larger id cannot name a row.
_MAX_ID = 2**63 - 1


def _db():
    """This thread's connection itself: ``django.db.connection`` is a proxy
    that looks the connection up again on every attribute read."""
    return connections[DEFAULT_DB_ALIAS]


class _Columns:
    """A model's concrete columns as selected under a table alias, starting
    at column ``start`` of the result, and how to turn them into an instance."""

    def __init__(self, model: type[Model], alias: str, start: int = 0) -> None:
        quote = connection.ops.quote_name
        self.model = model
        fields = model._meta.concrete_fields
        self.start, self.end = start, start + len(fields)
        self.names = [field.attname for field in fields]
        self.pk_position = fields.index(model._meta.pk)
        self.sql = ", ".join(f"{alias}.{quote(field.column)}" for field in fields)
        self.converters = []
        for position, field in enumerate(fields):
            col = field.get_col(alias)
            found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if found:
                self.converters.append((position, col, found))

    def instance(self, db, row: Sequence[Any]) -> Model | None:
        """The instance read from ``row`` (through ``db``), or ``None`` when
        an outer join found no row."""
        values = list(row[self.start : self.end])
        if values[self.pk_position] is None:
            return None
        for position, col, converters in self.converters:
            value = values[position]
            for converter in converters:
                value = converter(value, col, db)
            values[position] = value
        return self.model.from_db(db.alias, self.names, values)


@cache
def _lock_statement(vendor: str) -> tuple[str, tuple[_Columns, ...]]:
    quote = connection.ops.quote_name
    user_model = get_user_model()
    tables: list[_Columns] = []
    for model, alias in ((Match, "m"), (Seat, "s"), (user_model, "u"), (DeadlineSettings, "d")):
        tables.append(_Columns(model, alias, start=tables[-1].end if tables else 0))
    match_pk, user_pk = quote(Match._meta.pk.column), quote(user_model._meta.pk.column)
    seat_match, seat_user = (quote(Seat._meta.get_field(name).column) for name in ("match", "user"))
    settings_user = quote(DeadlineSettings._meta.get_field("user").column)
    sql = (
        f"SELECT {', '.join(t.sql for t in tables)} "
        f"FROM {quote(Seat._meta.db_table)} s "
        f"INNER JOIN {quote(Match._meta.db_table)} m ON m.{match_pk} = s.{seat_match} "
        f"LEFT OUTER JOIN {quote(user_model._meta.db_table)} u ON u.{user_pk} = s.{seat_user} "
        f"LEFT OUTER JOIN {quote(DeadlineSettings._meta.db_table)} d ON d.{settings_user} = u.{user_pk} "
        f"WHERE m.{match_pk} = %s"
    )
    if connection.features.has_select_for_update:
        # Only the match row: "match before seats" (seats are locked, if at
        # all, by the statements that write them).
        sql += " " + connection.ops.for_update_sql(of=("m",), no_key=connection.features.has_select_for_no_key_update)
    return sql, tuple(tables)


def seats_locked(match_id: int) -> list[Seat]:
    """Lock the match row and read its seats (in no particular order), each
    with ``seat.match`` (one shared instance), its player and the player's
    deadline settings (``None`` cached when the player has none), in one
    query.  Call it inside a transaction.

    :raises NotFound: no such match (or an id no match can have)."""
    if not 0 < match_id <= _MAX_ID:
        raise NotFound("There is no such game.")
    db = _db()
    sql, (matches, seats_, users, settings) = _lock_statement(db.vendor)
    with db.cursor() as cursor:
        cursor.execute(sql, [match_id])
        rows = cursor.fetchall()
    if not rows:
        raise NotFound("There is no such game.")
    user_model = get_user_model()
    match_field, user_field = Seat.match.field, Seat.user.field
    settings_of, settings_user = user_model.deadline_settings.related, DeadlineSettings.user.field
    match = matches.instance(db, rows[0])
    found = []
    for row in rows:
        seat, user = seats_.instance(db, row), users.instance(db, row)
        match_field.set_cached_value(seat, match)
        user_field.set_cached_value(seat, user)
        if user is not None:
            prefs = settings.instance(db, row)
            settings_of.set_cached_value(user, prefs)
            if prefs is not None:
                settings_user.set_cached_value(prefs, user)
        found.append(seat)
    return found


@cache
def _update_statement(model: type[Model], names: tuple[str, ...], vendor: str) -> tuple[str, tuple]:
    quote = connection.ops.quote_name
    fields = tuple(model._meta.get_field(name) for name in names)
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    pk = model._meta.pk
    return f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(pk.column)} = %s", fields


def row_update(instance: Model, names: Sequence[str]) -> None:
    """Write the instance's current values of the fields ``names`` to its
    row (like ``save(update_fields=names)``, without signals)."""
    db = _db()
    sql, fields = _update_statement(type(instance), tuple(names), db.vendor)
    params = [field.get_db_prep_save(getattr(instance, field.attname), db) for field in fields]
    params.append(instance.pk)
    with transaction.mark_for_rollback_on_error(), db.cursor() as cursor:
        cursor.execute(sql, params)


@cache
def _insert_statement(model: type[Model], vendor: str, unique: tuple[str, ...] = ()) -> tuple[str, tuple]:
    quote = connection.ops.quote_name
    pk = model._meta.pk
    fields = tuple(f for f in model._meta.concrete_fields if f is not pk)
    conflict = ""
    if unique:
        columns = ", ".join(quote(model._meta.get_field(name).column) for name in unique)
        conflict = f"ON CONFLICT ({columns}) DO NOTHING"
    returning = ""
    if connection.features.can_return_columns_from_insert:
        returning, _ = connection.ops.return_insert_columns([pk])
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) {conflict} {returning}"
    )
    return sql, fields


def row_insert(instance: Model) -> None:
    """Insert a new instance whose primary key the database assigns (like
    ``save()``, without signals) and set that key on it.

    :raises IntegrityError: as ``save()`` would (the caller's transaction
        is then to be rolled back)."""
    _insert(instance, ())


def row_insert_unless_exists(instance: Model, unique: Sequence[str]) -> bool:
    """Insert a new instance unless a row with the same values of the
    ``unique`` fields (a unique constraint) exists: one statement, and no
    savepoint since a duplicate raises nothing.  Returns whether it was
    inserted (its primary key is then set); a concurrent insert of the same
    key waits for that transaction and then counts as existing.

    :raises IntegrityError: for any other constraint."""
    return _insert(instance, tuple(unique))


def _insert(instance: Model, unique: tuple[str, ...]) -> bool:
    model = type(instance)
    db = _db()
    sql, fields = _insert_statement(model, db.vendor, unique)
    params = [field.get_db_prep_save(field.pre_save(instance, True), db) for field in fields]
    with transaction.mark_for_rollback_on_error(), db.cursor() as cursor:
        cursor.execute(sql, params)
        if db.features.can_return_columns_from_insert:
            row = cursor.fetchone()
            if row is None:
                return False
            pk = row[0]
        else:
            if unique and not cursor.rowcount:
                return False
            pk = db.ops.last_insert_id(cursor, model._meta.db_table, model._meta.pk.column)
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = db.alias
    return True
