"""Setup: the road of 52 positions and 84 tiles, the deck, the starting hands."""

from collections import Counter

import pytest

from games.rules.atlantis import COLOURS, AtlantisRules, tile_colour, tile_value

RULES = AtlantisRules()


def test_the_road_has_52_tile_positions_around_one_water_gap():
    state = RULES.setup(2, seed=1)
    heights = [len(s) for s in state.road.stacks]
    assert heights == [2] * 10 + [1] * 10 + [2] * 6 + [0] + [2] * 6 + [1] * 10 + [2] * 10
    assert sum(heights) == 84
    assert sum(1 for h in heights if h) == 52
    assert [(g.first, g.last) for g in state.road.gaps] == [(27, 27)]
    toll = min(state.road.values[26], state.road.values[28])
    assert state.road.gaps[0].toll == toll


def test_a_tiles_lie_before_the_gap_and_b_tiles_after_it():
    state = RULES.setup(3, seed=5)
    a_tiles = [t for s in state.road.stacks[:26] for t in s]
    b_tiles = [t for s in state.road.stacks[27:] for t in s]
    expected_a = Counter((c, v) for c in range(7) for v in range(1, 7))
    expected_b = Counter((c, v) for c in range(7) for v in range(2, 8))
    assert Counter((tile_colour(t), tile_value(t)) for t in a_tiles) == expected_a
    assert Counter((tile_colour(t), tile_value(t)) for t in b_tiles) == expected_b


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_hands_are_4_5_6_7_from_the_start_player(players):
    state = RULES.setup(players, seed=17)
    sizes = [sum(state.hands[(state.start + i) % players]) for i in range(players)]
    assert sizes == [4, 5, 6, 7][:players]
    assert state.turn == state.start
    total = Counter(state.draw)
    for hand in state.hands:
        total.update({c: n for c, n in enumerate(hand)})
    assert total == Counter({c: 15 for c in range(len(COLOURS))})


def test_the_first_seat_starts_whatever_the_seed():
    # The seat order is drawn (casual games) or chosen (tournaments) before
    # the engine, which gives the first seat the first turn and 4 cards.
    for s in range(20):
        state = RULES.setup(4, seed=s)
        assert state.start == state.turn == 0
        assert [sum(hand) for hand in state.hands] == [4, 5, 6, 7]


def test_all_pawns_start_on_atlantis_with_unbuilt_bridges():
    state = RULES.setup(4, seed=2)
    assert state.pawns == ((0, 0, 0),) * 4
    assert state.road.bridges == (0, 0, 0, 0)
    assert state.tiles == ((),) * 4


def test_two_to_four_players():
    with pytest.raises(ValueError, match="2 to 4 players"):
        RULES.setup(5, seed=1)
    with pytest.raises(ValueError, match="2 to 4 players"):
        RULES.setup(1, seed=1)
