"""Formats, byes and tie-breaks checked against hand-computed values.

The expectations come from the research notes (B1 seeding and byes, B3
Berger tables, B6 tie-breaks) and the issue texts, worked out by hand.
"""

from fractions import Fraction as F

from tournaments.standings import standings
from tournaments.types import GameResult

from .simulate import field


def game(round, table, *ranking, forfeited=()):
    return GameResult(
        round=round,
        table=tuple(table),
        ranking=tuple(tuple(g) for g in ranking),
        forfeited=frozenset(forfeited),
    )


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
