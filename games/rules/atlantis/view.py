"""What one seat (or a spectator) may see of an Atlantis game.

Hidden and therefore absent: other hands (only their sizes), the draw pile
order (only its size), the lower tiles of stacks (only the stack height),
the RNG state.  Everything else is public: the road's top tiles, water,
bridges, pawns, each seat's collected tiles, hand sizes and so the scores.
Once the game is over every hand is shown (``revealed``), and so are the
lower tiles of the stacks left on the road (``below``): the seed is
published then, so they give nothing away.
"""

from __future__ import annotations

from typing import Any

from games.engine.message import Message, expect_fields, gettext_noop, message

from .board import ATLANTIS, MAINLAND
from .scoring import scores
from .state import COLOURS, OVER, AtlantisState, tile_colour, tile_value


def _tile(tile: int) -> dict[str, Any]:
    return {"colour": COLOURS[tile_colour(tile)], "value": tile_value(tile)}


def _hand(counts: tuple[int, ...]) -> dict[str, int]:
    """A hand as ``{colour: cards}``, the colours it holds only."""
    return {COLOURS[c]: counts[c] for c in range(len(COLOURS)) if counts[c]}


def is_over(state: AtlantisState) -> bool:
    """Whether the game has ended (naturally or early): its hands are public."""
    return state.phase == OVER or state.early_end is not None


def revealed(state: AtlantisState, seat: int) -> dict[str, Any]:
    """What the end of the game reveals of ``seat``: the colours of its hand."""
    return {"hand": _hand(state.hands[seat])}


def _below(stack: tuple[int, ...]) -> list[dict[str, Any]]:
    """The tiles under a stack's top one, the next below it first: hidden
    during the game, public once it is over (so only then in a view)."""
    return [_tile(t) for t in reversed(stack[:-1])]


def _position(p: int) -> int | str:
    if p == ATLANTIS:
        return "atlantis"
    return "mainland" if p == MAINLAND else p


def build_view(state: AtlantisState, seat: int | None, to_move: list[int]) -> dict[str, Any]:
    """The JSON-safe view of ``state`` for ``seat`` (None = spectator)."""
    road = state.road
    owners = {b: s for s, b in enumerate(road.bridges) if b}
    over = is_over(state)
    positions = []
    for p in range(1, MAINLAND):
        stack = road.stacks[p - 1]
        entry: dict[str, Any] = {"position": p, "kind": road.kind(p)}
        if stack:
            entry.update(_tile(stack[-1]), height=len(stack))
        if over and len(stack) > 1:
            entry["below"] = _below(stack)
        if p in owners:
            entry["bridge"] = owners[p]
        positions.append(entry)
    current = scores(state)
    seats = []
    for s in range(state.players):
        entry = {
            "seat": s,
            "pawns": [_position(p) for p in state.pawns[s]],
            "tiles": [_tile(t) for t in state.tiles[s]],
            "tile_points": sum(tile_value(t) for t in state.tiles[s]),
            "cards": sum(state.hands[s]),
            "bridge": road.bridges[s] or None,
            "score": current[s],
        }
        if over:
            entry.update(revealed(state, s))
        seats.append(entry)
    view: dict[str, Any] = {
        "game": "atlantis",
        "seat": seat,
        "players": state.players,
        "to_move": to_move,
        "turn": state.turn,
        "phase": state.phase,
        **expect_fields(_expect(state)),
        "start_seat": state.start,
        "atlantis_until": road.first - 1,
        "mainland_from": road.last + 1,
        "road": positions,
        "gaps": [{"first": g.first, "last": g.last, "toll": g.toll, "bridged": g.bridged} for g in road.gaps],
        "seats": seats,
        "draw_pile": len(state.draw),
        "discard_pile": sum(state.discard),
        "departed": [s for s, _ in state.departed],
    }
    if state.toll_due:
        view["toll_due"] = state.toll_due
        view["moved_to"] = _position(state.moved_to)
    if seat is not None:
        view["hand"] = _hand(state.hands[seat])
    if over:
        view["final"] = {
            "scores": current,
            "end_tolls": list(state.end_tolls or (0,) * state.players),
            "ended_by": state.ended_by if state.ended_by >= 0 else None,
            "early_end": state.early_end,
        }
    return view


_EXPECT = {
    "start": message(
        gettext_noop("move a pawn (you may first sell a tile or build your bridge), or pass if no move is possible")
    ),
    "bridge": message(gettext_noop("move a pawn (you may first build your bridge), or pass if no move is possible")),
    "move": message(gettext_noop("move a pawn, or pass if no move is possible")),
    "over": message(gettext_noop("nothing: the game is over")),
}


def _expect(state: AtlantisState) -> Message:
    """What the player to move is asked to do, in words (pages and emails)."""
    if state.phase == "pay":
        return message(
            gettext_noop(
                "pay the toll of %(toll)s with tiles and/or cards: choose an "
                "option or write your own, such as 'pay 5 2 cards' or 'pay 5 blue pink'"
            ),
            toll=state.toll_due,
        )
    return _EXPECT.get(state.phase, message(""))
