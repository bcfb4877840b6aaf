"""Atlantis move generation: every legal sub-move, and checking a pawn move.

``walks`` lists the pawn moves (the hot path of random play: one
``str.find`` per card and an O(1) toll lookup, see board.py);
``pay_options`` lists one way to pay a toll per class of payments (the
tiles and colours of each chosen by a stated rule, so the list stays short
at any hand; overpayments only when no exact payment exists); ``legal``
puts a phase's options together in a stable order (sells, bridges, pawn
moves or pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NoReturn, overload

from games.engine import IllegalMove
from games.engine.message import Message, Term, gettext_noop, message

from .board import ATLANTIS, MAINLAND, Road
from .moves import BuildBridge, Go, Move, Pass, Pay, Sell
from .state import (
    COLOURS,
    MOVE,
    NUM_COLOURS,
    OVER,
    PAY,
    START,
    AtlantisState,
    tile_term,
)

_DIGITS = "0123456789"
# Moves are immutable, so the few possible sells and bridges are made once.
_SELLS = [Sell(v) for v in range(8)]
_BRIDGES = [BuildBridge(p) for p in range(MAINLAND + 1)]
_PASS = [Pass()]


@overload
def walks(state: AtlantisState, seat: int, detail: Literal[True] = ...) -> list[tuple[Go, int, int]]: ...
@overload
def walks(state: AtlantisState, seat: int, detail: Literal[False]) -> list[Go]: ...
def walks(state: AtlantisState, seat: int, detail: bool = True) -> list[tuple[Go, int, int]] | list[Go]:
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
    out: list[Any] = []
    append = out.append

    def explore(origin: int, position: int, path: tuple[int, ...], held: list[tuple[int, str]]) -> None:
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


def check_cards_held(hand: tuple[int, ...], count: int) -> None:
    """:raises IllegalMove: ``hand`` holds fewer than ``count`` cards (the
    message names how many it holds)."""
    held = sum(hand)
    if count > held:
        template = (
            gettext_noop("You have only 1 card to pay with, not %(count)s.")
            if held == 1
            else gettext_noop("You have only %(held)s cards to pay with, not %(count)s.")
        )
        raise IllegalMove(template, held=held, count=count)


def rule_cards(hand: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The colours the payment rule picks for ``count`` cards from ``hand``:
    one card at a time, of the colour held most (ties: the earlier colour in
    ``COLOURS``), so the hand stays as varied as it can.  In the order
    picked, so the first ``k`` are the rule's choice for ``k`` cards.

    :raises IllegalMove: ``hand`` holds fewer than ``count`` cards.
    """
    check_cards_held(hand, count)
    left = list(hand)
    picked = []
    for _ in range(count):
        colour = max(range(NUM_COLOURS), key=lambda c: (left[c], -c))
        left[colour] -= 1
        picked.append(colour)
    return tuple(picked)


def _sums(counts: list[int], low: int) -> list[int]:
    """``reach[v]``: bit ``t`` set when tiles of values ``low``..``v`` (as
    many as ``counts`` holds) can add up to exactly ``t``."""
    reach = [1] * 8
    for v in range(1, 8):
        mask = reach[v - 1]
        if v >= low:
            for _ in range(counts[v]):
                mask |= mask << v
        reach[v] = mask
    return reach


