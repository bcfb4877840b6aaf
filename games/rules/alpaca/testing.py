"""A tiny DSL to build Alpaca positions in tests (one line per assertion).

    table("0,0 rbg 0; 1,0 r/g-b 2")        # internal table {cell: code}
    plain("0,0 rbg 0")                      # plain-data table for chains()
    position(colours="red blue", table="0,0 rbg 0",
             hands=["ryg rgb", "byr"], dominant=0)

A table entry is ``x,y tile rotation``; a tile is written as in the move
notation (``red/blue-green``, ``r/b-g`` or ``rbg``).  Hands are strings of
tiles separated by spaces or commas.
"""

from __future__ import annotations

from typing import Any

from .board import cells_of, closed_colours, frontier_of
from .state import COLOURS, COUNTERS, TILES, AlpacaState, Cell, Figure

_LETTER = {"r": 0, "y": 1, "g": 2, "b": 3, "p": 4}
_NAME = {name: i for i, name in enumerate(COLOURS)}


def tile(text: str) -> int:
    """Tile id of ``"red/blue-green"``, ``"r/b-g"`` or ``"rbg"``."""
    text = text.strip().lower()
    parts = text.replace("/", " ").replace("-", " ").split()
    if len(parts) == 1:
        parts = list(parts[0])
    colours = tuple(_NAME[p] if p in _NAME else _LETTER[p] for p in parts)
    return TILES.index(colours)


def table(spec: str) -> dict[Cell, int]:
    """``"x,y tile rot; ..."`` -> internal table (cell -> tile * 4 + rot)."""
    result: dict[Cell, int] = {}
    for entry in filter(None, (e.strip() for e in spec.split(";"))):
        where, name, rot = entry.split()
        x, y = (int(v) for v in where.split(","))
        result[(x, y)] = tile(name) * 4 + int(rot)
    return result


def plain(spec: str) -> dict[Cell, tuple[str, str, str, int]]:
    """``"x,y tile rot; ..."`` -> plain-data table for ``chains`` & co."""
    return {
        cell: (*(COLOURS[c] for c in TILES[code >> 2]), code & 3)  # type: ignore[misc]
        for cell, code in table(spec).items()
    }


def hand(spec: str) -> tuple[int, ...]:
    """``"rbg, y/r-b"`` -> sorted tile ids."""
    return tuple(sorted(tile(t) for t in spec.replace(",", " ").split()))


def position(
    *,
    colours: str = "red blue",
    table: str | dict[Cell, int] = "",
    hands: list[str] | None = None,
    dominant: int = 0,
    turn: int = 0,
    locked: tuple[Figure, ...] = (),
    counters: int = COUNTERS,
    **fields: Any,
) -> AlpacaState:
    """A consistent state: the frontier and the untouchable cells are derived
    from ``table`` and ``locked``, the colours of ``pending`` figures from
    ``table`` unless given; ``fields`` sets any other state field
    (``phase``, ``bonuses``, ``pending``, ``round``, ``idle_rounds``, ...)."""
    names = colours.split()
    grid = _table(table) if isinstance(table, str) else dict(table)
    if "pending_colours" not in fields:
        fields["pending_colours"] = closed_colours(grid, fields.get("pending", ()))
    return AlpacaState(
        players=len(names),
        colours=tuple(_NAME[c] for c in names),
        hands=tuple(hand(h) for h in (hands or [""] * len(names))),
        table=grid,
        frontier=frontier_of(grid),
        dominant=dominant,
        turn=turn,
        locked=tuple(locked),
        untouchable=cells_of(locked),
        counters=counters,
        **fields,
    )


_table = table


def play_to_the_end(rules: Any, state: AlpacaState) -> tuple[AlpacaState, list[int]]:
    """Default moves (the lowest seat to move first) until nobody is to
    move: the final state and each round's dominant seat, in order."""
    leaders = [state.dominant]
    while rules.to_move(state):
        seat = min(rules.to_move(state))
        transition = rules.apply(state, seat, rules.default_move(state, seat))
        leaders += [e.data["dominant"] for e in transition.events if e.kind == "round"]
        state = transition.state
    return state, leaders
