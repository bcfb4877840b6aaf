"""The pure multiplayer Elo calculator (no database)."""

import math

import pytest

from ratings.calculator import (
    PlayerState,
    expected_score,
    is_provisional,
    k_factor,
    rate_table,
    rating_display,
    round_rating,
)


def classic_elo(ra: float, rb: float, score: float, k: int) -> float:
    """Textbook two-player Elo, written independently of the calculator."""
    diff = max(-400.0, min(400.0, rb - ra))
    return ra + k * (score - 1 / (1 + 10 ** (diff / 400)))


def table(*ratings, games=0):
    return [(name, PlayerState(r, games)) for name, r in zip("abcdef", ratings, strict=False)]


def by_player(results):
    return {r.player: r for r in results}


@pytest.mark.parametrize(("ra", "rb"), [(1500, 1500), (1600, 1450), (1320.5, 1777.25), (2000, 1500)])
@pytest.mark.parametrize("games", [0, 45])
def test_a_two_player_game_is_classic_elo(ra, rb, games):
    results = by_player(rate_table(table(ra, rb, games=games), [["a"], ["b"]]))
    k = 40 if games < 30 else 20
    assert results["a"].new == pytest.approx(classic_elo(ra, rb, 1, k), abs=1e-9)
    assert results["b"].new == pytest.approx(classic_elo(rb, ra, 0, k), abs=1e-9)
    assert results["a"].k == results["b"].k == k


def test_a_two_player_draw_is_classic_elo():
    results = by_player(rate_table(table(1600, 1400), [["a", "b"]]))
    assert results["a"].new == pytest.approx(classic_elo(1600, 1400, 0.5, 40))
    assert results["a"].delta < 0 < results["b"].delta


def test_equal_players_move_by_half_k():
    results = by_player(rate_table(table(1500, 1500), [["b"], ["a"]]))
    assert results["b"].delta == 20.0 and results["a"].delta == -20.0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_table_with_equal_k_is_zero_sum(players):
    ratings = [1500, 1720, 1388, 1610.5, 1455, 2010][:players]
    ranking = [[name] for name in reversed("abcdef"[:players])]
    results = rate_table(table(*ratings, games=40), ranking)
    assert {r.k for r in results} == {20}
    assert math.fsum(r.delta for r in results) == pytest.approx(0, abs=1e-9)


def test_mixed_k_is_not_zero_sum():
    players = [("new", PlayerState(1500, 0)), ("old", PlayerState(1500, 100))]
    results = by_player(rate_table(players, [["new"], ["old"]]))
    assert results["new"].delta == 20.0 and results["old"].delta == -10.0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_k_is_shared_across_the_table_as_2k_over_n(players):
    ratings = [1500] * players
    ranking = [[name] for name in "abcdef"[:players]]
    results = rate_table(table(*ratings), ranking)
    winner, last = results[0], results[-1]
    # Against equal opponents each pair is worth 2K/N * 0.5.
    assert winner.delta == pytest.approx((players - 1) * (2 * 40 / players) * 0.5)
    assert last.delta == pytest.approx(-winner.delta)
    assert winner.actual == players - 1 and last.actual == 0
    for pair in winner.pairs:
        assert pair.delta == pytest.approx(2 * 40 / players * (1 - 0.5))


def test_a_four_player_table_adds_up_pair_by_pair():
    ratings = {"a": 1600.0, "b": 1500.0, "c": 1450.0, "d": 1700.0}
    players = [(p, PlayerState(r, 12)) for p, r in ratings.items()]
    results = by_player(rate_table(players, [["c"], ["a", "d"], ["b"]]))
    a = results["a"]
    assert [p.opponent for p in a.pairs] == ["b", "c", "d"]
    assert [p.actual for p in a.pairs] == [1.0, 0.0, 0.5]
    expected = [1 / (1 + 10 ** ((ratings[o] - 1600) / 400)) for o in "bcd"]
    assert [p.expected for p in a.pairs] == pytest.approx(expected)
    assert a.delta == pytest.approx(sum(20 * (s - e) for s, e in zip([1, 0, 0.5], expected, strict=True)))
    assert a.expected == pytest.approx(sum(expected)) and a.actual == 1.5
    assert results["c"].actual == 3.0 and results["b"].actual == 0.0


