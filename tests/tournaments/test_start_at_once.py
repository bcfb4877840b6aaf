"""A tournament started by several hands at the same moment (beat's
start sweep running twice, a task delivered twice, the organiser's
"start" as the registration closes), on a real database with row locks:
it starts once, round 1 is paired once, and the organiser who lost the
race is told it has already started."""

import pytest
from django.db import connection

from core.errors import Conflict
from games.models import Match
from tests.threads import run_in_threads
from tournaments.models import Tournament, TournamentGame
from tournaments.services import tournament_start, tournaments_start_due

from .conftest import DAY, make_tournament, new_players, register

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="SQLite serialises whole-database writes, so no two steps ever overlap; "
        "the row-lock race needs PostgreSQL (CI runs it)",
    ),
]


def test_starting_a_tournament_from_many_workers_and_its_organiser_at_once_starts_it_once(alice, club, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=2)
    register(t, new_players(6), now)
    closed = now + 8 * DAY

    results = run_in_threads(
        *[lambda: tournaments_start_due(now=closed)] * 3,
        *[lambda: tournament_start(tournament_id=t.pk, now=closed)] * 2,
        lambda: tournament_start(tournament_id=t.pk, now=closed, by=alice),
    )

    failures = [r for r in results if isinstance(r, Exception)]
    assert all(isinstance(f, Conflict) and f.code == "started" for f in failures), failures
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    assert t.events.filter(kind="started").count() == 1
    games = TournamentGame.objects.filter(tournament=t, round__number=1)
    assert sorted(games.values_list("key", flat=True)) == ["R1-T1", "R1-T2", "R1-T3"]
    assert Match.objects.count() == 3
