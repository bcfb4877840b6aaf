"""How a move changes an Alpaca game: placements, bonus actions, turn flow.

Pure functions over ``AlpacaState``: each builds a dict of changed fields and
one new state (``replace_fields``), so an apply copies only the table and
frontier dicts it changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Event, IllegalMove, Transition
from games.engine.message import Message, Notation, Term, gettext_noop, message

from . import codec
from .board import _figures_with, closed_colours, need_mask, pending_intact
from .legal import can_place, dominant_colour, fitting_rotations, need_at, reading_order
from .moves import Lock, Place, Rotate
from .state import (
    COLOURS,
    EDGES,
    OPPOSITE,
    STEPS,
    TILES,
    TILES_PER_COLOUR,
    AlpacaState,
    Cell,
    cell_name,
    tile_name,
    tile_term,
)

#: An ``Event`` saying a message, its English text rendered when first read
#: (a mail's whole-turn search and a random game apply many moves whose
#: events nobody reads).
_event = Event.lazy


def _who(state: AlpacaState, seat: int) -> Message:
    return message(
        gettext_noop("%(seat)s (%(colour)s)"), seat=f"Seat {seat + 1}", colour=Term(COLOURS[state.colours[seat]])
    )


def advance(state: AlpacaState, changes: dict[str, Any], events: list[Event], step: bool = True) -> None:
    """Add to ``changes`` (new field values over ``state``) the move to the
    next seat that can place, passing for seats that cannot.

    With ``step`` the seat now acting has finished its turn; without it (at
    setup) it is checked first.  A round ends when every seat had its turn:
    the game then ends if a hand is empty or if no tile was placed for
    ``players`` rounds in a row; otherwise the seat on the right of the last
    dominant player becomes dominant.
    """

    def get(name: str) -> Any:
        return changes[name] if name in changes else getattr(state, name)

    n, colours = state.players, state.colours
    turn, number, dominant = get("turn"), get("round"), get("dominant")
    placed, idle = get("placed_this_round"), get("idle_rounds")
    hands, frontier = get("hands"), get("frontier")
    while True:
        if step:
            turn += 1
        step = True
        if turn == n:
            idle = 0 if placed else idle + 1
            ended_by = ""
            data: dict[str, Any] = {}
            emptied = [seat for seat, hand in enumerate(hands) if not hand]
            if len(emptied) == 1:  # named, as the table's status line names them
                ended_by, data = "last tile", {"seat": emptied[0]}
                said = gettext_noop("%(seat)s has played their last tile: the game ends.")
                text = message(said, seat=f"Seat {emptied[0] + 1}")
            elif emptied:
                ended_by = "last tile"
                text = message(gettext_noop("A player has played their last tile: the game ends."))
            elif idle >= n:
                ended_by = "idle cycle"
                text = message(gettext_noop("No tile was placed for %(rounds)s rounds: the game ends."), rounds=n)
            if ended_by:
                changes.update(
                    phase="over",
                    ended_by=ended_by,
                    idle_rounds=idle,
                    turn=n - 1,
                    round=number,
                    dominant=dominant,
                    placed_this_round=placed,
                )
                events.append(_event("end", text, {"reason": ended_by, **data}))
                return
            dominant, turn, number, placed = (dominant - 1) % n, 0, number + 1, False
            colour = COLOURS[colours[dominant]]
            events.append(
                _event(
                    "round",
                    message(
                        gettext_noop("Round %(number)s: %(colour)s is dominant; %(dominant)s plays first."),
                        number=number,
                        colour=Term(colour),
                        dominant=f"seat {dominant + 1}",
                    ),
                    {"round": number, "dominant": dominant, "colour": colour},
                )
            )
        seat = (dominant + turn) % n
        if can_place(hands[seat], colours[dominant], frontier):
            break
        events.append(_event("pass", message(gettext_noop("%(who)s passes."), who=_who(state, seat)), {"seat": seat}))
    changes.update(
        turn=turn,
        round=number,
        dominant=dominant,
        placed_this_round=placed,
        idle_rounds=idle,
    )


def apply_place(state: AlpacaState, seat: int, move: Place) -> Transition[AlpacaState]:
    """``seat`` (whose turn it is) places a tile.  If it closes figures the
    seat gets one bonus action per figure; otherwise the turn moves on.

    :raises IllegalMove: a bonus action is due, the tile is not in the hand
        or not of the dominant colour, the cell is taken or not next to the
        table, or no edge matches.
    """
    if state.phase == "bonus":
        raise IllegalMove(
            gettext_noop("First take your bonus action: 'bonus rotate X,Y to R', 'bonus lock' or 'bonus none'.")
        )
    tile, cell, rot = move.tile, (move.x, move.y), move.rot
    hand = state.hands[seat]
    colour = dominant_colour(state)
    if not 0 <= tile < len(TILES) or tile not in hand:
        raise IllegalMove(
            gettext_noop("%(tile_text)s is not in your hand; %(hand_hint)s"),
            tile_text=_tile_text(tile),
            hand_hint=_hand_hint(state, seat),
        )
    if tile // TILES_PER_COLOUR != colour:
        raise IllegalMove(
            gettext_noop(
                "%(Colour)s is dominant this round: you may only play a tile with a %(colour)s major; %(hand_hint)s"
            ),
            Colour=Term(COLOURS[colour], capital=True),
            colour=Term(COLOURS[colour]),
            hand_hint=_hand_hint(state, seat),
        )
    if rot not in (0, 1, 2, 3):
        raise IllegalMove(gettext_noop("Rotation must be 0, 1, 2 or 3, not %(rot)s."), rot=rot)
    mask = need_at(state, cell)
    if mask is None:
        if cell in state.table:
            raise IllegalMove(gettext_noop("%(cell_name)s is already taken."), cell_name=cell_name(cell))
        raise IllegalMove(
            gettext_noop("%(cell_name)s is not next to the tiles on the table; open cells: %(cells_hint)s."),
            cell_name=cell_name(cell),
            cells_hint=_cells_hint(state),
        )
    rots = fitting_rotations(tile, mask)
    if not rots:
        raise IllegalMove(
            gettext_noop(
                "%(tile_name)s at %(cell_name)s rot %(rot)s touches no triangle of the same colour, "
                "and no rotation of it fits there."
            ),
            tile_name=tile_term(tile),
            cell_name=cell_name(cell),
            rot=rot,
        )
    if rot not in rots:
        fits = ", ".join(f"rot {r}" for r in rots)
        raise IllegalMove(
            gettext_noop(
                "%(tile_name)s at %(cell_name)s rot %(rot)s touches no triangle of the same colour. "
                "Rotations that fit there: %(fits)s."
            ),
            tile_name=tile_term(tile),
            cell_name=cell_name(cell),
            rot=rot,
            fits=fits,
        )
    code = tile * 4 + rot
    table = dict(state.table)
    table[cell] = code
    # The first tile may lie anywhere: the open cell listed before it goes too.
    frontier = dict(state.frontier) if state.table else {}
    frontier.pop(cell, None)
    edges = EDGES[code]
    for d, (dx, dy) in enumerate(STEPS):
        other = (cell[0] + dx, cell[1] + dy)
        if other not in table:
            frontier[other] = frontier.get(other, 0) | (1 << (5 * OPPOSITE[d] + edges[d]))
    hands = list(state.hands)
    hands[seat] = tuple(t for t in hand if t != tile)
    events = [
        _event(
            "place",
            message(
                gettext_noop("%(who)s placed %(tile_name)s at %(cell_name)s rot %(rot)s."),
                who=_who(state, seat),
                tile_name=tile_term(tile),
                cell_name=cell_name(cell),
                rot=rot,
            ),
            {
                "seat": seat,
                "tile": tile_name(tile),
                "x": cell[0],
                "y": cell[1],
                "rot": rot,
            },
        )
    ]
    changes: dict[str, Any] = {
        "table": table,
        "frontier": frontier,
        "hands": tuple(hands),
        "placed_this_round": True,
        "last": cell,
    }
    figures = tuple(_figures_with(table, cell))
    if figures:
        changes.update(
            phase="bonus", bonuses=len(figures), pending=figures, pending_colours=closed_colours(table, figures)
        )
        for figure in figures:
            template = (
                gettext_noop("%(who)s closed a figure of two minor triangles (%(cells_text)s): one bonus action.")
                if len(figure) == 2
                else gettext_noop("%(who)s closed a figure of four major triangles (%(cells_text)s): one bonus action.")
            )
            events.append(
                _event(
                    "figure",
                    message(template, who=_who(state, seat), cells_text=_cells_text(figure)),
                    {"seat": seat, "cells": [list(c) for c in figure]},
                )
            )
    else:
        advance(state, changes, events)
    return Transition(replace_fields(state, changes), tuple(events))


def apply_bonus(state: AlpacaState, seat: int, move: Any) -> Transition[AlpacaState]:
    """``seat`` takes one bonus action (``Rotate``, ``Lock`` or ``NoBonus``);
    after the last one the turn moves on.

    :raises IllegalMove: no bonus action is due, the tile is untouchable or
        already in that rotation, the figure cannot be locked, or no counter
        is left.
    """
    if state.phase != "bonus":
        raise IllegalMove(gettext_noop("You have no bonus action now; place a tile instead."))
    changes: dict[str, Any] = {"bonuses": state.bonuses - 1}
    if isinstance(move, Rotate):
        text = _check_rotate(state, seat, move, changes)
    elif isinstance(move, Lock):
        text = _check_lock(state, seat, move, changes)
    else:
        text = message(gettext_noop("%(who)s declined a bonus action."), who=_who(state, seat))
    events = [
        _event(
            "bonus",
            text,
            {"seat": seat, "move": codec.dump_move(move)},
        )
    ]
    if changes["bonuses"] <= 0:
        changes.update(phase="place", pending=(), pending_colours=())
        advance(state, changes, events)
    return Transition(replace_fields(state, changes), tuple(events))


def _check_rotate(state: AlpacaState, seat: int, move: Rotate, changes: dict[str, Any]) -> Message:
    cell = (move.x, move.y)
    code = state.table.get(cell)
    if code is None:
        raise IllegalMove(gettext_noop("There is no tile at %(cell_name)s to rotate."), cell_name=cell_name(cell))
    if cell in state.untouchable:
        raise IllegalMove(
            gettext_noop("The tile at %(cell_name)s is part of an untouchable figure and cannot be rotated."),
            cell_name=cell_name(cell),
        )
    if move.rot not in (0, 1, 2, 3):
        raise IllegalMove(gettext_noop("Rotation must be 0, 1, 2 or 3, not %(rot)s."), rot=move.rot)
    if move.rot == code & 3:
        raise IllegalMove(
            gettext_noop("The tile at %(cell_name)s already has rotation %(rot)s; choose another rotation."),
            cell_name=cell_name(cell),
            rot=move.rot,
        )
    table = dict(state.table)
    table[cell] = code - (code & 3) + move.rot
    frontier = dict(state.frontier)
    for dx, dy in STEPS:
        other = (cell[0] + dx, cell[1] + dy)
        if other in frontier:
            frontier[other] = need_mask(table, other)
    changes.update(table=table, frontier=frontier)
    return message(
        gettext_noop("%(who)s rotated the tile at %(cell)s to rotation %(rot)s."),
        who=_who(state, seat),
        cell=cell_name(cell),
        rot=move.rot,
    )


def _check_lock(state: AlpacaState, seat: int, move: Lock, changes: dict[str, Any]) -> Message:
    if move.figure not in state.pending:
        raise IllegalMove(gettext_noop("Only a figure you have just closed can be made untouchable."))
    if state.counters <= 0:
        raise IllegalMove(gettext_noop("No counters are left: all 15 are already on the table."))
    if not pending_intact(state, move.figure):
        raise IllegalMove(gettext_noop("That figure is no longer closed (a tile of it was rotated)."))
    kept = [i for i, figure in enumerate(state.pending) if figure != move.figure]
    changes.update(
        counters=state.counters - 1,
        locked=state.locked + (move.figure,),
        untouchable=state.untouchable | frozenset(move.figure),
        pending=tuple(state.pending[i] for i in kept),
        pending_colours=tuple(state.pending_colours[i] for i in kept),
    )
    cells = _cells_text(move.figure)
    return message(
        gettext_noop("%(who)s made the figure at %(cells)s untouchable."), who=_who(state, seat), cells=cells
    )


_FIELDS = AlpacaState.__slots__


def replace_fields(state: AlpacaState, changes: Mapping[str, Any]) -> AlpacaState:
    """A copy of ``state`` with ``changes`` (faster than dataclasses.replace,
    which re-runs ``__init__`` and its frozen-attribute guard)."""
    new = object.__new__(AlpacaState)
    setter = object.__setattr__
    for name in _FIELDS:
        setter(new, name, changes[name] if name in changes else getattr(state, name))
    return new


def _tile_text(tile: int) -> Notation | str:
    """A tile as the reader writes it (Dutch: blauw/rood-geel)."""
    return Notation(tile_name(tile)) if 0 <= tile < len(TILES) else f"tile {tile}"


def _hand_hint(state: AlpacaState, seat: int) -> Message:
    colour = dominant_colour(state)
    mine = [tile_name(t) for t in state.hands[seat] if t // TILES_PER_COLOUR == colour]
    if not mine:
        return message(gettext_noop("you hold no %(colour)s tile."), colour=Term(COLOURS[colour]))
    return message(
        gettext_noop("your %(colour)s tiles: %(tiles)s."),
        colour=Term(COLOURS[colour]),
        tiles=Notation(", ".join(mine[:10])),
    )


def _cells_hint(state: AlpacaState) -> str:
    cells = sorted(state.frontier, key=reading_order)
    text = " / ".join(cell_name(c) for c in cells[:10])
    return text + (" ..." if len(cells) > 10 else "")


def _cells_text(cells: tuple[Cell, ...]) -> str:
    return " / ".join(cell_name(c) for c in cells)
