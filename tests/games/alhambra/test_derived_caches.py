"""Brute force: in the Alhambras of random games, the spots, swap targets and
removable tiles that ``board.Alhambra`` derives from its parent (updated
around the changed cell) are the placement rules read literally, and equal
those of a fresh Alhambra computed from scratch; the longest wall of an
Alhambra is that of the same tiles as plain data."""

from __future__ import annotations

import random

import pytest

from games.engine import get_rules
from games.rules.alhambra.board import Alhambra
from games.rules.alhambra.components import FOUNTAIN, TILE_WALLS, E, N, S, W
from games.rules.alhambra.grid import XY
from games.rules.alhambra.walls import longest_wall

RULES = get_rules("alhambra")
SIDES = ((N, 0, -1, S), (E, 1, 0, W), (S, 0, 1, N), (W, -1, 0, E))
Cell = tuple[int, int]


def game_alhambras(players: int, seed: int) -> list[Alhambra]:
    """Every distinct Alhambra object of a seeded random game, each asked for
    its moves as the game asked (so most are derived from a parent)."""
    chooser = random.Random(seed)
    state = RULES.setup(players, seed)
    found: dict[int, Alhambra] = {}
    while movers := RULES.to_move(state):
        seat = min(movers)
        moves = RULES.legal_moves(state, seat)
        for seat_state in state.seats:
            found.setdefault(id(seat_state.alhambra), seat_state.alhambra)
        state = RULES.apply(state, seat, moves[chooser.randrange(len(moves))]).state
    return list(found.values())


def is_legal(walls: dict[Cell, int], fountain: Cell) -> bool:
    """The rules file's placement rules for a whole Alhambra: on every
    shared side wall meets wall and open meets open, every tile is reachable
    from the fountain without crossing a wall, no empty cell is enclosed."""
    for (x, y), mask in walls.items():
        for bit, dx, dy, opp in SIDES:
            other = walls.get((x + dx, y + dy))
            if other is not None and bool(mask & bit) != bool(other & opp):
                return False
    seen, todo = {fountain}, [fountain]
    while todo:
        x, y = todo.pop()
        for bit, dx, dy, _opp in SIDES:
            nxt = (x + dx, y + dy)
            if nxt in walls and nxt not in seen and not walls[(x, y)] & bit:
                seen.add(nxt)
                todo.append(nxt)
    if len(seen) != len(walls):
        return False
    xs, ys = [x for x, _ in walls], [y for _, y in walls]
    box = {(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)}
    empty = box - set(walls)
    outside = (min(xs) - 1, min(ys) - 1)
    seen, todo = {outside}, [outside]
    while todo:
        x, y = todo.pop()
        for _bit, dx, dy, _opp in SIDES:
            nxt = (x + dx, y + dy)
            if nxt in empty and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(empty)


def reading(cells) -> list[Cell]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


def literal_options(alhambra: Alhambra) -> tuple[dict[int, list[Cell]], dict[int, list[Cell]], list[Cell]]:
    """``(spots, swaps, removable)`` by trying every change on a copy: per
    wall mask the empty cells next to the Alhambra where such a tile may go
    and the buildings it may replace, and the buildings that may go to the
    reserve; each in reading order."""
    walls = {c: TILE_WALLS[t] for c, t in alhambra.cells.items()}
    fountain = next(c for c, t in alhambra.cells.items() if t == FOUNTAIN)
    empty = {(x + dx, y + dy) for x, y in walls for _b, dx, dy, _o in SIDES} - set(walls)
    buildings = [c for c in walls if c != fountain]
    spots = {w: reading(c for c in empty if is_legal({**walls, c: w}, fountain)) for w in range(16)}
    swaps = {w: reading(c for c in buildings if is_legal({**walls, c: w}, fountain)) for w in range(16)}
    removable = reading(c for c in buildings if is_legal({o: m for o, m in walls.items() if o != c}, fountain))
    return spots, swaps, removable


def engine_options(alhambra: Alhambra) -> tuple[dict[int, list[Cell]], dict[int, list[Cell]], list[Cell]]:
    """The same three answers from the engine's (cached, derived) lists."""
    spots = {w: [XY[k] for k in alhambra.spot_keys(w)] for w in range(16)}
    swaps = {w: [XY[k] for k in alhambra.swap_keys(w)] for w in range(16)}
    return spots, swaps, alhambra.removable()


# Seeds whose random games build more than 100 distinct Alhambras.
@pytest.mark.parametrize(("players", "seed"), [(2, 18), (3, 12), (4, 13), (5, 14), (6, 15)])
def test_derived_lists_are_the_rules_read_literally(players, seed):
    alhambras = game_alhambras(players, seed)
    assert len(alhambras) > 100
    for alhambra in alhambras:
        fresh = Alhambra(dict(alhambra.grid))
        assert alhambra.spot_list() == fresh.spot_list()
        assert alhambra.swap_list() == fresh.swap_list()
        assert alhambra.removable_keys() == fresh.removable_keys()
        assert engine_options(alhambra) == literal_options(alhambra)


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (5, 22)])
def test_longest_wall_of_an_alhambra_is_that_of_its_plain_data(players, seed):
    for alhambra in game_alhambras(players, seed):
        plain = {cell: TILE_WALLS[t] for cell, t in alhambra.cells.items()}
        assert longest_wall(alhambra) == longest_wall(plain)
