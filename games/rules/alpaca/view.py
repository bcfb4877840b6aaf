"""What one seat (or a spectator) sees of an Alpaca game, and a text board.

Hidden: the other hands (only their sizes show) and the RNG state.  Public:
the table, the counters, whose colour is whose, the running scores.  When
the game is over every remaining hand is revealed.

Each table entry gives the cell, the tile (``major/minor1-minor2``), its
rotation and its edge colours in the order N, E, S, W; the major covers
edges (N, E), (E, S), (S, W) or (W, N) at rotation 0, 1, 2 or 3.

``board_text(view)`` draws a view's table for a plain-text email: each tile
is a 5x3 block of its edge colours (capital = major triangle, small = minor
triangle, ``#`` in the centre = untouchable, ``.`` = an open cell), columns
headed by x and rows by y.
"""

from __future__ import annotations

from typing import Any

from games.engine.message import Message, Term, expect_fields, gettext_noop, message

from .board import figure_colour, pending_intact
from .legal import current_seat, reading_order
from .scoring import _chain_lengths, _colour_score
from .state import (
    COLOUR_LETTERS,
    COLOURS,
    EDGES,
    MAJOR,
    SLOTS,
    TILES_PER_COLOUR,
    AlpacaState,
    Figure,
    tile_name,
)

#: Directions (N, E, S, W = 0..3) covered by the major, by rotation.
MAJOR_EDGES = tuple(frozenset(d for d in range(4) if SLOTS[r][d] == MAJOR) for r in range(4))
_STEP = {"place": "place a tile", "bonus": "bonus action", "over": "game over"}


def _expect(state: Any, over: bool) -> Message:
    """What the player to move is asked to do, in words (pages and emails)."""
    if over:
        return message(gettext_noop("nothing: the game is over"))
    if state.phase == "bonus":
        return message(gettext_noop("take your bonus action: rotate a tile, make the figure untouchable, or decline"))
    colour = COLOURS[state.colours[state.dominant]]
    return message(gettext_noop("place one %(colour)s tile so that at least one edge matches"), colour=Term(colour))


def _figure_entry(state: AlpacaState, figure: Figure, colour: int | None = None) -> dict[str, Any]:
    """A figure for the view; ``colour``: the one it was closed in, when a
    rotation may have changed its cells since (a pending figure)."""
    return {
        "kind": "minor pair" if len(figure) == 2 else "major square",
        "colour": COLOURS[figure_colour(state.table, figure) if colour is None else colour],
        "cells": [list(c) for c in figure],
    }


def build_view(rules: Any, state: AlpacaState, seat: int | None) -> dict[str, Any]:
    """The JSON-safe view of ``state`` for ``seat`` (``None``: spectator)."""
    n = state.players
    over = rules.is_finished(state)
    table = [
        {
            "x": x,
            "y": y,
            "tile": tile_name(code >> 2),
            "rotation": code & 3,
            "edges": [COLOURS[c] for c in EDGES[code]],
        }
        for (x, y), code in sorted(state.table.items(), key=lambda item: reading_order(item[0]))
    ]
    dominant = state.dominant
    view: dict[str, Any] = {
        "game": "alpaca",
        "seat": seat,
        "players": n,
        "colours": [COLOURS[c] for c in state.colours],
        "round": state.round,
        "dominant": {"seat": dominant, "colour": COLOURS[state.colours[dominant]]},
        "turn_order": [(dominant + k) % n for k in range(n)],
        "next_dominant": {
            "seat": (dominant - 1) % n,
            "colour": COLOURS[state.colours[(dominant - 1) % n]],
        },
        "phase": "over" if over else state.phase,
        "step": _STEP["over" if over else state.phase],
        **expect_fields(_expect(state, over)),
        "to_move": sorted(rules.to_move(state)),
        "table": table,
        "open_cells": [] if over else [list(c) for c in sorted(state.frontier, key=reading_order)],
        "last_placed": None if state.last is None else list(state.last),
        "untouchable_figures": [_figure_entry(state, f) for f in state.locked],
        "untouchable_cells": [list(c) for c in sorted(state.untouchable, key=reading_order)],
        "counters_left": state.counters,
        "bonus": None,
        "hand_counts": [len(h) for h in state.hands],
        "scores": [_colour_score(state.table, c) for c in state.colours],
        "chains": [_chain_lengths(state.table, c) for c in state.colours],
        "departed": [s for s, _ in state.departed],
    }
    if state.phase == "bonus" and not over:
        view["bonus"] = {
            "seat": current_seat(state),
            "actions_left": state.bonuses,
            "figures": [
                {
                    "number": i,
                    **_figure_entry(state, f, colour),
                    "lockable": state.counters > 0 and pending_intact(state, f),
                }
                for i, (f, colour) in enumerate(zip(state.pending, state.pending_colours, strict=True), start=1)
            ],
        }
    if seat is not None:
        colour = state.colours[dominant]
        view["hand"] = [
            {
                "number": i,
                "tile": tile_name(t),
                "dominant": t // TILES_PER_COLOUR == colour,
            }
            for i, t in enumerate(state.hands[seat], start=1)
        ]
    if over:
        view["ended_by"] = state.early_end or state.ended_by
        view["hands"] = [[tile_name(t) for t in hand] for hand in state.hands]
    return view


def revealed(state: AlpacaState, seat: int) -> dict[str, Any]:
    """What the end of the game reveals of ``seat``: the tiles left in its
    hand."""
    return {"hand": [tile_name(t) for t in state.hands[seat]]}


def board_text(view: dict[str, Any]) -> str:
    """The table of ``view`` as monospaced text (see the module docstring)."""
    tiles = {(t["x"], t["y"]): t for t in view["table"]}
    locked = {tuple(c) for c in view["untouchable_cells"]}
    opened = {tuple(c) for c in view["open_cells"]}
    cells = set(tiles) | opened
    if not cells:
        return "(empty table)"
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    ys = range(max(y for _, y in cells), min(y for _, y in cells) - 1, -1)
    letter = {name: COLOUR_LETTERS[i] for i, name in enumerate(COLOURS)}
    lines = ["     " + "".join(f"{x:^6}" for x in xs).rstrip()]
    for y in ys:
        rows: list[list[str]] = [[], [], []]
        for x in xs:
            tile = tiles.get((x, y))
            if tile is None:
                mark = "." if (x, y) in opened else " "
                block = ["     ", f"  {mark}  ", "     "]
            else:
                majors = MAJOR_EDGES[tile["rotation"]]
                n, e, s, w = (letter[c] if d in majors else letter[c].lower() for d, c in enumerate(tile["edges"]))
                centre = "#" if (x, y) in locked else "+"
                block = [f"  {n}  ", f"{w} {centre} {e}", f"  {s}  "]
            for row, part in zip(rows, block, strict=True):
                row.append(part + " ")
        lines.append("     " + "".join(rows[0]).rstrip())
        lines.append(f"{y:>4} " + "".join(rows[1]).rstrip())
        lines.append("     " + "".join(rows[2]).rstrip())
    return "\n".join(lines)
