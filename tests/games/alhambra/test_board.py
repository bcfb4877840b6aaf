"""The building rules of one Alhambra (rules file, "Placement rules")."""

from __future__ import annotations

import pytest

from games.rules.alhambra.board import Alhambra
from games.rules.alhambra.components import cell_label
from games.rules.alhambra.grid import RING_NEEDS, STRIDE, ring_safe
from games.rules.alhambra.testing import board, tile


def labels(cells):
    return [cell_label(c) for c in cells]


def error(alhambra, name, cell):
    """The reason in English (``None``: the tile fits)."""
    found = alhambra.placement_error(tile(name), cell, cell_label(cell))
    return None if found is None else found.english()


def test_the_fountain_alone_offers_its_four_sides():
    assert labels(Alhambra.start().spots()) == ["N1", "W1", "E1", "S1"]


def test_a_new_tile_must_touch_the_alhambra_along_a_side():
    start = Alhambra.start()
    assert error(start, "arc9", (1, 1)) == "S1E1 does not touch your Alhambra along a side"
    assert error(start, "arc9", (3, 0)) == "E3 does not touch your Alhambra along a side"


def test_a_cell_that_is_built_on_is_not_free():
    assert error(Alhambra.start(), "arc9", (0, 0)) == "F is already built on"


def test_a_wall_may_not_meet_an_open_side():
    # pavilion 2 has walls N, E, W: its west wall would face the fountain.
    start = Alhambra.start()
    assert error(start, "pav2", (1, 0)) == ("at E1 its west wall would meet an open side of the neighbouring tile")
    assert start.fits(tile("pav2"), (0, -1))  # its open south faces the fountain


def test_an_open_side_may_not_meet_a_wall():
    alhambra = board("""
        .    .
        F    tow8NES
    """)
    # North of tower 8 its north wall faces up: the tile there needs a south
    # wall; garden 10 N has an open south side.
    assert error(alhambra, "gar10N", (1, -1)) == (
        "at N1E1 its south open side would meet a wall of the neighbouring tile"
    )
    # garden 12 S matches, but would share only a wall.
    assert error(alhambra, "gar12", (1, -1)) == "at N1E1 no side would be open to a neighbour"


def test_walls_meeting_walls_are_fine_when_another_side_is_open():
    alhambra = board("""
        F     tow8NES
        arc9  .
    """)
    # S1E1 touches tower 8's south wall and arcades 9's open east side.
    assert alhambra.fits(tile("pav6"), (1, 1))  # pavilion 6: wall N only
    assert error(alhambra, "pav8", (1, 1)) == ("at S1E1 its north open side would meet a wall of the neighbouring tile")


def test_a_cell_whose_neighbours_all_show_walls_is_no_spot():
    alhambra = board("F tow8NES")
    for cell in ((1, -1), (2, 0), (1, 1)):
        assert cell not in alhambra.spots()
    assert (0, -1) in alhambra.spots()


def test_no_tile_may_enclose_an_empty_cell():
    alhambra = board("""
        F     pav8  ser9
        arc9  .     arc10
        cha10 .     .
    """)
    assert error(alhambra, "gar11", (1, 2)) == ("a tile at S2E1 would enclose an empty space (no holes)")
    assert (1, 2) not in alhambra.spots()
    assert alhambra.fits(tile("gar11"), (2, 2))


def test_no_tile_may_enclose_a_larger_empty_region():
    # The empty cells S1E1 and S2E1 would be cut off by a tile at S3E1; the
    # ring around S3E1 cannot tell, the flood fill does.
    alhambra = board("""
        F     pav8  ser9
        arc9  .     arc10
        cha10 .     cha11
        tow12 .     gar11
    """)
    assert error(alhambra, "tow11-", (1, 3)) == ("a tile at S3E1 would enclose an empty space (no holes)")
    assert alhambra.fits(tile("tow11-"), (0, 4))


def test_a_tile_closing_an_opening_without_enclosing_anything_is_fine():
    alhambra = board("""
        F     pav8
        arc9  .
    """)
    # Filling the corner S1E1 leaves no empty cell inside.
    assert alhambra.fits(tile("ser9"), (1, 1))


