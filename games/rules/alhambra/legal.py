"""Alhambra's legal moves (every one of them, in a stable order).

Payments (rules D): a payment is a multiset of cards in canonical (sorted)
order, and only *minimal* payments are legal: no card can be left out while
still covering the price (a superfluous card only throws money away).  No
change is given, so a minimal payment may overpay, but only when the cards
of that currency in the hand cannot pay the price exactly, e.g. a 9 for a
price of 7 when no exact combination exists.  ``payments`` lists them and
``apply`` refuses the others, naming the superfluous card or an exact
payment.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from .board import XY, Alhambra
from .components import TILE_WALLS, TILES
from .moves import Build, Buy, Done, Gift, Move, Place, Remove, Swap, Take
from .state import AlhambraState, SeatState

TILE_PRICE = tuple(t.price for t in TILES)
#: Bounds of the move caches, so that a long-running worker's memory stays
#: flat (unbounded, or at 65,536 entries each, they grew a process by about
#: 50 MB over a few hundred games for the same speed).  Payments and takes
#: repeat across games; a hand and market pair repeats only within a turn
#: (the legal moves, then the check of the move chosen).
_CACHE = 4096
_RECENT = 256


@lru_cache(maxsize=_CACHE)
def minimal_payments(values: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """Every minimal multiset of ``values`` (sorted descending) covering
    ``price``: its sum is >= price and dropping its smallest card is not.
    Each result is sorted ascending."""
    found: list[tuple[int, ...]] = []
    suffix = [0] * (len(values) + 1)
    for i in range(len(values) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + values[i]

    def extend(start: int, total: int, chosen: list[int]) -> None:
        if total + suffix[start] < price:
            return
        for i in range(start, len(values)):
            if i > start and values[i] == values[i - 1]:
                continue
            value = values[i]
            if total + value >= price:
                found.append(tuple(reversed(chosen + [value])))
            else:
                extend(i + 1, total + value, chosen + [value])

    extend(0, 0, [])
    return tuple(sorted(found, key=lambda p: (len(p), p)))


@lru_cache(maxsize=_CACHE)
def payments(values: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """The legal payments of ``price`` from ``values`` (sorted descending):
    the exact ones when any exists, else every minimal one (each overpays).
    In the order of ``minimal_payments``, so an exact payment comes first
    whenever one exists."""
    minimal = minimal_payments(values, price)
    # An exact multiset is always minimal (every card is worth at least 1),
    # so the minimal ones hold every exact one.
    exact = tuple(p for p in minimal if sum(p) == price)
    return exact or minimal


#: For a display of n cards, a getter of each index subset of two or more
#: cards (``getter(display)`` is the tuple of those cards): by size, then
#: lexicographic, so that the card tuples of a sorted display come out in
#: canonical order.
_GROUPS = tuple(
    tuple(itemgetter(*c) for size in range(2, n + 1) for c in combinations(range(n), size)) for n in range(5)
)
_TAKE: dict[tuple[int, ...], Take] = {}
_BUY: dict[tuple[int, tuple[int, ...]], Buy] = {}


def _take_move(cards: tuple[int, ...]) -> Take:
    move = _TAKE.get(cards)
    if move is None:
        move = _TAKE[cards] = Take(cards)
    return move


@lru_cache(maxsize=_CACHE)
def takes(display: tuple[int, ...]) -> tuple[Take, ...]:
    """Money a player may take from a (sorted) display: one card of any
    value, or several cards totalling at most 5 (each multiset once)."""
    singles = [_take_move((c,)) for i, c in enumerate(display) if not i or c != display[i - 1]]
    values = [c % 10 for c in display]
    small = sorted(values)
    if len(small) < 2 or small[0] + small[1] > 5:
        return tuple(singles)
    seen = set()
    result = singles
    for group in _GROUPS[len(display)]:
        if sum(group(values)) > 5:
            continue
        cards = group(display)
        if cards not in seen:
            seen.add(cards)
            result.append(_take_move(cards))
    return tuple(result)


@lru_cache(maxsize=_CACHE)
def _buy_options(cards: tuple[int, ...], price: int) -> tuple[Buy, ...]:
    """Every legal payment (see ``payments``) of ``price`` from ``cards``, the
    (sorted, not empty) cards of one currency in a hand: the buys of that
    currency's slot."""
    slot = cards[0] // 10
    base = slot * 10
    result = []
    for pay in payments(tuple([c % 10 for c in reversed(cards)]), price):
        paid = tuple([base + v for v in pay])
        move = _BUY.get((slot, paid))
        if move is None:
            move = _BUY[slot, paid] = Buy(slot, paid)
        result.append(move)
    return tuple(result)


def buys(state: AlhambraState, seat: int) -> tuple[Buy, ...]:
    """Every legal payment for every tile in the market."""
    return _buys(state.seats[seat].hand, state.market)


@lru_cache(maxsize=_RECENT)
def _buys(hand: tuple[int, ...], market: tuple[int | None, ...]) -> tuple[Buy, ...]:
    result: list[Buy] = []
    # Slot i is paid in currency i.
    for tile, cards in zip(market, _by_currency(hand), strict=True):
        if tile is not None and cards:
            result += _buy_options(cards, TILE_PRICE[tile])
    return tuple(result)


