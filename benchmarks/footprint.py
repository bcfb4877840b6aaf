"""Stored bytes per finished game: plays 2-player Alta games to the end
through the write path, with every email written and sent (Celery eager,
mail kept by Django's in-memory backend), then prints the bytes their rows
take in PostgreSQL (``pg_column_size`` of each row, by table), before and
after the sent mail bodies are pruned (``SENT_MAIL_BODY_RETENTION_DAYS``).

Usage: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_bench_footprint
python benchmarks/footprint.py [--games 10]`` (the database is flushed).
Target: printed; sent mail bodies pruned
after a configurable time.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.processes import load  # noqa: E402

TABLES = (
    "games_match",
    "games_seat",
    "games_moverecord",
    "games_matchevent",
    "mail_outgoingemail",
    "mail_replytoken",
)


def table_bytes() -> dict[str, int]:
    from django.db import connection

    sizes = {}
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"SELECT COALESCE(SUM(pg_column_size(t.*)), 0) FROM {table} t")  # noqa: S608 (fixed names)
            sizes[table] = int(cursor.fetchone()[0])
    return sizes


def play(games: int) -> None:
    from django.utils import timezone

    from alta_site.accounts.models import User
    from games.engine import get_rules
    from games.services import match_create_seated, move_submit

    users = [
        User.objects.create_user(email=f"f{side}@bench.invalid", password="x", display_name=f"F{side}") for side in "ab"
    ]
    rules = get_rules("alta")
    for _ in range(games):
        match = match_create_seated(users=users, game="alta", now=timezone.now())
        while match.is_active:
            state = rules.load(match.started_state)
            seat = min(rules.to_move(state))
            user = next(s.user for s in match.seats.all() if s.index == seat)
            match = move_submit(
                match_id=match.pk, user=user, ply=match.ply, source="api", option=1, now=timezone.now()
            ).match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database reserved for this benchmark.")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-" + "x" * 40)
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"
    os.environ.pop("EMAIL_URL", None)
    os.environ["DEV_MAILBOX"] = "0"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ["DJANGO_SETTINGS_MODULE"] = "alta_site.settings"
    import django
    from django.conf import settings

    django.setup()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    from django.core.management import call_command
    from django.utils import timezone

    from alta_site.privacy import sent_mail_bodies_prune
    from mail.models import OutgoingEmail

    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    play(args.games)
    sent = OutgoingEmail.objects.filter(status=OutgoingEmail.Status.SENT).count()
    before = table_bytes()
    later = timezone.now() + dt.timedelta(days=settings.SENT_MAIL_BODY_RETENTION_DAYS, seconds=1)
    pruned = sent_mail_bodies_prune(now=later)
    after = table_bytes()
    print(f"{args.games} finished 2-player Alta games, {sent} mails sent; bytes per game by table:")
    for table in TABLES:
        print(f"  {table:<20} {before[table] / args.games:>10,.0f}  -> {after[table] / args.games:>10,.0f} pruned")
    total_before, total_after = sum(before.values()), sum(after.values())
    print(
        f"stored bytes per finished game: {total_before / args.games:,.0f}; "
        f"after the sent mail bodies are pruned ({pruned} mails, after "
        f"{settings.SENT_MAIL_BODY_RETENTION_DAYS} days): {total_after / args.games:,.0f}"
    )
    print(load())


if __name__ == "__main__":
    main()
