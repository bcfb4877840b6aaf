"""Knockouts of multi-player tables and multi-player round-robin groups."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import group_stage, table_knockout
from tournaments.pairing.common import table_sizes
from tournaments.types import GameResult

from .simulate import field, random_result


def by_seed(table):
    """Everyone finishes in seed order."""
    return GameResult(table.round, table.players, tuple((p,) for p in sorted(table.players)))


def run(players, step, **settings):
    results, rounds = [], []
    while True:
        state = table_knockout(players, results, **settings)
        if state.finished:
            return state, rounds
        rounds.append(state.next_round)
        results.extend(step(t) for t in state.next_round.tables)
        results.extend(state.next_round.results)


def test_sixteen_players_top_two_of_four_advance():
    state, rounds = run(field(16), by_seed, size=4, advance=2)
    assert [[sorted(t.players) for t in r.tables] for r in rounds] == [
        [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]],
        # Re-seeded by original seed, 1..8 dealt in serpentine order, would
        # be [1, 4, 5, 8] and [2, 3, 6, 7]: 1 and 8, 4 and 5, ... met in
        # round 1.  The closest seating without a repeat swaps 5 and 6, 8
        # and 7.
        [[1, 4, 6, 7], [2, 3, 5, 8]],
        [[1, 2, 3, 4]],
    ]
    assert state.champion == 1
    assert state.placements[:4] == ((1, 1), (2, 2), (3, 3), (4, 4))
    # Third at a round-2 table: 5 and 6 share fifth.
    assert state.placements[4:6] == ((5, 5), (5, 6))
    assert sorted(p for _, p in state.placements) == list(range(1, 17))


def _repeat_opponents(pairing, results):
    """Pairs seated together in ``pairing`` who sat together before."""
    earlier = {frozenset((a, b)) for r in results for a in r.table for b in r.table if a != b}
    return sorted(
        sorted(pair)
        for t in pairing.tables
        for pair in {frozenset((a, b)) for a in t.players for b in t.players if a != b}
        if pair in earlier
    )


def test_a_knockout_round_avoids_repeat_opponents_when_it_can():
    players = field(9)
    first = table_knockout(players, [], size=3, advance=2).next_round
    assert [sorted(t.players) for t in first.tables] == [[1, 6, 7], [2, 5, 8], [3, 4, 9]]
    # Upsets: 7, 8 and 9 go through with 1, 2 and 3.
    results = [
        GameResult(1, (1, 6, 7), ((1,), (7,), (6,))),
        GameResult(1, (2, 5, 8), ((8,), (2,), (5,))),
        GameResult(1, (3, 4, 9), ((9,), (3,), (4,))),
    ]
    second = table_knockout(players, results, size=3, advance=2).next_round
    # The serpentine deal alone gives (1, 7, 8) and (2, 3, 9): 1 meets 7
    # again and 3 meets 9.
    assert _repeat_opponents(second, results) == []
    tables = [sorted(t.players) for t in second.tables]
    assert sorted(p for t in tables for p in t) == [1, 2, 3, 7, 8, 9]
    assert [len(t) for t in tables] == [3, 3] and 1 in tables[0]
    # The same round paired twice is paired alike.
    assert table_knockout(players, results, size=3, advance=2).next_round == second


def test_a_large_knockout_reseats_without_repeats():
    """(Its time is a benchmark's to measure: ``benchmarks/pairing.py``.)"""
    players = field(256)
    first = table_knockout(players, [], size=4, advance=2).next_round
    results = [by_seed(t) for t in first.tables]
    second = table_knockout(players, results, size=4, advance=2).next_round
    # Dealt by seed, every table of 4 would hold two pairs from round 1.
    assert _repeat_opponents(second, results) == []
    assert sorted(len(t.players) for t in second.tables) == [4] * 32


def _fewest_repeats(players, sizes, results):
    """The fewest repeat pairs any seating of ``players`` at ``sizes`` has."""
    from itertools import combinations

    from tournaments.pairing.common import met
    from tournaments.pairing.swiss_tables import repeats

    meetings = met(results)

    def seatings(left, sizes):
        if not sizes:
            yield []
            return
        head, rest = left[0], left[1:]
        for size in set(sizes):  # ``head`` may sit at a table of any size
            others_sizes = list(sizes)
            others_sizes.remove(size)
            for others in combinations(rest, size - 1):
                table = [head, *others]
                for tail in seatings([p for p in rest if p not in others], others_sizes):
                    yield [table, *tail]

    return min(repeats(s, meetings) for s in seatings(players, sizes))


@settings(max_examples=30, deadline=None)
@given(st.integers(6, 12), st.integers(3, 4), st.integers(1, 3), st.integers(0, 2**32))
def test_knockout_rounds_have_no_repeats_when_some_seating_has_none(count, size, advance, seed):
    """Checked against every seating of the round.  Where every seating
    repeats a pair, the search may keep more repeats than the fewest (2
    for 1 in 2 of 600 random fields of 10 at tables of 4): the rule asks
    for none when none is possible, not for the fewest."""
    from tournaments.pairing.common import met
    from tournaments.pairing.swiss_tables import repeats

    rng = random.Random(seed)
    players, results = field(count), []
    while not (state := table_knockout(players, results, size=size, advance=min(advance, size - 1))).finished:
        pairing = state.next_round
        tables = [list(t.players) for t in pairing.tables]
        if results and len(tables) > 1:
            seated = sorted(p for t in tables for p in t)
            sizes = sorted(map(len, tables), reverse=True)
            if _fewest_repeats(seated, sizes, results) == 0:
                assert repeats(tables, met(results)) == 0, tables
        results.extend(random_result(rng, t, ties=0.2) for t in pairing.tables)
        results.extend(pairing.results)


def test_fourteen_players_sit_at_fours_and_threes():
    first = table_knockout(field(14), [], size=4, advance=2).next_round
    assert sorted(len(t.players) for t in first.tables) == [3, 3, 4, 4]


def test_a_shared_place_at_the_cut_goes_to_the_higher_seed():
    players = field(8)
    first = table_knockout(players, [], size=4, advance=2).next_round
    table = first.tables[0]  # seeds 1, 4, 5, 8
    results = [
        GameResult(1, table.players, ((8,), (4, 5), (1,))),
        by_seed(first.tables[1]),
    ]
    final = table_knockout(players, results, size=4, advance=2).next_round
    assert sorted(final.tables[0].players) == [2, 3, 4, 8]


def test_every_table_knocks_somebody_out():
    first = table_knockout(field(5), [], size=3, advance=3).next_round
    assert sorted(len(t.players) for t in first.tables) == [2, 3]
    results = [by_seed(t) for t in first.tables]
    final = table_knockout(field(5), results, size=3, advance=3).next_round
    assert len(final.tables[0].players) == 3  # 2 from the 3, 1 from the 2


def test_top_seeds_get_the_byes_left_by_the_game_minimum():
    first = table_knockout(field(5), [], size=4, advance=2, min_size=3).next_round
    assert first.byes == (1,) and len(first.tables) == 1
    assert first.results == (GameResult.bye(1, 1, key="R1-B1"),)


def test_withdrawn_players_are_not_seated_again():
    players = field(8)
    first = table_knockout(players, [], size=4, advance=2).next_round
    results = [by_seed(t) for t in first.tables]
    players[0] = type(players[0])(1, 1, players[0].rating, True)
    final = table_knockout(players, results, size=4, advance=2).next_round
    assert sorted(final.tables[0].players) == [2, 3, 4]


def test_group_stage_sends_the_group_winners_to_a_larger_final():
    state, rounds = run(field(12), by_seed, size=4, advance=2, final_size=6)
    assert [len(r.tables) for r in rounds] == [3, 1]
    assert sorted(rounds[1].tables[0].players) == [1, 2, 3, 4, 5, 6]
    direct = group_stage(field(12), [], size=4, advance=2, final_size=6)
    assert direct == table_knockout(field(12), [], size=4, advance=2, final_size=6)


def test_bad_settings_are_rejected():
    with pytest.raises(ValueError, match="bad knockout settings"):
        table_knockout(field(8), [], size=4, advance=0)
    with pytest.raises(ValueError, match="unknown players"):
        table_knockout(field(2), [GameResult(1, (1, 9), ((1,), (9,)))], size=2, advance=1)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 40),
    st.integers(2, 6),
    st.integers(1, 5),
    st.integers(0, 3),
    st.integers(2, 3),
    st.integers(0, 2**32),
)
def test_any_table_knockout_plays_out(count, size, advance, extra, minimum, seed):
    rng = random.Random(seed)
    final_size = size + extra
    min_size = min(minimum, size)
    state, rounds = run(
        field(count),
        lambda t: random_result(rng, t, ties=0.3),
        size=size,
        advance=advance,
        final_size=final_size,
        min_size=min_size,
    )
    assert state.finished
    for pairing in rounds:
        seated = [p for t in pairing.tables for p in t.players]
        assert len(seated) == len(set(seated)), "somebody plays twice in a round"
        entrants = sorted(seated + list(pairing.byes))
        # Byes (left over by the game's minimum) go to the top seeds.
        assert sorted(pairing.byes) == entrants[: len(pairing.byes)]
        sizes = sorted((len(t.players) for t in pairing.tables), reverse=True)
        if len(entrants) > final_size:
            assert sizes == table_sizes(len(entrants), size, min_size)
        else:
            assert sizes == [len(entrants)]  # the final
        assert sizes[0] - sizes[-1] <= 1 and sizes[-1] >= min_size
    assert sorted(p for _, p in state.placements) == list(range(1, count + 1))
    assert state.placements[0] == (1, state.champion)
    if rounds and len(rounds[-1].tables) == 1 and not rounds[-1].byes:
        assert state.champion in rounds[-1].tables[0].players


def test_too_few_players_for_a_game_leaves_the_best_seed_champion():
    state = table_knockout(field(2), [], size=3, advance=1, min_size=3)
    assert state.finished and state.next_round is None
    assert state.champion == 1 and state.placements == ((1, 1), (2, 2))
