"""Mail round trip: a reply handed to the mail gateway until the next
player's "your move" mail is accepted by the SMTP sink.

Starts, on this machine: the SMTP mail gateway (``manage.py mail_gateway``,
in its own process as deployed), an SMTP sink (aiosmtpd, in this process)
and a real ``celery worker``, on the
PostgreSQL database and the Redis broker given.  Plays 2-player Alta games
whose bots read only the mails the sink received (one reply per turn: the
first whole-turn letter, else option 1) and sends their replies by SMTP to
the gateway at a fixed rate, spread over enough games; prints p50/p99 of
the round trip per rate, the mail worker's CPU time per turn (all mails of
one move written and sent; from ``/proc``, so it holds on a loaded
machine), the CPU per turn of the gateway, of this process and of
PostgreSQL, and ``uptime``.  ``--burst 30 30`` adds a burst of 30 turns a
second for 30 seconds and prints the p99 of every next-player mail.

Usage: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_mailplay_bench
CELERY_BROKER_URL=redis://127.0.0.1:6379/8 CACHE_URL=redis://127.0.0.1:6379/9
python benchmarks/mail_roundtrip.py [--turns 200] [--rates 1 10] [--burst 30 30]``
Targets: p50 <= 0.3 s, p99 <= 1 s at 10 turns/s; worker CPU per
move <= 4 ms; in the burst, p99 <= 2 s.
"""

from __future__ import annotations

import argparse
import email
import logging
import os
import re
import signal
import smtplib
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_LETTER = re.compile(r"^  ([A-H])\. ", re.MULTILINE)


