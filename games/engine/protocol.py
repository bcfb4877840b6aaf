"""The contract every game implements, and the value types it speaks in.

A game is a *rules object* (one per game, stateless) plus a game-specific,
immutable-by-contract ``State``.  The Django side only ever talks to games
through this protocol: it never looks inside a state, and it renders
templates, emails and API answers from ``view(state, seat)`` alone.

Seats are 0-based integers.  ``to_move`` returns a set so that alternating
turns, simultaneous phases and multi-step turns all have one shape.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeAlias, runtime_checkable

Seat: TypeAlias = int
State: TypeAlias = Any
Move: TypeAlias = Any
JSON: TypeAlias = Any


class Termination(enum.Enum):
    """How a game ended."""

    NORMAL = "normal"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Event:
    """Something that happened, for the game log and emails.

    ``to`` says who may see it: ``None`` is everyone (public), a tuple of seats
    is only those seats, and the empty tuple is nobody but the server (chance
    results kept for audit and replay, such as the exact cards drawn).
    ``text`` is a short English sentence for that audience; ``data`` is the
    same fact as JSON-safe data.
    """

    kind: str
    text: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    to: tuple[Seat, ...] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may see this event."""
        if self.to is None:
            return True
        return seat is not None and seat in self.to

    def dump(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "text": self.text,
            "data": dict(self.data),
            "to": None if self.to is None else list(self.to),
        }

    @classmethod
    def load(cls, data: Mapping[str, JSON]) -> Event:
        to = data.get("to")
        return cls(
            kind=data["kind"],
            text=data["text"],
            data=dict(data.get("data") or {}),
            to=None if to is None else tuple(to),
        )


@dataclass(frozen=True)
class Transition:
    """The result of ``apply``: the new state and what happened on the way."""

    state: State
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``scores`` has one entry per seat; ``ranking`` lists groups of seats from
    first to last place (seats in one group are tied after every tie-break);
    ``details`` is a per-seat, JSON-safe score breakdown.
    """

    scores: tuple[int, ...]
    ranking: tuple[tuple[Seat, ...], ...]
    termination: Termination
    details: tuple[Mapping[str, JSON], ...] = ()

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self.ranking[0] if self.ranking else ()

    def place_of(self, seat: Seat) -> int:
        """1-based place of ``seat`` (tied seats share the better place)."""
        place = 1
        for group in self.ranking:
            if seat in group:
                return place
            place += len(group)
        raise KeyError(seat)

    def dump(self) -> dict[str, JSON]:
        return {
            "scores": list(self.scores),
            "ranking": [list(group) for group in self.ranking],
            "termination": self.termination.value,
            "details": [dict(d) for d in self.details],
        }


@runtime_checkable
class Rules(Protocol):
    """What every game's rules object provides (see ``games.engine.base``).

    Every method is pure: it never mutates its arguments and never reads a
    clock, settings or a database.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    engine_version: ClassVar[int]
    public_move_text: ClassVar[bool]

    def setup(
        self, players: int, seed: int, options: Mapping[str, JSON] | None = None
    ) -> State: ...

    def to_move(self, state: State) -> frozenset[Seat]: ...

    def legal_moves(self, state: State, seat: Seat) -> Sequence[Move]:
        """The legal moves of ``seat`` now, each once, in a stable order
        (empty when it is not to move).  A game may list one representative
        per class of moves it declares alike, saying so in its own
        docstring; ``apply`` still accepts every legal move, listed or not."""
        ...

    def apply(self, state: State, seat: Seat, move: Move) -> Transition: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]: ...

    def parse_move(self, state: State, seat: Seat, text: str) -> Move: ...

    def format_move(self, state: State, seat: Seat, move: Move) -> str: ...

    def default_move(self, state: State, seat: Seat) -> Move: ...

    def resign(
        self, state: State, seat: Seat, reason: Termination = Termination.RESIGNATION
    ) -> Transition: ...

    def dump(self, state: State) -> dict[str, JSON]: ...

    def load(self, data: Mapping[str, JSON]) -> State: ...

    def dump_move(self, move: Move) -> JSON: ...

    def load_move(self, data: JSON) -> Move: ...
