"""Round robin (two players): FIDE Berger tables, single and double."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    berger_table,
    round_robin_round,
    round_robin_rounds,
    round_robin_schedule,
)

from .simulate import field


def test_berger_tables_for_six_players_match_fide():
    assert berger_table(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_berger_tables_for_four_players_match_fide():
    assert berger_table(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def test_an_odd_field_rests_whoever_meets_the_phantom():
    schedule = round_robin_schedule(field(5))
    assert len(schedule) == round_robin_rounds(5) == 5
    assert schedule[0] == [(1, None), (2, 5), (3, 4)]
    rests = [p for games in schedule for a, b in games for p in (a, b) if None in (a, b) and p]
    assert sorted(rests) == [1, 2, 3, 4, 5]
    pairing = round_robin_round(field(5), 1)
    assert pairing.byes == (1,) and not pairing.results  # a rest scores nothing
    assert [t.players for t in pairing.tables] == [(2, 5), (3, 4)]


def test_double_round_robin_swaps_the_first_player():
    schedule = round_robin_schedule(field(4), double=True)
    assert len(schedule) == round_robin_rounds(4, double=True) == 6
    games = Counter((a, b) for rnd in schedule for a, b in rnd)
    assert all(games[(b, a)] == 1 for (a, b) in games)


@pytest.mark.parametrize("count", range(4, 17, 2))
def test_double_round_robin_never_gives_three_same_seats_in_a_row(count):
    sequence = {p: [] for p in range(1, count + 1)}
    for games in round_robin_schedule(field(count), double=True):
        for first, second in games:
            sequence[first].append("first")
            sequence[second].append("second")
    for player, seats in sequence.items():
        runs = [seats[i : i + 3] for i in range(len(seats) - 2)]
        assert not any(len(set(run)) == 1 for run in runs), (player, seats)


def test_withdrawn_players_forfeit_their_remaining_games():
    players = field(4, withdrawn=[2])
    pairing = round_robin_round(players, 1)
    assert [t.players for t in pairing.tables] == [(1, 4)]
    (forfeit,) = pairing.results
    assert forfeit.table == (2, 3) and forfeit.forfeited == {2}
    assert forfeit.ranking == ((3,),) and forfeit.key == "R1-T2"
    both = round_robin_round(field(4, withdrawn=[2, 3]), 1).results[0]
    assert both.forfeited == {2, 3} and both.ranking == ()


def test_a_round_outside_the_schedule_is_rejected():
    with pytest.raises(ValueError, match="round 4 is not in 1..3"):
        round_robin_round(field(4), 4)
    assert round_robin_schedule(field(1)) == [] and round_robin_rounds(1) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 18), st.booleans())
def test_everybody_meets_everybody_once_or_twice(count, double):
    players = field(count)
    meetings = Counter()
    rests = Counter()
    for number in range(1, round_robin_rounds(count, double) + 1):
        pairing = round_robin_round(players, number, double)
        seated = [p for t in pairing.tables for p in t.players]
        assert len(seated) == len(set(seated)), "somebody plays twice in a round"
        assert sorted(seated + list(pairing.byes)) == list(range(1, count + 1))
        assert len(pairing.byes) == count % 2
        meetings.update(frozenset(t.players) for t in pairing.tables)
        rests.update(pairing.byes)
    times = 2 if double else 1
    assert len(meetings) == count * (count - 1) // 2
    assert set(meetings.values()) == {times}
    if count % 2:
        assert set(rests.values()) == {times} and len(rests) == count


@pytest.mark.parametrize("number", range(1, 6))
def test_an_odd_fields_games_are_on_boards_one_two_and_the_rest_has_none(number):
    # Seen: with 5 players every round's games were R<n>-T2 and R<n>-T3 (the rest took T1).
    pairing = round_robin_round(field(5), number)
    assert [t.key for t in pairing.tables] == [f"R{number}-T1", f"R{number}-T2"]
    assert len(pairing.byes) == 1


def test_an_odd_fields_forfeit_keeps_its_board_among_the_games():
    pairing = round_robin_round(field(5, withdrawn=[5]), 1)
    assert [t.key for t in pairing.tables] == ["R1-T2"]
    (forfeit,) = pairing.results
    assert forfeit.table == (2, 5) and forfeit.key == "R1-T1"