def test_tied_players_score_half_against_each_other():
    results = by_player(rate_table(table(1500, 1500, 1500), [["a", "b", "c"]]))
    assert all(r.delta == 0 for r in results.values())
    assert all(p.actual == 0.5 for r in results.values() for p in r.pairs)


def test_ties_for_first_among_unequal_ratings_favour_the_lower_rated():
    results = by_player(rate_table(table(1700, 1500, 1500), [["a", "b"], ["c"]]))
    assert results["b"].delta > results["a"].delta
    pair = next(p for p in results["a"].pairs if p.opponent == "b")
    assert pair.actual == 0.5 and pair.delta < 0


def test_the_rating_difference_is_capped_at_400():
    assert expected_score(2500, 1500) == expected_score(1900, 1500) == pytest.approx(1 / 1.1)
    assert expected_score(1000, 2000) == pytest.approx(1 - 1 / 1.1)
    assert expected_score(1500, 1899) < expected_score(1500, 1500) < expected_score(1899, 1500) < 1 / 1.1
    capped = by_player(rate_table(table(2600, 1500, games=50), [["b"], ["a"]]))
    at_cap = by_player(rate_table(table(1900, 1500, games=50), [["b"], ["a"]]))
    assert capped["b"].delta == at_cap["b"].delta == pytest.approx(20 * (1 - 1 / 11))


@pytest.mark.parametrize(
    ("games", "reached", "k"),
    [
        (0, False, 40),
        (29, False, 40),
        (30, False, 20),
        (31, False, 20),
        (500, False, 20),
        (100, True, 10),
        (5, True, 10),
    ],
)
def test_k_schedule(games, reached, k):
    assert k_factor(PlayerState(1500, games, reached)) == k


def test_the_30th_game_uses_k40_and_the_31st_k20():
    thirtieth = rate_table([("p", PlayerState(1500, 29)), ("q", PlayerState(1500, 29))], [["p"], ["q"]])
    assert thirtieth[0].k == 40 and thirtieth[0].after.games == 30
    thirty_first = rate_table([("p", thirtieth[0].after), ("q", thirtieth[1].after)], [["p"], ["q"]])
    assert thirty_first[0].k == 20


def test_reaching_2400_drops_k_to_10_from_the_next_game_and_it_sticks():
    climber = PlayerState(2390.0, 60)
    win = rate_table([("p", climber), ("q", PlayerState(2390.0, 60))], [["p"], ["q"]])[0]
    assert win.k == 20 and win.new == 2400.0 and win.after.reached_master
    loss = rate_table([("p", win.after), ("q", PlayerState(2400.0, 60))], [["q"], ["p"]])[0]
    assert loss.k == 10 and loss.new < 2400 and loss.after.reached_master
    again = rate_table([("p", loss.after), ("q", PlayerState(2300.0, 60))], [["p"], ["q"]])[0]
    assert again.k == 10


def test_just_below_2400_keeps_k20():
    result = rate_table([("p", PlayerState(2380.0, 60)), ("q", PlayerState(2380.0, 60))], [["p"], ["q"]])[0]
    assert result.new == 2390.0 and not result.after.reached_master
    assert k_factor(result.after) == 20


def test_bad_tables_are_refused():
    with pytest.raises(ValueError, match="at least 2 players"):
        rate_table(table(1500), [["a"]])
    with pytest.raises(ValueError, match="every player exactly once"):
        rate_table(table(1500, 1500, 1500), [["a"], ["b"]])
    with pytest.raises(ValueError, match="ranked twice"):
        rate_table(table(1500, 1500), [["a"], ["a", "b"]])


def test_the_same_input_gives_bit_identical_results():
    players = table(1512.123456789, 1488.987654321, 1602.5, 1399.75, games=7)
    ranking = [["c"], ["a"], ["b", "d"]]
    assert rate_table(players, ranking) == rate_table(players, ranking)


def test_display_rounds_and_marks_provisional_ratings():
    assert round_rating(1533.5) == 1534 and round_rating(1533.49) == 1533 and round_rating(1532.5) == 1533
    assert rating_display(1533.6, 9) == "1534?"
    assert rating_display(1533.4, 10) == "1533"
    assert is_provisional(0) and is_provisional(9) and not is_provisional(10)
