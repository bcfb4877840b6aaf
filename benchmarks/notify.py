"""Notification delivery rate through Celery vs no-op tasks.

Writes N "your turn" notifications (one transaction each, as moves produce
them), then publishes their send tasks (one each) and times until a real
``celery worker`` has delivered all of them to a local SMTP sink; in the
same run, times N no-op tasks through the same broker and worker.  Prints
both rates, their ratio and the worker's CPU time per task (from
``/proc``, so that the figure holds on a loaded machine).  Before each
phase the queue is drained (every task queued so far, such as the send
tasks that found their mail already taken along by another, has run), so
that no phase pays for the one before.

Both phases publish one task per item from this process, and the SMTP sink
runs in a process of its own: the rows are written before the clock starts
and the sink reads no message here, because this process writing the rows
one transaction at a time (``--write-in-phase`` times that too), its
interpreter shared with the sink, set the pace instead of the worker (most
mails were sent before the last one was written).

Usage: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_bench
CELERY_BROKER_URL=redis://127.0.0.1:6379/7 python benchmarks/notify.py [-n 500]`` (the
database is flushed).
Target: ratio >= 0.5.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from email.parser import BytesHeaderParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.processes import group_cpu_seconds as worker_cpu_seconds  # noqa: E402
from benchmarks.processes import rss_mb, start_mail_worker, stop_group  # noqa: E402


class _Sink:
    """Counts the messages it accepts and keeps their Message-IDs."""

    def __init__(self, count) -> None:
        self.count = count
        self.message_ids: list[str] = []

    async def handle_DATA(self, server, session, envelope):
        headers = BytesHeaderParser().parsebytes(envelope.original_content or b"")
        self.message_ids.append(str(headers["Message-ID"]))
        with self.count.get_lock():
            self.count.value += 1
        return "250 Message accepted"


def _serve_sink(port: int, count, ready, stop, answer) -> None:
    """The sink's process: serves on ``port`` until ``stop``, then sends
    back the Message-IDs it received."""
    from aiosmtpd.controller import Controller

    sink = _Sink(count)
    controller = Controller(sink, hostname="127.0.0.1", port=port, decode_data=False)
    controller.start()
    ready.set()
    stop.wait()
    controller.stop()
    answer.send(sink.message_ids)


class SinkProcess:
    """A local SMTP sink in a process of its own: ``received`` so far, and
    the Message-IDs once ``stop`` returns them."""

    def __init__(self, port: int) -> None:
        context = multiprocessing.get_context("spawn")
        self._count = context.Value("i", 0)
        self._ready, self._stop = context.Event(), context.Event()
        self._answer, answer = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_serve_sink, args=(port, self._count, self._ready, self._stop, answer), daemon=True
        )
        self._process.start()
        if not self._ready.wait(60):
            sys.exit("The SMTP sink did not start.")

    @property
    def received(self) -> int:
        return self._count.value

    def stop(self) -> list[str]:
        self._stop.set()
        message_ids = self._answer.recv()
        self._process.join()
        return message_ids


def sessions_opened() -> int:
    """PostgreSQL sessions opened on this database so far (its statistics,
    flushed within about a second: read after a drain).  A worker that
    keeps its connection opens one per pool process; Celery's Django fixup
    closes it around every task unless ``CELERY_DB_REUSE_MAX`` is set."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


