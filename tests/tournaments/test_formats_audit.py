"""Formats, byes and tie-breaks checked against hand-computed values.

The expectations come from the research notes (B1 seeding and byes, B3
Berger tables, B6 tie-breaks) and the issue texts, worked out by hand.
"""

import random
from fractions import Fraction as F

import pytest

from tournaments.pairing import (
    berger_table,
    double_elimination_bracket,
    round_robin_schedule,
    seeding_order,
    single_elimination_bracket,
    table_knockout,
    table_sizes,
)
from tournaments.standings import standings
from tournaments.types import GameResult, Player

from .simulate import field, game


def test_sonneborn_berger_at_a_table_of_three_sums_the_co_players_beaten():
    """Notes B6: SB_i = sum over games of sum_j pairwise(i, j) x score_j."""
    players = field(4)
    results = [
        game(1, (1, 2, 3), (1,), (2,), (3,)),
        game(2, (2, 3, 4), (4,), (2, 3)),
    ]
    table = {s.player: s for s in standings(players, results)}
    # Points: 1 -> 1, 2 -> 1/2 + 1/4 = 3/4, 3 -> 0 + 1/4 = 1/4, 4 -> 1.
    assert [table[p].points for p in (1, 2, 3, 4)] == [1, F(3, 4), F(1, 4), 1]
    # 1 beat 2 and 3 at the same table: 3/4 + 1/4, not their mean.
    assert table[1].sonneborn_berger == 1
    # 2 beat 3 in round 1 and shared a place with 3 in round 2.
    assert table[2].sonneborn_berger == F(1, 4) + F(1, 2) * F(1, 4)
    assert table[4].sonneborn_berger == F(3, 4) + F(1, 4)
    # Buchholz stays the mean of the co-players' scores per game.
    assert table[1].buchholz == (F(3, 4) + F(1, 4)) / 2


def _play(bracket_of, players, pick, **options):
    """Play a bracket to the end; ``pick(table)`` names each game's winner."""
    results = []
    while True:
        bracket = bracket_of(players, results, **options)
        for walkover in bracket.walkovers():
            results.append(walkover)
        ready = bracket.ready()
        if not ready and not bracket.walkovers():
            return bracket, results
        for table in ready:
            winner = pick(table)
            loser = tuple(p for p in table.players if p != winner)
            results.append(
                GameResult(round=table.round, table=table.players, ranking=((winner,), loser), key=table.key)
            )


@pytest.mark.parametrize("count", range(5, 17))
def test_single_elimination_byes_go_to_the_top_seeds_and_never_meet(count):
    size = 8 if count <= 8 else 16
    bracket = single_elimination_bracket(field(count), [])
    first = [g for g in bracket.games if g.round == 1]
    byes = sorted(g.winner for g in first if g.status == "bye")
    assert byes == list(range(1, size - count + 1))
    assert not [g for g in first if g.status == "void"]
    for pairing in first:
        low, high = sorted(p or size + 1 - min(p for p in pairing.players if p) for p in pairing.players)
        assert low + high == size + 1


@pytest.mark.parametrize("count", range(5, 17))
def test_single_elimination_favourites_meet_as_the_seeding_promises(count):
    bracket, results = _play(single_elimination_bracket, field(count), lambda t: min(t.players), third_place=True)
    assert bracket.finished
    assert [player for _, player in bracket.placements[:4]] == [1, 2, 3, 4]
    semis = {frozenset(r.table) for r in results if r.key.startswith("R") and r.key.count("-")}
    assert frozenset((1, 4)) in semis and frozenset((2, 3)) in semis
    assert len(results) == count - 1 + 1  # every game but the byes, plus 3rd place


def test_issue_seeding_order_for_sixteen():
    order = seeding_order(16)
    pairs = [{order[i], order[i + 1]} for i in range(0, 16, 2)]
    assert pairs == [{1, 16}, {8, 9}, {5, 12}, {4, 13}, {3, 14}, {6, 11}, {7, 10}, {2, 15}]


@pytest.mark.parametrize("count", range(3, 17))
@pytest.mark.parametrize("seed", range(3))
def test_double_elimination_eliminates_on_the_second_loss_and_counts_games(count, seed):
    rng = random.Random(seed * 100 + count)
    bracket, results = _play(double_elimination_bracket, field(count), lambda t: rng.choice(t.players))
    assert bracket.finished
    losses = {p: 0 for p in range(1, count + 1)}
    for result in results:
        losses[result.ranking[-1][0]] += 1
    champion = bracket.champion
    assert losses[champion] <= 1
    assert all(n == 2 for p, n in losses.items() if p != champion)
    reset = bracket.game("GF2").status == "played"
    assert len(results) == 2 * count - 2 + reset
    assert reset == (bracket.game("GF1").winner == bracket.game("GF1").players[1])


