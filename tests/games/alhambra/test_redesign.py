"""Redesign: reserve -> Alhambra, Alhambra -> reserve, and swaps."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove, get_rules
from games.rules.alhambra.moves import Build, Buy, Place, Remove, Swap
from games.rules.alhambra.testing import position, seat, tile

RULES = get_rules("alhambra")

LAYOUT = """
    pav7E  ser7W
    F      arc9
"""


def redesign_position(reserve=("tow12", "pav6")):
    return position([seat(LAYOUT, reserve=reserve), seat()])


def redesigns(state):
    return [m for m in RULES.legal_moves(state, 0) if isinstance(m, (Build, Remove, Swap))]


def test_every_redesign_is_listed():
    state = redesign_position()
    listed = set(redesigns(state))
    alhambra = state.seats[0].alhambra
    expected = {Remove(c) for c in ((0, -1), (1, -1))}
    for name in ("tow12", "pav6"):
        expected |= {Build(tile(name), c) for c in alhambra.spots_for(tile(name))}
        expected |= {Swap(tile(name), c) for c in alhambra.swaps_for(tile(name))}
    assert listed == expected
    assert Swap(tile("tow12"), (1, 0)) in listed
    assert Swap(tile("pav6"), (1, 0)) not in listed


def test_building_from_the_reserve_ends_the_turn():
    state = redesign_position()
    after = RULES.apply(state, 0, Build(tile("tow12"), (2, 0))).state
    assert after.seats[0].alhambra.cells[(2, 0)] == tile("tow12")
    assert after.seats[0].reserve == (tile("pav6"),)
    assert after.current == 1


def test_building_from_the_reserve_follows_the_placement_rules():
    state = redesign_position()
    with pytest.raises(IllegalMove, match="Pavilion 6 N cannot be built there: at S1 its north wall"):
        RULES.apply(state, 0, Build(tile("pav6"), (0, 1)))


def test_only_reserve_tiles_can_be_built():
    state = redesign_position()
    with pytest.raises(IllegalMove, match="That building is not in your reserve"):
        RULES.apply(state, 0, Build(tile("gar11"), (2, 0)))


def test_a_tile_goes_to_the_reserve_if_the_rest_stays_legal():
    state = redesign_position()
    after = RULES.apply(state, 0, Remove((1, -1))).state
    assert (1, -1) not in after.seats[0].alhambra.cells
    assert tile("ser7W") in after.seats[0].reserve


def test_a_tile_holding_the_rest_together_stays():
    state = redesign_position()
    with pytest.raises(IllegalMove, match="Arcades 9 open at E1 cannot be removed"):
        RULES.apply(state, 0, Remove((1, 0)))


def test_the_fountain_never_moves():
    state = redesign_position()
    with pytest.raises(IllegalMove, match="The fountain never moves"):
        RULES.apply(state, 0, Remove((0, 0)))
    with pytest.raises(IllegalMove, match="The fountain never moves"):
        RULES.apply(state, 0, Swap(tile("tow12"), (0, 0)))


def test_removing_an_empty_cell_is_refused():
    state = redesign_position()
    with pytest.raises(IllegalMove, match="There is no building at S3"):
        RULES.apply(state, 0, Remove((0, 3)))


def test_a_swap_exchanges_a_reserve_tile_with_a_built_one():
    state = redesign_position()
    after = RULES.apply(state, 0, Swap(tile("tow12"), (1, 0))).state
    assert after.seats[0].alhambra.cells[(1, 0)] == tile("tow12")
    assert after.seats[0].reserve == tuple(sorted((tile("pav6"), tile("arc9"))))
    assert after.current == 1


def test_a_swapped_in_tile_must_match_the_neighbours():
    state = redesign_position()
    with pytest.raises(IllegalMove, match="Pavilion 6 N cannot replace arcades 9 open at E1"):
        RULES.apply(state, 0, Swap(tile("pav6"), (1, 0)))


def test_a_swap_needs_a_built_tile():
    state = redesign_position()
    with pytest.raises(IllegalMove, match="There is no building at E2 to swap with"):
        RULES.apply(state, 0, Swap(tile("tow12"), (2, 0)))


def test_a_swap_keeps_the_alhambra_legal():
    state = redesign_position()
    for move in redesigns(state):
        after = RULES.apply(state, 0, move).state
        alhambra = after.seats[0].alhambra
        assert alhambra.reachable_from_fountain()
        assert not alhambra.has_holes()


def test_redesign_is_an_action_after_an_exact_payment_too():
    state = position(
        [seat(LAYOUT, reserve=("tow12",), hand="denar 8"), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
    )

    state = RULES.apply(state, 0, Buy(0, (8,))).state
    state = RULES.apply(state, 0, Build(tile("tow12"), (2, 0))).state
    assert state.phase == "place"
    assert state.seats[0].pending == (tile("pav8"),)


def far(cell):
    """A cell 128 steps east of the row above ``cell``: far beyond any
    Alhambra (54 tiles), and once read as ``cell`` itself."""
    x, y = cell
    return (x + 128, y - 1)


def test_a_cell_far_beyond_the_alhambra_is_not_read_as_another_cell():
    """'redesign N2E128 to reserve' took the building at N1 away, and a
    building went to N1 when told to go to N2E128."""
    state = redesign_position()
    spot = state.seats[0].alhambra.spots_for(tile("tow12"))[0]
    for move in (Remove(far((0, -1))), Build(tile("tow12"), far(spot)), Swap(tile("tow12"), far((1, 0)))):
        with pytest.raises(IllegalMove):
            RULES.apply(state, 0, move)


def test_a_bought_building_is_not_placed_at_a_cell_far_beyond_the_alhambra():
    state = position([seat(hand="dirham 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(1, (19,))).state
    with pytest.raises(IllegalMove, match="does not touch your Alhambra"):
        RULES.apply(state, 0, Place(tile("gar8NE"), far((0, -1))))