def rule_tiles(counts: list[int], total: int, low: int = 1, reach: list[int] | None = None) -> tuple[int, ...] | None:
    """The tile values the payment rule picks to make exactly ``total`` from
    tiles of value ``low`` or more (``counts[v]`` held of value ``v``): the
    highest values first, that is as many 7s as still let the rest make the
    sum, then as many 6s, and so on.  Descending; None when no such tiles
    exist.  ``reach`` is ``_sums(counts, low)`` when the caller has it."""
    if reach is None:
        reach = _sums(counts, low)
    if not reach[7] >> total & 1:
        return None
    picked: list[int] = []
    for v in range(7, low - 1, -1):
        # Values below v are still untouched, so reach[v - 1] says exactly
        # whether they can make what is left.
        taken = min(counts[v], total // v)
        while not reach[v - 1] >> (total - taken * v) & 1:
            taken -= 1
        picked += [v] * taken
        total -= taken * v
    return tuple(picked)


def pay_class(move: Pay) -> tuple[int, int]:
    """The class of a payment in the listed options: ``(cards, tile total)``.
    Payments of one class hand in the same number of cards and the same
    points; they differ only in which tiles and colours."""
    return len(move.cards), sum(move.tiles)


def pay_options(tiles: tuple[int, ...], hand: tuple[int, ...], toll: int) -> list[Pay]:
    """One payment per class of legal payments of ``toll`` (see
    ``pay_class``): the exact ones, fewest cards first; only when no exact
    payment exists, the overpaying ones, least overpayment first.

    Legal (rules D): leaving out any item would no longer cover the toll,
    and an overpayment only when nothing the seat holds pays exactly.  So
    with cards the payment is exact (tiles ``toll - k`` plus ``k`` cards,
    any tiles); tiles alone may overpay by ``d`` only with tiles all worth
    more than ``d``.  Each listed payment takes its tiles and colours by the
    rules of ``rule_tiles`` and ``rule_cards``; whatever the hand, at most
    ``toll + 1`` exact classes exist, or at most 6 overpaying ones.
    """
    if toll <= 0:
        return []
    counts = _tile_counts(tiles)
    return _exact_options(counts, hand, toll) or _overpaying_options(counts, toll)


def exact_payment(tiles: tuple[int, ...], hand: tuple[int, ...], toll: int) -> Pay | None:
    """The first exact payment ``pay_options`` lists, or None when the seat
    holding ``tiles`` and ``hand`` cannot pay ``toll`` exactly."""
    exact = _exact_options(_tile_counts(tiles), hand, toll) if toll > 0 else []
    return exact[0] if exact else None


def _tile_counts(tiles: tuple[int, ...]) -> list[int]:
    """``counts[v]``: how many of ``tiles`` are worth ``v``."""
    counts = [0] * 8
    for t in tiles:
        counts[t >> 3] += 1
    return counts


def _exact_options(counts: list[int], hand: tuple[int, ...], toll: int) -> list[Pay]:
    """One exact payment of ``toll`` per number of cards, fewest first."""
    out: list[Pay] = []
    reach = _sums(counts, 1)
    exact = rule_tiles(counts, toll, 1, reach)
    if exact is not None:
        out.append(Pay(exact, ()))
    cards = rule_cards(hand, min(sum(hand), toll))
    for k in range(1, len(cards) + 1):
        part = rule_tiles(counts, toll - k, 1, reach)
        if part is not None:
            # The rule picks card by card, so its first k picks are its k.
            out.append(Pay(part, tuple(sorted(cards[:k]))))
    return out


def _overpaying_options(counts: list[int], toll: int) -> list[Pay]:
    """One irredundant tile-only payment of ``toll + d`` per overpayment
    ``d``, least first: its tiles are all worth more than ``d`` (else one
    could be left out), so ``d`` is at most 6."""
    out: list[Pay] = []
    for over in range(1, 7):
        part = rule_tiles(counts, toll + over, over + 1)
        if part is not None:
            out.append(Pay(part, ()))
    return out


def legal(state: AtlantisState, seat: int) -> Sequence[Move]:
    """Every legal sub-move of ``seat`` (empty when it is not its turn)."""
    if state.phase == OVER or seat != state.turn:
        return []
    if state.phase == PAY:
        return pay_options(state.tiles[seat], state.hands[seat], state.toll_due)
    moves: list[Move] = []
    if state.phase == START and state.tiles[seat]:
        moves.extend(_SELLS[v] for v in sorted({t >> 3 for t in state.tiles[seat]}))
    if state.phase != MOVE and not state.road.bridges[seat]:
        moves.extend(_BRIDGES[g.first] for g in state.road.gaps if not g.bridged)
    moves.extend(walks(state, seat, detail=False) or _PASS)
    return moves


def _no_pawn(pawns: Sequence[int], origin: int) -> NoReturn:
    """:raises IllegalMove: no pawn of the seat on ``origin``, naming where
    its pawns that can still move stand (public; Atlantis as "A", as the
    notation writes it)."""
    standing = sorted({p for p in pawns if p != MAINLAND})
    if not standing:
        raise IllegalMove(gettext_noop("You have no pawn on %(position)s."), position=origin)
    raise IllegalMove(
        gettext_noop("You have no pawn on %(position)s; your pawns are on %(places)s."),
        position=origin,
        places=", ".join("A" if p == ATLANTIS else str(p) for p in standing),
    )


def trace(state: AtlantisState, seat: int, move: Go) -> int:
    """The destination of ``move``.

    :raises IllegalMove: no pawn there, cards not in hand, a stop on an
        occupied position, or extra cards after the pawn could stop.
    """
    if type(move.origin) is not int or type(move.colours) is not tuple:
        raise IllegalMove(gettext_noop("A pawn move is a position and a tuple of card colours."))
    if move.origin == MAINLAND:
        raise IllegalMove(gettext_noop("Pawns on the mainland have arrived and do not move."))
    if move.origin not in state.pawns[seat]:
        if move.origin == ATLANTIS:
            raise IllegalMove(gettext_noop("You have no pawn on Atlantis."))
        _no_pawn(state.pawns[seat], move.origin)
    if not move.colours:
        raise IllegalMove(gettext_noop("Play at least one card to move a pawn."))
    hand = list(state.hands[seat])
    occupied = state.occupied()
    position = move.origin
    for index, colour in enumerate(move.colours):
        if type(colour) is not int or not 0 <= colour < NUM_COLOURS:
            raise IllegalMove(gettext_noop("Unknown card colour in the move."))
        if hand[colour] <= 0:
            raise IllegalMove(gettext_noop("You have no %(COLOURS)s card left to play."), COLOURS=Term(COLOURS[colour]))
        hand[colour] -= 1
        position = state.road.step(position, colour)
        last = index == len(move.colours) - 1
        if position in occupied and last:
            raise IllegalMove(
                gettext_noop("Position %(position)s is occupied: play another card to move on."), position=position
            )
        if position not in occupied and not last:
            raise IllegalMove(
                gettext_noop("The pawn stops at %(where)s after 1 card; it cannot move on with more cards.")
                if index == 0
                else gettext_noop(
                    "The pawn stops at %(where)s after %(index)s cards; it cannot move on with more cards."
                ),
                where=where(state.road, position),
                index=index + 1,
            )
    return position


def where(road: Road, position: int) -> Message:
    if position == MAINLAND:
        return message(gettext_noop("the mainland"))
    top = road.top(position)
    if top is None:
        return message(gettext_noop("%(position)s"), position=position)
    return message(gettext_noop("%(position)s (%(tile)s)"), position=position, tile=tile_term(top))
