"""Atlantis state: frozen data, cheap to copy.

Atlantis (Leo Colovini) is a race over a sinking road: pawns leave Atlantis
for the mainland, each move takes a tile from behind the pawn, and the holes
left behind become water that costs a toll to cross.

Encodings (chosen so the hot paths work on ints and one string):

* colours are indices 0-6 into ``COLOURS``;
* a tile is one int, ``value * 8 + colour``, so sorting tiles sorts them by
  value, then colour;
* a hand and the discard pile are 7-tuples of counts per colour (their order
  never matters); the draw pile is an ordered tuple of colours, next card last;
* positions: 0 is Atlantis, 1-53 the road, 54 the mainland.  Positions never
  renumber: an emptied road position stays empty (water, or part of Atlantis
  or the mainland when it touches that end; see ``board.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.message import Message, Term, gettext_noop, message

from .board import ATLANTIS, MAINLAND, Road

COLOURS = ("blue", "white", "grey", "yellow", "green", "pink", "brown")
#: Two-letter codes used by the test DSL and compact listings.
CODES = ("bl", "wh", "gy", "ye", "gn", "pk", "br")
NUM_COLOURS = len(COLOURS)
CARDS_PER_COLOUR = 15
PAWNS = 3
START_HANDS = (4, 5, 6, 7)
#: Cards taken by the player whose third pawn reaches the mainland.
FINAL_CARDS = 4
#: Cards drawn instead of the normal draw when passing.
PASS_CARDS = 2

# Turn phases: "start" (sell, bridge or move), "bridge" (a tile was sold:
# bridge or move), "move" (bridge built: move), "pay" (toll due), "over".
START, BRIDGE, MOVE, PAY, OVER = "start", "bridge", "move", "pay", "over"
MOVING_PHASES = (START, BRIDGE, MOVE)


def make_tile(colour: int, value: int) -> int:
    return value * 8 + colour


def tile_colour(tile: int) -> int:
    return tile & 7


def tile_value(tile: int) -> int:
    return tile >> 3


def tile_term(tile: int) -> Message:
    """``tile_name`` for the reader, the colour named in their language."""
    return message(gettext_noop("%(colour)s %(value)s"), colour=Term(COLOURS[tile & 7]), value=tile >> 3)


def tile_name(tile: int) -> str:
    """``"blue 3"``."""
    return f"{COLOURS[tile & 7]} {tile >> 3}"


@dataclass(frozen=True)
class AtlantisState:
    """The whole game, secrets included (only ``view`` may be shown).

    ``pawns[seat]`` is a sorted 3-tuple of positions; ``bridges`` live in the
    road because they change its tolls.  ``toll_due`` and ``moved_to`` are
    set only in the "pay" phase (the pawn has moved, its toll is unpaid, and
    the tile behind ``moved_to`` is still to be taken).  ``idle`` counts
    consecutive passes that drew no card (the deadlock guard, see play.py).
    ``end_tolls`` holds the tolls subtracted at the end; ``ended_by`` is the
    seat whose third pawn ended the game (-1: not ended that way).
    ``secret`` is the RNG state.
    """

    players: int
    start: int
    turn: int
    phase: str
    road: Road
    pawns: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    tiles: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    secret: int
    toll_due: int = 0
    moved_to: int = 0
    idle: int = 0
    end_tolls: tuple[int, ...] = ()
    ended_by: int = -1
    departed: tuple[tuple[int, str], ...] = ()
    early_end: str | None = None

    def evolve(self, **changes: object) -> AtlantisState:
        """A copy with ``changes`` (cheaper than ``dataclasses.replace``)."""
        new = object.__new__(AtlantisState)
        data = new.__dict__
        data.update(self.__dict__)
        data.update(changes)
        return new

    def occupied(self) -> set[int]:
        """Road positions holding a pawn (Atlantis and mainland excluded)."""
        found: set[int] = set().union(*self.pawns)
        found.discard(ATLANTIS)
        found.discard(MAINLAND)
        return found
