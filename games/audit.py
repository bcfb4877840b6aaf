"""Checking a finished game from what the site publishes about it.

When a game starts the site publishes ``commitment``: the SHA-256 of
``"<salt>:<seed>"`` (the salt is 32 random hex digits per game, so nobody
can search the seeds for the commitment).  When it ends the site publishes
the seed, the salt and the move log (``games.verify.match_audit_record``).
``audit`` checks the one against the other and replays the whole game from
the seed: the seat order, the deal, every move's consequences and the
result must come out as recorded.

Pure Python over the engine: it runs in a checkout of this repository
without Django or a database (README, "Checking a game yourself").
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engine import EngineError, Rng, Termination, get_rules

#: Mixed into the seed for the seat-order draw, a stream apart from the
#: engine's own (which draws the start player from the seed: reusing it would
#: tie the two draws together, and in two-player games the first seat would
#: never start).
_SEAT_ORDER_SALT = 0x5EA7_0D3E_A11C_E5ED

_RESIGN_REASONS = {"resign": Termination.RESIGNATION, "timeout": Termination.TIMEOUT}


def commitment(seed: int, salt: str) -> str:
    """The published commitment to ``seed``: hex SHA-256 of ``"salt:seed"``."""
    return hashlib.sha256(f"{salt}:{seed}".encode("ascii")).hexdigest()


def seat_order(seed: int, players: int) -> list[int]:
    """The engine seat index of each player, in the order they took their
    seats (the draw ``games.services.lifecycle`` makes at the start)."""
    order = list(range(players))
    Rng(seed ^ _SEAT_ORDER_SALT).shuffle(order)
    return order


@dataclass(frozen=True)
class Problem:
    """One disagreement: ``code`` names it (``PROBLEMS``), ``ply`` and
    ``seat`` (0-based) place it when it concerns one move; ``detail`` says
    in English what the engine refused, ``error`` is that refusal itself
    (for the site to write in the reader's language)."""

    code: str
    ply: int | None = None
    seat: int | None = None
    detail: str = ""
    error: EngineError | None = field(default=None, compare=False)


#: Every ``Problem.code``, with what it means.
PROBLEMS = {
    "unpublished": "the seed and salt are not published (the game is not over)",
    "no_commitment": "no commitment was published when the game started",
    "commitment": "the seed and salt do not match the commitment published at the start",
    "seat_order": "the seat order is not the one the seed draws",
    "missing_ply": "a position is missing from the move log",
    "illegal": "a move cannot be played in the position the seed and the earlier moves give",
    "consequences": "a move has other consequences than the ones recorded",
    "unfinished": "the game is not over after the last recorded move",
    "outcome": "the replayed result differs from the recorded one",
    "state": "the replayed final position differs from the stored one (server-side check)",
}


@dataclass
class Audit:
    """What ``audit`` found: ``ok`` when the commitment and the replay both
    agree with the record."""

    commitment_ok: bool
    replay_ok: bool
    problems: list[Problem] = field(default_factory=list)
    plies: int = 0
    #: The replayed final state (engine dump), when the replay got that far.
    final_state: Any = None

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.replay_ok


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def audit(record: Mapping[str, Any]) -> Audit:
    """Check a published audit record (the JSON of ``match_audit_record``).

    Keys: ``game``, ``players``, ``options``, ``seed``, ``salt``,
    ``commitment``, ``seat_order`` (engine index per player in joining order),
    ``moves`` (``ply``, ``seat``, ``kind``, ``moves``, ``events``) and
    ``outcome``.  Never raises for a record that disagrees: a move the engine
    refuses is a problem like any other.
    """
    seed, salt = record.get("seed"), record.get("salt")
    if seed is None:
        return Audit(False, False, [Problem("unpublished")])
    published = record.get("commitment")
    committed = bool(published) and salt is not None and commitment(seed, salt) == published
    result = Audit(commitment_ok=committed, replay_ok=True)
    if not result.commitment_ok:
        result.problems.append(Problem("commitment" if published else "no_commitment"))
    result.plies = len(record.get("moves") or [])
    problem = _replay(record, seed, result)
    if problem is not None:
        result.replay_ok = False
        result.problems.append(problem)
    return result


def _replay(record: Mapping[str, Any], seed: int, result: Audit) -> Problem | None:
    players = record["players"]
    if record.get("seat_order") is not None and list(record["seat_order"]) != seat_order(seed, players):
        return Problem("seat_order")
    rules = get_rules(record["game"])
    state = rules.setup(players, seed, record.get("options") or None)
    for expected_ply, entry in enumerate(record.get("moves") or [], start=1):
        ply, seat = entry["ply"], entry["seat"]
        if ply != expected_ply:
            return Problem("missing_ply", ply=expected_ply)
        try:
            if entry["kind"] == "move":
                moves = [rules.load_move(m) for m in entry["moves"]]
                transition = rules.apply_moves(state, seat, moves)
            else:
                transition = rules.resign(state, seat, _RESIGN_REASONS[entry["kind"]])
        except EngineError as error:
            return Problem("illegal", ply=ply, seat=seat, detail=str(error), error=error)
        except (KeyError, ValueError, TypeError, IndexError) as error:  # a record the engine cannot read
            return Problem("illegal", ply=ply, seat=seat, detail=str(error))
        if _plain([e.dump() for e in transition.events]) != _plain(list(entry.get("events") or [])):
            return Problem("consequences", ply=ply, seat=seat)
        state = transition.state
    result.final_state = _plain(rules.dump(state))
    outcome = rules.outcome(state)
    if outcome is None:
        return Problem("unfinished")
    if _plain(outcome.dump()) != _plain(record.get("outcome")):
        return Problem("outcome")
    return None
