"""``default_move`` for Alpaca: what a timed-out or departed seat plays.

Placement: the legal placement that raises the seat's own score most right
now (computed incrementally from the chains already on the table), then the
one closing most figures (more bonus actions), then the first in
``legal_moves`` order.  Bonus: the rotation that raises the seat's own score
most; if none does, make a just-closed figure of the seat's own colour
untouchable; otherwise decline.  Deterministic, cheap, never silly.
"""

from __future__ import annotations

from typing import Any

from games.engine import IllegalMove
from games.engine.message import gettext_noop

from .board import _chain_groups, _figures_with, figure_colour
from .moves import Lock, Place, Rotate
from .scoring import _colour_score, triangle_number
from .state import (
    EDGES,
    OPPOSITE,
    SLOTS,
    STEPS,
    TILES,
    AlpacaState,
    Cell,
)


def placement_gain(table: dict[Cell, int], colour: int, chain_of: dict[Any, Any], move: Place) -> int:
    """Points ``colour`` gains by ``move``; ``chain_of`` maps each linked
    triangle of ``colour`` to ``(chain id, chain length)``."""
    tile = TILES[move.tile]
    if colour not in tile:
        return 0
    slot = tile.index(colour)
    slots = SLOTS[move.rot]
    joined: dict[Any, int] = {}
    for d, (dx, dy) in enumerate(STEPS):
        if slots[d] != slot:
            continue
        other = (move.x + dx, move.y + dy)
        code = table.get(other)
        if code is None or EDGES[code][OPPOSITE[d]] != colour:
            continue
        node = (other[0], other[1], SLOTS[code & 3][OPPOSITE[d]])
        chain, length = chain_of.get(node, (node, 1))
        joined[chain] = length
    total = 1 + sum(joined.values())
    return triangle_number(total) - sum(triangle_number(n) for n in joined.values())


def default_move(rules: Any, state: AlpacaState, seat: int) -> Any:
    """See the module docstring.

    :raises IllegalMove: the seat has no legal move now.
    """
    moves = list(rules.legal_moves(state, seat))
    if not moves:
        raise IllegalMove(gettext_noop("There is no legal move for this seat."))
    colour = state.colours[seat]
    if state.phase == "bonus":
        return _best_bonus(state, colour, moves)
    chain_of = {}
    for group in _chain_groups(state.table, colour):
        for node in group:
            chain_of[node] = (group[0], len(group))
    work = dict(state.table)
    best, best_key = moves[0], None
    for index, move in enumerate(moves):
        cell = (move.x, move.y)
        work[cell] = move.tile * 4 + move.rot
        key = (
            placement_gain(state.table, colour, chain_of, move),
            len(_figures_with(work, cell)),
            -index,
        )
        del work[cell]
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def _best_bonus(state: AlpacaState, colour: int, moves: list[Any]) -> Any:
    base = _colour_score(state.table, colour)
    work = dict(state.table)
    best, best_gain = None, 0
    for move in moves:
        if not isinstance(move, Rotate):
            continue
        cell = (move.x, move.y)
        old = work[cell]
        work[cell] = old - (old & 3) + move.rot
        gain = _colour_score(work, colour) - base
        work[cell] = old
        if gain > best_gain:
            best, best_gain = move, gain
    if best is not None:
        return best
    for move in moves:
        if isinstance(move, Lock) and figure_colour(state.table, move.figure) == colour:
            return move
    return moves[-1]  # NoBonus is always last
