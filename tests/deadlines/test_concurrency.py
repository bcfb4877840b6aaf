"""Sweepers racing each other and racing late moves, on PostgreSQL (real
row locks and concurrent transactions; CI runs it)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection

from games import services
from games.deadlines.sweeps import _default_turn, deadlines_sweep
from games.engine import get_rules
from games.models import Match, MoveRecord, Seat
from tests.threads import run_in_threads

from .conftest import DAY, HOUR, mover_seat, start_match

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL for concurrent transactions (CI runs it)",
    ),
]


def clone_running(template: Match, count: int) -> list[int]:
    """``count`` copies of a started match (same state, players and clocks)."""
    fields = {f.attname: getattr(template, f.attname) for f in Match._meta.concrete_fields if not f.primary_key}
    matches = Match.objects.bulk_create([Match(**fields) for _ in range(count)])
    seats = list(Seat.objects.filter(match=template))
    copies = []
    for match in matches:
        for seat in seats:
            values = {f.attname: getattr(seat, f.attname) for f in Seat._meta.concrete_fields if not f.primary_key}
            values["match_id"] = match.pk
            copies.append(Seat(**values))
    Seat.objects.bulk_create(copies)
    return [m.pk for m in matches]


def test_two_sweepers_enforce_each_of_500_deadlines_exactly_once(alice, bob, now):
    template = start_match(alice, bob, now=now)
    ids = clone_running(template, 499) + [template.pk]
    at = now + 3 * DAY + HOUR
    # No time cap: this is about exactly-once, and on a busy machine two
    # sweepers sharing one interpreter can take longer than a sweep's cap.
    reports = run_in_threads(
        lambda: deadlines_sweep(now=at, batch_size=50, max_seconds=float("inf")),
        lambda: deadlines_sweep(now=at, batch_size=50, max_seconds=float("inf")),
    )
    assert all(isinstance(r, Counter) for r in reports), reports
    total = reports[0] + reports[1]
    assert total["auto"] == 500 and total["failed"] == 0
    per_match = Counter(MoveRecord.objects.filter(match_id__in=ids, source="system").values_list("match_id", flat=True))
    assert len(per_match) == 500 and set(per_match.values()) == {1}
    assert Match.objects.filter(pk__in=ids, ply=1).count() == 500
    assert not Seat.objects.filter(match_id__in=ids, deadline_at__lte=at).exists()


def test_a_late_move_and_a_sweep_racing_exactly_one_takes_effect(alice, bob, now):
    template = start_match(alice, bob, now=now)
    ids = clone_running(template, 19) + [template.pk]
    seat = mover_seat(template)
    rules = get_rules("alta")
    text = _default_turn(rules, rules.load(template.state), seat.index)
    at = now + 3 * DAY + HOUR
    due = Seat.objects.filter(match_id__in=ids, deadline_at__isnull=False)
    due.update(deadline_at=at + DAY)  # one game at a time is made due below
    winners = Counter()
    for match_id in ids:
        due.filter(match_id=match_id).update(deadline_at=now + 3 * DAY)

        def move(match_id=match_id):
            return services.move_submit(
                match_id=match_id,
                user=seat.user,
                ply=0,
                text=text,
                source="web",
                now=at,
            )

        moved, report = run_in_threads(move, lambda: deadlines_sweep(now=at))
        records = list(MoveRecord.objects.filter(match_id=match_id))
        assert len(records) == 1, (moved, report)
        if records[0].source == "web":
            assert isinstance(moved, services.MoveResult)
            assert report.get("auto", 0) == 0
        else:
            assert isinstance(moved, services.Conflict) and moved.code == "stale_ply"
            assert report == {"auto": 1}
        winners[records[0].source] += 1
    assert sum(winners.values()) == 20
