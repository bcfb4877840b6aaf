"""A tiny DSL for building Alhambra positions in tests.

* ``tile("garden 8 NE")`` / ``tile("gar8NE")``: a tile id (walls may be left
  out when type and price are unique; ``-`` or ``open`` for no walls).
* ``board('''...''')``: an Alhambra from rows of whitespace-separated cells:
  ``F`` is the fountain (the origin), ``.`` an empty cell, anything else a
  tile as for ``tile`` without spaces (``gar8NE``, ``tow12-``).
* ``cards("denar 3, florin 2")``: sorted money card codes.
* ``position(...)``: a whole ``AlhambraState`` with sensible defaults.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .board import DIRS, Alhambra
from .components import (
    BUILDINGS,
    FOUNTAIN,
    SCORING_CARDS,
    TILES,
    TYPES,
    card,
    money_deck,
)
from .notation import parse_cards, tokenize, type_of
from .state import AlhambraState, SeatState, Secret

_TILE = re.compile(r"^([a-z]+)\s*(\d+)\s*([nesw]*|-|open)?$")


def tile(text: str) -> int:
    """The tile id named by ``text`` (``"garden 8 NE"``, ``"gar8ne"``).

    :raises ValueError: no such tile, or several match.
    """
    match = _TILE.match(text.strip().lower().replace(" ", ""))
    if not match:
        raise ValueError(f"not a tile: {text!r}")
    kind = type_of(match.group(1))
    price = int(match.group(2))
    walls_text = match.group(3)
    found = [t for t in BUILDINGS if TILES[t].kind == kind and TILES[t].price == price]
    if walls_text:
        found = [t for t in found if _walls_match(t, walls_text)]
    if len(found) != 1:
        raise ValueError(f"{text!r} names {len(found)} tiles")
    return found[0]


def _walls_match(t: int, text: str) -> bool:
    mask = 0 if text in ("-", "open") else sum({"n": 1, "e": 2, "s": 4, "w": 8}[c] for c in text)
    return TILES[t].walls == mask


def board(text: str, *, legal: bool = True) -> Alhambra:
    """An Alhambra drawn as rows of cells (see the module docstring).

    :raises ValueError: with ``legal`` (the default), if the drawing breaks
        a building rule (walls against open sides, a tile cut off from the
        fountain, a hole).
    """
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    origin = next(
        ((x, y) for y, row in enumerate(rows) for x, cell in enumerate(row) if cell == "F"),
        None,
    )
    if origin is None:
        raise ValueError("the board needs a fountain 'F'")
    cells = {}
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            if cell == ".":
                continue
            at = (x - origin[0], y - origin[1])
            cells[at] = FOUNTAIN if cell == "F" else tile(cell)
    alhambra = Alhambra.from_cells(cells)
    if legal:
        _check(alhambra)
    return alhambra


def _check(alhambra: Alhambra) -> None:
    for (x, y), t in alhambra.cells.items():
        for bit, dx, dy, opp in DIRS:
            other = alhambra.cells.get((x + dx, y + dy))
            if other is not None and bool(TILES[t].walls & bit) != bool(TILES[other].walls & opp):
                raise ValueError(f"wall meets open side between {(x, y)} and {(x + dx, y + dy)}")
    if not alhambra.reachable_from_fountain():
        raise ValueError("a tile cannot be reached from the fountain")
    if alhambra.has_holes():
        raise ValueError("the Alhambra has a hole")


def cards(text: str) -> tuple[int, ...]:
    """``"denar 3, florin 2 5"`` -> sorted card codes."""
    result = []
    for currency, value in parse_cards(tokenize(text)):
        if currency is None:
            raise ValueError(f"currency missing in {text!r}")
        result.append(card(currency, value))
    return tuple(sorted(result))


def seat(
    alhambra: Alhambra | str | None = None,
    *,
    reserve: tuple[str, ...] = (),
    hand: str = "",
    score: int = 0,
    pending: tuple[str, ...] = (),
) -> SeatState:
    if alhambra is None:
        alhambra = Alhambra.start()
    elif isinstance(alhambra, str):
        alhambra = board(alhambra)
    return SeatState(
        alhambra=alhambra,
        reserve=tuple(sorted(tile(t) for t in reserve)),
        hand=cards(hand) if hand else (),
        score=score,
        pending=tuple(tile(t) for t in pending),
    )


def position(
    seats: list[SeatState] | int = 2,
    *,
    market: tuple[str | None, ...] = ("pav8", "ser9", "arc9", "cha10"),
    display: str = "denar 1, dirham 2, ducat 3, florin 9",
    deck: tuple[int, ...] | None = None,
    bag: tuple[str, ...] | None = None,
    discard: str = "",
    current: int = 0,
    phase: str = "action",
    extra: bool = False,
    dirk: tuple[str, ...] | None = None,
    **changes: Any,
) -> AlhambraState:
    """A game position; by default a fresh two-player game with empty
    Alhambras, an arbitrary market, a display, the remaining money as the
    deck (no scoring cards) and every other tile in the bag.  With two seats
    Dirk starts with no tiles unless ``dirk`` says otherwise."""
    if isinstance(seats, int):
        seats = [seat() for _ in range(seats)]
    players = len(seats)
    market_ids = tuple(None if t is None else tile(t) for t in market)
    shown = cards(display) if display else ()
    if deck is None:
        rest = money_deck(players)
        for c in shown + sum((s.hand for s in seats), ()):
            rest.remove(c)
        deck = tuple(rest)
    used = {t for t in market_ids if t is not None}
    for s in seats:
        used |= set(s.alhambra.grid.values()) | set(s.reserve) | set(s.pending)
    dirk_ids = None if dirk is None else tuple(sorted(tile(t) for t in dirk))
    if players == 2 and dirk_ids is None:
        dirk_ids = ()
    used |= set(dirk_ids or ())
    bag_ids = tuple(t for t in BUILDINGS if t not in used) if bag is None else tuple(tile(t) for t in bag)
    state = AlhambraState(
        players=players,
        seats=tuple(seats),
        market=market_ids,
        display=shown,
        discard=cards(discard) if discard else (),
        secret=Secret(bag=bag_ids, deck=tuple(deck), rng=12345),
        current=current,
        start_player=0,
        phase=phase,
        extra=extra,
        dirk=dirk_ids,
    )
    if changes:
        state = replace(state, **changes)
    return state


__all__ = ["board", "cards", "position", "seat", "tile", "SCORING_CARDS", "TYPES"]
