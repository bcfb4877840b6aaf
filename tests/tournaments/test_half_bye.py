"""A requested half-point bye, as pure data: half a point, not a "win
without playing" (so a later pairing-allocated bye is still possible), and
the Swiss round pairs everybody else."""

from fractions import Fraction

import pytest

from tournaments.models import Tournament
from tournaments.services.formats import Sizes, next_step
from tournaments.standings import standings
from tournaments.types import GameResult, Player

PLAYERS = [Player(id=i, seed=i) for i in range(1, 6)]


def test_a_half_point_bye_scores_half_and_is_not_a_win_without_playing():
    bye = GameResult.half_bye(2, 3, key="R2-H3")
    assert bye.unplayed_winners == () and GameResult.bye(2, 3).unplayed_winners == (3,)
    (row,) = [s for s in standings(PLAYERS, [bye]) if s.player == 3]
    assert (row.points, row.unplayed) == (Fraction(1, 2), 0)
    with pytest.raises(ValueError, match="only a bye"):
        GameResult(round=1, table=(1, 2), ranking=((1,), (2,)), half_point=True)


def test_the_swiss_round_leaves_the_resting_player_out():
    swiss = Tournament(format=Tournament.Format.SWISS, rounds=3, players_per_table=2)
    step = next_step(
        swiss,
        PLAYERS,
        [],
        existing=set(),
        latest_round_open=False,
        sizes=Sizes(2, 2),
        half_byes={1: frozenset({5})},
    )
    assert [r.key for r in step.results] == ["R1-H5"] and step.results[0].half_point
    assert sorted(p for t in step.tables for p in t.players) == [1, 2, 3, 4]
