"""Standings: points, Buchholz, Sonneborn-Berger, rating; forfeits and byes."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import pairwise_result, result_points, scores, standings
from tournaments.types import GameResult, Player

from .simulate import field, game


def test_two_player_points_are_one_half_zero():
    assert result_points(game(1, (1, 2), (1,), (2,))) == {1: 1, 2: 0}
    assert result_points(game(1, (1, 2), (1, 2))) == {1: F(1, 2), 2: F(1, 2)}


def test_multi_player_points_are_pairwise_over_n_minus_one():
    four = result_points(game(1, (1, 2, 3, 4), (1,), (2, 3), (4,)))
    assert four == {1: 1, 2: F(1, 2), 3: F(1, 2), 4: 0}
    three = result_points(game(1, (5, 6, 7), (5,), (6,), (7,)))
    assert three == {5: 1, 6: F(1, 2), 7: 0}
    # Winning a table of 3 is worth exactly a win at a table of 4.
    assert three[5] == four[1]


def test_forfeits_byes_and_double_forfeits():
    assert result_points(GameResult.forfeit(1, (1, 2), [2])) == {1: 1, 2: 0}
    assert result_points(GameResult.forfeit(1, (1, 2), [1, 2])) == {1: 0, 2: 0}
    assert result_points(GameResult.bye(1, 3)) == {3: 1}
    table = game(1, (1, 2, 3), (2,), (1,), forfeited=[3])
    assert result_points(table) == {2: 1, 1: F(1, 2), 3: 0}
    assert pairwise_result(table, 1, 3) == 1 and pairwise_result(table, 3, 2) == 0


def test_buchholz_and_sonneborn_berger_two_player():
    players = field(4)
    results = [
        game(1, (1, 2), (1,), (2,)),
        game(1, (3, 4), (3, 4)),
        game(2, (1, 3), (1,), (3,)),
        game(2, (2, 4), (4,), (2,)),
    ]
    table = {s.player: s for s in standings(players, results)}
    # Points: 1 -> 2, 2 -> 0, 3 -> 1/2, 4 -> 3/2.
    assert [table[p].points for p in (1, 2, 3, 4)] == [2, 0, F(1, 2), F(3, 2)]
    assert table[1].buchholz == 0 + F(1, 2)
    assert table[4].buchholz == F(1, 2) + 0
    assert table[3].buchholz == F(3, 2) + 2
    assert table[1].sonneborn_berger == 0 + F(1, 2)
    assert table[4].sonneborn_berger == F(1, 2) * F(1, 2) + 0
    assert table[3].sonneborn_berger == F(1, 2) * F(3, 2)
    assert [s.player for s in standings(players, results)] == [1, 4, 3, 2]


def test_multi_player_buchholz_is_a_mean_and_sonneborn_berger_a_sum():
    players = field(4)
    results = [game(1, (1, 2, 3), (1,), (2,), (3,)), game(2, (1, 4), (4,), (1,))]
    table = {s.player: s for s in standings(players, results)}
    # Points: 1 -> 1, 2 -> 1/2, 3 -> 0, 4 -> 1.
    assert table[1].buchholz == (F(1, 2) + 0) / 2 + 1
    assert table[1].sonneborn_berger == (F(1, 2) + 0) + 0
    assert table[2].sonneborn_berger == 0 + 0
    assert table[4].sonneborn_berger == 1


def test_rating_breaks_the_last_tie_and_equal_players_share_a_rank():
    players = [
        Player(1, 1, rating=1500),
        Player(2, 2, rating=1600),
        Player(3, 3, rating=1500),
    ]
    table = standings(players, [])
    assert [(s.rank, s.player) for s in table] == [(1, 2), (2, 1), (2, 3)]


def test_unplayed_games_score_but_do_not_count_for_tie_breaks():
    players = field(3, withdrawn=[3])
    results = [
        game(1, (1, 3), (3,), (1,)),
        GameResult.forfeit(2, (1, 3), [3]),
        GameResult.bye(2, 2),
    ]
    table = {s.player: s for s in standings(players, results)}
    assert table[1].points == 1 and table[1].played == 1 and table[1].unplayed == 1
    assert table[1].buchholz == 1  # only the game actually played counts
    assert table[2].points == 1 and table[2].buchholz == 0 and table[2].unplayed == 1
    # The withdrawn player stays, with the game they played.
    assert table[3].withdrawn and table[3].points == 1 and table[3].played == 1


def test_a_result_naming_a_stranger_is_rejected():
    with pytest.raises(ValueError, match="unknown player 9"):
        standings(field(2), [game(1, (1, 9), (1,), (9,))])
    with pytest.raises(ValueError, match="duplicate player id"):
        standings([Player(1, 1), Player(1, 2)], [])


@st.composite
def tournaments(draw):
    count = draw(st.integers(2, 9))
    players = field(count, withdrawn=draw(st.sets(st.integers(1, count), max_size=2)))
    results = []
    for round in range(1, draw(st.integers(0, 4)) + 1):
        ids = draw(st.permutations(range(1, count + 1)))
        start = 0
        while start < count:
            size = draw(st.integers(1, 4))
            table = ids[start : start + size]
            start += size
            if len(table) == 1:
                results.append(GameResult.bye(round, table[0]))
                continue
            gone = draw(st.sets(st.sampled_from(table), max_size=1))
            order = [p for p in draw(st.permutations(table)) if p not in gone]
            cuts = sorted(draw(st.sets(st.integers(1, max(1, len(order) - 1)), max_size=2)))
            groups = [tuple(order[a:b]) for a, b in zip([0, *cuts], [*cuts, len(order)], strict=True) if order[a:b]]
            results.append(
                GameResult(
                    round=round,
                    table=tuple(table),
                    ranking=tuple(groups),
                    forfeited=frozenset(gone),
                )
            )
    return players, results


@settings(max_examples=60, deadline=None)
@given(tournaments(), st.randoms(use_true_random=False))
def test_standings_are_a_pure_function_of_the_results(data, rng):
    players, results = data
    first = standings(players, results)
    assert standings(players, results) == first
    shuffled_results, shuffled_players = results[:], players[:]
    rng.shuffle(shuffled_results)
    rng.shuffle(shuffled_players)
    assert standings(shuffled_players, shuffled_results) == first
    assert sorted(s.player for s in first) == sorted(p.id for p in players)


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_every_table_hands_out_a_fixed_total(data):
    players, results = data
    expected = F(0)
    for result in results:
        size, present = len(result.table), len(result.played)
        if size == 1:
            expected += 1
        else:
            # Present players share present*(present-1)/2 pairwise points and
            # win every pair against an absent player.
            pairs = F(present * (present - 1), 2) + present * (size - present)
            expected += pairs / (size - 1)
    assert sum(scores(players, results).values()) == expected
