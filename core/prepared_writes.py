"""Writes whose statement the ORM compiles once per database connection.

Every move inserts a ``MoveRecord`` and updates its match's row by primary
key.  Through ``save()`` and ``QuerySet.update()`` Django builds and
compiles the same statement each time (for the INSERT about 400 Python
calls, an UPDATE by pk about 250), although only its parameters differ.
``insert`` and ``update`` let the ORM compile the statement the first time
on each connection (the same ``InsertQuery``/``UpdateQuery`` its own
``save``/``update`` build) and afterwards only prepare the parameters, each
with the field's own ``get_db_prep_save``/``get_db_prep_value`` as the
compiler does.  The first time, the parameters so prepared are checked
against the compiler's: if they differ (an expression, a field with its own
placeholder, a value adapted otherwise), the statement is not reused and
that write always goes through the ORM in full.  No SQL is written here.

Contract (what ``save``/``update`` do and these skip): no ``pre_save`` or
``post_save`` receiver is connected to the model (checked: if one is,
``insert`` falls back to ``save``), and an instance's related objects are
already saved (their ids set on it).
"""

from __future__ import annotations

import operator
from itertools import repeat
from typing import Any
from weakref import WeakKeyDictionary

from django.db import connections, router, transaction
from django.db.models import Model, Q
from django.db.models.signals import post_save, pre_save
from django.db.models.sql import InsertQuery, UpdateQuery

#: An INSERT compiled once: its SQL, the fields it writes, the fields the
#: database returns, and the parameters of its RETURNING clause.
_Insert = tuple[str, list[Any], list[Any], tuple[Any, ...]]

#: connection -> {model: compiled statement and what it needs, or None when it is not reusable}
_INSERTS: WeakKeyDictionary[Any, dict[type[Model], _Insert | None]] = WeakKeyDictionary()
#: connection -> {(model, field names): (fields, {which values are NULL: statement or None})}
_UPDATES: WeakKeyDictionary[Any, dict[tuple, tuple[list, dict[tuple, str | None]]]] = WeakKeyDictionary()
_NONE = repeat(None)


def _same(ours: list, theirs: tuple | list) -> bool:
    """Whether parameters prepared here are the compiler's.  Database
    adapters (psycopg's ``Jsonb``) compare by identity: what they wrap is
    compared instead."""
    if len(ours) != len(theirs):
        return False
    for mine, compiled in zip(ours, theirs, strict=True):
        if type(mine) is not type(compiled):
            return False
        if getattr(mine, "obj", mine) != getattr(compiled, "obj", compiled):
            return False
    return True


def _plain(values) -> bool:
    """Whether none of ``values`` is compiled into the statement itself (an
    expression) or saved as another object's key: those are the ORM's."""
    return not any(hasattr(v, "resolve_expression") or hasattr(v, "prepare_database_save") for v in values)


def _insert_params(fields, values, connection) -> list:
    """What ``SQLInsertCompiler.as_sql`` passes for one row of plain values
    (``field.pre_save(obj, add=True)`` of each field)."""
    return [field.get_db_prep_save(value, connection=connection) for field, value in zip(fields, values, strict=True)]


def _compile_insert(model: type[Model], obj: Model, connection) -> _Insert | None:
    meta = model._meta
    fields = [f for f in meta.local_concrete_fields if f is not meta.auto_field and not f.generated]
    returning = meta.db_returning_fields
    if meta.parents or not connection.features.can_return_columns_from_insert:
        return None
    query = InsertQuery(model)
    query.insert_values(fields, [obj])
    compiler = query.get_compiler(connection=connection)
    compiler.returning_fields = returning
    [(sql, params)] = compiler.as_sql()
    returning_params = tuple(compiler.returning_params)
    values = [field.pre_save(obj, add=True) for field in fields]
    if not _plain(values) or not _same([*_insert_params(fields, values, connection), *returning_params], params):
        return None
    if compiler.get_converters([f.get_col(meta.db_table) for f in returning]):
        # Values the database returns that need converting: the ORM's (the
        # converters would also keep the connection, this cache's key, alive).
        return None
    return sql, fields, returning, returning_params


def insert(obj: Model) -> None:
    """``obj.save(force_insert=True)`` for a new row (no primary key yet):
    the row is inserted and the fields the database returns (the id) are set
    on ``obj``.

    :raises IntegrityError: as ``save`` (the transaction is then marked for
        rollback, as ``save`` marks it)."""
    model = type(obj)
    if obj.pk is not None or pre_save.has_listeners(model) or post_save.has_listeners(model):
        obj.save(force_insert=True)
        return
    connection = connections[router.db_for_write(model, instance=obj)]
    cache = _INSERTS.setdefault(connection, {})
    if model not in cache:
        cache[model] = _compile_insert(model, obj, connection)
    found = cache[model]
    if found is None:
        obj.save(force_insert=True)
        return
    sql, fields, returning, returning_params = found
    values = [field.pre_save(obj, add=True) for field in fields]
    if not _plain(values):
        obj.save(force_insert=True)
        return
    params = [*_insert_params(fields, values, connection), *returning_params]
    with transaction.mark_for_rollback_on_error(connection.alias), connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = connection.ops.fetch_returned_insert_columns(cursor, returning_params)
    for value, field in zip(row, returning, strict=True):
        setattr(obj, field.attname, value)
    obj._state.adding = False
    obj._state.db = connection.alias


def _update_params(prepared: list, pk_field, pk, connection) -> list:
    """What ``SQLUpdateCompiler.as_sql`` passes, given each value as its
    field saves it (``get_db_prep_save``): the values that are not NULL
    (a NULL is written into the statement), then the primary key as its
    ``exact`` lookup prepares it."""
    params = [value for value in prepared if value is not None]
    params.append(pk_field.get_db_prep_value(pk_field.get_prep_value(pk), connection, prepared=True))
    return params


def _compile_update(model: type[Model], pk: Any, values: dict[str, Any], prepared: list, connection) -> str | None:
    query = UpdateQuery(model)
    query.add_q(Q(pk=pk))
    query.add_update_values(values)
    sql, params = query.get_compiler(connection=connection).as_sql()
    if query.related_updates or not _same(_update_params(prepared, model._meta.pk, pk, connection), params):
        return None
    return sql


def update(model: type[Model], pk: Any, **values: Any) -> int:
    """``model._default_manager.filter(pk=pk).update(**values)`` (plain values of the
    model's own fields); returns the number of rows updated (0 or 1)."""
    if not _plain(values.values()):
        return model._default_manager.filter(pk=pk).update(**values)
    connection = connections[router.db_for_write(model)]
    cache = _UPDATES.setdefault(connection, {})
    key = (model, *values)
    entry = cache.get(key)
    if entry is None:
        entry = cache[key] = ([model._meta.get_field(name) for name in values], {})
    fields, statements = entry
    prepared = [
        field.get_db_prep_save(value, connection=connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]
    # Which values are NULL changes the statement ("SET x = NULL").
    nulls = tuple(map(operator.is_, prepared, _NONE))
    if nulls not in statements:
        statements[nulls] = _compile_update(model, pk, values, prepared, connection)
    sql = statements[nulls]
    if sql is None:
        return model._default_manager.filter(pk=pk).update(**values)
    with transaction.mark_for_rollback_on_error(connection.alias), connection.cursor() as cursor:
        cursor.execute(sql, _update_params(prepared, model._meta.pk, pk, connection))
        return cursor.rowcount
