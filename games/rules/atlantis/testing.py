"""A tiny DSL for hand-built Atlantis positions (tests and examples).

A road is a string of space-separated positions, counted from 1::

    "bl3 ye2/gn5@1 . =0 pk4@0"

* ``bl3``: a tile, colour code + value (codes: bl blue, wh white, gy grey,
  ye yellow, gn green, pk pink, br brown);
* ``ye2/gn5``: a stack, top tile first (``gn5`` lies hidden below ``ye2``);
* ``@1``: a pawn of seat 1 stands on the tile;
* ``.``: water; ``=0``: water with seat 0's bridge on it.

Positions after the last token are empty, so a short road simply ends at
the mainland.  Pawns not placed on the road stand on Atlantis, except
``mainland={seat: count}`` of them.  Cards are written as colour codes or
names (``"bl bl pink"``), tiles as codes with values (``"bl5 gy3"``); the
draw pile lists the next card first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .notation import colour_of
from .road import ATLANTIS, LAST_POSITION, MAINLAND, Road
from .state import (
    CODES,
    NUM_COLOURS,
    PAWNS,
    START,
    AtlantisState,
    make_tile,
    tile_colour,
    tile_value,
)


def _colour(word: str) -> int:
    colour = colour_of(word.lower())
    if colour is None:
        raise ValueError(f"unknown colour {word!r}")
    return colour


def parse_tile(text: str) -> int:
    """``"bl3"`` -> the tile blue 3."""
    return make_tile(_colour(text[:-1]), int(text[-1]))


def tile_code(tile: int) -> str:
    return f"{CODES[tile_colour(tile)]}{tile_value(tile)}"


def cards(text: str) -> tuple[int, ...]:
    """``"bl bl pk"`` -> counts per colour."""
    counts = [0] * NUM_COLOURS
    for word in text.split():
        counts[_colour(word)] += 1
    return tuple(counts)


def build(
    road: str,
    *,
    players: int = 2,
    hands: Sequence[str] = (),
    tiles: Sequence[str] = (),
    mainland: Mapping[int, int] | None = None,
    turn: int = 0,
    start: int = 0,
    phase: str = START,
    draw: str = "",
    discard: str = "",
    toll_due: int = 0,
    moved_to: int = 0,
    secret: int = 12345,
) -> AtlantisState:
    """A state with the given road, hands, collected tiles and piles."""
    stacks: list[tuple[int, ...]] = []
    bridges = [0] * players
    pawns: list[list[int]] = [[] for _ in range(players)]
    for position, token in enumerate(road.split(), start=1):
        if token in (".", "~"):
            stacks.append(())
        elif token.startswith("="):
            stacks.append(())
            bridges[int(token[1:])] = position
        else:
            token, _, owner = token.partition("@")
            if owner:
                pawns[int(owner)].append(position)
            layers = [parse_tile(t) for t in token.split("/")]
            stacks.append(tuple(reversed(layers)))
    if len(stacks) > LAST_POSITION:
        raise ValueError("a road has at most 53 positions")
    stacks += [()] * (LAST_POSITION - len(stacks))
    home = dict(mainland or {})
    for seat in range(players):
        placed = pawns[seat] + [MAINLAND] * home.get(seat, 0)
        if len(placed) > PAWNS:
            raise ValueError(f"seat {seat} has more than {PAWNS} pawns")
        pawns[seat] = sorted(placed + [ATLANTIS] * (PAWNS - len(placed)))
    hand_list = [
        cards(hands[s]) if s < len(hands) else (0,) * NUM_COLOURS
        for s in range(players)
    ]
    tile_list = [
        tuple(sorted(parse_tile(t) for t in tiles[s].split())) if s < len(tiles) else ()
        for s in range(players)
    ]
    pile = tuple(reversed([_colour(w) for w in draw.split()]))
    return AtlantisState(
        players=players,
        start=start,
        turn=turn,
        phase=phase,
        road=Road(tuple(stacks), tuple(bridges)),
        pawns=tuple(tuple(p) for p in pawns),
        hands=tuple(hand_list),
        tiles=tuple(tile_list),
        draw=pile,
        discard=cards(discard),
        secret=secret,
        toll_due=toll_due,
        moved_to=moved_to,
    )


def road_text(state: AtlantisState) -> str:
    """The road in the DSL (up to the last non-empty position)."""
    owners = {b: s for s, b in enumerate(state.road.bridges) if b}
    where = {p: s for s, own in enumerate(state.pawns) for p in own}
    tokens = []
    for position, stack in enumerate(state.road.stacks, start=1):
        if stack:
            token = "/".join(tile_code(t) for t in reversed(stack))
            if position in where:
                token += f"@{where[position]}"
        elif position in owners:
            token = f"={owners[position]}"
        else:
            token = "."
        tokens.append(token)
    while tokens and tokens[-1] == ".":
        tokens.pop()
    return " ".join(tokens)


def hand_text(state: AtlantisState, seat: int) -> str:
    """A seat's hand as sorted colour codes, e.g. ``"bl bl pk"``."""
    hand = state.hands[seat]
    return " ".join(CODES[c] for c in range(NUM_COLOURS) for _ in range(hand[c]))


def tiles_text(state: AtlantisState, seat: int) -> str:
    """A seat's collected tiles as codes, sorted by value."""
    return " ".join(tile_code(t) for t in state.tiles[seat])
