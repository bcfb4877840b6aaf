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
        # Re-seeded by original seed: 1..8 dealt in serpentine order.
        [[1, 4, 5, 8], [2, 3, 6, 7]],
        [[1, 2, 3, 4]],
    ]
    assert state.champion == 1
    assert state.placements[:4] == ((1, 1), (2, 2), (3, 3), (4, 4))
    # Third at a round-2 table: 5 and 6 share fifth.
    assert state.placements[4:6] == ((5, 5), (5, 6))
    assert sorted(p for _, p in state.placements) == list(range(1, 17))


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
