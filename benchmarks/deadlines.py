"""Deadline sweep speed on PostgreSQL: an empty sweep, and a sweep that
enforces thousands of due seats, with 10,000 and then 100,000 running games.

Usage::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_bench_deadlines \\
        python benchmarks/deadlines.py [--games 10000 100000] [--due 5000] [--sweepers 1 2]

The database must be a dedicated one: the script migrates it and, for each
size, empties every games table (``TRUNCATE games_match … CASCADE``) and
bulk-creates running 2-player Alta games from real seeded start positions
(synthetic players ``@bench.invalid``).  Every game has its mover's
deadline in the future; then ``--due`` of them are made due and one sweep
enforces them through the real write path (the engine's default move,
``move_play``, events).  The emails those moves and events cause are then
written as the mail worker would (``notifications_write``), timed apart on a sample (``--mail-rows``).
It refuses SQLite and a database holding users it did not create.  Celery messages go to an in-memory broker
unless ``CELERY_BROKER_URL`` is set.

Targets: an empty sweep under 50 ms at 100,000 games and at most 1.5 times
the 10,000 figure; enforcement at least 300 seats/s with
``DEADLINE_SWEEPERS`` sweepers, on the ORM.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import os
import random
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BENCH_DOMAIN = "bench.invalid"
PLAYERS = 2000
STATES = 64
CHUNK = 5000
NOW = dt.datetime(2026, 3, 2, 12, tzinfo=dt.UTC)


def setup_django() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit("Set DATABASE_URL to a dedicated PostgreSQL database (SQLite is refused).")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "alta_site.settings")
    os.environ.setdefault("CELERY_BROKER_URL", "memory://")
    os.environ.setdefault("CELERY_RESULT_BACKEND", "cache+memory://")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def players() -> list:
    """The synthetic players (created once, reused by later runs)."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    foreign = User.objects.exclude(email__endswith=f"@{BENCH_DOMAIN}")
    if foreign.exists():
        sys.exit("This database has users the benchmark did not create; use a dedicated one.")
    have = User.objects.count()
    User.objects.bulk_create(
        [User(email=f"p{n}@{BENCH_DOMAIN}", display_name=f"P{n}", password="!") for n in range(have, PLAYERS)]
    )
    return list(User.objects.order_by("pk"))


def populate(games: int, users: list, rng: random.Random) -> None:
    """Empty the games tables and bulk-create ``games`` running 2-player
    games whose movers' deadlines lie 1 to 3 days ahead."""
    from django.db import DatabaseError, connection

    from games.engine import get_rules
    from games.models import Match, Seat

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_match, games_vacation, games_deadlinesettings RESTART IDENTITY CASCADE")
    rules = get_rules("alta")
    starts = []
    for seed in range(1, STATES + 1):
        state = rules.setup(2, seed)
        starts.append((seed, rules.dump(state), min(rules.to_move(state))))
    budget = 3 * 86400
    for first in range(0, games, CHUNK):
        size = min(CHUNK, games - first)
        picks = [starts[rng.randrange(STATES)] for _ in range(size)]
        pairs = [rng.sample(users, 2) for _ in range(size)]
        matches = Match.objects.bulk_create(
            [
                Match(
                    game="alta",
                    engine_version=rules.engine_version,
                    status=Match.Status.ACTIVE,
                    created_by=pair[0],
                    created_at=NOW - dt.timedelta(days=3),
                    started_at=NOW - dt.timedelta(days=3),
                    players=2,
                    seed=seed,
                    state=state,
                    ply=0,
                    days_per_move=3,
                )
                for (seed, state, _), pair in zip(picks, pairs, strict=True)
            ]
        )
        seats = []
        for match, (_, _, mover), pair in zip(matches, picks, pairs, strict=True):
            started = NOW - dt.timedelta(seconds=rng.randrange(0, 2 * 86400))
            for index, user in enumerate(pair):
                seat = Seat(match=match, user=user, index=index, joined_at=match.created_at)
                if index == mover:
                    seat.turn_started_at, seat.turn_seconds = started, budget
                    seat.deadline_at = started + dt.timedelta(seconds=budget)
                    seat.reminder_at = seat.deadline_at - dt.timedelta(hours=24)
                seats.append(seat)
        Seat.objects.bulk_create(seats)
    with connection.cursor() as cursor:
        # As after any bulk load: set the tuples' visibility and statistics
        # now, and write the loaded pages out, so that the timed sweeps do
        # not pay for the load (hint bits, dirty buffers) at random.
        cursor.execute("VACUUM (ANALYZE) games_match, games_seat")
        # Not a superuser (nor pg_checkpoint): the pages are flushed in the background.
        with contextlib.suppress(DatabaseError):
            cursor.execute("CHECKPOINT")


