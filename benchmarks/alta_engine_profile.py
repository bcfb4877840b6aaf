"""The Alta engine on the paths a live service runs, as a fixed workload.

Plays 2-, 3- and 4-player Alta games with a seeded chooser.  At each
position it does what the service does around one move:

* the API move: ``load`` of the JSON ``dump``, ``check_can_move``,
  ``option_text`` of the first options, ``apply_text_moves`` of a chosen
  option, ``to_move`` and ``outcome``, and the answer's ``view`` for every
  seat and a spectator;
* the mail worker's whole-turn search: ``mail.turns.whole_turns`` for the
  seat to move.

Prints the Python function calls per position (counted by cProfile: the
machine's load does not change it) and the CPU seconds of the workload
(best of ``--repeat`` runs, without the profiler).  ``--trace`` also prints
a sha256 over everything the workload produced (dumps, views, option texts,
events, whole turns, outcomes): an optimisation must leave it unchanged.

Usage: ``python benchmarks/alta_engine_profile.py [--trace] [--repeat 3]
[--profile 25]`` (``--profile N``: also the N costliest functions).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import games  # noqa: E402
from games.engine import EngineError, get_rules  # noqa: E402
from mail.turns import whole_turns  # noqa: E402

#: (players, setup seed, chooser seed) of the games played.
GAMES = ((2, 11, 101), (3, 22, 202), (4, 33, 303))
#: Options written out by ``option_text`` at each position.
OPTION_TEXTS = 3


def _event(event: Any) -> list[Any]:
    return [event.kind, event.text, event.data, event.to]


def play_game(rules: Any, players: int, seed: int, chooser_seed: int, out: list[Any]) -> int:
    """One game, every position worked as the service does; what it
    produced is appended to ``out``.  Returns the number of positions."""
    chooser = random.Random(chooser_seed)
    state = rules.setup(players, seed)
    positions = 0
    while True:
        text = json.dumps(rules.dump(state), sort_keys=True)
        state = rules.load(json.loads(text))
        out.append(text)
        movers = rules.to_move(state)
        outcome = rules.outcome(state)
        out.append([sorted(movers), None if outcome is None else repr(outcome)])
        for seat in [*range(players), None]:
            out.append(json.dumps(rules.view(state, seat), sort_keys=True))
        if not movers:
            return positions
        positions += 1
        seat = min(movers)
        rules.check_can_move(state, seat)
        out.append([rules.option_text(state, seat, n) for n in range(1, OPTION_TEXTS + 1)])
        out.append([[t.letter, list(t.steps)] for t in whole_turns(rules, state, seat)])
        count = len(rules.legal_moves(state, seat))
        chosen = rules.option_text(state, seat, chooser.randrange(count) + 1)
        try:
            transition, moves, written, _unplayed = rules.apply_text_moves(state, seat, chosen)
        except EngineError as error:  # never expected: a listed option plays
            out.append(["error", chosen, str(error)])
            raise
        out.append([chosen, written, repr(moves), [_event(e) for e in transition.events]])
        state = transition.state


def clear_caches() -> None:
    """Empty every ``functools`` cache of the Alta package, so that each run
    starts cold (as in a new process) and no run profits from the last."""
    for name, module in list(sys.modules.items()):
        if name.startswith("games.rules.alta"):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def workload(out: list[Any]) -> int:
    """Every game of ``GAMES`` (caches cleared first); returns the number of
    positions."""
    clear_caches()
    rules = get_rules("alta")
    return sum(play_game(rules, players, seed, chooser, out) for players, seed, chooser in GAMES)


def trace_hash(out: list[Any]) -> str:
    digest = hashlib.sha256()
    for item in out:
        digest.update((item if isinstance(item, str) else json.dumps(item, sort_keys=True, default=repr)).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace", action="store_true", help="print the sha256 of everything produced")
    parser.add_argument("--repeat", type=int, default=3, help="CPU runs; the best is printed")
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions (tottime)")
    args = parser.parse_args()
    print(f"games from {games.__file__}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    out: list[Any] = []
    positions = workload(out)  # also warms the caches
    if args.trace:
        print(f"trace sha256 {trace_hash(out)}")
    best = float("inf")
    for _ in range(args.repeat):
        start = time.process_time()
        workload([])
        best = min(best, time.process_time() - start)
    profile = cProfile.Profile()
    profile.enable()
    workload([])
    profile.disable()
    stats = pstats.Stats(profile)
    # Summed over the profiler's own entries, one per code object: pstats
    # merges functions of one name, file and line (every dataclass's
    # generated __init__ is "<string>:2"), so its total_calls misses some.
    calls = sum(entry.callcount for entry in profile.getstats())  # type: ignore[attr-defined]
    print(f"positions {positions}")
    print(f"calls per position {calls / positions:.0f}")
    print(f"CPU seconds {best:.3f} (best of {args.repeat}), {best / positions * 1000:.2f} ms per position")
    if args.profile:
        stats.sort_stats("tottime").print_stats(args.profile)


if __name__ == "__main__":
    main()
