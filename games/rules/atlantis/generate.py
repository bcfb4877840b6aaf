"""Atlantis move generation: every legal sub-move, and checking a pawn move.

``walks`` lists the pawn moves (the hot path of random play: one
``str.find`` per card and an O(1) toll lookup, see road.py); ``payments``
lists the ways to pay a toll without change; ``legal`` puts a phase's
options together in a stable order (sells, bridges, pawn moves or pass).
"""

from __future__ import annotations

from games.engine import IllegalMove

from .road import ATLANTIS, MAINLAND, Road
from .state import (
    COLOURS,
    MOVE,
    NUM_COLOURS,
    OVER,
    PAY,
    START,
    AtlantisState,
    BuildBridge,
    Go,
    Pass,
    Pay,
    Sell,
    tile_name,
)

_DIGITS = "0123456789"
# Moves are immutable, so the few possible sells and bridges are made once.
_SELLS = [Sell(v) for v in range(8)]
_BRIDGES = [BuildBridge(p) for p in range(MAINLAND + 1)]
_PASS = [Pass()]


def walks(state: AtlantisState, seat: int, detail: bool = True) -> list:
    """Every legal pawn move of ``seat`` now, as ``(move, destination, toll)``
    (just the moves when ``detail`` is false).

    Pawns sharing Atlantis are one choice.  A card sequence is listed when
    every card but the last lands on an occupied position, the last one on a
    free position or the mainland, and the toll fits what the seat could pay
    with the cards left and its tiles.
    """
    road = state.road
    tolls = road.tolls
    occupied = state.occupied()
    hand = list(state.hands[seat])
    capacity = sum(hand) + sum([t >> 3 for t in state.tiles[seat]])
    find = road.tops.find  # always finds: beyond the mainland means MAINLAND
    out: list = []
    append = out.append

    def explore(origin: int, position: int, path: tuple, held: list) -> None:
        # ``hand`` is only spent on the way down a chain of occupied
        # positions; ``held`` lists the colours still in it.
        base = tolls[origin]
        budget = capacity - len(path) - 1 + base
        for colour, char in held:
            target = find(char, position + 1)
            if target in occupied:
                hand[colour] -= 1
                rest = held if hand[colour] else [h for h in held if h[0] != colour]
                explore(origin, target, path + (colour,), rest)
                hand[colour] += 1
            elif tolls[target] <= budget:
                move = Go(origin, path + (colour,))
                if detail:
                    end = target if target < MAINLAND else MAINLAND
                    append((move, end, tolls[target] - base))
                else:
                    append(move)

    held = [(c, _DIGITS[c]) for c in range(NUM_COLOURS) if hand[c]]
    previous = -1
    for origin in state.pawns[seat]:  # sorted: equal origins are adjacent
        if origin != previous and origin != MAINLAND:
            explore(origin, origin, (), held)
        previous = origin
    return out


def card_choices(hand: tuple[int, ...], count: int) -> list[tuple[int, ...]]:
    """Every multiset of ``count`` cards from ``hand`` (colours ascending)."""
    held = [(c, hand[c]) for c in range(NUM_COLOURS) if hand[c]]
    left = [0] * (len(held) + 1)
    for i in range(len(held) - 1, -1, -1):
        left[i] = left[i + 1] + held[i][1]
    out: list[tuple[int, ...]] = []

    def choose(i: int, need: int, prefix: tuple[int, ...]) -> None:
        if need == 0:
            out.append(prefix)
            return
        if left[i] < need:
            return
        colour, have = held[i]
        for k in range(min(have, need), -1, -1):
            choose(i + 1, need - k, prefix + (colour,) * k)

    choose(0, count, ())
    return out


def payments(tiles: tuple[int, ...], hand: tuple[int, ...], toll: int) -> list[Pay]:
    """Every irredundant way to pay ``toll``: the items add up to at least the
    toll and leaving out any one of them would not.  Hence a payment with a
    card is exact, and tiles alone may overpay by less than their smallest."""
    counts = [0] * 8
    for t in tiles:
        counts[t >> 3] += 1
    cards_held = sum(hand)
    out: list[Pay] = []
    chosen: list[int] = []

    def pick(value: int, total: int) -> None:
        # Values are picked in descending order, so the last one is the
        # smallest: a set reaching the toll is complete (adding to it would
        # make that item redundant).
        if total >= toll:
            if total - chosen[-1] < toll:
                out.append(Pay(tuple(chosen), ()))
            return
        need = toll - total
        if need <= cards_held:
            tile_part = tuple(chosen)
            out.extend([Pay(tile_part, cards) for cards in card_choices(hand, need)])
        for v in range(value, 0, -1):
            if counts[v]:
                counts[v] -= 1
                chosen.append(v)
                pick(v, total + v)
                chosen.pop()
                counts[v] += 1

    if toll > 0:
        pick(7, 0)
    return out


def legal(state: AtlantisState, seat: int) -> list:
    """Every legal sub-move of ``seat`` (empty when it is not its turn)."""
    if state.phase == OVER or seat != state.turn:
        return []
    if state.phase == PAY:
        return payments(state.tiles[seat], state.hands[seat], state.toll_due)
    moves: list = []
    if state.phase == START and state.tiles[seat]:
        moves.extend(_SELLS[v] for v in sorted({t >> 3 for t in state.tiles[seat]}))
    if state.phase != MOVE and not state.road.bridges[seat]:
        moves.extend(_BRIDGES[g.first] for g in state.road.gaps if not g.bridged)
    moves.extend(walks(state, seat, detail=False) or _PASS)
    return moves


def trace(state: AtlantisState, seat: int, move: Go) -> int:
    """The destination of ``move``.

    :raises IllegalMove: no pawn there, cards not in hand, a stop on an
        occupied position, or extra cards after the pawn could stop.
    """
    if type(move.origin) is not int or type(move.colours) is not tuple:
        raise IllegalMove("A pawn move is a position and a tuple of card colours.")
    if move.origin == MAINLAND:
        raise IllegalMove("Pawns on the mainland have arrived and do not move.")
    if move.origin not in state.pawns[seat]:
        spot = "on Atlantis" if move.origin == ATLANTIS else f"on {move.origin}"
        raise IllegalMove(f"You have no pawn {spot}.")
    if not move.colours:
        raise IllegalMove("Play at least one card to move a pawn.")
    hand = list(state.hands[seat])
    occupied = state.occupied()
    position = move.origin
    for index, colour in enumerate(move.colours):
        if type(colour) is not int or not 0 <= colour < NUM_COLOURS:
            raise IllegalMove("Unknown card colour in the move.")
        if hand[colour] <= 0:
            raise IllegalMove(f"You have no {COLOURS[colour]} card left to play.")
        hand[colour] -= 1
        position = state.road.step(position, colour)
        last = index == len(move.colours) - 1
        if position in occupied and last:
            raise IllegalMove(
                f"Position {position} is occupied: play another card to move on."
            )
        if position not in occupied and not last:
            raise IllegalMove(
                f"The pawn stops at {where(state.road, position)} after "
                f"{index + 1} card(s); it cannot move on with more cards."
            )
    return position


def where(road: Road, position: int) -> str:
    if position == MAINLAND:
        return "the mainland"
    top = road.top(position)
    return f"{position} ({tile_name(top)})" if top is not None else str(position)
