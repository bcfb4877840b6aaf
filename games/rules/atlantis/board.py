"""The road from Atlantis to the mainland: tiles, water, bridges, tolls.

Positions 1-53 hold stacks of tiles (bottom first, the top tile last); only
the top tile counts.  An empty position is water, except that empty positions
touching either end belong to Atlantis or the mainland ("the end tile moves
up", so no gap ever forms at an end).  A *gap* is therefore a maximal run of
empty positions with a tile on both sides; its toll is the lower of those
two top-tile values, or 0 when a bridge stands anywhere in the run (a bridge
covers the whole gap, grows with it, and frees any gap it merges with).

Tiles are ints ``value * 8 + colour`` (see state.py).  Everything the move
generator needs is precomputed once per road: ``tops`` is a string with one
character per position (the colour digit of the top tile, ``.`` for an empty
position, ``A``/``M`` for the two ends, then one sentinel per colour), so
"the next position of colour c" is one ``str.find`` that always succeeds.
"""

from __future__ import annotations

from itertools import accumulate
from typing import NamedTuple

ATLANTIS = 0
MAINLAND = 54
LAST_POSITION = 53
#: The water position of the initial road (between the A and B tiles).
FIRST_GAP = 27

_new_gap = tuple.__new__
_DIGITS = "0123456789"
#: Appended after the mainland's "M" so that every colour is always found:
#: a hit at 55 or beyond means "not on the road", i.e. the mainland.
_SENTINEL = "0123456"
#: ``Road.tolls`` covers the sentinel positions too (all as the mainland).
_TOLL_SLOTS = MAINLAND + 1 + len(_SENTINEL)


def _ends(tops: str) -> tuple[int, int]:
    """The first and last tile positions (mainland and Atlantis if none)."""
    inner = tops[1:MAINLAND]
    stripped = inner.lstrip(".")
    if not stripped:
        return MAINLAND, ATLANTIS
    return len(inner) - len(stripped) + 1, len(inner.rstrip("."))


class Gap(NamedTuple):
    """Water from ``first`` to ``last`` (inclusive); ``toll`` is 0 if bridged."""

    first: int
    last: int
    toll: int
    bridged: bool


