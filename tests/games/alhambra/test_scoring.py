"""Building majorities with shared places (``majority_scores``), and whole
scoring rounds (walls, Dirk)."""

from __future__ import annotations

import pytest

from games.rules.alhambra import majority_scores
from games.rules.alhambra.scoring import round_points, type_majority
from games.rules.alhambra.testing import board


def garden(*counts):
    return [{"garden": c} for c in counts]


def test_scoring_one_pays_only_the_first_place():
    assert majority_scores(garden(3, 2, 1), 1) == [5, 0, 0]


def test_scoring_two_pays_two_places_and_three_three():
    assert majority_scores(garden(3, 2, 1), 2) == [12, 5, 0]
    assert majority_scores(garden(3, 2, 1), 3) == [20, 12, 5]


def test_a_player_without_the_type_scores_nothing():
    assert majority_scores(garden(2, 0, 0), 3) == [20, 0, 0]
    assert majority_scores(garden(0, 0), 3) == [0, 0]


def test_a_tie_for_first_splits_first_and_second_rounded_down():
    # garden, scoring 2: (12 + 5) // 2 = 8; the third player takes the
    # place after the tied pair: third place, which scoring 2 does not pay.
    assert majority_scores(garden(3, 3, 1), 2) == [8, 8, 0]


def test_a_tie_for_first_in_scoring_one_shares_only_first_place():
    assert majority_scores(garden(2, 2), 1) == [2, 2]  # 5 // 2
    assert majority_scores([{"pavilion": 1}, {"pavilion": 1}], 1) == [0, 0]  # 1 // 2


def test_a_tie_for_second_splits_second_and_third():
    # tower, scoring 3: 21 / 13 / 6; two tied for second share (13 + 6) // 2.
    counts = [{"tower": 4}, {"tower": 2}, {"tower": 2}, {"tower": 1}]
    assert majority_scores(counts, 3) == [21, 9, 9, 0]


def test_a_tie_for_second_in_scoring_two_shares_only_second_place():
    counts = [{"tower": 4}, {"tower": 2}, {"tower": 2}]
    assert majority_scores(counts, 2) == [13, 3, 3]  # 6 // 2


def test_a_tie_for_third_splits_third_place_only():
    counts = garden(5, 4, 3, 3)
    assert majority_scores(counts, 3) == [20, 12, 2, 2]  # 5 // 2


def test_three_tied_for_first_share_all_three_places():
    assert majority_scores(garden(2, 2, 2), 3) == [12, 12, 12]  # (20+12+5)//3
    assert majority_scores(garden(2, 2, 2), 2) == [5, 5, 5]  # (12+5+0)//3


def test_four_tied_for_first_share_three_places():
    assert majority_scores(garden(1, 1, 1, 1), 3) == [9, 9, 9, 9]  # 37 // 4


def test_a_tie_for_first_pushes_the_next_player_to_third():
    assert majority_scores(garden(3, 3, 2), 3) == [16, 16, 5]


def test_dirk_is_simply_one_more_participant():
    players_and_dirk = [{"tower": 1}, {"tower": 2}, {"tower": 3}]  # last: Dirk
    assert majority_scores(players_and_dirk, 2) == [0, 6, 13]


def test_types_add_up_and_sequences_are_accepted():
    # pavilion, seraglio, arcades, chambers, garden, tower
    counts = [[1, 0, 2, 0, 0, 0], [0, 1, 1, 0, 0, 0]]
    assert majority_scores(counts, 1) == [1 + 3, 2]


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="round_number must be 1, 2 or 3"):
        majority_scores(garden(1), 4)
    with pytest.raises(ValueError, match="unknown building type"):
        majority_scores([{"palace": 1}], 1)


def test_type_majority_ignores_places_past_the_table():
    assert type_majority([1, 1, 1, 1], (5,)) == [1, 1, 1, 1]


def test_a_round_adds_majorities_and_the_longest_wall():
    first = board("""
        .      pav2NEW
        arc9   F
    """)
    second = board("F gar11")
    points, walls, dirk = round_points([first, second], None, 1)
    assert walls == [3, 0]
    # pavilion (1) and arcades (3) for the first player, garden (5) for the second
    assert points == [1 + 3 + 3, 5]
    assert dirk is None


def test_dirk_takes_majority_points_but_scores_no_walls():
    first = board("""
        .      pav2NEW
        .      F
    """)
    second = board("F pav8")
    dirk = [2, 0, 0, 0, 0, 0]  # two pavilions
    points, walls, dirk_points = round_points([first, second], dirk, 2)
    assert dirk_points == 8
    assert points == [0 + 3, 0]  # players tie for second: (1 + 0) // 2 = 0
