"""A small deterministic random number generator whose state is plain data.

Stored games must replay identically on every machine and Python version, so
shuffles and draws never use the ``random`` module (CPython only guarantees the
sequence of ``random()``; ``shuffle``/``randrange`` may change between
releases).  This is SplitMix64: its whole state is one 64-bit integer, which
the game keeps inside its own state (under ``secret``) and which never appears
in any view.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_TOP = 1 << 64
_MASK64 = _TOP - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed (negative or huge) into a 64-bit generator state."""
    return seed & _MASK64


class Rng:
    """A mutable SplitMix64 generator: create it from a stored state, draw,
    then store ``rng.state`` back into the (copied) game state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias).

        :raises ValueError: if ``n`` is not positive.
        """
        if n <= 0:
            raise ValueError("Rng.below needs a positive bound")
        limit = _TOP - _TOP % n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, each index drawn as
        ``below`` draws it)."""
        # ``next_u64`` and ``below`` inlined, the state in a local: a mail's
        # whole-turn search re-deals whole decks eight times per position.
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TOP - _TOP % n
            while True:
                state = (state + _GOLDEN) & _MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]
