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


# ------------------------------------------------------------ round robin
def _five(outcomes):
    """A complete 5-player round robin: ``outcomes`` per pair in
    (1,2), (1,3), ..., (4,5) order: 0 the first wins, 1 the second, 2 a draw."""
    import itertools

    results = []
    for number, ((a, b), outcome) in enumerate(zip(itertools.combinations(range(1, 6), 2), outcomes, strict=True), 1):
        ranking = [((a,), (b,)), ((b,), (a,)), ((a, b),)][outcome]
        results.append(game(number, (a, b), *ranking))
    return results


def test_a_round_robin_three_way_tie_is_broken_by_sonneborn_berger_then_direct_encounter():
    """Players 1, 4 and 5 score 2 each with the same Sonneborn-Berger (4):
    Buchholz cannot part them in a round robin (everyone met everyone), the
    games between them can: 4 beat 1 and 5, 5 beat 1.  Wins (1 and 4 have
    two, 5 one) come only after, and rating (1 highest) last."""
    results = _five((0, 0, 1, 1, 0, 0, 2, 0, 2, 0))
    table = standings(field(5), results, round_robin=True)
    assert [s.player for s in table] == [2, 4, 5, 1, 3]
    assert [s.rank for s in table] == [1, 2, 3, 4, 5]
    rows = {s.player: s for s in table}
    assert {rows[p].sonneborn_berger for p in (1, 4, 5)} == {4}
    assert (rows[4].head_to_head, rows[5].head_to_head, rows[1].head_to_head) == (2, 1, 0)
    assert (rows[1].wins, rows[4].wins, rows[5].wins) == (2, 2, 1)
    # A Swiss keeps Buchholz, Sonneborn-Berger, then rating.
    assert [s.player for s in standings(field(5), results)] == [2, 1, 4, 5, 3]


def test_a_round_robin_tie_the_direct_game_leaves_open_goes_to_more_wins():
    """3 and 4 drew each other and are level on points and Sonneborn-Berger;
    4 won a game, 3 drew all four: 4 is ahead despite the lower rating."""
    table = standings(field(5), _five((0, 0, 0, 1, 2, 0, 2, 2, 2, 0)), round_robin=True)
    order = [s.player for s in table]
    assert order.index(4) < order.index(3)
    rows = {s.player: s for s in table}
    assert rows[3].points == rows[4].points and rows[3].sonneborn_berger == rows[4].sonneborn_berger
    assert rows[3].head_to_head == rows[4].head_to_head and (rows[3].wins, rows[4].wins) == (0, 1)


def test_a_finished_round_robin_places_a_three_way_tie_as_its_standings_do():
    from tournaments.models import Tournament
    from tournaments.services.formats import Sizes, next_step

    results = _five((0, 0, 1, 1, 0, 0, 2, 0, 2, 0))
    t = Tournament(format=Tournament.Format.ROUND_ROBIN, players_per_table=2)
    step = next_step(t, field(5), results, existing=set(), latest_round_open=False, sizes=Sizes(2, 2))
    assert step.finished
    assert step.placements == ((1, 2), (2, 4), (3, 5), (4, 1), (5, 3))


def _all_play_all(count, outcomes, legs=1):
    """A complete round robin of ``count`` players, played ``legs`` times
    (a double round robin: 2): ``outcomes`` per pair, leg after leg, in
    (1,2), (1,3), ..., order: 0 the first wins, 1 the second, 2 a draw."""
    import itertools

    pairs = list(itertools.combinations(range(1, count + 1), 2)) * legs
    results = []
    for number, ((a, b), outcome) in enumerate(zip(pairs, outcomes, strict=True), 1):
        ranking = [((a,), (b,)), ((b,), (a,)), ((a, b),)][outcome]
        results.append(game(number, (a, b), *ranking))
    return results


