"""Random positions: the money moves follow the rules read literally, and a
move gives the same result through every entry point of ``apply``."""

from __future__ import annotations

import random
from itertools import combinations

from games.engine import BaseRules, get_rules
from games.rules.alhambra.components import TILES
from games.rules.alhambra.moves import Buy, Take

RULES = get_rules("alhambra")


def random_positions(players: int, seed: int):
    """``(state, seat)`` before every move of a seeded random game."""
    chooser = random.Random(seed)
    state = RULES.setup(players, seed)
    while movers := RULES.to_move(state):
        seat = min(movers)
        yield state, seat
        moves = RULES.legal_moves(state, seat)
        state = RULES.apply(state, seat, moves[chooser.randrange(len(moves))]).state


def expected_takes(display: tuple[int, ...]) -> list[Take]:
    """One card of any value, or several totalling at most 5; each multiset
    once, by size and then in card order."""
    found: list[Take] = []
    for size in range(1, len(display) + 1):
        for chosen in combinations(display, size):
            if (size == 1 or sum(c % 10 for c in chosen) <= 5) and Take(chosen) not in found:
                found.append(Take(chosen))
    return found


def expected_buys(hand: tuple[int, ...], market: tuple[int | None, ...]) -> list[Buy]:
    """Per slot, every payment in its currency that covers the price and
    needs each of its cards, and overpays only when no cards of that
    currency in the hand pay exactly (fewest cards first, then in card
    order)."""
    found: list[Buy] = []
    for slot, tile in enumerate(market):
        if tile is None:
            continue
        price = TILES[tile].price
        own = [c for c in hand if c // 10 == slot]
        subsets = [chosen for size in range(1, len(own) + 1) for chosen in combinations(own, size)]
        can_pay_exactly = any(sum(c % 10 for c in chosen) == price for chosen in subsets)
        pays = set()
        for chosen in subsets:
            total = sum(c % 10 for c in chosen)
            needed = total >= price and total - min(chosen) % 10 < price
            if needed and (total == price or not can_pay_exactly):
                pays.add(chosen)
        found += [Buy(slot, p) for p in sorted(pays, key=lambda p: (len(p), p))]
    return found


def test_money_moves_of_random_positions_are_the_rules_read_literally():
    checked = 0
    for players in (2, 4, 6):
        for state, seat in random_positions(players, seed=players):
            if state.phase != "action":
                continue
            moves = RULES.legal_moves(state, seat)
            assert [m for m in moves if isinstance(m, Take)] == expected_takes(state.display)
            assert [m for m in moves if isinstance(m, Buy)] == expected_buys(state.seats[seat].hand, state.market)
            checked += 1
    assert checked > 300


def test_the_fast_apply_gives_what_the_checked_apply_gives():
    for players in (2, 3, 5):
        chooser = random.Random(players)
        for state, seat in random_positions(players, seed=10 + players):
            moves = RULES.legal_moves(state, seat)
            move = moves[chooser.randrange(len(moves))]
            fast = RULES.apply(state, seat, move)
            checked = BaseRules.apply(RULES, state, seat, move)
            assert fast.state == checked.state
            assert [(e.kind, e.text, e.data, e.to) for e in fast.events] == [
                (e.kind, e.text, e.data, e.to) for e in checked.events
            ]
