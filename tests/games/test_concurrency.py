"""Concurrent submissions on a real database with row locks (PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from games import services
from games.models import MoveRecord

from .conftest import first_legal_text, mover, start_match

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks (CI runs it)"),
]


def test_twenty_identical_submissions_apply_exactly_once(alice, bob, now):
    match = start_match(alice, bob, now=now)
    user, index = mover(match)
    text = first_legal_text(match, index)
    barrier = threading.Barrier(20)
    outcomes = []

    def submit():
        barrier.wait()
        try:
            services.move_submit(match_id=match.pk, user=user, text=text, ply=0, source=MoveRecord.Source.API, now=now)
            outcomes.append("ok")
        except services.Conflict as error:
            outcomes.append(error.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["ok"] + ["stale_ply"] * 19
    assert MoveRecord.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.ply == 1


def test_the_same_idempotency_key_from_many_threads_applies_once(alice, bob, now):
    match = start_match(alice, bob, now=now)
    user, index = mover(match)
    text = first_legal_text(match, index)
    barrier = threading.Barrier(10)
    duplicates = []

    def submit():
        barrier.wait()
        try:
            result = services.move_submit(
                match_id=match.pk,
                user=user,
                text=text,
                ply=0,
                source=MoveRecord.Source.EMAIL,
                now=now,
                idempotency_key="<same@mail>",
            )
            duplicates.append(result.duplicate)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(duplicates) == [False] + [True] * 9
    assert MoveRecord.objects.filter(match=match).count() == 1