class Sink:
    """Keeps, per recipient, the newest mail asking them to move, and the
    time it was accepted; wakes whoever waits for that recipient."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.latest: dict[str, tuple[float, str, str]] = {}

    async def handle_DATA(self, server, session, envelope):
        accepted = time.perf_counter()
        # compat32, not the default policy: its header objects would make
        # the sink, which shares this process with the bots, the bottleneck.
        message = email.message_from_bytes(envelope.original_content or b"")
        body = next((part for part in message.walk() if part.get_content_type() == "text/plain"), None)
        text = body.get_payload(decode=True).decode(body.get_content_charset() or "utf-8") if body else ""
        if message["Reply-To"] and "HOW TO REPLY" in text:
            with self.lock:
                self.latest[str(message["To"])] = (accepted, str(message["Reply-To"]), text)
                self.lock.notify_all()
        return "250 Message accepted"


def _reply(to: str, sender: str, text: str, number: int) -> EmailMessage:
    letters = _LETTER.findall(text)
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: your move"
    message["Message-ID"] = f"<bench-{time.time_ns()}-{number}@client.example>"
    message.set_content(letters[0] if letters else "1")
    return message


def _games(count: int, now) -> list[str]:
    """``count`` new 2-player Alta games; their players' addresses, seat
    by seat (players ``2k`` and ``2k+1`` share a game).  Their first mails
    are on their way when this returns."""
    from games.services import match_create_seated
    from tests.conftest import make_user

    stamp = time.time_ns()
    players: list[str] = []
    for game in range(count):
        pair = [
            make_user(f"b{stamp}-{game}-{seat}@example.com", f"Bench {stamp % 100000}.{game}.{seat}")
            for seat in range(2)
        ]
        match_create_seated(users=pair, game="alta", now=now)
        players.extend(user.email for user in pair)
    return players


def _run(rate: float, turns: int, players: list[str], sink: Sink, gateway_port: int) -> list[float]:
    """``turns`` replies at ``rate`` per second over the games of
    ``players`` (``_games``); the round trip of each, in seconds."""
    latencies: list[float] = []
    answered: dict[str, float] = {}  # address -> time of its mail already answered
    busy: set[str] = set()
    lock = threading.Lock()

    def play(address: str, reply_to: str, text: str, number: int) -> None:
        start = time.perf_counter()
        with smtplib.SMTP("127.0.0.1", gateway_port) as smtp:
            smtp.send_message(_reply(reply_to, address, text, number))
        deadline = start + 30
        with sink.lock:
            while time.perf_counter() < deadline:
                # The next mover's "your move", accepted after this reply.
                fresh = [t for a, (t, _, _) in sink.latest.items() if a in group[address] and t > start]
                if fresh:
                    latencies.append(min(fresh) - start)
                    break
                sink.lock.wait(0.5)
            else:
                print(f"no mail within 30 s after a reply from {address} (not counted)", file=sys.stderr)
        with lock:
            busy.difference_update(group[address])

    group = {players[i]: {players[i ^ 1]} | {players[i]} for i in range(len(players))}
    interval = 1 / rate
    with ThreadPoolExecutor(max_workers=32) as pool:
        sent = 0
        next_at = time.perf_counter()
        while sent < turns:
            with sink.lock:
                ready = [
                    (a, v)
                    for a, v in sink.latest.items()
                    if a in group and v[0] > answered.get(a, 0) and not (group[a] & busy)
                ]
            if not ready:
                time.sleep(0.005)
                continue
            address, (accepted, reply_to, text) = min(ready, key=lambda item: item[1][0])
            pause = next_at - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            next_at += interval
            with lock:
                busy.update(group[address])
            answered[address] = accepted
            pool.submit(play, address, reply_to, text, sent)
            sent += 1
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--rates", type=float, nargs="+", default=[1.0, 10.0])
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument(
        "--burst", type=float, nargs=2, metavar=("RATE", "SECONDS"), help="then a burst, e.g. 30 turns/s for 30 s"
    )
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database reserved for this benchmark.")
    if not os.environ.get("CELERY_BROKER_URL", "").startswith("redis"):
        sys.exit("Set CELERY_BROKER_URL to a Redis broker.")
    os.environ.setdefault("CELERY_RESULT_BACKEND", os.environ["CELERY_BROKER_URL"])
    os.environ["DJANGO_SETTINGS_MODULE"] = "alta_site.settings"
    os.environ.setdefault("INBOUND_MAIL_PER_HOUR", "100000")
    import django

    django.setup()
    from aiosmtpd.controller import Controller
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    from alta_site.celery import app
    from alta_site.tasks import ping
    from benchmarks.notify import drain, worker_cpu_seconds
    from benchmarks.processes import (
        group_cpu_seconds,
        postgres_cpu_seconds,
        process_cpu_seconds,
        start_mail_gateway,
        start_mail_worker,
        stop_group,
    )
    from tests.services.smtp_sink import free_port

    settings.INBOUND_MAIL_PER_HOUR = 100_000  # every bot writes many mails an hour
    # The bots never sign in: a slow password hash would only delay each
    # phase's set-up (tens of games, about 0.5 s of CPU per player).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A timeout's SIGTERM still stops the worker (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's per-command lines
    call_command("migrate", verbosity=0)
    app.control.purge()
    sink = Sink()
    sink_port, gateway_port = free_port(), free_port()
    sink_controller = Controller(sink, hostname="127.0.0.1", port=sink_port)
    sink_controller.start()
    worker, env = start_mail_worker(args.concurrency, sink_port)
    gateway = start_mail_gateway(gateway_port, env)
    try:
        ping.delay().get(timeout=60)  # the worker is up
        phases = [(rate, args.turns, "targets 0.3 s, 1 s") for rate in args.rates]
        if args.burst:
            rate, seconds = args.burst
            phases.append((rate, int(rate * seconds), f"burst of {seconds:g} s; target p99 2 s"))
        for rate, turns, targets in phases:
            # A game takes a turn only after its last mail arrived: enough
            # games that the rate, not the round trip, sets the pace.
            # No game is played to its end (16 turns): every reply has a next mail.
            games = max(int(rate * 2) + 1, -(-turns // 8))
            players = _games(games, timezone.now())
            drain(app, ping)  # nothing of the phase before is still queued, the games' first mails sent
            cpu, intake = worker_cpu_seconds(worker.pid), group_cpu_seconds(gateway.pid)
            main_process = process_cpu_seconds(worker.pid)
            own, database = time.process_time(), postgres_cpu_seconds()
            start = time.perf_counter()
            latencies = sorted(_run(rate, turns, players, sink, gateway_port))
            seconds = time.perf_counter() - start
            drain(app, ping)
            used = worker_cpu_seconds(worker.pid) - cpu
            main_process = process_cpu_seconds(worker.pid) - main_process
            own, database = time.process_time() - own, postgres_cpu_seconds() - database
            intake = group_cpu_seconds(gateway.pid) - intake
            if not latencies:
                print(f"{rate:g} turns/s: no round trip completed")
                continue
            p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
            print(
                f"{rate:g} turns/s ({len(latencies)} turns over {games} games in {seconds:.1f} s, "
                f"{len(latencies) / seconds:.1f}/s reached): p50 {statistics.median(latencies):.3f} s, "
                f"p99 {p99:.3f} s, max {latencies[-1]:.3f} s ({targets}); "
                f"mail worker CPU {used / len(latencies) * 1000:.2f} ms per turn (target 4 ms)"
            )
            print(
                f"  of which the worker's main process (the broker's consumer, the wake-up listener) "
                f"{main_process / len(latencies) * 1000:.2f} ms, its pool (the tasks) "
                f"{(used - main_process) / len(latencies) * 1000:.2f} ms"
            )
            print(
                f"  CPU per turn elsewhere: mail gateway (the reply's intake) {intake / len(latencies) * 1000:.2f} ms, "
                f"this process (sink and bots) {own / len(latencies) * 1000:.2f} ms, "
                f"PostgreSQL (every backend on the machine) "
                f"{database / len(latencies) * 1000:.2f} ms"
            )
    finally:
        stop_group(worker)
        stop_group(gateway)
        sink_controller.stop()
    print(f"worker DB_CONN_MAX_AGE={env['DB_CONN_MAX_AGE']} DEBUG={env['DEBUG']}")
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
