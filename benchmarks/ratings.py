"""Rating rebuild speed: the calculator alone, then the full rebuild with the
database, over synthetic finished 4-player games.

Usage::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_bench \\
        python benchmarks/ratings.py [--games 200000] [--players 5000]

The database must be a dedicated one: the script migrates it, fills it with
synthetic users and finished rated Alta games (bulk inserts, reused on the
next run) and rewrites their ratings.  It refuses to run without
``DATABASE_URL``, against the default SQLite file, or against a database
holding users it did not create (``--allow-sqlite`` permits a SQLite file
named explicitly).

Targets: calculator >= 10,000
games/s; full rebuild >= 1,000 games/s on PostgreSQL.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time
from collections.abc import Hashable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BENCH_DOMAIN = "bench.invalid"
GAME = "alta"
TABLE = 4
EPOCH = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)


def synthetic_games(count: int, players: int, seed: int = 1):
    """``(seat users, ranking as groups of seat indexes)`` per game; about
    one game in 20 has a tie."""
    rng = random.Random(seed)
    for _ in range(count):
        seated = rng.sample(range(players), TABLE)
        order = list(range(TABLE))
        rng.shuffle(order)
        ranking = [[seat] for seat in order]
        if rng.random() < 0.05:
            ranking[1:3] = [ranking[1] + ranking[2]]
        yield seated, ranking


def bench_calculator(count: int, players: int) -> float:
    """Games per second through ``rate_table`` with the running standings
    (what a replay does, minus the database)."""
    from ratings.calculator import PlayerState, rate_table

    games = list(synthetic_games(count, players))
    states: dict[Hashable, PlayerState] = {}
    new = PlayerState()
    start = time.perf_counter()
    for seated, ranking in games:
        table = [(user, states.get(user, new)) for user in seated]
        groups = [[seated[seat] for seat in group] for group in ranking]
        for result in rate_table(table, groups):
            states[result.player] = result.after
    return count / (time.perf_counter() - start)


def check_database(allow_sqlite: bool) -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        sys.exit("Set DATABASE_URL to a dedicated database (e.g. postgres://postgres@127.0.0.1:5432/alta_bench).")
    if url.startswith("sqlite") and not allow_sqlite:
        sys.exit("Refusing to run against SQLite; pass --allow-sqlite to use the file named in DATABASE_URL.")
    if url.startswith("sqlite") and url.rstrip("/").endswith("var/alta.sqlite3"):
        sys.exit("Refusing to fill the default development database with synthetic games.")


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "alta_site.settings")
    import django
    from django.conf import settings

    django.setup()
    # DEBUG keeps every SQL statement in memory; bulk inserts make that gigabytes.
    settings.DEBUG = False
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def ensure_data(count: int, players: int) -> None:
    """Create the synthetic users and games unless they are already there."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from games.models import Match, MoveRecord, Seat

    User = get_user_model()
    strangers = User.objects.exclude(email__endswith=f"@{BENCH_DOMAIN}")
    if strangers.exists():
        sys.exit("This database has real users: use a dedicated database for the benchmark.")
    have_users = User.objects.count()
    have_games = Match.objects.filter(game=GAME, rated=True).count()
    if have_users == players and have_games == count:
        print(f"reusing {count} synthetic games among {players} players")
        return
    print(f"creating {count} synthetic games among {players} players ...", flush=True)
    start = time.perf_counter()
    with transaction.atomic():
        from ratings.models import Rating, RatingChange, RatingPool

        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        RatingPool.objects.all().delete()
        MoveRecord.objects.all().delete()
        Seat.objects.all().delete()
        Match.objects.all().delete()
        User.objects.all().delete()
        User.objects.bulk_create(
            [
                User(
                    email=f"bench-{i}@{BENCH_DOMAIN}",
                    display_name=f"bench-{i}",
                    password="!",
                )
                for i in range(players)
            ],
            batch_size=5000,
        )
    user_ids = list(User.objects.order_by("pk").values_list("pk", flat=True))
    batch = 5000
    games = synthetic_games(count, players)
    for first in range(0, count, batch):
        chunk = [next(games) for _ in range(min(batch, count - first))]
        with transaction.atomic():
            matches = Match.objects.bulk_create(
                [
                    Match(
                        game=GAME,
                        engine_version=1,
                        status=Match.Status.FINISHED,
                        created_by_id=user_ids[seated[0]],
                        created_at=EPOCH,
                        started_at=EPOCH,
                        finished_at=EPOCH + dt.timedelta(seconds=first + i),
                        players=TABLE,
                        rated=True,
                        outcome={
                            "scores": [0] * TABLE,
                            "ranking": ranking,
                            "termination": "normal",
                            "details": [],
                        },
                        termination="normal",
                        ply=TABLE,
                    )
                    for i, (seated, ranking) in enumerate(chunk)
                ]
            )
            seats, moves = [], []
            for match, (seated, ranking) in zip(matches, chunk, strict=True):
                place, places = 1, {}
                for group in ranking:
                    for seat in group:
                        places[seat] = place
                    place += len(group)
                for index, player in enumerate(seated):
                    user_id = user_ids[player]
                    seats.append(
                        Seat(
                            match=match,
                            user_id=user_id,
                            index=index,
                            joined_at=EPOCH,
                            place=places[index],
                            score=0,
                        )
                    )
                    moves.append(
                        MoveRecord(
                            match=match,
                            ply=index + 1,
                            seat_index=index,
                            user_id=user_id,
                            kind="move",
                            source="web",
                            text="-",
                            created_at=EPOCH,
                        )
                    )
            Seat.objects.bulk_create(seats, batch_size=5000)
            MoveRecord.objects.bulk_create(moves, batch_size=5000)
        print(f"  {first + len(chunk)} games", end="\r", flush=True)
    print(f"created in {time.perf_counter() - start:.0f} s" + " " * 20)


def bench_rebuild(count: int) -> float:
    from ratings.models import RatingChange
    from ratings.services import ratings_rebuild

    start = time.perf_counter()
    rated = ratings_rebuild(game=GAME)
    elapsed = time.perf_counter() - start
    if rated != count or RatingChange.objects.filter(game=GAME).count() != count * TABLE:
        sys.exit(f"rebuild rated {rated} games, expected {count}")
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument(
        "--rebuilds",
        type=int,
        default=2,
        help="full rebuilds to time (the first "
        "may start from no stored ratings; later ones replace 4 changes per game)",
    )
    parser.add_argument("--allow-sqlite", action="store_true")
    parser.add_argument("--calculator-only", action="store_true")
    args = parser.parse_args()
    if not args.calculator_only:
        check_database(args.allow_sqlite)
    setup_django() if not args.calculator_only else _setup_pure()
    print(
        f"calculator alone: {bench_calculator(args.games, args.players):,.0f} games/s "
        f"({args.games} {TABLE}-player games)",
        flush=True,
    )
    if args.calculator_only:
        return
    from django.db import connection

    ensure_data(args.games, args.players)
    for run in range(1, args.rebuilds + 1):
        rate = bench_rebuild(args.games)
        print(f"full rebuild {run} ({connection.vendor}): {rate:,.0f} games/s", flush=True)


def _setup_pure() -> None:
    """The calculator needs no database, but ``ratings`` imports Django
    models in its package; configure settings without touching a DB."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "alta_site.settings")
    import django

    django.setup()


if __name__ == "__main__":
    main()
