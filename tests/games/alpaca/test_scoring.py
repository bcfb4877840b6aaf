"""Chains and scores: n(n-1)/2 per maximal chain of one's own colour."""

import pytest

from games.engine import get_rules
from games.rules.alpaca import chains, score, triangle_number
from games.rules.alpaca.testing import plain, position

RULES = get_rules("alpaca")

# minor (-1,0) - major (0,0) - major (0,1) - minor (1,1): a red chain of 4.
TURNING = "-1,0 b/y-r 2; 0,0 r/y-g 3; 0,1 r/g-y 1; 1,1 g/r-b 1"
# A staircase of five red majors between two red minors: 7 triangles.
STAIRS = "-1,0 b/y-r 2; 0,0 r/y-g 3; 0,1 r/g-y 1; 1,1 r/y-g 3; 1,2 r/g-y 1; 2,2 r/y-b 3; 2,3 g/r-b 0"
RING = "0,0 r/b-g 0; 0,1 r/y-g 1; 1,1 r/g-b 2; 1,0 r/b-y 3"


def long_chains(spec):
    return [(c.colour, c.length) for c in chains(plain(spec)) if c.length > 1]


@pytest.mark.parametrize(("n", "points"), [(1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (6, 15), (7, 21), (10, 45)])
def test_points_are_n_times_n_minus_one_over_two(n, points):
    assert triangle_number(n) == points


def test_a_chain_turns_through_majors_and_ends_in_minors():
    [chain] = [c for c in chains(plain(TURNING)) if c.length > 1]
    assert (chain.colour, chain.length) == ("red", 4)
    assert chain.triangles == (
        ((-1, 0), "minor2"),
        ((0, 0), "major"),
        ((0, 1), "major"),
        ((1, 1), "minor1"),
    )
    assert score(plain(TURNING), "red") == 6


def test_a_major_counts_once_although_it_touches_two_edges():
    assert long_chains("-1,0 b/y-r 2; 0,0 r/y-g 3; 0,1 g/r-b 0") == [("red", 3)]


def test_scoring_goes_on_beyond_six():
    assert long_chains(STAIRS) == [("red", 7)]
    assert score(plain(STAIRS), "red") == 21


def test_a_ring_is_counted_once():
    # Four red majors around a corner link in a loop: 4 triangles, 6 points.
    assert long_chains(RING) == [("red", 4)]
    assert score(plain(RING), "red") == 6


def test_same_colour_triangles_connect_only_across_a_shared_edge():
    # Two red minors meeting at a corner only (diagonal cells) do not connect.
    spec = "0,0 b/y-r 2; 1,1 g/r-b 1"
    assert long_chains(spec) == []
    # A red major next to a blue minor does not connect either.
    assert long_chains("0,0 rbg 0; 1,0 g/b-y 1") == []


def test_chains_lists_lone_triangles_as_length_one():
    result = chains(plain("0,0 rbg 0"))
    assert sorted((c.colour, c.length) for c in result) == [
        ("blue", 1),
        ("green", 1),
        ("red", 1),
    ]


def test_every_player_scores_only_their_own_colour():
    # The red chain of 4 plus a green pair: 0,0's S edge (green minor2)
    # against 0,-1's N edge (green minor1 of b/g-y at rot 2).
    spec = TURNING + "; 0,-1 b/g-y 2"
    state = position(colours="red green blue", table=spec)
    scores, _, details = RULES._score(state)
    assert scores == (6, 1, 0)
    assert details[0] == {"colour": "red", "chains": [4], "points": 6}


def test_ties_share_the_victory():
    # A red pair of majors and a blue pair of minors: 1 point each.
    spec = "0,0 rbg 0; 0,-1 ryb 1; 1,0 r/y-b 2"
    state = position(colours="red blue green", table=spec, phase="over")
    outcome = RULES.outcome(state)
    assert outcome.scores == (1, 1, 0)
    assert outcome.ranking == ((0, 1), (2,))


def test_scores_work_on_an_unfinished_game():
    state = position(colours="red blue", table=STAIRS)
    assert RULES._score(state)[0] == (21, 0)


def test_plain_data_errors_are_clear():
    with pytest.raises(ValueError, match="no Alpaca tile has colours"):
        chains({(0, 0): ("red", "red", "blue", 0)})
    with pytest.raises(ValueError, match="unknown colour 'pink'"):
        chains({(0, 0): ("pink", "red", "blue", 0)})
    with pytest.raises(ValueError, match="rotation must be 0..3"):
        chains({(0, 0): ("red", "green", "blue", 4)})
