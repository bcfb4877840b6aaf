"""Alpaca's tiles, geometry tables and immutable state (the moves are in ``moves``).

Alpaca (Giacomo Sottocasa) is a tile-laying game: square tiles, each showing
one *major* triangle (half the square, covering two adjacent edges) and two
*minor* triangles (a quarter each, covering one edge), are laid edge to edge;
every player scores the chains of triangles of their own colour.

Conventions used everywhere in this package:

* Colours are ints 0..4 inside the engine (``COLOURS`` gives the names).
* A tile is an id 0..59: ``TILES[tile] == (major, minor1, minor2)``; the 12
  tiles of one major carry every ordered pair of two different other colours
  on (minor1, minor2), so ``tile // 12`` is the major colour.
* Cells are ``(x, y)`` with x growing east (right) and y growing north (up);
  the first tile of a game lies at ``(0, 0)``.
* Directions are ``N, E, S, W = 0, 1, 2, 3`` (clockwise).
* Rotation 0 puts the major on the N and E edges (its right angle at the
  north-east corner), minor1 on S and minor2 on W: clockwise from the major
  the edges read [major, major, minor1, minor2].  Each further rotation step
  turns the tile a quarter turn clockwise:

  ====  ======  ======  ======  ======  ============
  rot   N       E       S       W       major corner
  ====  ======  ======  ======  ======  ============
  0     major   major   minor1  minor2  NE
  1     minor2  major   major   minor1  SE
  2     minor1  minor2  major   major   SW
  3     major   minor1  minor2  major   NW
  ====  ======  ======  ======  ======  ============

* A placed tile is stored as one int ``code = tile * 4 + rotation``; the
  tables ``EDGES``/``SLOTS``/``MASKS`` indexed by code make edge look-ups,
  matching and chain building table look-ups instead of arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.message import Message, Term, gettext_noop, message

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
COLOUR_LETTERS: tuple[str, ...] = ("R", "Y", "G", "B", "P")
N, E, S, W = 0, 1, 2, 3
#: Cell offset of the neighbour in each direction.
STEPS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
OPPOSITE: tuple[int, ...] = (S, W, N, E)
MAJOR, MINOR1, MINOR2 = 0, 1, 2
SLOT_NAMES: tuple[str, ...] = ("major", "minor1", "minor2")
TILES_PER_COLOUR = 12
COUNTERS = 15
MIN_PLAYERS, MAX_PLAYERS = 2, 5


def _tile_set() -> tuple[tuple[int, int, int], ...]:
    tiles: list[tuple[int, int, int]] = []
    for major in range(len(COLOURS)):
        others = [c for c in range(len(COLOURS)) if c != major]
        tiles.extend((major, m1, m2) for m1 in others for m2 in others if m1 != m2)
    return tuple(tiles)


TILES: tuple[tuple[int, int, int], ...] = _tile_set()
TILE_IDS: dict[tuple[int, int, int], int] = {t: i for i, t in enumerate(TILES)}
_BASE_SLOTS = (MAJOR, MAJOR, MINOR1, MINOR2)  # N, E, S, W at rotation 0
#: ``SLOTS[rot][direction]``: which triangle of the tile covers that edge.
SLOTS: tuple[tuple[int, ...], ...] = tuple(tuple(_BASE_SLOTS[(d - rot) % 4] for d in range(4)) for rot in range(4))
#: ``EDGES[code]``: the colours on the (N, E, S, W) edges of a placed tile.
EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(TILES[code >> 2][SLOTS[code & 3][d]] for d in range(4)) for code in range(4 * len(TILES))
)
#: ``MASKS[code]``: one bit per edge, bit ``5 * direction + colour``.  An
#: empty cell stores the same kind of bits for the colours facing it, so a
#: tile fits there exactly when the two masks share a bit.
MASKS: tuple[int, ...] = tuple(sum(1 << (5 * d + EDGES[code][d]) for d in range(4)) for code in range(4 * len(TILES)))
#: Need-mask of the first cell of the game: every tile fits it.
ANYTHING = (1 << 20) - 1
#: Grid point (as an offset from the cell's south-west corner) at which the
#: major triangle of a tile in each rotation has its right angle.
MAJOR_CORNER: tuple[tuple[int, int], ...] = ((1, 1), (1, 0), (0, 0), (0, 1))
#: The four cells around grid point (X, Y), as offsets from it, with the
#: rotation that puts each one's major corner on that point.
AROUND_POINT: tuple[tuple[int, int, int], ...] = (
    (-1, -1, 0),
    (-1, 0, 1),
    (0, 0, 2),
    (0, -1, 3),
)

Cell = tuple[int, int]
#: A closed figure: its cells, sorted.  Two cells = two minor triangles
#: across their shared edge; four cells = four majors around a grid point.
Figure = tuple[Cell, ...]


TILE_NAMES: tuple[str, ...] = tuple(f"{COLOURS[major]}/{COLOURS[m1]}-{COLOURS[m2]}" for major, m1, m2 in TILES)


def tile_term(tile: int) -> Message:
    """``tile_name`` for the reader, each colour named in their language
    (the notation reads the Dutch names too)."""
    major, m1, m2 = TILES[tile]
    return message(
        gettext_noop("%(major)s/%(minor1)s-%(minor2)s"),
        major=Term(COLOURS[major]),
        minor1=Term(COLOURS[m1]),
        minor2=Term(COLOURS[m2]),
    )


def tile_name(tile: int) -> str:
    """``"major/minor1-minor2"``, e.g. ``"red/blue-green"``."""
    return TILE_NAMES[tile]


def cell_name(cell: Cell) -> str:
    """``"x,y"``, the notation of a cell (e.g. ``"-1,2"``)."""
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True, slots=True)
class AlpacaState:
    """The whole game, secrets included (immutable by contract).

    ``table`` maps cell -> code (tile * 4 + rotation) in placement order and
    ``frontier`` maps each empty cell next to the table to its need-mask
    (see ``MASKS``); both dicts are replaced, never changed, by ``apply``.
    Round ``round`` is led by seat ``dominant`` (whose colour is dominant);
    the seat to act is ``(dominant + turn) % players``.
    """

    players: int
    colours: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    table: dict[Cell, int]
    frontier: dict[Cell, int]
    dominant: int
    turn: int = 0
    round: int = 1
    #: "place", "bonus" (the seat to act has bonus actions) or "over".
    phase: str = "place"
    #: Bonus actions still to take, and the figures just completed.
    bonuses: int = 0
    pending: tuple[Figure, ...] = ()
    #: The colour each pending figure was closed in (in ``pending``'s order):
    #: bonus rotations can turn its cells into a figure of another colour,
    #: which is not the figure closed (D: locked only while still intact).
    pending_colours: tuple[int, ...] = ()
    locked: tuple[Figure, ...] = ()
    untouchable: frozenset[Cell] = frozenset()
    counters: int = COUNTERS
    placed_this_round: bool = False
    #: Consecutive finished rounds in which nobody placed a tile.
    idle_rounds: int = 0
    last: Cell | None = None
    #: "", "last tile" or "idle cycle": why the game ended.
    ended_by: str = ""
    #: SplitMix64 state (server-only; setup is the only chance in Alpaca).
    secret: int = 0
    departed: tuple[tuple[int, str], ...] = ()
    early_end: str | None = None
