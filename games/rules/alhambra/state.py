"""Alhambra's game state (frozen dataclasses; immutable by contract).

Alhambra (Dirk Henn, 2003): players take money in four currencies, buy
building tiles from a four-slot market (each slot is paid in its own
currency) and build them around their fountain; three scorings reward
majorities in the six building types and the longest outer wall.

Coordinates: the fountain is at ``(0, 0)``, ``x`` grows to the east and
``y`` to the south (north is up on the board).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import Event, Transition
from games.engine.message import Joined, Param

from .board import Alhambra


@dataclass(frozen=True)
class SeatState:
    """One player's public and private data (``hand`` is private)."""

    alhambra: Alhambra
    reserve: tuple[int, ...] = ()  # sorted tile ids
    hand: tuple[int, ...] = ()  # sorted card codes
    score: int = 0
    #: Tiles waiting to be placed (bought this turn, or handed out at the end).
    pending: tuple[int, ...] = ()


@dataclass(frozen=True)
class Secret:
    """Server-only data: bag and deck order (index 0 is the top) and the RNG.

    ``spans`` gives, per scoring card (1, then 2), the positions its pile
    (2, then 4) took in the deck dealt at setup, counted from the bottom
    (first, last): cards leave the deck from the top only, and the discards
    are reshuffled only once the deck, scoring cards included, is empty, so
    these positions hold for as long as the card is in the deck.  Public
    knowledge (the piles were made in sight); empty in states made before
    it was kept.
    """

    bag: tuple[int, ...]
    deck: tuple[int, ...]
    rng: int
    spans: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Scoring:
    """The result of one scoring round (public)."""

    round: int
    points: tuple[int, ...]  # per seat, majorities + wall
    walls: tuple[int, ...]  # per seat, the wall part
    dirk: int | None  # Dirk's majority points (two players), else None


@dataclass(frozen=True)
class AlhambraState:
    """The whole game.  Phases:

    * ``"action"``: ``current`` chooses an action (``extra`` = this is an
      extra action after an exact payment, so ``done`` is allowed);
    * ``"place"``: ``current`` places the tiles bought this turn;
    * ``"handout"``: at the end, the seats with pending tiles place them;
    * ``"over"``: the final scoring is done.
    """

    players: int
    seats: tuple[SeatState, ...]
    market: tuple[int | None, ...]  # slot i is paid in CURRENCIES[i]
    display: tuple[int, ...]  # face-up money cards, sorted
    discard: tuple[int, ...]  # paid money, sorted (reshuffled when needed)
    secret: Secret
    current: int
    start_player: int
    phase: str = "action"
    extra: bool = False
    turn: int = 1
    dirk: tuple[int, ...] | None = None  # Dirk's tiles with two players
    scorings: tuple[Scoring, ...] = ()
    handout: tuple[tuple[int, int | None], ...] = ()  # (tile, seat or None)
    departed: tuple[tuple[int, str], ...] = ()
    early_end: str | None = None


#: ``object.__new__`` and ``object.__setattr__`` (frozen dataclasses refuse
#: their own ``__setattr__``).  The helpers below set a new instance's
#: ``__dict__`` to a dict built at once: cheaper than filling the instance's
#: own dict key by key (fewer calls, no resizing).
_new_object = object.__new__
_set_attribute = object.__setattr__


def evolve(obj: Any, **changes: Any) -> Any:
    """A copy of a frozen dataclass with some fields changed.

    Like ``dataclasses.replace`` but without re-running ``__init__``: move
    application copies states all the time, and this is several times
    faster.  Only for field names the caller knows to exist.
    """
    fields = obj.__dict__.copy()
    fields.update(changes)
    new = _new_object(obj.__class__)
    _set_attribute(new, "__dict__", fields)
    return new


def evolved(obj: Any, changes: dict[str, Any]) -> Any:
    """``evolve`` with the changes as one dict: a move collects the fields it
    changes in a dict, and passing it as ``**changes`` would copy it once
    more (a measurable part of a move)."""
    fields = obj.__dict__.copy()
    fields.update(changes)
    new = _new_object(obj.__class__)
    _set_attribute(new, "__dict__", fields)
    return new


def transition(state: AlhambraState, events: list[Event]) -> Transition[AlhambraState]:
    """``Transition(state, tuple(events))``, built without the frozen
    dataclass's ``__init__`` (one per move; an equal object)."""
    new: Transition[AlhambraState] = object.__new__(Transition)
    fields = new.__dict__
    fields["state"] = state
    fields["events"] = tuple(events)
    return new


def joined(items: tuple[Param, ...], separator: str = ", ") -> Joined:
    """``Joined(items, separator)`` without the frozen dataclass's
    ``__init__`` (most moves write one into an event nobody reads; an equal
    object)."""
    new = object.__new__(Joined)
    fields = new.__dict__
    fields["items"] = items
    fields["separator"] = separator
    return new


#: An ``Event`` saying a message, its English text rendered when first read:
#: a fifth of a random game's time went into sentences nobody read.
event = Event.lazy
