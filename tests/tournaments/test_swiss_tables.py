"""Multi-player Swiss: cut by score, sizes within 1, local swaps, and no
repeat co-player where a seating without one exists."""

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import swiss_table_pairing
from tournaments.pairing.common import met, table_sizes
from tournaments.pairing.swiss_tables import improve, repeats
from tournaments.standings import pairing_order
from tournaments.types import GameResult, Player

from .simulate import field, random_result


def seatings(players, sizes):
    """Every way to seat ``players`` at tables of ``sizes`` (brute force)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        others = list(sizes)
        others.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            left = [p for p in rest if p not in mates]
            for more in seatings(left, others):
                yield [(first, *mates), *more]


def test_first_round_cuts_the_ranking_into_tables():
    pairing = swiss_table_pairing(field(14), [], 1, size=4)
    assert [sorted(t.players) for t in pairing.tables] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11],
        [12, 13, 14],
    ]
    assert not pairing.byes


def test_first_round_tables_follow_the_seeding_not_the_ratings():
    players = [Player(id=i, seed=i, rating=1000 + 100 * i, withdrawn=False) for i in range(1, 7)]
    pairing = swiss_table_pairing(players, [], 1, size=3)
    assert [sorted(t.players) for t in pairing.tables] == [[1, 2, 3], [4, 5, 6]]


def test_players_left_over_by_the_game_minimum_get_a_bye():
    pairing = swiss_table_pairing(field(5), [], 1, size=4, min_size=3)
    assert pairing.byes == (5,) and pairing.results == (GameResult.bye(1, 5, key="R1-B1"),)
    results = list(pairing.results) + [GameResult(1, pairing.tables[0].players, ((1,), (2,), (3,), (4,)))]
    # 5 had the bye and leads; the lowest-ranked player without one sits out.
    order = pairing_order(field(5), results)
    assert swiss_table_pairing(field(5), results, 2, size=4, min_size=3).byes == ([p for p in order if p != 5][-1],)


def test_a_swap_between_neighbouring_tables_removes_a_repeat():
    meetings = met([GameResult(1, (1, 2), ((1,), (2,)))])
    groups = [[1, 2, 3], [4, 5, 6]]
    improve(groups, meetings, {p: p for p in range(1, 7)})
    assert repeats(groups, meetings) == 0
    # Of the swaps that help, 2 <-> 4 is between the closest-ranked players.
    assert groups == [[1, 4, 3], [2, 5, 6]]


def test_the_best_player_left_takes_a_smaller_table_when_only_that_avoids_a_repeat():
    results = [
        GameResult(1, (1, 2, 3), ((1, 3), (2,))),
        GameResult(1, (4, 5, 6), ((4,), (6,), (5,))),
        GameResult(1, (7, 8), ((7,), (8,))),
        GameResult(2, (4, 7, 1), ((7,), (1,), (4,))),
        GameResult(2, (3, 6, 8), ((3,), (6,), (8,))),
        GameResult(2, (2, 5), ((5,), (2,))),
    ]
    assert pairing_order(field(8), results) == [7, 3, 1, 4, 6, 5, 8, 2]
    # Tables of 3, 3 and 2.  The only seatings without a repeat are
    # 7 3 5 | 1 6 | 4 8 2 and 7 6 2 | 3 4 | 1 5 8: in both, the best player
    # left after the top table (1, or 3) sits at the table of 2, which a
    # search opening the tables largest first never tries.  The first of
    # the two in standings order is taken, its tables numbered as opened.
    pairing = swiss_table_pairing(field(8), results, 3, size=3)
    assert [sorted(t.players) for t in pairing.tables] == [[3, 5, 7], [1, 6], [2, 4, 8]]


def test_no_repeat_co_player_where_a_seating_without_one_exists():
    for count, size, rounds in [(6, 3, 3), (8, 3, 4), (9, 3, 4), (10, 3, 4), (7, 4, 3)]:
        for seed in range(25):
            rng = random.Random(seed)
            players = field(count)
            results = []
            for number in range(1, rounds + 1):
                pairing = swiss_table_pairing(players, results, number, size=size)
                meetings = met(results)
                if repeats([t.players for t in pairing.tables], meetings):
                    seated = [p for p in pairing_order(players, results) if p not in pairing.byes]
                    sizes = [len(t.players) for t in pairing.tables]
                    assert all(repeats(way, meetings) for way in seatings(seated, sizes)), (count, seed, number)
                results.extend(random_result(rng, t) for t in pairing.tables)
                results.extend(pairing.results)


def test_a_large_field_repeats_no_co_player_where_the_search_cannot_reach():
    """Past the exact search's budget (40 players, round 5) or its field
    size (100 players), swaps between any two tables still find a seating
    without a repeat, as one exists here."""
    for count, seed, rounds in [(40, 2, 5), (100, 0, 4)]:
        rng = random.Random(seed)
        players = field(count)
        results = []
        for number in range(1, rounds + 1):
            pairing = swiss_table_pairing(players, results, number, size=4)
            assert repeats([t.players for t in pairing.tables], met(results)) == 0, (count, number)
            results.extend(random_result(rng, t) for t in pairing.tables)


def test_a_repaired_seating_is_polished_by_neighbouring_swaps():
    """Fields where the search finds no rematch-free seating and the
    repair's best seating still had a swap between neighbouring tables
    that lowers repeats (found by the property test below)."""
    for count, seed in [(33, 40), (38, 37)]:
        rng = random.Random(seed)
        players = field(count)
        results = []
        for number in range(1, 7):
            pairing = swiss_table_pairing(players, results, number, size=6)
            meetings = met(results)
            groups = [list(t.players) for t in pairing.tables]
            polished = [g[:] for g in groups]
            improve(polished, meetings, {p: i for i, p in enumerate(pairing_order(players, results))})
            assert repeats(polished, meetings) == repeats(groups, meetings), (count, seed, number)
            results.extend(random_result(rng, t) for t in pairing.tables)
            results.extend(pairing.results)


def test_seats_rotate_at_multi_player_tables():
    players = field(4)
    first = swiss_table_pairing(players, [], 1, size=4)
    (table,) = first.tables
    assert table.players == (1, 2, 3, 4)
    results = [GameResult(1, table.players, ((4,), (3,), (2,), (1,)))]
    (again,) = swiss_table_pairing(players, results, 2, size=4).tables
    assert again.players == (1, 2, 3, 4)[::-1]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 40),
    st.integers(3, 6),
    st.integers(2, 3),
    st.integers(1, 6),
    st.integers(0, 2**32),
)
def test_swiss_tables_seat_everybody_once_at_balanced_tables(count, size, min_size, rounds, seed):
    rng = random.Random(seed)
    players = field(count)
    results = []
    for number in range(1, rounds + 1):
        pairing = swiss_table_pairing(players, results, number, size=size, min_size=min_size)
        seated = [p for t in pairing.tables for p in t.players]
        assert len(seated) == len(set(seated)), "somebody sits at two tables"
        assert sorted(seated + list(pairing.byes)) == list(range(1, count + 1))
        sizes = sorted((len(t.players) for t in pairing.tables), reverse=True)
        assert sizes == table_sizes(count, size, min_size)
        if sizes:
            assert sizes[0] - sizes[-1] <= 1
        # Byes: the lowest-ranked among those with the fewest byes.
        had = Counter(p for r in results for p in r.unplayed_winners)
        order = pairing_order(players, results)
        expected = sorted(order, key=lambda p: (had[p], -order.index(p)))[: len(pairing.byes)]
        assert set(pairing.byes) == set(expected)
        # The swaps never make repeats worse than the plain cut, and no
        # swap between neighbouring tables would lower them further.
        meetings = met(results)
        groups = [list(t.players) for t in pairing.tables]
        plain, start = [], 0
        seated_order = [p for p in order if p not in pairing.byes]
        for table_size in sizes:
            plain.append(seated_order[start : start + table_size])
            start += table_size
        assert repeats(groups, meetings) <= repeats(plain, meetings)
        polished = [g[:] for g in groups]
        improve(polished, meetings, {p: i for i, p in enumerate(order)})
        assert repeats(polished, meetings) == repeats(groups, meetings)
        results.extend(random_result(rng, t) for t in pairing.tables)
        results.extend(pairing.results)
