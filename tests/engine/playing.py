"""Helpers to play seeded random games through the public protocol only."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from games.engine import BaseRules, EngineError, Rules, Termination


@dataclass
class Step:
    state: object
    seat: int
    move: object
    resigned: bool = False


def random_playthrough(
    rules: Rules,
    players: int,
    seed: int,
    *,
    resign_chance: float = 0.0,
    max_steps: int = 20_000,
) -> Iterator[Step]:
    """Yield every step of a random game (the state *before* each move).

    Moves are chosen with ``random.Random(seed)`` from ``legal_moves``; with
    ``resign_chance`` a seat to move resigns instead now and then.
    """
    chooser = random.Random(seed)
    state = rules.setup(players, seed)
    for _ in range(max_steps):
        movers = sorted(rules.to_move(state))
        if not movers:
            return
        seat = chooser.choice(movers)
        if resign_chance and chooser.random() < resign_chance:
            yield Step(state, seat, None, resigned=True)
            state = rules.resign(state, seat, Termination.RESIGNATION).state
            continue
        moves = rules.legal_moves(state, seat)
        move = chooser.choice(list(moves))
        yield Step(state, seat, move)
        state = rules.apply(state, seat, move).state
    raise AssertionError(f"game did not end within {max_steps} steps")


def final_state(rules: Rules, players: int, seed: int, **kwargs) -> object:
    state = rules.setup(players, seed)
    for step in random_playthrough(rules, players, seed, **kwargs):
        state = step.state
        if step.resigned:
            state = rules.resign(state, step.seat).state
        else:
            state = rules.apply(state, step.seat, step.move).state
    return state


def plays_somewhere(rules: BaseRules[Any, Any], positions: Iterable[Any], text: str) -> bool:
    """Whether ``text`` (a move a help quotes) plays for seat 0 in one of ``positions``."""
    for state in positions:
        try:
            rules.apply_text(state, 0, text)
        except EngineError:
            continue
        return True
    return False


def as_json(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
