"""Alta's state and moves: frozen dataclasses of tuples and ints.

Layout: public data at the top level, each seat's private
data in per-seat tuples (``hands``, ``merchants``), and server-only data
(deck orders, the RNG) in ``secret``.  Card types are ints (see ``components``),
islands are ``board.Island`` tuples.  ``copy_state`` is the cheap hand-made
copy ``apply`` uses instead of ``dataclasses.replace`` on the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Island

#: Steps of a turn.  A market placed in step 1 leads to HAND_MERCHANT (then
#: TAKE); one placed in step 3 to TAKE_MERCHANT (then the turn ends).
HAND = "hand"
HAND_MERCHANT = "hand_merchant"
TAKE = "take"
TAKE_MERCHANT = "take_merchant"
OVER = "over"

ROUNDS = 8


@dataclass(frozen=True)
class Secret:
    """Server-only data: ``deck`` (top card last), ``merchant_deck`` (top
    last) and the RNG state."""

    deck: tuple[int, ...]
    merchant_deck: tuple[int, ...]
    rng: int


@dataclass(frozen=True)
class AltaState:
    """A whole game of Alta.

    * ``first``: the start seat (drawn from the seed); turn ``t`` (0-based,
      ``turn``) belongs to seat ``(first + t) % players``; the game ends at
      ``turn == 8 * players``.
    * ``step``: what the seat to move does next (``HAND`` ... ``OVER``);
      ``refreshed``: the face-up cards were refreshed this turn.
    * ``hands[seat]``: hidden hand (type ints); ``islands[seat]``: public.
    * ``face_up``: the two face-up island cards (slot 1, slot 2);
      ``out_of_game``: cards removed by refreshes (public).
    * ``merchant_up``: face-up merchant card index or ``None``;
      ``merchants[seat]``: ``(merchant index, taken blind)`` pairs, hidden
      from the other seats (a face-up take was seen by all, a blind one not).
    """

    players: int
    first: int
    turn: int
    step: str
    refreshed: bool
    hands: tuple[tuple[int, ...], ...]
    islands: tuple[Island, ...]
    face_up: tuple[int, ...]
    out_of_game: tuple[int, ...]
    merchant_up: int | None
    merchants: tuple[tuple[tuple[int, bool], ...], ...]
    secret: Secret
    departed: tuple[tuple[int, str], ...] = ()
    early_end: str | None = None

    @property
    def seat_to_move(self) -> int:
        """The seat whose turn it is (meaningless once the game is over)."""
        return (self.first + self.turn) % self.players

    @property
    def round(self) -> int:
        """1-based round of the current turn (8 at most)."""
        return min(self.turn // self.players, ROUNDS - 1) + 1


def copy_state(state: AltaState, **changes: Any) -> AltaState:
    """A copy of ``state`` with ``changes`` (no validation, no __init__).

    Frozen dataclasses forbid attribute assignment, and ``replace`` re-runs
    ``__init__`` for every field; writing the instance dict directly is the
    fast, still-immutable-by-contract alternative.
    """
    new = object.__new__(AltaState)
    new.__dict__.update(state.__dict__, **changes)
    return new
