"""The plain-data values: results must describe their table exactly."""

import pytest

from tournaments.types import GameResult


def test_result_must_rank_or_forfeit_every_player_once():
    with pytest.raises(ValueError, match="do not cover table"):
        GameResult(round=1, table=(1, 2, 3), ranking=((1,), (2,)))
    with pytest.raises(ValueError, match="ranked twice"):
        GameResult(round=1, table=(1, 2), ranking=((1,), (1, 2)))
    with pytest.raises(ValueError, match="both ranked and forfeited"):
        GameResult(round=1, table=(1, 2), ranking=((1,), (2,)), forfeited=frozenset({2}))
    with pytest.raises(ValueError, match="repeats a player"):
        GameResult(round=1, table=(1, 1), ranking=((1,),))
    with pytest.raises(ValueError, match="group is empty"):
        GameResult(round=1, table=(1,), ranking=((1,), ()))


def test_bye_and_forfeit_constructors():
    bye = GameResult.bye(3, 7, key="R3-B1")
    assert bye.is_bye and bye.table == (7,) and bye.ranking == ((7,),)
    assert bye.unplayed_winners == (7,)

    walkover = GameResult.forfeit(2, (4, 5), [5])
    assert walkover.ranking == ((4,),) and walkover.forfeited == {5}
    assert walkover.played == (4,)
    assert walkover.unplayed_winners == (4,)

    nobody = GameResult.forfeit(2, (4, 5), [4, 5])
    assert nobody.ranking == () and nobody.unplayed_winners == ()


def test_a_played_game_is_not_an_unplayed_win():
    game = GameResult(round=1, table=(1, 2), ranking=((2,), (1,)))
    assert game.unplayed_winners == () and not game.is_bye


def test_order_breaks_shared_places_by_seed_and_puts_forfeits_last():
    seeds = {1: 4, 2: 1, 3: 3, 4: 2}
    result = GameResult(round=1, table=(1, 2, 3, 4), ranking=((1, 3), (2,)), forfeited=frozenset({4}))
    assert result.order(seeds) == (3, 1, 2, 4)
