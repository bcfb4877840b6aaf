"""CPU time of one API move in-process: the whole Django/DRF request
(token authentication, write limit, lock, engine, writes, the publish after
commit, the answer), measured with the process's CPU clock, so that the
figure holds on a loaded machine.

Usage: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/alta_bench_cpu
CACHE_URL=redis://127.0.0.1:6379/14 CELERY_BROKER_URL=redis://127.0.0.1:6379/15
python benchmarks/move_cpu.py [--moves 1000] [--profile 25]`` (the database is
flushed; without the Redis settings the cache and broker are the site's
defaults).  Prints CPU ms per move (target: <= 4 ms) and, with
``--profile N``, the Python function calls per move (a figure the
machine's load does not change; the worker's task is then published in the
request's thread so that it is counted) and cProfile's N costliest
functions by cumulative CPU time.

It then times ``--floor`` requests (default as many as moves) to the API
floor of ``benchmarks/moves.py`` (the same token authentication, permission
and write limit, then one UPDATE and one INSERT), through the same client:
what the framework costs a write before any game logic runs.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _publish_in_request() -> None:
    """Profiling sees only this thread: publish the worker's tasks in it
    rather than in the publisher threads (where the site does it), so that
    their cost is still counted."""
    try:
        from mail import receivers

        receivers.publisher.put = receivers._publish  # type: ignore[method-assign]
    except AttributeError:  # a version that publishes in the request anyway
        pass
    try:
        from core import background

        background.publisher.put = background._delay  # type: ignore[method-assign,assignment]
    except (ImportError, AttributeError):  # a version that publishes in the request anyway
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    parser.add_argument("--floor", type=int, default=None, help="API floor requests to time (default: --moves)")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database reserved for this benchmark.")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-" + "x" * 40)
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("RATE_LIMIT_GAME_WRITES", "1000000/min")
    os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.moves_settings"
    import django

    django.setup()
    from django.core.management import call_command
    from rest_framework.test import APIClient

    from benchmarks.moves import prepare

    call_command("migrate", verbosity=0)
    if args.profile:
        _publish_in_request()
    [spec] = prepare(1)
    client = APIClient(HTTP_HOST="localhost")  # no HTTP server: the same handler, in this process
    tokens = spec["tokens"]

    def as_(name):
        client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[name]}")
        return client

    match = spec["match"]
    game = as_(next(iter(tokens))).get(f"/api/games/{match}/").json()
    played, cpu = 0, 0.0
    profile = cProfile.Profile(time.process_time)
    while played < args.moves:
        if game["status"] != "active":
            names = list(tokens)
            created = as_(names[0]).post("/api/games/", {"game": "alta", "players": 2}, format="json").json()
            match = created["id"]
            game = as_(names[1]).post(f"/api/games/{match}/join/").json()
            continue
        mover = next(s["display_name"] for s in game["seats"] if s["to_move"])
        api = as_(mover)
        start = time.process_time()
        if args.profile:
            profile.enable()
        answer = api.post(f"/api/games/{match}/moves/", {"ply": game["ply"], "option": 1}, format="json")
        if args.profile:
            profile.disable()
        cpu += time.process_time() - start
        if answer.status_code != 201:
            sys.exit(f"move refused: {answer.status_code} {answer.content[:200]!r}")
        game = answer.json()
        played += 1
    one, five, _ = os.getloadavg()
    print(
        f"{played} API moves in-process: {cpu / played * 1000:.2f} ms CPU per move "
        f"(target <= 4 ms){' (profiled)' if args.profile else ''} (load {one:.2f}/{five:.2f} on {os.cpu_count()} CPUs)"
    )
    floors = args.moves if args.floor is None else args.floor
    if floors and not args.profile:
        floor_cpu = _floor_cpu(as_(next(iter(tokens))), match, floors)
        print(
            f"{floors} API floor requests in-process: {floor_cpu * 1000:.2f} ms CPU per request "
            f"(a move costs {cpu / played / floor_cpu:.2f} x the floor)"
        )
    if args.profile:
        calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
        print(f"  Python function calls per move: {calls / played:,.0f} (independent of the machine's load)")
    if args.profile:
        pstats.Stats(profile).dump_stats(os.environ.get("PROFILE_OUT", "/tmp/move_cpu.prof")) if os.environ.get(
            "PROFILE_OUT"
        ) else pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)


def _floor_cpu(client, match: int, requests: int) -> float:
    """CPU seconds per request of ``requests`` POSTs to the API floor."""
    path = f"/bench/api-floor/{match}/"
    client.post(path, {}, format="json")  # first use: imports, compiled statements
    start = time.process_time()
    for _ in range(requests):
        answer = client.post(path, {}, format="json")
        if answer.status_code != 201:
            sys.exit(f"floor refused: {answer.status_code} {answer.content[:200]!r}")
    return (time.process_time() - start) / requests


if __name__ == "__main__":
    main()
