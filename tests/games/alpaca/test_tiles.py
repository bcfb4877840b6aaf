"""The tile set, the four rotations and the deal."""

import pytest

from games.engine import IllegalMove, get_rules
from games.rules.alpaca.state import COLOURS, EDGES, MASKS, SLOTS, TILES, tile_name
from games.rules.alpaca.testing import tile

RULES = get_rules("alpaca")


def edges(name, rot):
    """Edge colours N, E, S, W as initials."""
    return "".join(COLOURS[c][0] for c in EDGES[tile(name) * 4 + rot])


def test_sixty_tiles_twelve_per_major_each_ordered_pair_of_other_colours():
    assert len(TILES) == 60 == len(set(TILES))
    for major in range(5):
        mine = [t for t in TILES if t[0] == major]
        assert len(mine) == 12
        assert {(m1, m2) for _, m1, m2 in mine} == {
            (a, b) for a in range(5) for b in range(5) if len({a, b, major}) == 3
        }
    assert all(len(set(t)) == 3 for t in TILES)


def test_tile_ids_group_by_major():
    assert all(TILES[t][0] == t // 12 for t in range(60))
    assert tile_name(tile("rbg")) == "red/blue-green"


@pytest.mark.parametrize(
    ("rot", "expected"),
    [
        (0, "rrbg"),  # N major, E major, S minor1, W minor2
        (1, "grrb"),  # N minor2, E major, S major, W minor1
        (2, "bgrr"),  # N minor1, E minor2, S major, W major
        (3, "rbgr"),  # N major, E minor1, S minor2, W major
    ],
)
def test_every_rotation_gives_its_edges_clockwise_from_the_major(rot, expected):
    assert edges("red/blue-green", rot) == expected


@pytest.mark.parametrize(("rot", "major_edges"), [(0, (0, 1)), (1, (1, 2)), (2, (2, 3)), (3, (3, 0))])
def test_the_major_covers_two_adjacent_edges_turning_clockwise(rot, major_edges):
    assert [d for d in range(4) if SLOTS[rot][d] == 0] == sorted(major_edges)
    # Clockwise from the major: major, major, minor1, minor2.
    first = major_edges[0]
    assert [SLOTS[rot][(first + k) % 4] for k in range(4)] == [0, 0, 1, 2]


def test_masks_have_one_bit_per_edge():
    assert all(bin(m).count("1") == 4 for m in MASKS)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_assigns_distinct_colours_and_deals_only_their_majors(players):
    state = RULES.setup(players, 42)
    assert len(set(state.colours)) == players
    dealt = [t for hand in state.hands for t in hand]
    assert len(dealt) == len(set(dealt)) == 12 * players
    assert all(len(hand) == 12 for hand in state.hands)
    assert {t // 12 for t in dealt} == set(state.colours)
    assert state.table == {} and state.counters == 15 and state.round == 1


def test_colours_come_from_the_seed_and_the_first_seat_is_dominant():
    colours = {RULES.setup(3, seed).colours for seed in range(30)}
    dominants = {RULES.setup(3, seed).dominant for seed in range(30)}
    assert len(colours) > 5
    # The seat order is drawn (casual games) or chosen (tournaments) before
    # the engine: the first seat's colour is the first dominant one.
    assert dominants == {0}
    assert RULES.setup(3, 5) == RULES.setup(3, 5)


def test_the_dominant_player_starts_when_holding_a_tile_of_that_colour():
    for seed in range(20):
        state = RULES.setup(4, seed)
        dominant_colour = state.colours[state.dominant]
        if any(t // 12 == dominant_colour for t in state.hands[state.dominant]):
            assert RULES.to_move(state) == {state.dominant}


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_is_two_to_five(players):
    with pytest.raises(IllegalMove, match="2 to 5 players"):
        RULES.setup(players, 1)
