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

import itertools
from collections.abc import Iterator, Mapping, Sequence

from .board import ATLANTIS, LAST_POSITION, MAINLAND, Road
from .legal import legal, pay_class
from .moves import Go, Pay
from .notation import colour_of
from .rules import AtlantisRules
from .state import (
    CODES,
    NUM_COLOURS,
    PAWNS,
    PAY,
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
    hand_list = [cards(hands[s]) if s < len(hands) else (0,) * NUM_COLOURS for s in range(players)]
    tile_list = [
        tuple(sorted(parse_tile(t) for t in tiles[s].split())) if s < len(tiles) else () for s in range(players)
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


def every_payment(tiles: tuple[int, ...], hand: tuple[int, ...], toll: int) -> Iterator[Pay]:
    """Every legal payment of ``toll``, colours named, by brute force over
    all sub-multisets (exponential: the reference for tests).  A payment
    covers the toll, leaving out any one item would not, and it pays more
    than the toll only when no sub-multiset pays it exactly."""
    covering = []
    for paid, cards in _sub_payments(tiles, hand):
        total = sum(paid) + len(cards)
        items = set(paid) | ({1} if cards else set())
        if total >= toll and all(total - item < toll for item in items):
            covering.append(Pay(paid, cards))
    can_pay_exactly = any(sum(p) + len(c) == toll for p, c in _sub_payments(tiles, hand))
    for move in covering:
        if not can_pay_exactly or sum(move.tiles) + len(move.cards) == toll:
            yield move


def _sub_payments(tiles: tuple[int, ...], hand: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every ``(tile values, card colours)`` a seat holding ``tiles`` and
    ``hand`` could hand in, each multiset once."""
    values = [tile_value(t) for t in tiles]
    tile_counts = [values.count(v) for v in range(8)]
    for taken in itertools.product(*(range(n + 1) for n in tile_counts)):
        paid = tuple(v for v in range(7, 0, -1) for _ in range(taken[v]))
        for used in itertools.product(*(range(n + 1) for n in hand)):
            yield paid, tuple(c for c in range(NUM_COLOURS) for _ in range(used[c]))


def every_legal_move(state: AtlantisState, seat: int) -> Iterator[object]:
    """Every legal sub-move, unlisted payments included (``legal`` lists one
    payment per class; the other sub-moves it lists in full)."""
    if state.phase == PAY and seat == state.turn:
        return every_payment(state.tiles[seat], state.hands[seat], state.toll_due)
    return iter(legal(state, seat))


def move_class(move: object) -> object:
    """What ``legal`` lists one of: a payment's ``pay_class``, else the move."""
    return pay_class(move) if isinstance(move, Pay) else move


def toll_state(hand: str, tiles: str, gaps: int = 5, value: int = 6) -> AtlantisState:
    """Seat 0 in the "pay" phase owing ``gaps * value``: its pawn crossed
    ``gaps`` water gaps between tiles of ``value`` with one grey card (not
    in ``hand`` any more), onto the grey tile at position ``2 * gaps + 1``."""
    road = " . ".join(["wh" + str(value)] * gaps + ["gy" + str(value)])
    pawn = 2 * gaps + 1
    state = build(road, hands=[hand + " gy"], tiles=[tiles], draw="br " * 8)
    # Only a Go enters the pay phase: go there the way a player does.
    after = AtlantisRules().apply(state, 0, Go(ATLANTIS, (_colour("grey"),))).state
    assert after.moved_to == pawn and after.toll_due == gaps * value, after
    return after
