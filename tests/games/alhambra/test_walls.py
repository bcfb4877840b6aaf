"""The longest continuous outer wall (``games.rules.alhambra.longest_wall``)."""

from __future__ import annotations

import pytest

from games.rules.alhambra import longest_wall
from games.rules.alhambra.testing import board


def test_no_walls_no_points():
    assert longest_wall({(0, 0): "-"}) == 0
    assert longest_wall({}) == 0


def test_the_walls_of_one_tile_form_one_wall():
    assert longest_wall({(0, 0): "", (0, -1): "NEW"}) == 3


def test_walls_on_opposite_sides_do_not_join():
    assert longest_wall({(0, 0): "NS"}) == 1


def test_a_wall_between_two_tiles_is_not_outer():
    assert longest_wall({(0, 0): "E", (1, 0): "W"}) == 0
    # The outer north walls still join across the shared corner.
    assert longest_wall({(0, 0): "NE", (1, 0): "NW"}) == 2


def test_a_closed_ring_counts_every_segment():
    ring = {(0, 0): "NW", (1, 0): "NE", (0, 1): "SW", (1, 1): "ES"}
    assert longest_wall(ring) == 8


def test_a_branch_is_not_added_to_the_trail():
    # Three segments meet at the corner between the two tiles: a trail can
    # use only two of them.
    walls = {(0, 0): "ES", (1, 1): "NE"}
    assert longest_wall(walls) == 3


def test_two_rings_touching_at_a_corner_form_one_trail():
    assert longest_wall({(0, 0): "NESW", (1, 1): "NESW"}) == 8


def test_the_longest_of_several_walls_counts():
    walls = {(0, 0): "", (1, 0): "N", (2, 0): "N", (-1, 0): "S"}
    assert longest_wall(walls) == 2


def test_wall_sets_and_bit_masks_are_accepted():
    assert longest_wall({(0, 0): {"N", "E"}}) == 2
    assert longest_wall({(0, 0): 1 | 2}) == 2


def test_an_alhambra_object_is_accepted():
    alhambra = board("""
        .      pav2NEW
        arc9   F
    """)
    assert longest_wall(alhambra) == 3


@pytest.mark.parametrize(
    ("walls", "expected"),
    [
        ({(0, 0): "N", (1, 0): "N", (2, 0): "NE"}, 4),
        ({(0, 0): "W", (0, 1): "W", (0, 2): "SW"}, 4),
        ({(0, 0): "N", (1, 0): "S"}, 1),
    ],
)
def test_straight_and_bent_walls(walls, expected):
    assert longest_wall(walls) == expected


def test_open_and_the_fountain_have_no_walls_in_plain_data():
    """The engine writes a tile without walls as ``open`` ("garden 10
    open") and the start tile as ``fountain``: neither word is read as
    the wall letters it happens to contain (the N and E of "open")."""
    assert longest_wall({(0, 0): "fountain", (1, 0): "open"}) == 0
    assert longest_wall({(0, 0): "fountain", (0, -1): "NEW", (1, 0): "OPEN"}) == 3


def test_tile_labels_are_read_by_their_walls():
    """A view's tile label ("garden 8 NE") names the tile's walls last."""
    assert longest_wall({(0, 0): "fountain", (0, -1): "pavilion 2 NEW", (1, 0): "garden 10 open"}) == 3


def test_a_wall_text_with_other_letters_is_refused():
    with pytest.raises(ValueError, match="walls"):
        longest_wall({(0, 0): "north"})
