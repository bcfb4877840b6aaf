"""Complete random games per second for every registered game, on one core.

Games per CPU second (process time) are printed too, with the load average:
on a shared machine the wall-clock rate mostly measures the other processes.

Each game is played to the end through the public protocol, generating the
legal moves at every step (as a player-facing service does) and choosing one.

Usage: ``python benchmarks/engine.py [--seconds 3] [--game alta] [--calls]``
(``--calls``: also the Python function calls per game, counted over a few
games; unlike the rates, the machine's load does not change it.)
Targets: Alta 4p >= 300/s, Alhambra 4p >= 50/s, Atlantis 4p >= 100/s,
Alpaca 5p >= 100/s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engine import get_rules, registered_slugs  # noqa: E402


def play_one(rules, players: int, seed: int) -> int:
    chooser = random.Random(seed)
    state = rules.setup(players, seed)
    steps = 0
    while True:
        movers = rules.to_move(state)
        if not movers:
            return steps
        seat = min(movers)
        moves = rules.legal_moves(state, seat)
        state = rules.apply(state, seat, moves[chooser.randrange(len(moves))]).state
        steps += 1


def measure(slug: str, players: int, seconds: float) -> tuple[float, float, float]:
    """``(games/s, moves/s, games per CPU second)`` over ``seconds``."""
    rules = get_rules(slug)
    games = steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        steps += play_one(rules, players, seed=games)
        games += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return games / elapsed, steps / elapsed, games / cpu


def calls_per_game(slug: str, players: int, games: int = 10) -> int:
    """Python function calls of one game, averaged over ``games`` seeds
    (after as many to warm the caches)."""
    import cProfile
    import pstats

    rules = get_rules(slug)
    for seed in range(games):
        play_one(rules, players, seed=10_000 + seed)
    profile = cProfile.Profile()
    profile.enable()
    for seed in range(games):
        play_one(rules, players, seed=seed)
    profile.disable()
    return int(pstats.Stats(profile).total_calls / games)  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append")
    parser.add_argument("--calls", action="store_true", help="also count the Python function calls per game")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'game':<10} {'players':>7} {'games/s':>10} {'moves/s':>10} {'games/CPU s':>12}"
        + (f" {'calls/game':>11}" if args.calls else "")
    )
    for slug in args.game or registered_slugs():
        rules = get_rules(slug)
        for players in range(rules.min_players, rules.max_players + 1):
            games, moves, per_cpu = measure(slug, players, args.seconds)
            calls = f" {calls_per_game(slug, players):>11,}" if args.calls else ""
            print(f"{slug:<10} {players:>7} {games:>10.1f} {moves:>10.0f} {per_cpu:>12.1f}{calls}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (after)")


if __name__ == "__main__":
    main()