def make_due(count: int, rng: random.Random) -> None:
    """Move ``count`` random movers' turns back so their deadlines passed
    in the last hour."""
    from django.db import transaction

    from games.models import Seat

    ids = list(Seat.objects.filter(deadline_at__gt=NOW).values_list("pk", flat=True))
    with transaction.atomic():
        for pk in rng.sample(ids, count):
            started = NOW - dt.timedelta(days=3, seconds=rng.randrange(60, 3600))
            Seat.objects.filter(pk=pk).update(
                turn_started_at=started,
                deadline_at=started + dt.timedelta(days=3),
                reminder_at=None,
            )


def time_empty_sweep(repeats: int) -> list[float]:
    from games.deadlines.sweeps import deadlines_sweep

    deadlines_sweep(now=NOW)  # warm the connection and caches
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        report = deadlines_sweep(now=NOW)
        timings.append(time.perf_counter() - start)
        assert not report, report
    return timings


def due_query_plan() -> str:
    """PostgreSQL's plan for the sweep's "what is due" query."""
    from django.db import connection

    from games.models import Seat

    query = Seat.objects.filter(deadline_at__lte=NOW).order_by("deadline_at")
    sql, params = query.values_list("pk", "match_id", "deadline_at")[:100].query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {sql}", params)
        return " / ".join(row[0].strip() for row in cursor.fetchall())


def _cpu_seconds() -> float:
    """CPU time of this process and of its reaped children (the sweepers)."""
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _sweep_in_child(now: dt.datetime) -> dict:
    from django.db import connections

    from games.deadlines.sweeps import deadlines_sweep

    try:
        return dict(deadlines_sweep(now=now, max_seconds=float("inf")))
    finally:
        connections.close_all()


def time_enforcement(due: int, sweepers: int, profile: int = 0) -> tuple[float, dict]:
    """One sweep (or ``sweepers`` concurrent sweeper processes: beat's sweep
    and the helpers it queues on other worker processes when a backlog is
    due, ``DEADLINE_SWEEPERS``) over the due seats; checks each was enforced."""
    import multiprocessing
    from collections import Counter

    from django.db import connections

    from games.deadlines.sweeps import deadlines_sweep
    from games.models import MoveRecord

    system = MoveRecord.objects.filter(source=MoveRecord.Source.SYSTEM)
    before = system.count()
    last = system.order_by("-pk").values_list("pk", flat=True).first() or 0
    start, cpu = time.perf_counter(), _cpu_seconds()
    if sweepers == 1 and profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile(time.process_time)
        report = dict(profiler.runcall(deadlines_sweep, now=NOW, max_seconds=float("inf")))
        stats = pstats.Stats(profiler)
        calls = stats.total_calls  # type: ignore[attr-defined]
        print(f"  Python function calls per seat: {calls / due:,.0f} (independent of the machine's load)")
        if os.environ.get("PROFILE_OUT"):
            stats.dump_stats(os.environ["PROFILE_OUT"])
        stats.sort_stats("cumulative").print_stats(profile)
    elif sweepers == 1:
        report = dict(deadlines_sweep(now=NOW, max_seconds=float("inf")))
    else:
        connections.close_all()  # each process opens its own connection
        pool = multiprocessing.get_context("fork").Pool(sweepers)
        reports = pool.map(_sweep_in_child, [NOW] * sweepers)
        pool.close()
        pool.join()  # reaped: their CPU time is counted in RUSAGE_CHILDREN
        report = dict(sum((Counter(r) for r in reports), Counter()))
    elapsed = time.perf_counter() - start
    report["cpu_ms_per_seat"] = round((_cpu_seconds() - cpu) / due * 1000, 1)
    played = system.count() - before
    per_match = system.filter(pk__gt=last).values("match_id").distinct().count()
    if report.get("auto") != due or played != due or per_match != due:
        sys.exit(f"Expected {due} enforcements, got {report}, {played} system moves in {per_match} games.")
    return elapsed, report


