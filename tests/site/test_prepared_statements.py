"""On PostgreSQL the server binds the parameters and prepares the statements
a kept connection repeats (``DB_PREPARED_STATEMENTS``, on by default): a
move's lock query, which joins four tables, is parsed and planned once per
connection instead of once per move."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection, transaction

from games.models import Match
from games.services import match_create_seated
from games.services.moves import match_lock

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"),
]


def prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_the_move_lock_is_prepared_once_repeated(alice, bob, now):
    assert settings.DATABASES["default"].get("OPTIONS", {}).get("server_side_binding") is True
    matches = [match_create_seated(users=[alice, bob], game="alta", now=now) for _ in range(6)]
    for match in matches:  # other parameters, the same statement
        with transaction.atomic():
            found, seats = match_lock(match.pk)
        assert found.pk == match.pk and {seat.user_id for seat in seats} == {alice.pk, bob.pk}
    [lock] = [sql for sql in prepared_statements() if "FOR NO KEY UPDATE" in sql]
    assert '"games_match"."state"' in lock and "$1" in lock


def test_a_prepared_lock_reads_the_rows_as_they_are_now(alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    for ply in range(7):
        Match.objects.filter(pk=match.pk).update(ply=ply)
        with transaction.atomic():
            found, _ = match_lock(match.pk)
        assert found.ply == ply
