"""Atlantis state and moves <-> JSON-safe data (server side: the state holds
every secret)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import NotationError
from games.engine.message import gettext_noop

from .board import Road
from .moves import BuildBridge, Go, Move, Pass, Pay, Sell
from .state import COLOURS, AtlantisState


def dump_state(state: AtlantisState) -> dict[str, Any]:
    """Every field of the state as JSON-safe data."""
    return {
        "players": state.players,
        "start": state.start,
        "turn": state.turn,
        "phase": state.phase,
        "stacks": [list(s) for s in state.road.stacks],
        "bridges": list(state.road.bridges),
        "pawns": [list(p) for p in state.pawns],
        "hands": [list(h) for h in state.hands],
        "tiles": [list(t) for t in state.tiles],
        "draw": list(state.draw),
        "discard": list(state.discard),
        "secret": state.secret,
        "toll_due": state.toll_due,
        "moved_to": state.moved_to,
        "idle": state.idle,
        "end_tolls": list(state.end_tolls),
        "ended_by": state.ended_by,
        "departed": [list(d) for d in state.departed],
        "early_end": state.early_end,
    }


def load_state(data: Mapping[str, Any]) -> AtlantisState:
    """The state ``dump_state`` wrote."""
    return AtlantisState(
        players=data["players"],
        start=data["start"],
        turn=data["turn"],
        phase=data["phase"],
        road=Road(tuple(tuple(s) for s in data["stacks"]), tuple(data["bridges"])),
        pawns=tuple(tuple(p) for p in data["pawns"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        tiles=tuple(tuple(t) for t in data["tiles"]),
        draw=tuple(data["draw"]),
        discard=tuple(data["discard"]),
        secret=data["secret"],
        toll_due=data["toll_due"],
        moved_to=data["moved_to"],
        idle=data["idle"],
        end_tolls=tuple(data["end_tolls"]),
        ended_by=data["ended_by"],
        departed=tuple((s, r) for s, r in data["departed"]),
        early_end=data["early_end"],
    )


def dump_move(move: Move) -> Any:
    """``move`` as JSON-safe data (colours by name).

    :raises TypeError: ``move`` is not an Atlantis move.
    """
    if isinstance(move, Go):
        return {"go": move.origin, "cards": [COLOURS[c] for c in move.colours]}
    if isinstance(move, Pay):
        return {"pay": list(move.tiles), "cards": [COLOURS[c] for c in move.cards]}
    if isinstance(move, Sell):
        return {"sell": move.value}
    if isinstance(move, BuildBridge):
        return {"bridge": move.position}
    if isinstance(move, Pass):
        return {"pass": True}
    raise TypeError(f"Not an Atlantis move: {move!r}.")


def _whole(value: Any) -> int:
    """``value``, a position or tile value as ``dump_move`` writes it (a
    whole number); :raises TypeError: anything else ("27", 4.0, true)."""
    if type(value) is not int:
        raise TypeError(value)
    return value


def load_move(data: Any) -> Move:
    """The move ``dump_move`` wrote.

    :raises NotationError: not a dumped Atlantis move.
    """
    if not isinstance(data, dict):  # "go" in a string is a substring test; a list has no .get
        raise NotationError(gettext_noop("Not a stored Atlantis move: %(repr)s."), repr=repr(data))
    try:
        if "go" in data:
            return Go(_whole(data["go"]), tuple(COLOURS.index(c) for c in data["cards"]))
        if "pay" in data:
            return Pay(tuple(_whole(v) for v in data["pay"]), tuple(COLOURS.index(c) for c in data["cards"]))
        if "sell" in data:
            return Sell(_whole(data["sell"]))
        if "bridge" in data:
            return BuildBridge(_whole(data["bridge"]))
        if data.get("pass"):
            return Pass()
    except (TypeError, ValueError, KeyError) as error:
        raise NotationError(gettext_noop("Not a stored Atlantis move: %(repr)s."), repr=repr(data)) from error
    raise NotationError(gettext_noop("Not a stored Atlantis move: %(repr)s."), repr=repr(data))