@lru_cache(maxsize=_RECENT)
def _by_currency(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The cards of a sorted hand per currency (each group sorted): a
    currency's codes are one run of the hand (``components``: currency * 10
    + value), so the groups are slices."""
    ends = [bisect_left(hand, 10), bisect_left(hand, 20), bisect_left(hand, 30), len(hand)]
    return hand[: ends[0]], hand[ends[0] : ends[1]], hand[ends[1] : ends[2]], hand[ends[2] :]


#: Shared move objects, keyed by ints: building moves is a good part of
#: move generation, and few distinct ones exist.
_BUILD: dict[int, Build] = {}
_SWAP: dict[int, Swap] = {}
_REMOVE: dict[int, Remove] = {}
_PLACE: dict[int, Place] = {}


def _new(table: dict[int, Any], kind: Any, tile: int, k: int) -> Any:
    move = table[tile << 14 | k] = kind(tile, XY[k])
    return move


def place_moves(alhambra: Alhambra, tile: int) -> list[Move]:
    """The moves placing a bought ``tile`` at each spot where it fits
    (cached on the Alhambra)."""
    moves = alhambra.memo.get(-1 - tile)
    if moves is None:
        walls = TILE_WALLS[tile]
        base = tile << 14
        moves = alhambra.memo[-1 - tile] = [
            _PLACE.get(base | k) or _new(_PLACE, Place, tile, k) for k, m, r in alhambra.spot_list() if walls & m == r
        ]
    return moves


def reserve_moves(alhambra: Alhambra, tile: int) -> tuple[list[Move], list[Move]]:
    """``(builds, swaps)`` of reserve ``tile``: building it at each spot where
    it fits, swapping it with each tile it may replace (cached)."""
    moves = alhambra.memo.get(tile)
    if moves is None:
        walls = TILE_WALLS[tile]
        base = tile << 14
        moves = alhambra.memo[tile] = (
            [
                _BUILD.get(base | k) or _new(_BUILD, Build, tile, k)
                for k, m, r in alhambra.spot_list()
                if walls & m == r
            ],
            [_SWAP.get(base | k) or _new(_SWAP, Swap, tile, k) for k, m, r in alhambra.swap_list() if walls & m == r],
        )
    return moves


def redesigns(seat_state: SeatState) -> tuple[Move, ...]:
    """Builds from the reserve, removals, then swaps (cached per Alhambra and
    reserve: they change only when one of them does)."""
    alhambra, reserve = seat_state.alhambra, seat_state.reserve
    moves = alhambra.memo.get(reserve)
    if moves is None:
        builds: list[Move] = []
        swaps: list[Move] = []
        for tile in reserve:
            tile_builds, tile_swaps = reserve_moves(alhambra, tile)
            builds += tile_builds
            swaps += tile_swaps
        for k in alhambra.removable_keys():
            builds.append(_REMOVE.get(k) or _new_remove(k))
        moves = alhambra.memo[reserve] = tuple(builds + swaps)
    return moves


#: The moves that need no cell, shared like the others.
_DONE = Done()
_TO_RESERVE = tuple(Place(tile, None) for tile in range(len(TILES)))
_GIFT = tuple(Gift(tile) for tile in range(len(TILES)))


def _new_remove(k: int) -> Remove:
    move = _REMOVE[k] = Remove(XY[k])
    return move


def placements(state: AlhambraState, seat: int) -> tuple[Move, ...]:
    """Each pending tile at each spot where it fits, to the reserve, and (two
    players, tiles bought this turn) to Dirk."""
    seat_state = state.seats[seat]
    gift = state.dirk is not None and state.phase == "place"
    memo_key = ("place", seat_state.pending, gift)
    moves = seat_state.alhambra.memo.get(memo_key)
    if moves is None:
        found: list[Move] = []
        for tile in seat_state.pending:
            found += place_moves(seat_state.alhambra, tile)
            found.append(_TO_RESERVE[tile])
            if gift:
                found.append(_GIFT[tile])
        moves = seat_state.alhambra.memo[memo_key] = tuple(found)
    return moves


def legal_moves(state: AlhambraState, seat: int) -> list[Move]:
    """Every legal move of ``seat`` (empty if it is not to move)."""
    phase = state.phase
    if phase == "action":
        if seat != state.current:
            return []
        moves: list[Move] = list(takes(state.display))
        seat_state = state.seats[seat]
        moves.extend(_buys(seat_state.hand, state.market))
        moves.extend(redesigns(seat_state))
        if state.extra or not moves:
            moves.append(_DONE)
        return moves
    if phase == "place":
        return list(placements(state, seat)) if seat == state.current else []
    if phase == "handout":
        return list(placements(state, seat))
    return []


_ALONE = tuple(frozenset((seat,)) for seat in range(6))


def movers(state: AlhambraState) -> frozenset[int]:
    """The seats the game waits for (departed seats included)."""
    if state.phase in ("action", "place"):
        return _ALONE[state.current]
    if state.phase == "handout":
        return frozenset(s for s, st in enumerate(state.seats) if st.pending)
    return frozenset()