def drain(app, ping, timeout: float = 120) -> None:
    """Wait until the default queue is empty and the worker has finished
    what it took (a ping queued last has been answered)."""
    deadline = time.monotonic() + timeout
    while True:
        with app.connection_for_write() as connection:
            try:
                waiting = connection.default_channel.queue_declare(
                    queue=app.conf.task_default_queue, passive=True
                ).message_count
            except connection.channel_errors:  # no such queue yet: nothing waits
                waiting = 0
        if not waiting:
            break
        if time.monotonic() > deadline:
            sys.exit(f"The queue did not drain: {waiting} tasks still waiting.")
        time.sleep(0.05)
    ping.delay().get(timeout=timeout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument(
        "--write-in-phase",
        action="store_true",
        help="write each row in the timed phase (this process's transactions then set the pace)",
    )
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database reserved for this benchmark.")
    if not os.environ.get("CELERY_BROKER_URL", "").startswith(("redis", "amqp")):
        sys.exit("Set CELERY_BROKER_URL to a Redis or RabbitMQ broker.")
    os.environ.setdefault("CELERY_RESULT_BACKEND", os.environ["CELERY_BROKER_URL"])
    os.environ["DJANGO_SETTINGS_MODULE"] = "alta_site.settings"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction
    from django.utils import timezone

    from alta_site.celery import app
    from alta_site.tasks import ping
    from mail.delivery import emails_send
    from mail.outbox import email_queue
    from tests.services.smtp_sink import free_port

    call_command("migrate", verbosity=0)
    # Emptied: a game left in it (benchmarks/moves.py shares the database)
    # has moves nobody announced, and the worker would announce them while
    # it is being timed.
    call_command("flush", interactive=False, verbosity=0)
    app.control.purge()
    port = free_port()
    sink = SinkProcess(port)
    message_ids: list[str] = []
    worker, env = start_mail_worker(args.concurrency, port)
    try:
        ping.delay().get(timeout=60)  # the worker is up
        drain(app, ping)
        text = "Your move in Alta #1.\n" + "board line\n" * 40
        html = "<p>Your move</p>" + "<table><tr><td>cell</td></tr></table>" * 40

        def write(i: int, sends: list[int] | None) -> None:
            with transaction.atomic():
                email_queue(
                    kind="your_turn",
                    to=f"player{i}@example.com",
                    subject=f"Alta #{i}: your move",
                    text=text,
                    html=html,
                    dedupe_key=f"bench:{time.time_ns()}:{i}",
                    now=timezone.now(),
                    sends=sends,
                )

        written: list[int] = []
        if not args.write_in_phase:
            for i in range(args.n):
                write(i, written)  # each in its own transaction, its task not yet published
        cpu, sessions = worker_cpu_seconds(worker.pid), sessions_opened()
        start = time.perf_counter()
        if args.write_in_phase:
            for i in range(args.n):
                write(i, None)  # the task is published once the row commits
        else:
            for pk in written:
                emails_send.delay([pk])
        queued_seconds = time.perf_counter() - start
        queued_before_sent = sink.received
        while sink.received < args.n:
            time.sleep(0.02)
        mail_seconds = time.perf_counter() - start
        drain(app, ping)  # the send tasks whose mail went along with another's
        mail_cpu = worker_cpu_seconds(worker.pid) - cpu
        mail_sessions = sessions_opened() - sessions
        cpu = worker_cpu_seconds(worker.pid)
        start = time.perf_counter()
        results = [ping.delay() for _ in range(args.n)]
        for result in results:
            result.get(timeout=120)
        noop_seconds = time.perf_counter() - start
        noop_cpu = worker_cpu_seconds(worker.pid) - cpu
        rss = rss_mb(worker.pid)
    finally:
        stop_group(worker)
        message_ids = sink.stop()
    mail_rate, noop_rate = args.n / mail_seconds, args.n / noop_seconds
    print(
        f"notifications: {args.n} in {mail_seconds:.2f} s = {mail_rate:.0f}/s (worker concurrency {args.concurrency})"
    )
    queued = "written and queued" if args.write_in_phase else "queued (rows written before)"
    print(f"  (all {queued} after {queued_seconds:.2f} s, when {queued_before_sent} had been sent)")
    print(f"no-op tasks:   {args.n} in {noop_seconds:.2f} s = {noop_rate:.0f}/s")
    print(f"ratio: {mail_rate / noop_rate:.2f} (target >= 0.5)")
    print(
        f"worker CPU: {mail_cpu / args.n * 1000:.2f} ms per notification (queued, sent), "
        f"{noop_cpu / args.n * 1000:.2f} ms per no-op task"
    )
    print(
        f"RSS after warm-up (celery, MB): master {rss[0]:.0f}, workers "
        + ", ".join(f"{mb:.0f}" for mb in rss[1:])
        + " (target <= 150 each)"
    )
    one, five, _ = os.getloadavg()
    print(f"worker DB_CONN_MAX_AGE={env['DB_CONN_MAX_AGE']} DEBUG={env['DEBUG']}")
    print(f"PostgreSQL sessions the worker opened while sending: {mail_sessions}")
    print(f"load {one:.2f}/{five:.2f} on {os.cpu_count()} CPUs")
    print(f"duplicates at the sink: {len(message_ids) - len(set(message_ids))}")


if __name__ == "__main__":
    main()
