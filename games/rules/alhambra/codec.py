"""Alhambra state and moves <-> JSON-safe data (server side: the state holds
every secret)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import StateVersionError
from games.engine.message import gettext_noop

from .board import Alhambra
from .components import BUILDINGS, CURRENCIES, money_deck
from .moves import Build, Buy, Cell, Done, Gift, Move, Place, Remove, Swap, Take
from .state import AlhambraState, Scoring, SeatState, Secret


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def dump_state(state: AlhambraState) -> dict[str, Any]:
    """Every field of the state as JSON-safe data."""
    return {
        "players": state.players,
        "current": state.current,
        "start_player": state.start_player,
        "phase": state.phase,
        "extra": state.extra,
        "turn": state.turn,
        "market": list(state.market),
        "display": list(state.display),
        "discard": list(state.discard),
        "dirk": None if state.dirk is None else list(state.dirk),
        "seats": [
            {
                "alhambra": sorted([x, y, t] for (x, y), t in s.alhambra.cells.items()),
                "reserve": list(s.reserve),
                "hand": list(s.hand),
                "score": s.score,
                "pending": list(s.pending),
            }
            for s in state.seats
        ],
        "scorings": [
            {
                "round": r.round,
                "points": list(r.points),
                "walls": list(r.walls),
                "dirk": r.dirk,
            }
            for r in state.scorings
        ],
        "handout": [[tile, seat] for tile, seat in state.handout],
        "secret": {
            "bag": list(state.secret.bag),
            "deck": list(state.secret.deck),
            "rng": state.secret.rng,
            "spans": [list(span) for span in state.secret.spans],
        },
        "departed": [[seat, reason] for seat, reason in state.departed],
        "early_end": state.early_end,
    }


def load_state(data: Mapping[str, Any]) -> AlhambraState:
    """Inverse of ``dump_state``."""
    seats = tuple(
        SeatState(
            alhambra=Alhambra.from_cells({(int(x), int(y)): int(t) for x, y, t in s["alhambra"]}),
            reserve=_ints(s["reserve"]),
            hand=_ints(s["hand"]),
            score=int(s["score"]),
            pending=_ints(s["pending"]),
        )
        for s in data["seats"]
    )
    secret = data["secret"]
    return AlhambraState(
        players=int(data["players"]),
        seats=seats,
        market=tuple(None if t is None else int(t) for t in data["market"]),
        display=_ints(data["display"]),
        discard=_ints(data["discard"]),
        secret=Secret(
            _ints(secret["bag"]),
            _ints(secret["deck"]),
            int(secret["rng"]),
            tuple((int(first), int(last)) for first, last in secret.get("spans", ())),
        ),
        current=int(data["current"]),
        start_player=int(data["start_player"]),
        phase=str(data["phase"]),
        extra=bool(data["extra"]),
        turn=int(data["turn"]),
        dirk=None if data["dirk"] is None else _ints(data["dirk"]),
        scorings=tuple(
            Scoring(
                int(r["round"]),
                _ints(r["points"]),
                _ints(r["walls"]),
                None if r["dirk"] is None else int(r["dirk"]),
            )
            for r in data["scorings"]
        ),
        handout=tuple((int(tile), None if seat is None else int(seat)) for tile, seat in data["handout"]),
        departed=tuple((int(seat), str(reason)) for seat, reason in data["departed"]),
        early_end=data.get("early_end"),
    )


def dump_move(move: Move) -> dict[str, Any]:
    """The move as JSON-safe data.

    :raises TypeError: ``move`` is not an Alhambra move.
    """
    if isinstance(move, Take):
        return {"kind": "take", "cards": list(move.cards)}
    if isinstance(move, Buy):
        return {"kind": "buy", "slot": move.slot, "cards": list(move.cards)}
    if isinstance(move, Done):
        return {"kind": "done"}
    if isinstance(move, Place):
        cell = None if move.cell is None else list(move.cell)
        return {"kind": "place", "tile": move.tile, "cell": cell}
    if isinstance(move, Gift):
        return {"kind": "gift", "tile": move.tile}
    if isinstance(move, Build):
        return {"kind": "build", "tile": move.tile, "cell": list(move.cell)}
    if isinstance(move, Remove):
        return {"kind": "remove", "cell": list(move.cell)}
    if isinstance(move, Swap):
        return {"kind": "swap", "tile": move.tile, "cell": list(move.cell)}
    raise TypeError(f"Not an Alhambra move: {move!r}.")


#: What a move may name: the money cards, the buildings, the market slots.
_CARDS = frozenset(money_deck(3))
_TILES = frozenset(BUILDINGS)
_SLOTS = frozenset(range(len(CURRENCIES)))


def _one_of(value: Any, allowed: frozenset[int]) -> int:
    """``value`` if it is a whole number in ``allowed`` (``dump_move``
    writes nothing else); :raises ValueError: otherwise."""
    if type(value) is not int or value not in allowed:
        raise ValueError(value)
    return value


def _cards(values: Any) -> tuple[int, ...]:
    return tuple(_one_of(v, _CARDS) for v in values)


def _move_cell(value: Any) -> Cell:
    x, y = value
    if type(x) is not int or type(y) is not int:
        raise ValueError(value)
    return (x, y)


def load_move(data: Any) -> Move:
    """Inverse of ``dump_move``.

    :raises StateVersionError: the data is not a known move (or names a
        money card, building or market slot that does not exist).
    """
    try:
        kind = data["kind"]
        if kind == "take":
            return Take(_cards(data["cards"]))
        if kind == "buy":
            return Buy(_one_of(data["slot"], _SLOTS), _cards(data["cards"]))
        if kind == "done":
            return Done()
        if kind == "place":
            cell = data["cell"]
            return Place(_one_of(data["tile"], _TILES), None if cell is None else _move_cell(cell))
        if kind == "gift":
            return Gift(_one_of(data["tile"], _TILES))
        if kind == "build":
            return Build(_one_of(data["tile"], _TILES), _move_cell(data["cell"]))
        if kind == "remove":
            return Remove(_move_cell(data["cell"]))
        if kind == "swap":
            return Swap(_one_of(data["tile"], _TILES), _move_cell(data["cell"]))
    except (KeyError, TypeError, ValueError) as error:
        raise StateVersionError(gettext_noop("Not an Alhambra move: %(repr)s"), repr=repr(data)) from error
    raise StateVersionError(gettext_noop("Unknown Alhambra move kind: %(repr)s"), repr=repr(kind))
