"""A named lock for a decision that no row can guard: "nobody is waiting,
so open a game" reads the absence of rows, and two transactions reading it
at once would both act.  Holding the name's lock before reading makes the
second wait for the first to commit, and then see what it created."""

from __future__ import annotations

from django.db import connection


def hold(name: str) -> None:
    """Inside a transaction: wait until no other transaction holds ``name``,
    then hold it until this transaction ends.

    On PostgreSQL a transaction-level advisory lock on a hash of the name (a
    rare collision only makes unrelated callers wait for each other).  Other
    databases do nothing: SQLite lets one transaction write at a time, and
    a second writer that read before the first committed fails rather than
    acting on what it read."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [name])
