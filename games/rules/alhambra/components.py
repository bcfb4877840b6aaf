"""Alhambra's components: building tiles, money cards, the scoring table.

Encodings (plain ints keep states small and copies cheap):

* a money card is ``currency * 10 + value`` (currency 0-3 in ``CURRENCIES``
  order, value 1-9), e.g. dirham 5 = 15; the scoring cards are 101 and 102;
* a building tile is its index in ``TILES`` (0-53); ``FOUNTAIN`` (54) is the
  start tile;
* walls are a bit mask of ``N``, ``E``, ``S``, ``W``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

from games.engine.message import Message, Notation, Term, gettext_noop, message

CURRENCIES = ("denar", "dirham", "ducat", "florin")
TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
SCORING_CARDS = (101, 102)

#: The currencies as terms (immutable, shared: a bought tile's event names one).
CURRENCY_TERMS = tuple(Term(c) for c in CURRENCIES)

N, E, S, W = 1, 2, 4, 8
WALL_LETTERS = ((N, "N"), (E, "E"), (S, "S"), (W, "W"))

#: The building list of the rules file, ``price:walls`` per tile and type.
_TILE_TABLE = {
    "pavilion": "2:NEW 3:SW 4:ES 5:NW 6:N 7:E 8:-",
    "seraglio": "3:ESW 4:NE 5:SW 6:ES 7:W 8:S 9:-",
    "arcades": "4:NES 5:NW 6:NE 6:SW 7:ES 8:N 8:E 9:- 10:-",
    "chambers": "5:NSW 6:ES 7:NE 7:SW 8:NW 9:S 9:W 10:- 11:-",
    "garden": "6:ESW 7:NSW 8:NE 8:NW 8:SW 9:E 10:N 10:W 10:- 11:- 12:S",
    "tower": "7:NEW 8:NES 9:NE 9:ES 9:NW 10:W 11:N 11:S 11:- 12:- 13:E",
}


class Tile(NamedTuple):
    kind: int  # index into TYPES; -1 for the fountain
    price: int
    walls: int


def walls_from_text(text: str) -> int:
    """``"NE"`` -> ``N | E``; ``"-"`` or ``""`` -> 0."""
    mask = 0
    for bit, letter in WALL_LETTERS:
        if letter in text.upper():
            mask |= bit
    return mask


def walls_text(mask: int) -> str:
    """``N | E`` -> ``"NE"``; no walls -> ``"-"``."""
    return "".join(letter for bit, letter in WALL_LETTERS if mask & bit) or "-"


def _build_tiles() -> tuple[Tile, ...]:
    tiles = []
    for kind, name in enumerate(TYPES):
        for entry in _TILE_TABLE[name].split():
            price, walls = entry.split(":")
            tiles.append(Tile(kind, int(price), walls_from_text(walls)))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _build_tiles() + (Tile(-1, 0, 0),)
FOUNTAIN = len(TILES) - 1
BUILDINGS = tuple(range(FOUNTAIN))
#: Walls per tile id (the board geometry only needs these).
TILE_WALLS: tuple[int, ...] = tuple(tile.walls for tile in TILES)
TILE_KIND: tuple[int, ...] = tuple(tile.kind for tile in TILES)

#: Majority points: ``POINTS[kind][round - 1]`` lists the points per place.
POINTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    ((k + 1,), (k + 8, k + 1), (k + 16, k + 8, k + 1)) for k in range(len(TYPES))
)


def card(currency: int, value: int) -> int:
    return currency * 10 + value


def card_name(code: int) -> str:
    if code in SCORING_CARDS:
        return f"scoring card {code - 100}"
    return f"{CURRENCIES[code // 10]} {code % 10}"


@cache  # a few dozen codes; a message is immutable
def card_term(code: int) -> Message:
    """``card_name`` for the reader: the currency named in their language."""
    if code in SCORING_CARDS:
        return message(gettext_noop("scoring card %(number)s"), number=code - 100)
    return message(gettext_noop("%(currency)s %(value)s"), currency=CURRENCY_TERMS[code // 10], value=code % 10)


@cache  # a few dozen tiles; a message is immutable
def tile_term(tile: int, *, walls: bool = True) -> Message:
    """``tile_label`` for the reader: "garden 8 NE" with the building named
    in their language (the price and walls read the same)."""
    if tile == FOUNTAIN:
        return message(gettext_noop("fountain"))
    kind, price, mask = TILES[tile]
    if not walls:
        return message(gettext_noop("%(building)s %(price)s"), building=Term(TYPES[kind]), price=price)
    if not mask:
        return message(gettext_noop("%(building)s %(price)s open"), building=Term(TYPES[kind]), price=price)
    return message(
        gettext_noop("%(building)s %(price)s %(walls)s"),
        building=Term(TYPES[kind]),
        price=price,
        walls=Notation(walls_text(mask)),  # in the reader's notation (Dutch NWO)
    )


def money_deck(players: int) -> list[int]:
    """The 108 money cards (72 with two players: two copies of each)."""
    copies = 2 if players == 2 else 3
    return [card(c, v) for c in range(4) for v in range(1, 10) for _ in range(copies)]


def _label(tile: int, walls: bool) -> str:
    if tile == FOUNTAIN:
        return "fountain"
    kind, price, mask = TILES[tile]
    text = f"{TYPES[kind]} {price}"
    if walls:
        text += " " + (walls_text(mask) if mask else "open")
    return text


_LABELS = tuple(_label(t, True) for t in range(len(TILES)))
_NAMES = tuple(_label(t, False) for t in range(len(TILES)))


def tile_label(tile: int, *, walls: bool = True) -> str:
    """``"garden 8 NE"`` or ``"garden 10 open"`` (no walls); with
    ``walls=False`` just ``"garden 8"``; the fountain is ``"fountain"``."""
    return _LABELS[tile] if walls else _NAMES[tile]


@lru_cache(maxsize=8192)
def cell_label(cell: tuple[int, int]) -> str:
    """Compass label of a cell relative to the fountain: north/south steps
    first, then east/west: ``(0, -1)`` -> ``"N1"``, ``(2, 1)`` -> ``"S1E2"``,
    ``(-3, 0)`` -> ``"W3"``; the fountain's own cell is ``"F"``."""
    x, y = cell
    text = ""
    if y:
        text += f"N{-y}" if y < 0 else f"S{y}"
    if x:
        text += f"E{x}" if x > 0 else f"W{-x}"
    return text or "F"
