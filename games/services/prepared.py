"""A query compiled once per database connection.

The move's lock query reads a seat with its match, player and settings:
four models' columns, and Django compiles that select list afresh on every
request (about a seventh of an API move's CPU time).  Its SQL is the same
for every match; only the parameters of its ``WHERE`` differ.  A queryset
built on ``PreparedQuery`` compiles the whole query the first time on each
connection and afterwards only its ``WHERE`` (for the parameters), reusing
the SQL and the select list Django made the first time.  The ORM still
writes every statement; if the ``WHERE`` compiles to different SQL (another
filter) or the query has parameters outside it, it is compiled in full.
The converters of its columns (what turns each database value into the
field's Python value), and whether any is a composite field, are likewise
looked up once and reused with that select list.
"""

from __future__ import annotations

import operator
from typing import Any
from weakref import WeakKeyDictionary

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db.models import QuerySet
from django.db.models.sql import Query

#: connection -> {(name, with_limits, with_col_aliases): (where SQL, compiled, {select id: [columns,
#: converters, has composite fields]})}
_COMPILED: WeakKeyDictionary[Any, dict[tuple[str, bool, bool], tuple[str, tuple, dict]]] = WeakKeyDictionary()
_CLASSES: dict[type, type] = {}


def _prepared(base: type) -> type:
    """``base`` (the backend's SQL compiler) with ``as_sql`` compiled once."""
    cls = _CLASSES.get(base)
    if cls is not None:
        return cls

    def as_sql(self, with_limits=True, with_col_aliases=False):  # type: ignore[no-untyped-def]
        try:
            where_sql, where_params = self.compile(self.query.where)
        except (EmptyResultSet, FullResultSet):  # no WHERE, or nothing to find: as Django does it
            return base.as_sql(self, with_limits, with_col_aliases)
        cache = _COMPILED.setdefault(self.connection, {})
        key = (self.query.prepared_name, with_limits, with_col_aliases)
        found = cache.get(key)
        if found is not None and found[0] == where_sql:
            sql, self.select, self.klass_info, self.annotation_col_map, self.col_count, self.has_extra_select = found[1]
            self._prepared_converters = found[2]
            return sql, tuple(where_params)
        sql, params = base.as_sql(self, with_limits, with_col_aliases)
        if tuple(params) == tuple(where_params):
            self._prepared_converters = {}
            cache[key] = (
                where_sql,
                (sql, self.select, self.klass_info, self.annotation_col_map, self.col_count, self.has_extra_select),
                self._prepared_converters,
            )
        return sql, params

    def _remembered(self, expressions) -> list | None:  # type: ignore[no-untyped-def]
        """What is remembered for the compiled select list, when
        ``expressions`` are its columns: ``[columns, converters, has
        composite fields]`` (filled in on first use)."""
        found = getattr(self, "_prepared_converters", None)
        if found is None or len(expressions) != self.col_count:
            return None
        entry = found.get(id(self.select))
        if entry is None:
            entry = found[id(self.select)] = [[s[0] for s in self.select[: self.col_count]], None, None]
        # The same column objects, compared by identity (map with a C
        # function: no Python call per column of a four-model select list).
        return entry if all(map(operator.is_, expressions, entry[0])) else None

    def _answer(self, expressions, slot: int, ask):  # type: ignore[no-untyped-def]
        """``ask(self, expressions)`` (one of Django's), remembered in
        ``slot`` of the compiled select list's entry."""
        entry = _remembered(self, expressions)
        if entry is None:
            return ask(self, expressions)
        if entry[slot] is None:
            entry[slot] = ask(self, expressions)
        return entry[slot]

    def get_converters(self, expressions):  # type: ignore[no-untyped-def]
        """Django's, remembered for the compiled select list: the same
        column objects always have the same converters."""
        return _answer(self, expressions, 1, base.get_converters)

    def has_composite_fields(self, expressions):  # type: ignore[no-untyped-def]
        """Django's, remembered likewise (it tests every column)."""
        return _answer(self, expressions, 2, base.has_composite_fields)

    cls = _CLASSES[base] = type(
        f"Prepared{base.__name__}",
        (base,),
        {"as_sql": as_sql, "get_converters": get_converters, "has_composite_fields": has_composite_fields},
    )
    return cls


class PreparedQuery(Query):
    """A ``Query`` whose compiler reuses the SQL compiled the first time."""

    prepared_name = ""

    def get_compiler(self, using=None, connection=None, elide_empty=True):  # type: ignore[no-untyped-def]
        compiler = super().get_compiler(using, connection, elide_empty)
        if type(compiler).__name__ == "SQLCompiler":  # reads only: not inserts, updates, aggregates
            compiler.__class__ = _prepared(type(compiler))
        return compiler


def prepared(model: type, name: str) -> QuerySet:
    """``model.objects.all()``, compiled once per connection under ``name``:
    the caller builds the same query under that name every time (the same
    select_related, lock and ordering; the filter's values may differ)."""
    query = PreparedQuery(model)
    query.prepared_name = name
    return QuerySet(model=model, query=query)
