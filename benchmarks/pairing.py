"""Seconds per round of Swiss pairing, two-player and multi-player tables.

Each run pairs a Swiss tournament round after round, playing every game with
a seeded random result (about 10% shared places), so later rounds pair
players with a history, as in a real event.  The time of a round is one call
of the pure pairing function, standings included (it ranks the players
itself), on one core.

Two-player rounds are paired by the Dutch system (the default) and by
Monrad (the organiser's other choice).  A table knockout ("knockout") is
paired round after round too: from round 2 on it reseats players away from
earlier opponents (``tournaments.pairing.reseat``).

Usage: ``python benchmarks/pairing.py [--rounds 9] [--table-size 4]``
Target: under 1 second per round at 256 players.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tournaments.pairing import (  # noqa: E402
    dutch_pairing,
    swiss_pairing,
    swiss_table_pairing,
    table_knockout,
)
from tournaments.standings import standings  # noqa: E402
from tournaments.types import GameResult, Player, Table  # noqa: E402


def play(rng: random.Random, table: Table) -> GameResult:
    order = list(table.players)
    rng.shuffle(order)
    groups: list[list[int]] = []
    for player in order:
        if groups and rng.random() < 0.1:
            groups[-1].append(player)
        else:
            groups.append([player])
    return GameResult(round=table.round, table=table.players, ranking=tuple(tuple(g) for g in groups))


SYSTEMS = {"dutch": dutch_pairing, "monrad": swiss_pairing}


def run(count: int, rounds: int, table_size: int, seed: int, system: str = "dutch") -> tuple[list[float], float]:
    """Seconds for each round's pairing, and for the final standings."""
    rng = random.Random(seed)
    players = [Player(id=i, seed=i, rating=2400 - i) for i in range(1, count + 1)]
    results: list[GameResult] = []
    times = []
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        if table_size == 2:
            pairing = SYSTEMS[system](players, results, number)
        else:
            pairing = swiss_table_pairing(players, results, number, size=table_size)
        times.append(time.perf_counter() - start)
        results.extend(play(rng, table) for table in pairing.tables)
        results.extend(pairing.results)
    start = time.perf_counter()
    standings(players, results)
    return times, time.perf_counter() - start


def run_knockout(count: int, table_size: int, seed: int) -> list[float]:
    """Seconds for each round's pairing of a table knockout (top half of
    each table through) played to its end."""
    rng = random.Random(seed)
    players = [Player(id=i, seed=i, rating=2400 - i) for i in range(1, count + 1)]
    results: list[GameResult] = []
    times = []
    while True:
        start = time.perf_counter()
        state = table_knockout(players, results, size=table_size, advance=table_size // 2)
        times.append(time.perf_counter() - start)
        pairing = state.next_round
        if state.finished or pairing is None:
            return times
        results.extend(play(rng, table) for table in pairing.tables)
        results.extend(pairing.results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--table-size", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    cases = [
        (256, 2, "dutch"),
        (256, 2, "monrad"),
        (1024, 2, "dutch"),
        (1024, 2, "monrad"),
        (1024, args.table_size, "tables"),
    ]
    print(
        f"{'players':>7} {'table':>5} {'system':>6} {'rounds':>6} {'mean s/round':>12} "
        f"{'worst s/round':>13} {'standings s':>11}"
    )
    for count, size, system in cases:
        times, final = run(count, args.rounds, size, args.seed, system)
        print(
            f"{count:>7} {size:>5} {system:>6} {len(times):>6} "
            f"{statistics.mean(times):>12.3f} "
            f"{max(times):>13.3f} {final:>11.3f}"
        )
    times = run_knockout(256, args.table_size, args.seed)
    print(
        f"{256:>7} {args.table_size:>5} {'knockout':>6} {len(times):>6} "
        f"{statistics.mean(times):>12.3f} {max(times):>13.3f}"
    )


if __name__ == "__main__":
    main()