def test_grand_final_reset_is_played_only_when_the_losers_champion_wins():
    favourite, results = _play(double_elimination_bracket, field(4), lambda t: min(t.players))
    assert favourite.game("GF2").status == "not_needed"
    upset, _ = _play(
        double_elimination_bracket,
        field(4),
        lambda t: max(t.players) if t.key == "GF1" else min(t.players),
    )
    assert upset.game("GF1").winner == 2 and upset.game("GF2").status == "played"
    assert upset.champion == 1 and [p for _, p in upset.placements[:2]] == [1, 2]


def test_berger_tables_match_fide():
    assert berger_table(10)[0] == [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]  # six players: test_round_robin


@pytest.mark.parametrize("count", range(3, 11))
def test_round_robin_everyone_meets_once_and_the_phantom_decides_the_rest(count):
    schedule = round_robin_schedule(field(count))
    assert len(schedule) == count - 1 + count % 2
    met = set()
    for games in schedule:
        rests = [a or b for a, b in games if a is None or b is None]
        assert len(rests) == count % 2
        for a, b in games:
            if a is not None and b is not None:
                assert frozenset((a, b)) not in met
                met.add(frozenset((a, b)))
    assert len(met) == count * (count - 1) // 2
    if count % 2:
        # The phantom is Berger number count + 1: seed r rests in round r's order.
        assert [next(a or b for a, b in g if a is None or b is None) for g in schedule[:1]] == [1]


@pytest.mark.parametrize("count", range(3, 11))
def test_double_round_robin_reverses_first_moves_without_three_in_a_row(count):
    schedule = round_robin_schedule(field(count), double=True)
    half = len(schedule) // 2
    first_cycle = {(a, b) for g in schedule[:half] for a, b in g if a and b}
    second_cycle = {(a, b) for g in schedule[half:] for a, b in g if a and b}
    assert second_cycle == {(b, a) for a, b in first_cycle}
    for player in range(1, count + 1):
        seats = [0 if a == player else 1 for g in schedule for a, b in g if a and b and player in (a, b)]
        assert all(len(set(seats[i : i + 3])) == 2 for i in range(len(seats) - 2)), (player, seats)


def test_equal_players_share_a_place_and_forfeit_wins_count_for_points_only():
    players = [Player(i, i, rating=1500) for i in range(1, 5)]
    results = [
        game(1, (1, 2), (1,), (2,)),
        game(1, (3, 4), (3,), (4,)),
        game(2, (1, 3), (1, 3)),
        GameResult.forfeit(2, (2, 4), [4]),
    ]
    table = standings(players, results)
    by_player = {s.player: s for s in table}
    assert by_player[1].points == by_player[3].points == F(3, 2)
    # 1 met 2 (1 point) and 3 (3/2); 3 met 4 (0 points) and 1 (3/2).
    assert by_player[1].buchholz == F(5, 2) and by_player[3].buchholz == F(3, 2)
    assert [s.player for s in table][:2] == [1, 3]
    assert by_player[2].points == 1 and by_player[2].played == 1 and by_player[2].unplayed == 1
    level = standings(players[:2], [game(1, (1, 2), (1, 2))])
    assert [(s.rank, s.player) for s in level] == [(1, 1), (1, 2)]


@pytest.mark.django_db
def test_the_unplayed_column_says_it_counts_wins_without_playing(client, alice, club, now):
    """A forfeit loss and a requested half-point bye are not in the column
    (``Standing.unplayed``), so its explanation must not promise them."""
    from .conftest import new_players, started

    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=2)
    html = client.get(t.get_absolute_url()).content.decode()
    assert 'title="Wins without playing: byes and forfeit wins"' in html
    assert 'title="Byes and forfeits"' not in html


def test_tables_of_four_with_fourteen_players_are_four_four_three_three():
    """Notes B5: t = ceil(n / k) tables whose sizes differ by at most 1."""
    assert table_sizes(14, 4) == [4, 4, 3, 3]
    for players in range(2, 40):
        for size in range(2, 7):
            sizes = table_sizes(players, size)
            assert max(sizes) - min(sizes) <= 1 and max(sizes) <= size
            # Only a two-player pairing leaves somebody over: the odd one out's bye.
            assert players - sum(sizes) == (players % 2 if size == 2 else 0)


def test_a_table_knockout_sends_the_top_two_of_each_table_and_reseeds_by_seed():
    players = field(8)
    first = table_knockout(players, [], size=4, advance=2).next_round
    tables = [set(t.players) for t in first.tables]
    assert tables == [{1, 4, 5, 8}, {2, 3, 6, 7}]
    # The lowest seeds win: 8 and 5, 7 and 6 go through, re-seeded 5, 6, 7, 8.
    results = [
        GameResult(round=1, table=t.players, ranking=tuple((p,) for p in sorted(t.players, reverse=True)))
        for t in first.tables
    ]
    final = table_knockout(players, results, size=4, advance=2).next_round
    assert [set(t.players) for t in final.tables] == [{5, 6, 7, 8}]