def test_direct_encounter_compares_again_the_players_it_leaves_tied_among_themselves_alone():
    """A double round robin where 6, 1, 3 and 5 end level on points (5) and
    Sonneborn-Berger.  Among the four, 6 scored 4½ and the others 2½ each:
    6 is ahead, 1, 3 and 5 still tie.  Compared again on the games among
    those three alone (FIDE's direct encounter), 3 and 5 scored 2½, 1 only
    1: 1 is behind; and 3 beat 5 on their own games (1½ to ½).  Wins (4
    each) would not part them and rating would have put 1 first."""
    outcomes = (1, 0, 0, 1, 0, 0, 2, 1, 0, 2, 0, 1, 1, 0, 1) + (0, 1, 2, 1, 2, 1, 0, 0, 0, 0, 2, 1, 2, 2, 1)
    table = standings(field(6), _all_play_all(6, outcomes, legs=2), round_robin=True)
    assert [s.player for s in table] == [2, 6, 3, 5, 1, 4]
    assert [s.rank for s in table] == [1, 2, 3, 4, 5, 6]
    rows = {s.player: s for s in table}
    assert {(rows[p].points, rows[p].sonneborn_berger, rows[p].wins) for p in (6, 1, 3, 5)} == {(5, F(97, 4), 4)}
    assert [rows[p].head_to_head for p in (6, 3, 5, 1)] == [F(9, 2), F(5, 2), F(5, 2), F(5, 2)]
    assert rows[6].direct_encounter == (F(9, 2),)
    assert rows[1].direct_encounter == (F(5, 2), 1)
    assert (rows[3].direct_encounter, rows[5].direct_encounter) == (
        (F(5, 2), F(5, 2), F(3, 2)),
        (F(5, 2), F(5, 2), F(1, 2)),
    )


def test_direct_encounter_splitting_a_four_way_tie_into_two_pairs_orders_each_pair_by_its_own_game():
    """Seven players: 1, 2, 3 and 7 end on 3 points with the same
    Sonneborn-Berger and wins.  Among the four, 1 and 2 scored 2, 3 and 7
    scored 1; each pair is then compared on its own game: 1 beat 2 and 7
    beat 3, so 7 is ahead of 3 despite the lower rating."""
    outcomes = (0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 0)
    table = standings(field(7), _all_play_all(7, outcomes), round_robin=True)
    assert [s.player for s in table] == [5, 1, 2, 7, 3, 6, 4]
    rows = {s.player: s for s in table}
    assert {(rows[p].points, rows[p].sonneborn_berger, rows[p].wins) for p in (1, 2, 3, 7)} == {(3, 9, 3)}
    assert [rows[p].direct_encounter for p in (1, 2, 7, 3)] == [(2, 1), (2, 0), (1, 1), (1, 0)]


def test_direct_encounter_parts_no_tie_among_players_who_have_not_all_met():
    """Midway through a round robin 1, 3 and 4 are level on points (1) and
    Sonneborn-Berger: 4 beat 3 and 3 beat 1, but 1 and 4 have not met.
    FIDE applies direct encounter only when all the tied players have met,
    so it parts none of them: wins (one each) do not either, and rating
    orders them 1, 3, 4 (direct encounter would have put 4, 3, 1)."""
    played = [((3, 5), 1), ((1, 2), 0), ((1, 3), 1), ((2, 5), 0), ((4, 5), 1), ((3, 4), 1)]
    results = [game(n, (a, b), *[((a,), (b,)), ((b,), (a,))][o]) for n, ((a, b), o) in enumerate(played, 1)]
    table = standings(field(5), results, round_robin=True)
    rows = {s.player: s for s in table}
    assert {(rows[p].points, rows[p].sonneborn_berger, rows[p].wins) for p in (1, 3, 4)} == {(1, 1, 1)}
    assert [s.player for s in table] == [5, 2, 1, 3, 4]
    assert [rows[p].direct_encounter for p in (1, 3, 4)] == [(), (), ()]
    assert [rows[p].rank for p in (1, 3, 4)] == [3, 4, 5]
