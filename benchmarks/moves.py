"""Move throughput over HTTP: the real write path vs a minimal view.

Starts gunicorn on PostgreSQL, then N client threads each play their own
2-player Alta games through ``POST /api/games/{id}/moves/`` (token auth, the
first listed legal move), and in the same run the same clients hammer a
minimal view doing one UPDATE and one INSERT.  Prints both throughputs,
their ratio and p50/p99 latency of the POSTs.  A third phase runs the same
two statements behind the API's token authentication, permission check and
write rate limit (``api floor``): how much of the gap the framework takes
before any game logic runs.

Usage: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_bench
python benchmarks/moves.py [--clients 16] [--seconds 20] [--workers 4]``
(Redis at ``BENCH_REDIS_URL``, default 127.0.0.1:6379, serves the cache
and the broker when it answers, as in a deployment; ``BENCH_REDIS_DBS`` and
``BENCH_PORT`` keep two runs on one machine apart.)
A last phase plays moves open loop at half the saturated move rate just
measured (fixed arrival times, latency counted from each move's slot),
after 2 s of warm-up at that rate.
Targets: moves / api floor >= 0.7 at 16
clients; open-loop move latency p99 <= 50 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.processes import load, processes, rss_mb, start_group, stop_group  # noqa: E402

PORT = int(os.environ.get("BENCH_PORT", "8765"))
#: A move slower than this (seconds) is listed with its start time, so that
#: stalls can be told apart: all clients at once (the server or the
#: database), periodic (a cache expiring), or scattered (the machine's load).
SLOW = 0.2


def production_like_services() -> None:
    """Use Redis for the cache (rate limits) and the broker (the tasks a
    move queues), as deployed, when one answers at ``BENCH_REDIS_URL``
    (databases 14 and 15, or the two numbers in ``BENCH_REDIS_DBS``, emptied
    first); else a throwaway filesystem broker, never the one ``make run`` uses."""
    base = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379")
    try:
        import redis

        cache_db, broker_db = os.environ.get("BENCH_REDIS_DBS", "14 15").split()
        for db in (cache_db, broker_db):
            redis.Redis.from_url(f"{base}/{db}", socket_connect_timeout=1).flushdb()
    except Exception:
        os.environ.setdefault("BENCH_BROKER_DIR", tempfile.mkdtemp(prefix="alta-bench-broker-"))
        print("Redis unavailable: file cache and filesystem broker")
        return
    os.environ.setdefault("CACHE_URL", f"{base}/{cache_db}")
    os.environ.setdefault("CELERY_BROKER_URL", f"{base}/{broker_db}")


def django_setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.moves_settings"
    import django

    django.setup()


def prepare(clients: int) -> list[dict]:
    """Fresh schema, two users per client with tokens, one game per client."""
    from django.core.management import call_command
    from django.utils import timezone

    from alta_site.accounts.models import User
    from alta_site.accounts.tokens import ApiToken
    from games.services import match_create_seated

    call_command("flush", interactive=False, verbosity=0)
    players = []
    for number in range(clients):
        pair = [
            User.objects.create_user(email=f"b{number}{side}@bench.test", password="x", display_name=f"B{number}{side}")
            for side in "ab"
        ]
        tokens = {user.display_name: ApiToken.issue(user=user, name="bench")[1] for user in pair}
        match = match_create_seated(users=pair, game="alta", now=timezone.now())
        players.append({"users": pair, "tokens": tokens, "match": match.pk})
    return players


class Schedule:
    """One open-loop client's slots: every ``period`` s from ``offset`` s
    after ``origin``, the time at which all clients are ``ready``, for
    ``seconds``."""

    def __init__(self, offset: float, period: float, seconds: float, ready: threading.Barrier) -> None:
        self.offset, self.period, self.seconds, self.ready = offset, period, seconds, ready
        self.origin = 0.0


class Phase:
    """What a client does next: ``mode`` until ``stop_at`` (closed loop) or
    on a ``schedule`` (open loop)."""

    def __init__(self, mode: str, stop_at: float, schedule: Schedule | None = None) -> None:
        self.mode, self.stop_at, self.schedule = mode, stop_at, schedule


class Client(threading.Thread):
    """One player pair's client, for the whole run: the same thread and the
    same ``HTTPConnection`` play every phase it is given (``run_phase``), so
    that a phase starts on clients already running, not on 16 new threads
    and connections.  (Gunicorn's sync workers close each connection after
    its answer: ``http.client`` reconnects for the next request.)

    A phase is closed loop by default (the next request leaves when the
    answer to the last arrives); with a ``schedule`` (first send time and
    period, open loop), each move leaves at its scheduled time and its
    latency counts from that time, so a server that falls behind is charged
    for the wait (no coordinated omission).  The schedule's clock starts
    once every client has read its game (``Schedule.ready``): the 16 reads
    at once would otherwise queue the first seconds' moves behind them and
    count as the server's latency."""

    def __init__(self, spec: dict) -> None:
        super().__init__(daemon=True)
        self.spec = spec
        self.phases: queue.Queue[Phase | None] = queue.Queue()
        #: Set when the phase given last is over.
        self.done = threading.Event()
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        self.latencies: list[float] = []
        #: ``(start, latency)`` of every request of the phase.
        self.timed: list[tuple[float, float]] = []
        self.errors = 0

    def play(self, phase: Phase) -> None:
        """Start ``phase`` (the last one is over: ``done``)."""
        self.latencies, self.timed, self.errors = [], [], 0
        self.done.clear()
        self.phases.put(phase)

    def run(self) -> None:
        while (phase := self.phases.get()) is not None:
            try:
                self.run_phase(phase)
            finally:
                self.done.set()

    def next_start(self, schedule: Schedule | None, sent: int) -> float:
        """When the next request leaves: now (closed loop) or at its slot."""
        if schedule is None:
            return time.perf_counter()
        due = schedule.origin + schedule.offset + sent * schedule.period
        wait = due - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        return due

    def request(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        self.conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        return response.status, (json.loads(data) if data else None)

    def run_phase(self, phase: Phase) -> None:
        mode, stop_at, schedule = phase.mode, phase.stop_at, phase.schedule
        if mode in ("baseline", "api_floor"):
            path = f"/bench/{mode.replace('_', '-')}/{self.spec['match']}/"
            token = next(iter(self.spec["tokens"].values())) if mode == "api_floor" else None
            while time.perf_counter() < stop_at:
                start = time.perf_counter()
                status, _ = self.request("POST", path, {}, token)
                self.latencies.append(time.perf_counter() - start)
                self.errors += status != 201
            return
        # Read afresh: the other phases' writes moved the match's ply on.
        match = self.spec["match"]
        _, game = self.request("GET", f"/api/games/{match}/", token=next(iter(self.spec["tokens"].values())))
        if schedule is not None:
            schedule.ready.wait(timeout=60)
            stop_at = schedule.origin + schedule.seconds
        sent = 0
        while time.perf_counter() < stop_at:
            if game["status"] != "active":
                match, game = self.new_game()
                self.spec["match"] = match
                continue
            mover = next(s["display_name"] for s in game["seats"] if s["to_move"])
            start = self.next_start(schedule, sent)
            sent += 1
            if start >= stop_at:
                break
            status, answer = self.request(
                "POST",
                f"/api/games/{match}/moves/",
                {"ply": game["ply"], "option": 1},
                self.spec["tokens"][mover],
            )
            self.latencies.append(time.perf_counter() - start)
            self.timed.append((start, self.latencies[-1]))
            if status == 201:
                game = answer
            else:
                self.errors += 1
                _, game = self.request("GET", f"/api/games/{match}/", token=self.spec["tokens"][mover])

    def new_game(self):
        names = list(self.spec["tokens"])
        _, created = self.request("POST", "/api/games/", {"game": "alta", "players": 2}, self.spec["tokens"][names[0]])
        _, game = self.request("POST", f"/api/games/{created['id']}/join/", None, self.spec["tokens"][names[1]])
        return created["id"], game


def cpu_seconds(app_group: int) -> dict[int, tuple[str, float]]:
    """``pid: (kind, CPU seconds used so far)`` (user + system) of the web
    server's processes (process group ``app_group``), PostgreSQL's and
    Redis's."""
    used = {}
    for pid, command, group, cpu in processes():
        if group == app_group:
            used[pid] = ("app", cpu)
        elif command.startswith("postgres"):
            used[pid] = ("postgres", cpu)
        elif command.startswith("redis"):
            used[pid] = ("redis", cpu)
    return used


def cpu_used(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds per kind between two ``cpu_seconds``, counting only the
    processes present at both (a server another benchmark on the machine
    started or stopped meanwhile would count its whole life, or less than
    nothing)."""
    used = {"app": 0.0, "postgres": 0.0, "redis": 0.0}
    for pid, (kind, cpu) in after.items():
        if pid in before and before[pid][0] == kind:
            used[kind] += cpu - before[pid][1]
    return used


class Result(NamedTuple):
    """One phase's figures: requests/s, latencies (s), errors, CPU ms per
    request of each process kind, and (open loop) the latencies of the
    moves sent after the phase's first second."""

    rate: float
    latencies: list[float]
    errors: int
    cpu: dict[str, float]
    settled: list[float]


def run_phase(clients: list[Client], mode: str, seconds: float, app_group: int, rate: float | None = None) -> Result:
    """Run the (running) clients for ``seconds``, closed loop or (with
    ``rate``, moves only) open loop at ``rate`` requests/s spread evenly
    over the clients."""
    now = time.perf_counter()
    stop_at = now + seconds
    schedules: list[Schedule | None]
    if rate:
        period = len(clients) / rate  # each client's interval; their slots interleave

        def _start() -> None:
            origin = time.perf_counter()
            for schedule in schedules:
                assert schedule is not None
                schedule.origin = origin

        ready = threading.Barrier(len(clients), action=_start)
        schedules = [
            Schedule(0.05 + period * number / len(clients), period, seconds, ready) for number in range(len(clients))
        ]
    else:
        schedules = [None] * len(clients)
    before, client_before = cpu_seconds(app_group), time.process_time()
    started = time.perf_counter()
    for client, schedule in zip(clients, schedules, strict=True):
        client.play(Phase(mode, stop_at, schedule))
    for client in clients:
        client.done.wait()
    settled: list[float] = []
    if schedules[0] is not None:  # open loop: from the schedule's start
        started = schedules[0].origin
        settled = [latency for c in clients for start, latency in c.timed if start - started >= 1.0]
    elapsed = time.perf_counter() - started
    after = cpu_seconds(app_group)
    latencies = [x for c in clients for x in c.latencies]
    slow = sorted((start - started, latency) for c in clients for start, latency in c.timed if latency > SLOW)
    if slow:
        worst = sorted(sorted(slow, key=lambda item: -item[1])[:40])
        print(
            f"{mode}{' open loop' if rate else ''}: {len(slow)} of {len(latencies)} moves over {SLOW * 1000:.0f} ms; "
            "the slowest (start s, ms): " + ", ".join(f"{at:.2f} {latency * 1000:.0f}" for at, latency in worst)
        )
    count = max(1, len(latencies))
    cpu = {name: seconds * 1000 / count for name, seconds in cpu_used(before, after).items()}
    cpu["clients"] = (time.process_time() - client_before) * 1000 / count
    return Result(len(latencies) / elapsed, latencies, sum(c.errors for c in clients), cpu, settled)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database reserved for this benchmark.")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-" + "x" * 40)
    os.environ["DEBUG"] = "0"
    os.environ["DB_CONN_MAX_AGE"] = "600"
    # The per-user write limit is still checked on every move (its cost is
    # measured) but set high enough never to refuse one: this measures the
    # write path, not the limiter.
    os.environ.setdefault("RATE_LIMIT_GAME_WRITES", "1000000/min")
    production_like_services()
    django_setup()
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"],
        cwd=ROOT,
        check=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "benchmarks.moves_settings"},
    )
    specs = prepare(args.clients)
    from django.db import connections

    connections.close_all()
    server = start_group(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "benchmarks.wsgi_moves:application",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "benchmarks.moves_settings"},
    )
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/healthz")
                break
            except OSError:
                time.sleep(0.2)
        clients = [Client(spec) for spec in specs]
        for client in clients:
            client.start()
        try:
            run_phase(clients, "moves", 2, server.pid)  # warm-up
            phases = ("moves", "api_floor", "baseline")
            results = {mode: run_phase(clients, mode, args.seconds, server.pid) for mode in phases}
            # Open loop at half the saturated move rate just measured, after a
            # warm-up at that rate like the saturated phases' (the server and
            # PostgreSQL are still writing back the bare-write phase's burst:
            # a transient of the phase order, not the latency at that load).
            half = results["moves"].rate / 2
            run_phase(clients, "moves", 2, server.pid, rate=half)
            results["open loop"] = run_phase(clients, "moves", args.seconds, server.pid, rate=half)
        finally:
            for client in clients:
                client.phases.put(None)
        rss = rss_mb(server.pid)
    finally:
        stop_group(server)
    print(
        f"clients: {args.clients}, gunicorn workers: {args.workers}, {args.seconds:.0f} s per phase, "
        f"{os.cpu_count()} cores"
    )
    print(f"{'path':<10} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}   CPU ms per request")
    for name, (rate, lat, errors, cpu, _) in results.items():
        shares = ", ".join(f"{kind} {ms:.2f}" for kind, ms in cpu.items())
        print(
            f"{name:<10} {rate:>8.1f} {percentile(lat, 0.5):>8.1f} {percentile(lat, 0.99):>8.1f} {errors:>7}   {shares}"
        )
    moves_rate, moves_lat = results["moves"].rate, results["moves"].latencies
    open_loop = results["open loop"]
    print(
        f"open loop at {moves_rate / 2:.1f} moves/s (half of saturation): "
        f"p50 {percentile(open_loop.latencies, 0.5):.1f} ms, p99 {percentile(open_loop.latencies, 0.99):.1f} ms "
        "(target p99 <= 50 ms)"
    )
    if open_loop.settled:
        print(
            f"  the same after its first second ({len(open_loop.settled)} of {len(open_loop.latencies)} moves): "
            f"p50 {percentile(open_loop.settled, 0.5):.1f} ms, p99 {percentile(open_loop.settled, 0.99):.1f} ms"
        )
    print(
        f"ratio moves/baseline: {moves_rate / results['baseline'].rate:.2f}  (target >= 0.5); "
        f"api floor/baseline: {results['api_floor'].rate / results['baseline'].rate:.2f}; "
        f"moves/api floor: {moves_rate / results['api_floor'].rate:.2f} (target >= 0.7)"
    )
    print(
        f"RSS after warm-up (gunicorn, MB): master {rss[0]:.0f}, workers "
        + ", ".join(f"{mb:.0f}" for mb in rss[1:])
        + " (target <= 150 each)"
    )
    print(load())
    if any(result.errors for result in results.values()):
        print("WARNING: some requests failed; the figures above are not valid")
    print(f"median move latency: {statistics.median(moves_lat) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
