"""Shared pairing helpers: table sizes, serpentine seating, seat balance."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.common import SeatBalance, snake, table_sizes
from tournaments.types import GameResult


def test_table_sizes_follow_match_play_fours_and_threes():
    assert table_sizes(14, 4) == [4, 4, 3, 3]
    assert table_sizes(16, 4) == [4, 4, 4, 4]
    assert table_sizes(5, 4) == [3, 2]
    assert table_sizes(13, 5) == [5, 4, 4]
    assert table_sizes(7, 2) == [2, 2, 2]  # the seventh player has the bye
    assert table_sizes(1, 2) == []


def test_table_sizes_respect_the_game_minimum_with_byes():
    assert table_sizes(5, 4, min_size=3) == [4]
    assert table_sizes(7, 4, min_size=3) == [4, 3]
    assert table_sizes(2, 4, min_size=3) == []
    with pytest.raises(ValueError, match="min_size"):
        table_sizes(8, 3, min_size=4)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 300), st.integers(2, 6), st.data())
def test_table_sizes_differ_by_at_most_one(players, size, data):
    min_size = data.draw(st.integers(1, size))
    sizes = table_sizes(players, size, min_size)
    assert sizes == sorted(sizes, reverse=True)
    assert all(min_size <= s <= size for s in sizes)
    if sizes:
        assert sizes[0] - sizes[-1] <= 1
    seated = sum(sizes)
    assert seated <= players
    # Nobody sits out who could have been seated at one more table.
    spare = players - seated
    assert spare < max(min_size, 1) or spare == 0 or seated == len(sizes) * size


def test_snake_deals_strong_and_weak_players_to_every_table():
    assert snake(list(range(1, 15)), [4, 4, 3, 3]) == [
        [1, 8, 9, 14],
        [2, 7, 10, 13],
        [3, 6, 11],
        [4, 5, 12],
    ]


def test_seat_balance_gives_the_first_seat_to_who_had_it_least():
    def played(round, *table):
        return GameResult(round=round, table=table, ranking=(table,))

    balance = SeatBalance(
        [
            played(1, 1, 2),
            played(2, 1, 3),
            played(2, 2, 6),
            played(1, 5, 4),
            played(2, 8, 5),
        ]
    )
    # 1 moved first twice, 2 once: 2 moves first.
    assert balance.order((1, 2), rank=lambda p: p) == (2, 1)
    # 2 and 5 each moved first once; 5 was second last time, so 5 starts.
    assert balance.order((2, 5), rank=lambda p: p) == (5, 2)
    # Level on everything: the better rank moves first.
    assert balance.order((3, 6), rank=lambda p: -p) == (6, 3)
    # At a table of 4 the seats count 1, 2/3, 1/3 and 0.
    four = SeatBalance([played(1, 1, 2, 3, 4)])
    assert four.order((1, 2, 3, 4), rank=lambda p: p) == (4, 3, 2, 1)


def test_seat_balance_ignores_forfeits_and_byes():
    history = [GameResult.forfeit(1, (1, 2), [2]), GameResult.bye(2, 2)]
    assert SeatBalance(history).order((2, 1), rank=lambda p: p) == (1, 2)


def test_seat_balance_compares_positions_across_table_sizes():
    """A Swiss that mixes tables of 3 and 2: the last seat is the last
    seat whatever the table's size (index 1 is the middle at a 3)."""

    def played(round, *table):
        return GameResult(round=round, table=table, ranking=(table,))

    # 3 sat last at a 3, 2 in the middle: at a 2, 3 is not last again.
    balance = SeatBalance([played(1, 1, 2, 3)])
    assert balance.order([2, 3], rank=lambda p: p) == (3, 2)
    assert balance.order([3, 2], rank=lambda p: p) == (3, 2)