def test_removal_keeps_every_tile_reachable_without_crossing_a_wall():
    alhambra = board("""
        pav7E  ser7W
        F      arc9
    """)
    # seraglio 7 touches pavilion 7 only wall to wall: without arcades 9 it
    # could not be reached from the fountain.
    assert labels(alhambra.removable()) == ["N1", "N1E1"]
    assert alhambra.reachable_from_fountain()
    assert not alhambra.without((1, 0)).reachable_from_fountain()


def test_a_tile_whose_removal_would_leave_a_hole_stays():
    alhambra = board("""
        F     pav8  ser9
        arc9  cha11 arc10
        cha10 gar11 tow12
    """)
    # The centre tile is surrounded: removing it would leave a hole.
    assert (1, 1) not in alhambra.removable()
    assert (2, 2) in alhambra.removable()


def test_the_fountain_is_never_removable_nor_swappable():
    alhambra = board("F arc9")
    assert (0, 0) not in alhambra.removable()
    assert not alhambra.can_swap(tile("tow12"), (0, 0))


def test_a_swap_needs_the_incoming_tile_to_match_every_neighbour():
    alhambra = board("""
        pav7E  ser7W
        F      arc9
    """)
    # arcades 9 at E1 has open neighbours west and north.
    assert alhambra.can_swap(tile("tow12"), (1, 0))
    assert alhambra.can_swap(tile("gar12"), (1, 0))  # its south wall faces nothing
    assert not alhambra.can_swap(tile("pav6"), (1, 0))  # north wall meets open
    assert not alhambra.can_swap(tile("tow12"), (1, -1))  # seraglio 7 needs a west wall
    assert alhambra.can_swap(tile("tow10"), (1, -1))  # tower 10: wall W only


def test_spots_for_lists_cells_in_reading_order():
    alhambra = board("F arc9")
    assert labels(alhambra.spots_for(tile("tow12"))) == [
        "N1",
        "N1E1",
        "W1",
        "E2",
        "S1",
        "S1E1",
    ]
    assert labels(alhambra.spots_for(tile("pav2"))) == ["N1", "N1E1"]


def test_derived_alhambras_agree_with_fresh_ones():
    alhambra = board("""
        F     pav8  ser9
        arc9  .     arc10
    """)
    alhambra.spot_list(), alhambra.swap_list(), alhambra.removable()
    for changed in (
        alhambra.with_tile((1, 1), tile("cha10")),
        alhambra.without((2, 1)),
        alhambra.with_tile((2, 0), tile("tow12")),
    ):
        fresh = Alhambra(dict(changed.grid))
        assert changed.spot_list() == fresh.spot_list()
        assert changed.swap_list() == fresh.swap_list()
        assert changed.removable() == fresh.removable()


def test_counts_ignore_the_fountain():
    alhambra = board("""
        F     pav8  ser9
        arc9  .     gar11
    """)
    assert alhambra.counts() == [1, 1, 1, 0, 1, 0]


def test_the_ring_test_table_matches_its_definition():
    # RING_NEEDS[mask]: the diagonals that must be empty for the empty side
    # neighbours of a cell to be joined around it (None: they never are).
    diagonals = (1 - STRIDE, 1 + STRIDE, STRIDE - 1, -STRIDE - 1)
    for mask in range(1, 15):
        for built in range(16):  # which diagonals NE, SE, SW, NW are built
            empty = 0
            for position, bit in ((0, 1), (2, 2), (4, 4), (6, 8)):
                if not mask & bit:
                    empty |= 1 << position
            for i, position in enumerate((1, 3, 5, 7)):
                if not built >> i & 1:
                    empty |= 1 << position
            needs = RING_NEEDS[mask]
            occupied = {d for i, d in enumerate(diagonals) if built >> i & 1}
            passes = needs is not None and not occupied.intersection(needs)
            assert passes == ring_safe(empty), (mask, built)


def test_the_testing_dsl_refuses_illegal_drawings():
    with pytest.raises(ValueError, match="wall meets open side"):
        board("F tow7NEW")
    with pytest.raises(ValueError, match="needs a fountain"):
        board("arc9")
    with pytest.raises(ValueError, match="names 3 tiles"):
        tile("garden 8")