def time_notifications(sample: int) -> tuple[int, float, float]:
    """What the enforcements left to the mail worker (``announce``): render
    and queue the emails of the first ``sample`` moves and events not yet
    announced, as one worker process does; the others are marked announced
    unwritten, so that the next phase starts with an empty outbox (writing
    thousands would take minutes and tells nothing more).  Returns the rows
    written, the time taken and the CPU time per row."""
    from games.models import MatchEvent, MoveRecord
    from mail.announce import notifications_write

    moves = list(MoveRecord.objects.filter(notified_at__isnull=True).order_by("pk").values_list("pk", flat=True))
    events = list(MatchEvent.objects.filter(notified_at__isnull=True).order_by("pk").values_list("pk", flat=True))
    moves, events = moves[: sample // 2], events[: sample - sample // 2]
    start, cpu = time.perf_counter(), time.process_time()
    rows = notifications_write(move_ids=moves, event_ids=events, now=NOW)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    MoveRecord.objects.filter(notified_at__isnull=True).update(notified_at=NOW)
    MatchEvent.objects.filter(notified_at__isnull=True).update(notified_at=NOW)
    return rows, elapsed, cpu / max(rows, 1)


def deployed(sweepers: int) -> str:
    """Marks the run that works as the deployed beat sweep does: it queues
    ``DEADLINE_SWEEPERS - 1`` helper sweeps when a backlog is due."""
    from django.conf import settings

    return " (as deployed: DEADLINE_SWEEPERS)" if sweepers == settings.DEADLINE_SWEEPERS else ""


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f}/{five:.2f} on {os.cpu_count()} CPUs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--due", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument(
        "--sweepers",
        type=int,
        nargs="+",
        default=[1, 2],
        help="concurrent sweeper processes for the enforcement runs",
    )
    parser.add_argument(
        "--mail-rows",
        type=int,
        default=600,
        help="moves and events whose emails are written after each enforcement run (the rest are skipped)",
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        help="profile the one-sweeper run: function calls per seat and the N costliest functions",
    )
    args = parser.parse_args()
    setup_django()
    rng = random.Random(1)
    users = players()
    empty: dict[int, tuple[float, float]] = {}
    for games in args.games:
        start = time.perf_counter()
        populate(games, users, rng)
        print(f"\n{games:,} running games created in {time.perf_counter() - start:.1f} s ({load()})")
        print(f"  due query plan: {due_query_plan()}")
        timings = sorted(time_empty_sweep(args.repeats))
        empty[games] = (statistics.median(timings), timings[0])
        p90 = timings[int(len(timings) * 0.9)]
        print(
            f"  empty sweep: median {empty[games][0] * 1000:.2f} ms, min {timings[0] * 1000:.2f} ms, "
            f"p90 {p90 * 1000:.2f} ms over {args.repeats} ({load()})"
        )
        for sweepers in args.sweepers if args.due else ():
            make_due(args.due, rng)
            elapsed, report = time_enforcement(args.due, sweepers, args.profile)
            print(
                f"  enforcing {args.due:,} due seats with {sweepers} sweeper(s){deployed(sweepers)}: "
                f"{elapsed:.2f} s = "
                f"{args.due / elapsed:,.0f} seats/s {report} ({load()})"
            )
            rows, elapsed, cpu = time_notifications(args.mail_rows)
            print(
                f"  then a mail worker writes the emails of {rows:,} of their moves and events in {elapsed:.2f} s = "
                f"{rows / elapsed:,.0f} rows/s, {cpu * 1000:.1f} ms CPU per row ({load()})"
            )
    if len(empty) > 1:
        small, large = min(empty), max(empty)
        (median_s, min_s), (median_l, min_l) = empty[small], empty[large]
        print(
            f"\nempty sweep {large:,} vs {small:,} games: median {median_l / median_s:.2f}x, "
            f"min {min_l / min_s:.2f}x (target <= 1.5x); {median_l * 1000:.2f} ms at {large:,} "
            "(target < 50 ms)"
        )


if __name__ == "__main__":
    main()
