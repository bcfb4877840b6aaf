"""Profile the mail worker's work for one 2-player Alta turn, in process.

Each turn: a bot's reply (the first whole-turn letter of its last "your
move" mail, else option 1) goes through the real intake
(``inbound_email_process``, as the gateway calls it; not counted), then
what the worker does for it is run here and counted: ``notifications_write``
for the rows the intake recorded and ``emails_send`` for their mails, to
Django's locmem backend.  Prints the worker CPU per turn (``process_time``)
and the top of a cProfile of that work.

With ``--pieces`` it also prints the worker's CPU per turn spent in each
of its main pieces (``PIECES``: timers around those functions, counted
only in the measured turns and only at the outermost call; a piece's time
includes the pieces it calls).

With ``--send N`` it profiles instead the send path of one mail that is
already written (what ``benchmarks/notify.py`` times): N rows, one send
task each (``emails_send``, run here as a worker runs it), over SMTP to a
sink in its own process; prints CPU and Python calls per mail.

Usage: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_mailcpu_prof
CACHE_URL=redis://127.0.0.1:6379/9 python benchmarks/mail_profile.py [--games 4] [--turns 10] [--top 40]
[--send 300]``
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import logging
import os
import pstats
import re
import sys
import time
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.processes import debug_off  # noqa: E402

_LETTER = re.compile(r"^  ([A-H])\. ", re.MULTILINE)


#: The worker's pieces ``--pieces`` times: (module, attribute path, label).
PIECES = (
    ("mail.announce", "_row_written", "writing one move's mails (in its savepoint)"),
    ("mail.outbox", "listed_turns", "whole-turn letters of the next mail"),
    ("mail.move_mail", "since_lines", '"since your last move" lines'),
    ("mail.outbox", "render_game_email", "rendering the mails"),
    ("mail.outbox", "email_queue", "outbox INSERTs"),
    ("mail.outbox", "reply_token_for", "reply token INSERT"),
    ("mail.announce", "_send_now", "sending after commit (read back, MIME, send, sent marks)"),
    ("alta_site.cache", "FailOpenRedisCache.through_breaker", "cache (Redis) calls"),
)


class _Pieces:
    """Process-time timers around ``PIECES``, counting while ``on``."""

    def __init__(self) -> None:
        import importlib

        self.on = False
        self.spent = {label: 0.0 for _module, _path, label in PIECES}
        for module, path, label in PIECES:
            owner = importlib.import_module(module)
            *parents, name = path.split(".")
            for parent in parents:
                owner = getattr(owner, parent)
            setattr(owner, name, self._timed(getattr(owner, name), label))

    def _timed(self, function, label: str):
        import functools

        depth = [0]

        @functools.wraps(function)
        def timed(*args, **kwargs):
            if not self.on or depth[0]:
                return function(*args, **kwargs)
            depth[0] += 1
            before = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.spent[label] += time.process_time() - before
                depth[0] -= 1

        return timed

    def report(self, turns: int) -> None:
        for label, spent in self.spent.items():
            print(f"  {spent / max(turns, 1) * 1000:6.2f} ms  {label}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--turns", type=int, default=10, help="turns per game (a game has 16)")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--dump", help="also write the profile to this file (pstats)")
    parser.add_argument("--intake", action="store_true", help="profile the reply's intake instead of the worker")
    parser.add_argument("--queries", action="store_true", help="print the SQL of the last turn's work")
    parser.add_argument("--send", type=int, default=0, help="profile the send task for this many written mails")
    parser.add_argument("--pieces", action="store_true", help="also print the CPU per turn of the worker's pieces")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database reserved for this benchmark.")
    os.environ["DJANGO_SETTINGS_MODULE"] = "alta_site.settings"
    os.environ["EMAIL_URL"] = ""
    # As the worker is deployed (benchmarks/processes.py): with DEBUG on,
    # Django formats every statement's SQL and renders templates in debug mode.
    debug_off(os.environ)
    import django
    from django.conf import settings

    django.setup()
    if args.send:
        profile_sends(args)
        return
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.INBOUND_MAIL_PER_HOUR = 100_000
    from django.core import mail as django_mail
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from alta_site.celery import app
    from games.services import match_create_seated
    from mail import announce, receivers
    from mail.services import inbound_email_process
    from tests.conftest import make_user

    pieces = _Pieces() if args.pieces else None

    call_command("migrate", verbosity=0)
    django_mail.outbox = []
    recorded: list[tuple[str, int]] = []

    def collect(items: list[tuple[str, int]]) -> None:
        recorded.extend(items)

    receivers._publish = collect  # the worker's share is run below, counted
    app.conf.task_always_eager = True  # the send task runs here, after its commit

    def work(now):
        items = list(recorded)
        recorded.clear()
        moves = [pk for kind, pk in items if kind == receivers.MOVE]
        events = [pk for kind, pk in items if kind == receivers.EVENT]
        announce.notifications_write(move_ids=moves, event_ids=events, now=now)

    def reply_for(address: str):
        latest = [m for m in django_mail.outbox if m.to == [address] and m.reply_to and "HOW TO REPLY" in m.body]
        if not latest:
            return None
        text = str(latest[-1].body)
        letters = _LETTER.findall(text)
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = address, latest[-1].reply_to[0], "Re: your move"
        message["Message-ID"] = f"<prof-{time.time_ns()}@client.example>"
        message.set_content(letters[0] if letters else "1")
        return latest[-1].reply_to[0], message.as_bytes()

    executed = [0]

    def count_query(execute, sql, params, many, context):
        executed[0] += 1
        return execute(sql, params, many, context)

    def captured():
        return CaptureQueriesContext(connection) if args.queries else contextlib.nullcontext()

    stamp = time.time_ns()
    now = timezone.now()
    games = []
    for game in range(args.games + 1):  # the first one warms up
        pair = [make_user(f"p{stamp}-{game}-{s}@example.com", f"Prof {stamp % 100000}.{game}.{s}") for s in range(2)]
        recorded.clear()
        match_create_seated(users=pair, game="alta", now=now)
        work(timezone.now())
        games.append([u.email for u in pair])
    profile = cProfile.Profile(time.process_time)  # CPU, not waiting for PostgreSQL
    cpu = intake_cpu = 0.0
    turns = counted = 0
    for number, pair in enumerate(games):
        for _ in range(args.turns):
            found = [r for r in (reply_for(a) for a in pair) if r]
            # The mover's mail is the newest one with a reply address.
            if not found:
                break
            sender = max(
                pair,
                key=lambda a: max(
                    (i for i, m in enumerate(django_mail.outbox) if m.to == [a] and m.reply_to), default=-1
                ),
            )
            target, raw = reply_for(sender)
            intake_before = time.process_time()
            if number and args.intake and args.top:
                profile.enable()
            with captured() as intake_queries:
                outcome = inbound_email_process(
                    raw=raw, source="smtp", now=timezone.now(), envelope_recipients=[target]
                )
            if number and args.intake and args.top:
                profile.disable()
            if number:
                intake_cpu += time.process_time() - intake_before
            if outcome.outcome != "applied" and number == 0:
                print("intake outcome:", outcome.outcome, outcome.detail if hasattr(outcome, "detail") else "")
            before = time.process_time()
            if number and args.top and not args.intake:
                profile.enable()
            # Counted by a wrapper; ``CaptureQueriesContext`` (``--queries``
            # only) formats every statement's SQL, work the worker never does.
            before_queries = executed[0]
            if pieces is not None:
                pieces.on = bool(number)
            with connection.execute_wrapper(count_query), captured() as queries:
                work(timezone.now())
            if pieces is not None:
                pieces.on = False
            if number:
                counted += executed[0] - before_queries
                if args.top and not args.intake:
                    profile.disable()
                cpu += time.process_time() - before
                turns += 1
    profiler = "on" if args.top else "off"
    per_turn = cpu / max(turns, 1) * 1000
    print(f"{turns} turns: mail worker CPU {per_turn:.2f} ms per turn (in process, profiler {profiler})")
    intake = intake_cpu / max(turns, 1) * 1000
    print(f"intake of the reply (the gateway's share, not the worker's): {intake:.2f} ms CPU per turn")
    print(f"queries per turn: {counted / max(turns, 1):.1f}")
    if pieces is not None:
        print("worker CPU per turn by piece (timers on; a piece includes those it calls):")
        pieces.report(turns)
    if args.queries:
        for query in (intake_queries if args.intake else queries).captured_queries:
            print(" ", query["sql"][:300])
    if args.top:
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)
        if args.dump:
            profile.dump_stats(args.dump)
    print("uptime:", os.popen("uptime").read().strip())


def profile_sends(args) -> None:
    """The send task for ``args.send`` written mails, one task each, to an
    SMTP sink in its own process (so that its reading of the mails is not
    counted): CPU and Python calls per mail, and the profile's top."""
    from django.conf import settings
    from django.core.management import call_command
    from django.db import transaction
    from django.utils import timezone

    from benchmarks.notify import SinkProcess
    from mail import sending
    from mail.delivery import emails_send
    from mail.models import OutgoingEmail
    from mail.outbox import email_queue
    from tests.services.smtp_sink import free_port

    call_command("migrate", verbosity=0)
    OutgoingEmail.objects.all().delete()  # no mail left queued rides along
    logging.getLogger("celery").setLevel(logging.WARNING)  # no line per task
    port = free_port()
    sink = SinkProcess(port)
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    headers = {  # as a game mail carries them
        "In-Reply-To": "<match-1-user-2@alta.example>",
        "References": "<match-1-user-2@alta.example>",
        "List-Unsubscribe": "<https://alta.example/mail/unsubscribe/" + "x" * 60 + "/>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
        "Reply-To": "play+" + "0" * 32 + "@alta.example",
    }

    def written(i: int) -> int:
        ids: list[int] = []
        with transaction.atomic():
            email_queue(
                kind="your_turn",
                to=f"player{i}@example.com",
                subject=f"Alta #{i}: your move (Bea has played \u201cmill D2\u201d)",
                text="Your move in Alta.\n" + "board line\n" * 40,
                html="<p>Your move</p>" + "<table><tr><td>cell</td></tr></table>" * 40,
                dedupe_key=f"send-profile:{time.time_ns()}:{i}",
                now=timezone.now(),
                headers=headers,
                sends=ids,
            )
        return ids[0]

    for i in range(3):  # warm-up: the SMTP connection, the compiled queries
        emails_send.apply(args=[[written(i)]])
    profile = cProfile.Profile(time.process_time)
    cpu = 0.0
    for i in range(args.send):
        email_id = written(i)
        before = time.process_time()
        profile.enable()
        emails_send.apply(args=[[email_id]])
        profile.disable()
        cpu += time.process_time() - before
    sending.drop_kept()
    received = len(sink.stop())
    stats = pstats.Stats(profile)
    calls = stats.total_calls  # type: ignore[attr-defined]
    print(
        f"{args.send} mails, one send task each: {cpu / args.send * 1000:.2f} ms CPU per mail (profiler on), "
        f"{calls / args.send:.0f} Python calls per mail; {received} received"
    )
    if args.top:
        stats.sort_stats(args.sort).print_stats(args.top)
        if args.dump:
            profile.dump_stats(args.dump)
    print("uptime:", os.popen("uptime").read().strip())


if __name__ == "__main__":
    main()