class Road:
    """Stacks for positions 1-53 (``stacks[p - 1]``, bottom tile first) and
    each seat's bridge position (0 = not built).

    Immutable by contract (never assign to it); equality and hashing use
    those two fields only.  The other attributes are derived once, at
    construction: ``tops`` and ``values`` (indexed by position 0-54);
    ``first`` and ``last``, the first and last tile positions (everything
    before belongs to Atlantis, everything after to the mainland); ``gaps``;
    and ``tolls``, where ``tolls[p]`` sums the tolls of the gaps before
    ``p``, so a move from ``a`` to ``b`` costs ``tolls[b] - tolls[a]``.
    """

    stacks: tuple[tuple[int, ...], ...]
    bridges: tuple[int, ...]
    tops: str
    values: tuple[int, ...]
    first: int
    last: int
    gaps: tuple[Gap, ...]
    tolls: tuple[int, ...]

    __slots__ = (
        "stacks",
        "bridges",
        "tops",
        "values",
        "first",
        "last",
        "gaps",
        "tolls",
    )

    def __init__(
        self,
        stacks: tuple[tuple[int, ...], ...],
        bridges: tuple[int, ...],
        _tops: str = "",
        _values: tuple[int, ...] = (),
        _before: Road | None = None,
        _changed: int = 0,
    ) -> None:
        # The private arguments let ``take`` and ``with_bridge`` pass what
        # they updated cheaply: ``_tops``/``_values`` patched in place, and
        # ``_before``, the road before one tile was taken at ``_changed``
        # (0: its ends, gaps and tolls still hold), so only the water next
        # to that position is recomputed instead of the whole road.
        self.stacks = stacks
        self.bridges = bridges
        if not _tops:
            inner = "".join([_DIGITS[s[-1] & 7] if s else "." for s in stacks])
            _tops = "A" + inner + "M" + _SENTINEL
            _values = (0, *[s[-1] >> 3 if s else 0 for s in stacks], 0)
        self.tops = _tops
        self.values = _values
        if _before is None:
            self._derive()
        elif _changed:
            self._patch(_before, _changed)
        else:
            self.first, self.last = _before.first, _before.last
            self.gaps, self.tolls = _before.gaps, _before.tolls

    def _derive(self) -> None:
        """Ends, gaps and tolls from scratch."""
        tops = self.tops
        self.first, self.last = first, last = _ends(tops)
        gaps = []
        built = [b for b in self.bridges if b]
        # Walk the water runs between the first and last tile: splitting on
        # "." is much cheaper than a regex scan.
        index = first
        start = -1
        for segment in tops[first : last + 1].split("."):
            if segment:
                if start >= 0:
                    lo, hi = start, index - 1
                    bridged = any(lo <= b <= hi for b in built)
                    gaps.append(_new_gap(Gap, (lo, hi, self._toll(lo, hi, bridged), bridged)))
                    start = -1
                index += len(segment)
            if start < 0:
                start = index
            index += 1
        self._set_gaps(gaps)

    def _patch(self, before: Road, position: int) -> None:
        """Ends, gaps and tolls after a tile was taken at ``position``, from
        those of the road ``before``: only gaps next to it can change."""
        gaps = list(before.gaps)
        if self.values[position]:
            # A tile is left: the water stays, the gaps beside it re-toll.
            self.first, self.last = before.first, before.last
            for i, g in enumerate(gaps):
                if g.last == position - 1 or g.first == position + 1:
                    toll = self._toll(g.first, g.last, g.bridged)
                    gaps[i] = _new_gap(Gap, (g.first, g.last, toll, g.bridged))
        elif position in (before.first, before.last):
            # An end tile went: that end moves up over any water behind it.
            self.first, self.last = first, last = _ends(self.tops)
            gaps = [g for g in gaps if first < g.first and g.last < last]
        else:
            # New water inside the road: one gap with its water neighbours.
            self.first, self.last = before.first, before.last
            lo = hi = position
            bridged = False
            kept = []
            for g in gaps:
                if g.last == position - 1:
                    lo, bridged = g.first, bridged or g.bridged
                elif g.first == position + 1:
                    hi, bridged = g.last, bridged or g.bridged
                else:
                    kept.append(g)
            gap = _new_gap(Gap, (lo, hi, self._toll(lo, hi, bridged), bridged))
            gaps = sorted([*kept, gap])
        self._set_gaps(gaps)

    def _toll(self, lo: int, hi: int, bridged: bool) -> int:
        if bridged:
            return 0
        left, right = self.values[lo - 1], self.values[hi + 1]
        return left if left < right else right

    def _set_gaps(self, gaps: list[Gap]) -> None:
        steps = [0] * _TOLL_SLOTS
        for g in gaps:
            steps[g.first + 1] = g.toll
        self.gaps = tuple(gaps)
        self.tolls = tuple(accumulate(steps))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Road):
            return NotImplemented
        return self.stacks == other.stacks and self.bridges == other.bridges

    def __hash__(self) -> int:
        return hash((self.stacks, self.bridges))

    def __repr__(self) -> str:
        return f"Road(tops={self.tops!r}, bridges={self.bridges!r})"

    def top(self, position: int) -> int | None:
        """The top tile at a road position, or None (water or an end)."""
        if not ATLANTIS < position < MAINLAND:
            return None
        stack = self.stacks[position - 1]
        return stack[-1] if stack else None

    def kind(self, position: int) -> str:
        """What a position 0-54 is: atlantis, tile, water or mainland."""
        if position < self.first:
            return "atlantis"
        if position > self.last:
            return "mainland"
        return "tile" if self.values[position] else "water"

    def gap_at(self, position: int) -> Gap | None:
        """The gap containing ``position``, if any."""
        for gap in self.gaps:
            if gap.first <= position <= gap.last:
                return gap
        return None

    def toll(self, origin: int, destination: int) -> int:
        """Toll for moving from ``origin`` to ``destination`` (both tile or
        end positions): the sum over the gaps crossed."""
        return self.tolls[destination] - self.tolls[origin]

    def crossed(self, origin: int, destination: int) -> tuple[Gap, ...]:
        """The gaps crossed from ``origin`` to ``destination``."""
        return tuple(g for g in self.gaps if origin < g.first < destination)

    def step(self, position: int, colour: int) -> int:
        """Where one card of ``colour`` takes a pawn from ``position``: the
        next position ahead with that top colour, else the mainland."""
        found = self.tops.find(_DIGITS[colour], position + 1)
        return found if found < MAINLAND else MAINLAND

    def nearest_free_behind(self, position: int, occupied: set[int]) -> int:
        """The nearest tile position behind ``position`` with no pawn on it
        (water and bridges are skipped), or 0 if there is none."""
        values = self.values
        for p in range(min(position, MAINLAND) - 1, self.first - 1, -1):
            if values[p] and p not in occupied:
                return p
        return 0

    def take(self, position: int) -> tuple[Road, int]:
        """Remove the top tile at ``position``: ``(new road, tile)``."""
        stacks = list(self.stacks)
        stack = stacks[position - 1]
        rest = stacks[position - 1] = stack[:-1]
        char, value = (_DIGITS[rest[-1] & 7], rest[-1] >> 3) if rest else (".", 0)
        old = self.tops
        tops = old[:position] + char + old[position + 1 :]
        values = self.values[:position] + (value,) + self.values[position + 1 :]
        # A tile left below and no water on either side: this position
        # borders no gap, so the ends, gaps and tolls are unchanged.
        same = rest and old[position - 1] != "." and old[position + 1] != "."
        changed = 0 if same else position
        road = Road(tuple(stacks), self.bridges, tops, values, self, changed)
        return road, stack[-1]

    def with_bridge(self, seat: int, position: int) -> Road:
        bridges = list(self.bridges)
        bridges[seat] = position
        return Road(self.stacks, tuple(bridges), self.tops, self.values)
