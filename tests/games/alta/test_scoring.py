"""Card and merchant scoring, on hand-built islands (score_island)."""

import itertools
import random

import pytest

from games.rules.alta import score_island, score_layout
from games.rules.alta.components import MERCHANTS, TYPES
from games.rules.alta.scoring import max_adjacent_pairs

# Short names keep the 4 x 4 literals readable.
FAR, SET, TAV, HUT, MIL, WHE, HAR, TOW, MAR = TYPES


def points(island, row, col, merchants=()):
    return score_island(island, list(merchants)).cells[row][col]


# --------------------------------------------------------------- farmer
def test_farmer_scores_one_plus_one_per_adjacent_wheat_field_or_market():
    island = [
        [TOW, WHE, TOW, TOW],
        [MAR, FAR, MAR, TOW],
        [TOW, MAR, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 1, 1) == 1 + 4


def test_rulebook_farmers_score_three_each():
    # Farmer 1 next to a wheat field and a market; farmer 2 next to two markets.
    island = [
        [WHE, FAR, MAR, SET],
        [SET, SET, FAR, MAR],
        [SET, SET, SET, SET],
        [SET, SET, SET, SET],
    ]
    assert points(island, 0, 1) == 3
    assert points(island, 1, 2) == 3


def test_lonely_farmer_scores_one():
    island = [[SET] * 4, [SET, FAR, SET, SET], [SET] * 4, [SET] * 4]
    assert points(island, 1, 1) == 1


# ----------------------------------------------------------- settlement
def test_rulebook_settlement_next_to_two_harbours_and_a_mill_scores_7():
    island = [
        [TOW, HAR, TOW, TOW],
        [HAR, SET, MIL, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 1, 1) == 7


def test_rulebook_settlement_next_to_two_mills_scores_5():
    island = [
        [TOW, MIL, TOW, TOW],
        [TOW, SET, MIL, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 1, 1) == 5


def test_settlement_counts_inland_harbours_too():
    island = [
        [TOW, TOW, TOW, TOW],
        [TOW, SET, HAR, TOW],
        [TOW, HAR, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 1, 1) == 1 + 2 + 2


# --------------------------------------------------------------- tavern
def test_rulebook_tavern_counts_at_most_two_harbours_or_markets():
    island = [
        [TOW, HAR, TOW, TOW],
        [HAR, TAV, MAR, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 1, 1) == 6


def test_rulebook_tavern_with_market_and_harbour_scores_6():
    island = [
        [TOW, MAR, TOW, TOW],
        [TOW, TAV, HAR, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 1, 1) == 6


def test_tavern_with_four_markets_still_scores_6_and_alone_scores_2():
    island = [
        [TOW, MAR, TOW, TAV],
        [MAR, TAV, MAR, TOW],
        [TOW, MAR, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 1, 1) == 6
    assert points(island, 0, 3) == 2


# ---------------------------------------------------------- farmer's hut
def test_rulebook_farmers_hut_next_to_one_farmer_scores_5_two_farmers_2():
    island = [
        [FAR, HUT, TOW, TOW],
        [TOW, TOW, FAR, TOW],
        [TOW, FAR, HUT, TOW],
        [TOW, TOW, TOW, HUT],
    ]
    assert points(island, 0, 1) == 5
    assert points(island, 2, 2) == 2
    assert points(island, 3, 3) == 2  # no farmer at all


# ----------------------------------------------------------------- mill
def test_rulebook_mill_next_to_one_farmer_scores_5():
    island = [
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
        [FAR, MIL, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 2, 1) == 5


def test_mill_next_to_two_farmers_or_none_scores_3():
    island = [
        [FAR, MIL, FAR, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, MIL, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 0, 1) == 3
    assert points(island, 2, 2) == 3


# ---------------------------------------------------------- wheat field
def test_rulebook_wheat_field_next_to_farmer_tower_harbour_scores_5():
    island = [
        [SET, FAR, SET, SET],
        [TOW, WHE, HAR, SET],
        [SET, WHE, SET, SET],
        [SET, SET, SET, SET],
    ]
    assert points(island, 1, 1) == 5


def test_rulebook_wheat_field_next_to_market_and_harbour_scores_3():
    island = [
        [WHE, MAR, WHE, WHE],
        [HAR, WHE, WHE, WHE],
        [WHE, WHE, WHE, WHE],
        [WHE, WHE, WHE, WHE],
    ]
    assert points(island, 0, 0) == 3


@pytest.mark.parametrize(
    ("around", "expected"),
    [
        ((WHE, WHE, WHE, WHE), 0),
        ((FAR, FAR, WHE, WHE), 1),
        ((FAR, MIL, MIL, WHE), 3),
        ((FAR, MIL, TOW, TOW), 5),
        ((FAR, MIL, TOW, HUT), 8),
    ],
)
def test_wheat_field_table_counts_distinct_types_but_not_wheat(around, expected):
    up, left, right, down = around
    island = [
        [WHE, up, WHE, WHE],
        [left, WHE, right, WHE],
        [WHE, down, WHE, WHE],
        [WHE, WHE, WHE, WHE],
    ]
    assert points(island, 1, 1) == expected


# ------------------------------------------------------ fishing harbour
def test_rulebook_coastal_harbour_with_two_huts_and_a_field_scores_8():
    island = [
        [HUT, HAR, HUT, TOW],
        [TOW, WHE, TOW, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert points(island, 0, 1) == 8


def test_rulebook_inland_harbour_scores_0_but_counts_for_neighbours():
    island = [
        [TOW, HUT, TOW, TOW],
        [HUT, HAR, WHE, TOW],
        [TOW, SET, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    score = score_island(island, [])
    assert score.cells[1][1] == 0
    assert score.cells[1][2] == 3  # wheat field sees harbour + tower
    assert score.cells[2][1] == 3  # settlement next to the harbour


def test_every_ring_cell_is_coast():
    for r, c in itertools.product(range(4), range(4)):
        island = [[TOW] * 4 for _ in range(4)]
        island[r][c] = HAR
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if 0 <= r + dr < 4 and 0 <= c + dc < 4:
                island[r + dr][c + dc] = HUT
        huts = sum(row.count(HUT) for row in island)
        coast = r in (0, 3) or c in (0, 3)
        assert points(island, r, c) == (3 * huts if coast else 0), (r, c)


# ---------------------------------------------------------------- tower
def test_rulebook_towers_a_b_c_d():
    # Row 0: A x B C; column 0: A x D.  A sees B (row) and D (column); B and
    # C see A; C and B are adjacent; D sees A.
    island = [
        [TOW, SET, TOW, TOW],
        [SET, SET, SET, SET],
        [TOW, SET, SET, SET],
        [SET, SET, SET, SET],
    ]
    score = score_island(island, [])
    assert score.cells[0][0] == 7
    assert score.cells[0][2] == 4
    assert score.cells[0][3] == 4
    assert score.cells[2][0] == 4


def test_tower_counts_at_most_one_other_per_row_and_column():
    # T x T T in a row and T x T T in the column: the corner tower sees two
    # towers each way but scores 3 + 3.
    island = [
        [TOW, SET, TOW, TOW],
        [SET, SET, SET, SET],
        [TOW, SET, SET, SET],
        [TOW, SET, SET, SET],
    ]
    assert points(island, 0, 0) == 7


def test_adjacent_towers_or_only_towers_between_do_not_score():
    island = [
        [TOW, TOW, TOW, SET],
        [SET, SET, SET, SET],
        [SET, SET, SET, SET],
        [SET, SET, SET, SET],
    ]
    score = score_island(island, [])
    assert score.cells[0][:3] == [1, 1, 1]


def test_tower_scores_row_and_column_separately():
    island = [
        [TOW, SET, SET, TOW],
        [SET, SET, SET, SET],
        [SET, SET, SET, SET],
        [SET, SET, SET, SET],
    ]
    assert points(island, 0, 0) == 4
    assert points(island, 0, 3) == 4


def test_partial_island_towers_need_a_card_not_a_gap_between():
    cells = {(0, 0): TOW, (0, 2): TOW, (1, 0): SET, (1, 1): SET, (1, 2): SET}
    assert score_layout(cells, []).cells[(0, 0)] == 1
    cells[(0, 1)] = MIL
    assert score_layout(cells, []).cells[(0, 0)] == 4


def test_partial_island_harbour_inside_its_box_is_inland():
    """Rules: a harbour scores only on the outer ring of the 4 x 4.  On an
    unfinished island a harbour strictly inside the bounding box can never
    end on that ring (the box only grows outward), so it scores 0 even with
    an empty side; one on the box's edge may still be coast and scores."""
    four = {(r, c): HUT for r in range(4) for c in range(4)}
    four[(1, 1)] = HAR
    del four[(1, 2)]  # an empty side, but the box is already 4 x 4
    assert score_layout(four, []).cells[(1, 1)] == 0
    three = {(0, 0): TOW, (0, 1): HUT, (0, 2): TOW, (1, 0): HUT, (1, 1): HAR, (2, 0): TOW, (2, 1): HUT, (2, 2): TOW}
    assert score_layout(three, []).cells[(1, 1)] == 0  # the centre of a 3 x 3 box
    edge = {(0, 0): HUT, (0, 1): HAR, (1, 1): WHE}
    assert score_layout(edge, []).cells[(0, 1)] == 3 + 2


# --------------------------------------------------------------- market
def test_market_scores_nothing_itself():
    island = [[MAR] * 4 for _ in range(4)]
    assert score_island(island, []).total == 0


# ------------------------------------------------------------ merchants
def test_rulebook_merchant_hut_and_field_scores_5_plus_3():
    island = [
        [HUT, WHE, TOW, HUT],
        [TOW, TOW, TOW, TOW],
        [HUT, TOW, TOW, TOW],
        [TOW, TOW, TOW, WHE],
    ]
    assert score_island(island, [(HUT, WHE)]).merchants == [8]


def test_merchant_uses_a_maximum_matching_not_a_greedy_one():
    # Hut (0,1) touches fields (0,0) and (0,2); hut (1,0) touches only (0,0).
    # Greedy hut(0,1)-field(0,0) would leave one adjacent pair; best is two.
    island = [
        [WHE, HUT, WHE, TOW],
        [HUT, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert score_island(island, [(HUT, WHE)]).merchants == [2 * 5]


def test_merchant_pairs_limited_by_the_scarcer_type_and_zero_without_one():
    island = [
        [HUT, HUT, HUT, TOW],
        [WHE, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    assert score_island(island, [(HUT, WHE), (MIL, SET)]).merchants == [5, 0]


def test_one_island_card_serves_several_merchants():
    island = [
        [HUT, WHE, MIL, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
        [TOW, TOW, TOW, TOW],
    ]
    score = score_island(island, [(HUT, WHE), (WHE, MIL)])
    assert score.merchants == [5, 5]


def test_full_island_worked_by_hand():
    island = [
        [FAR, WHE, MIL, SET],
        [HUT, MAR, HAR, TAV],
        [TOW, SET, WHE, TOW],
        [HAR, HUT, FAR, MAR],
    ]
    score = score_island(island, [(MAR, FAR), (TOW, HUT)])
    assert score.cells == [
        [2, 5, 3, 3],  # farmer+wheat; field: farmer,mill,market; mill no farmer
        [5, 0, 0, 4],  # hut+1 farmer; market; inland harbour; tavern+harbour
        [4, 1, 8, 4],  # tower pair in row 2; settlement; field sees 4 types
        [3, 5, 3, 0],  # coastal harbour+hut; hut+farmer; farmer+field+market
    ]
    # market-farmer: 2 pairs, one adjacent; tower-hut: 2 pairs, one adjacent.
    assert score.merchants == [8, 8]
    assert score.total == 50 + 16


def brute_force_pairs(island, first, second):
    cells = {(r, c): k for r, row in enumerate(island) for c, k in enumerate(row)}
    lefts = [p for p, k in cells.items() if k == first]
    rights = [p for p, k in cells.items() if k == second]
    best = 0
    size = min(len(lefts), len(rights))
    for chosen in itertools.permutations(rights, size):
        for picked in itertools.combinations(lefts, size):
            adjacent = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(picked, chosen, strict=True))
            best = max(best, adjacent)
    return best


def test_matching_agrees_with_brute_force_on_random_islands():
    chooser = random.Random(4)
    for _ in range(150):
        island = [[chooser.choice((HUT, WHE, TOW)) for _ in range(4)] for _ in range(4)]
        cells = {(r, c): k for r, row in enumerate(island) for c, k in enumerate(row)}
        if min(sum(r.count(HUT) for r in island), sum(r.count(WHE) for r in island)) > 5:
            continue
        assert max_adjacent_pairs(cells, HUT, WHE) == brute_force_pairs(island, HUT, WHE)


# --------------------------------------------------------- input checks
def test_score_island_rejects_wrong_shape_and_unknown_types():
    with pytest.raises(ValueError, match="4 rows of 4"):
        score_island([[FAR] * 4] * 3, [])
    with pytest.raises(ValueError, match="Unknown card type 'castle'"):
        score_island([[FAR] * 4] * 3 + [[FAR, FAR, FAR, "castle"]], [])
    with pytest.raises(ValueError, match="two different types"):
        score_island([[FAR] * 4] * 4, [(FAR, FAR)])


def test_every_merchant_card_is_a_pair_of_distinct_types_each_type_twice():
    assert len(MERCHANTS) == 9
    counts = {t: sum(t in pair for pair in MERCHANTS) for t in TYPES}
    assert set(counts.values()) == {2}
    assert ("farmers_hut", "wheat_field") in MERCHANTS


# ------------------------------------------------- default move's evaluation
@pytest.mark.parametrize("seed", range(40))
def test_a_placement_scored_incrementally_equals_scoring_the_whole_island(seed):
    """``placement_total`` (what the default move ranks placements by) gives
    exactly ``score_layout``'s total, for every free cell and card type on
    random partial islands, towers and merchant cards included."""
    from games.rules.alta.scoring import card_points, placement_total

    rng = random.Random(seed)
    weights = [3 if kind == TOW else 1 for kind in TYPES]  # towers interact along lines
    cells = {}
    for _ in range(rng.randrange(0, 15)):
        free = [(r, c) for r in range(4) for c in range(4) if (r, c) not in cells]
        cells[rng.choice(free)] = rng.choices(TYPES, weights)[0]
    merchants = rng.sample(MERCHANTS, rng.randrange(0, 4))
    now = {pos: card_points(cells, pos) for pos in cells}
    for pos in [(r, c) for r in range(-1, 5) for c in range(-1, 5) if (r, c) not in cells]:
        for card in TYPES:
            expected = score_layout({**cells, pos: card}, merchants).total
            assert placement_total(cells, now, pos, card, merchants) == expected, (pos, card)
