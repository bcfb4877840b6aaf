"""Golden playthroughs: a seeded random game written out one fact per line.

Moves are chosen by the engine's own ``Rng`` (never ``random``, whose
choices CPython may change), so a file only changes when rules, notation or
views change.  The text is made for review, like OpenSpiel's playthroughs::

    game: alta
    engine_version: 1
    players: 2
    seed: 1

    step 0: setup
      public:
        face_up = ["tavern","tavern"]
      seat 1:
        hand = ["wheat_field","farmers_hut"]

    step 1: seat 2 plays fishing_harbour D4
      event: Seat 2 placed fishing_harbour at D4 from their hand.
      public:
        islands.1.cells.D4 = "fishing_harbour"
      seat 2:
        hand = ["farmer"]

Each view is flattened to ``path = value`` leaves (dict keys and list
indexes joined by dots).  The ``public`` leaves are the spectator's view;
under ``seat N`` come the leaves of that seat's view that the spectator does
not see (or sees differently).  After the setup step only changed leaves are
written (``path removed`` when one disappears, or in a seat's part when it
becomes public), then the outcome and what the end reveals.

Usage: ``python -m games.engine.playthrough SLUG PLAYERS SEED`` prints one;
the golden files are regenerated with the command in
``tests/games/test_playthroughs.py``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from .protocol import JSON
from .registry import get_rules
from .rng import Rng, seed_state

#: Steps after which a game is taken to loop (a broken engine, not a game).
MAX_STEPS = 20_000


def _value(data: JSON) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


#: View keys that repeat another key's fact for the translator (``expect``).
_SAME_AS = frozenset({"expect_message"})


def flatten(data: JSON, prefix: str = "") -> Iterator[tuple[str, str]]:
    """``(path, JSON text)`` for every leaf of ``data``; lists of plain values
    (and empty containers) are one leaf each."""
    if isinstance(data, Mapping) and data:
        for key in sorted(data):
            if key in _SAME_AS:
                continue
            yield from flatten(data[key], f"{prefix}{key}.")
    elif isinstance(data, list | tuple) and any(isinstance(i, Mapping | list | tuple) for i in data):
        for index, item in enumerate(data):
            yield from flatten(item, f"{prefix}{index}.")
    else:
        yield prefix[:-1], _value(data)


def _facts(rules: Any, state: Any, players: int) -> dict[str, dict[str, str]]:
    """Who knows what: ``"public"`` leaves, then each seat's private ones."""
    public = dict(flatten(rules.view(state, None)))
    facts = {"public": public}
    for seat in range(players):
        own = dict(flatten(rules.view(state, seat)))
        facts[f"seat {seat + 1}"] = {path: value for path, value in own.items() if public.get(path) != value}
    return facts


def _changes(before: Mapping[str, str], after: Mapping[str, str], who: str) -> list[str]:
    lines = [f"    {path} = {value}" for path, value in after.items() if before.get(path) != value]
    lines.extend(f"    {path} removed" for path in before if path not in after)
    return [f"  {who}:", *lines] if lines else []


def write_playthrough(slug: str, players: int, seed: int) -> str:
    """The whole playthrough as text: the game set up from ``seed``, each
    step's seat and move chosen by ``Rng(seed)`` from ``to_move`` and
    ``legal_moves``.

    :raises AssertionError: the game did not end within ``MAX_STEPS``.
    """
    rules = get_rules(slug)
    chooser = Rng(seed_state(seed))
    state = rules.setup(players, seed)
    lines = [
        f"game: {slug}",
        f"engine_version: {rules.engine_version}",
        f"players: {players}",
        f"seed: {seed}",
        "",
        "step 0: setup",
    ]
    known: dict[str, dict[str, str]] = {}
    for step in range(1, MAX_STEPS + 1):
        facts = _facts(rules, state, players)
        for who, leaves in facts.items():
            lines.extend(_changes(known.get(who, {}), leaves, who))
        known = facts
        movers = sorted(rules.to_move(state))
        if not movers:
            break
        seat = chooser.choice(movers)
        move = chooser.choice(rules.legal_moves(state, seat))
        text = rules.format_move(state, seat, move)
        transition = rules.apply(state, seat, move)
        state = transition.state
        lines.extend(["", f"step {step}: seat {seat + 1} plays {text}"])
        for event in transition.events:
            if event.to is None:
                lines.append(f"  event: {event.text}")
            for to in event.to or ():
                lines.append(f"  seat {to + 1} event: {event.text}")
    else:
        raise AssertionError(f"{slug} did not end within {MAX_STEPS} steps")
    outcome = rules.outcome(state)
    lines.append("")
    lines.extend(f"outcome: {path} = {value}" for path, value in flatten(outcome.dump() if outcome else None))
    for entry in rules.reveal(state) or ():
        lines.extend(f"reveal: seat {entry.seat + 1} {path} = {value}" for path, value in flatten(dict(entry.revealed)))
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python -m games.engine.playthrough SLUG PLAYERS SEED", file=sys.stderr)
        return 2
    sys.stdout.write(write_playthrough(argv[0], int(argv[1]), int(argv[2])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
