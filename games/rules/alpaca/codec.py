"""JSON-safe dumps of Alpaca states and moves (and their inverses).

Tiles are written by name (``"red/blue-green"``) and colours by name, so a
dump reads on its own and survives a renumbering of tile ids.  The frontier
and the untouchable cells are derived data and are rebuilt on load.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import IllegalMove
from games.engine.message import gettext_noop

from .board import cells_of, closed_colours, frontier_of
from .moves import Lock, NoBonus, Place, Rotate
from .state import (
    COLOURS,
    TILE_IDS,
    AlpacaState,
    tile_name,
)

_COLOUR = {name: i for i, name in enumerate(COLOURS)}
_TILE = {tile_name(t): t for t in TILE_IDS.values()}


def _cells(data: Any) -> tuple[tuple[int, int], ...]:
    return tuple((int(x), int(y)) for x, y in data)


def dump_state(state: AlpacaState) -> dict[str, Any]:
    """Everything, secrets included (server-side only)."""
    return {
        "players": state.players,
        "colours": [COLOURS[c] for c in state.colours],
        "hands": [[tile_name(t) for t in hand] for hand in state.hands],
        "table": [[x, y, tile_name(code >> 2), code & 3] for (x, y), code in state.table.items()],
        "dominant": state.dominant,
        "turn": state.turn,
        "round": state.round,
        "phase": state.phase,
        "bonuses": state.bonuses,
        "pending": [[list(c) for c in f] for f in state.pending],
        "pending_colours": [COLOURS[c] for c in state.pending_colours],
        "locked": [[list(c) for c in f] for f in state.locked],
        "counters": state.counters,
        "placed_this_round": state.placed_this_round,
        "idle_rounds": state.idle_rounds,
        "last": None if state.last is None else list(state.last),
        "ended_by": state.ended_by,
        "secret": state.secret,
        "departed": [[seat, reason] for seat, reason in state.departed],
        "early_end": state.early_end,
    }


def load_state(data: Mapping[str, Any]) -> AlpacaState:
    """Inverse of ``dump_state``."""
    table = {(int(x), int(y)): _TILE[name] * 4 + int(rot) for x, y, name, rot in data["table"]}
    locked = tuple(_cells(f) for f in data["locked"])
    pending = tuple(_cells(f) for f in data["pending"])
    return AlpacaState(
        players=int(data["players"]),
        colours=tuple(_COLOUR[c] for c in data["colours"]),
        hands=tuple(tuple(_TILE[name] for name in hand) for hand in data["hands"]),
        table=table,
        frontier=frontier_of(table),
        dominant=int(data["dominant"]),
        turn=int(data["turn"]),
        round=int(data["round"]),
        phase=data["phase"],
        bonuses=int(data["bonuses"]),
        pending=pending,
        # States stored before the colours were kept: the figures as they lie.
        pending_colours=tuple(_COLOUR[c] for c in data["pending_colours"])
        if "pending_colours" in data
        else closed_colours(table, pending),
        locked=locked,
        untouchable=cells_of(locked),
        counters=int(data["counters"]),
        placed_this_round=bool(data["placed_this_round"]),
        idle_rounds=int(data["idle_rounds"]),
        last=None if data["last"] is None else (int(data["last"][0]), int(data["last"][1])),
        ended_by=data["ended_by"],
        secret=int(data["secret"]),
        departed=tuple((int(seat), reason) for seat, reason in data["departed"]),
        early_end=data["early_end"],
    )


def dump_move(move: Any) -> Any:
    """A move as JSON-safe data.

    :raises TypeError: ``move`` is not an Alpaca move.
    """
    if isinstance(move, Place):
        return {
            "type": "place",
            "tile": tile_name(move.tile),
            "x": move.x,
            "y": move.y,
            "rot": move.rot,
        }
    if isinstance(move, Rotate):
        return {"type": "rotate", "x": move.x, "y": move.y, "rot": move.rot}
    if isinstance(move, Lock):
        return {"type": "lock", "figure": [list(c) for c in move.figure]}
    if isinstance(move, NoBonus):
        return {"type": "none"}
    raise TypeError(f"Not an Alpaca move: {move!r}.")


def load_move(data: Any) -> Any:
    """Inverse of ``dump_move``.

    :raises IllegalMove: the data is not a dumped Alpaca move.
    """
    try:
        kind = data["type"]
        if kind == "place":
            return Place(_TILE[data["tile"]], int(data["x"]), int(data["y"]), int(data["rot"]))
        if kind == "rotate":
            return Rotate(int(data["x"]), int(data["y"]), int(data["rot"]))
        if kind == "lock":
            return Lock(_cells(data["figure"]))
        if kind == "none":
            return NoBonus()
    except (KeyError, TypeError, ValueError, OverflowError):  # OverflowError: int() of an infinite float
        pass
    raise IllegalMove(gettext_noop("Not a dumped Alpaca move: %(repr)s."), repr=repr(data))
