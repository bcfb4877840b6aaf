"""Placing tiles: matching, the dominant colour, turn order, passing, the end."""

import pytest

from games.engine import IllegalMove, NotYourTurn, get_rules
from games.rules.alpaca import Place
from games.rules.alpaca.play import replace_fields
from games.rules.alpaca.testing import play_to_the_end, position, tile

RULES = get_rules("alpaca")

# 0,0 red/blue-green rot 0: N red (major), E red (major), S blue, W green.
ONE = "0,0 rbg 0"


def place(name, x, y, rot):
    return Place(tile(name), x, y, rot)


def start(**kwargs):
    defaults = dict(colours="red blue", table=ONE, hands=["ryb rpy brg", "rgp byp"])
    return position(**{**defaults, **kwargs})


def test_a_tile_must_touch_a_triangle_of_the_same_colour():
    state = start()
    # East of 0,0 faces red: red/yellow-blue fits with its major on the W edge.
    assert RULES.apply(state, 0, place("ryb", 1, 0, 2)).state.table[(1, 0)] == tile("ryb") * 4 + 2
    with pytest.raises(
        IllegalMove,
        match=r"touches no triangle of the same colour\. "
        r"Rotations that fit there: rot 2, rot 3\.",
    ):
        RULES.apply(state, 0, place("ryb", 1, 0, 0))


def test_other_edges_may_mismatch():
    # 0,-1 needs blue on its N edge; ryb rot 1 has blue (minor2) there and
    # yellow/red elsewhere, touching nothing else.
    state = start(table=ONE + "; 1,-1 bgy 0")
    after = RULES.apply(state, 0, place("ryb", 0, -1, 1)).state
    assert (0, -1) in after.table


def test_legal_placements_are_exactly_the_matching_ones():
    state = start()
    moves = list(RULES.legal_moves(state, 0))
    assert len(moves) == len(set(moves)) > 0
    assert all(m.tile in (tile("ryb"), tile("rpy")) for m in moves)
    assert place("ryb", 1, 0, 2) in moves and place("ryb", 1, 0, 0) not in moves
    # rpy has no blue or green: it can only go where red is needed (N, E).
    assert {(m.x, m.y) for m in moves if m.tile == tile("rpy")} == {(0, 1), (1, 0)}
    assert RULES.legal_moves(state, 1) == []


def test_the_first_tile_of_the_game_is_placed_freely():
    state = start(table="")
    moves = list(RULES.legal_moves(state, 0))
    assert {(m.x, m.y) for m in moves} == {(0, 0)}  # the cell the help counts from
    assert len(moves) == 8  # two red tiles, four rotations each
    # Any other cell takes it as well, in any rotation; the table grows from there.
    after = RULES.apply(state, 0, place("ryb", 3, -2, 1)).state
    assert after.table == {(3, -2): tile("ryb") * 4 + 1}
    assert set(after.frontier) == {(2, -2), (4, -2), (3, -1), (3, -3)}
    assert RULES.parse_move(state, 0, "red/yellow-blue at 3,-2 rot 1") == place("ryb", 3, -2, 1)


def test_only_tiles_of_the_dominant_colour_may_be_played():
    with pytest.raises(
        IllegalMove,
        match="Red is dominant this round: you may only play a tile "
        "with a red major; your red tiles: red/yellow-blue, "
        "red/purple-yellow",
    ):
        RULES.apply(start(), 0, place("brg", 0, 1, 0))


def test_placement_errors_name_the_problem():
    state = start()
    with pytest.raises(IllegalMove, match="red/green-purple is not in your hand"):
        RULES.apply(state, 0, place("rgp", 1, 0, 2))
    with pytest.raises(IllegalMove, match="0,0 is already taken"):
        RULES.apply(state, 0, place("ryb", 0, 0, 2))
    with pytest.raises(IllegalMove, match="5,5 is not next to the tiles"):
        RULES.apply(state, 0, place("ryb", 5, 5, 2))
    with pytest.raises(NotYourTurn, match="not your turn"):
        RULES.apply(state, 1, place("rgp", 1, 0, 2))


def test_apply_does_not_touch_its_input():
    state = start()
    before = RULES.dump(state)
    RULES.apply(state, 0, place("ryb", 1, 0, 2))
    assert RULES.dump(state) == before and (1, 0) not in state.table


def played_turns(state, count):
    """Seats that placed tiles, with the round's dominant seat, in order."""
    seen = []
    while len(seen) < count and RULES.to_move(state):
        seat = min(RULES.to_move(state))
        move = RULES.default_move(state, seat)
        if isinstance(move, Place):
            seen.append((state.round, state.dominant, seat))
        state = RULES.apply(state, seat, move).state
    return seen


def test_turns_go_left_and_the_dominant_colour_goes_right():
    everything = "ryb rpy rgb bry bgy byr gry grb gyb"
    state = start(colours="red blue green", hands=[everything] * 3)
    # Seats are numbered clockwise: left = next seat, right = previous seat.
    assert played_turns(state, 9) == [
        (1, 0, 0),
        (1, 0, 1),
        (1, 0, 2),  # red (seat 1) leads: seats 1, 2, 3
        (2, 2, 2),
        (2, 2, 0),
        (2, 2, 1),  # then green: seat 3, on seat 1's right
        (3, 1, 1),
        (3, 1, 2),
        (3, 1, 0),  # then blue: seat 2, on seat 3's right
    ]


def test_each_player_plays_one_tile_of_the_dominant_colour_per_round():
    state = start(colours="red blue green", hands=["ryb rpy", "rgb rgp", "ryp rbp"])
    after = RULES.apply(state, 0, place("ryb", 1, 0, 2)).state
    assert RULES.to_move(after) == {1}
    assert len(after.hands[0]) == 1


def test_a_player_without_a_dominant_tile_is_passed():
    state = start(hands=["ryb rpy", "byp bgy"])
    transition = RULES.apply(state, 0, place("ryb", 1, 0, 2))
    after = transition.state
    assert "Seat 2 (blue) passes." in [e.text for e in transition.events]
    # Blue (seat 2) is dominant next and seat 2 holds blue tiles.
    assert (after.round, after.dominant, RULES.to_move(after)) == (2, 1, {1})


# A 2x2 block whose majors meet in the middle: only yellow and purple minors
# face outwards once 1,0 is placed.
BLOCK = "0,0 b/y-p 0; 0,1 r/p-y 1; 1,1 r/y-p 2"


def test_a_player_whose_dominant_tiles_fit_nowhere_is_passed():
    state = start(colours="blue red", table=BLOCK, hands=["b/p-y b/r-g r/g-b", "b/g-r r/b-g"])
    transition = RULES.apply(state, 0, place("b/p-y", 1, 0, 3))
    texts = [e.text for e in transition.events]
    assert texts[1] == "Seat 2 (red) passes."


def test_a_whole_cycle_without_a_placement_ends_the_game():
    state = start(colours="blue red", table=BLOCK, hands=["b/p-y b/r-g r/g-b", "b/g-r r/b-g"])
    transition = RULES.apply(state, 0, place("b/p-y", 1, 0, 3))
    after = transition.state
    assert RULES.is_finished(after) and after.ended_by == "idle cycle"
    assert after.round == 3 and after.hands[0]  # nobody ran out of tiles
    assert transition.events[-1].text == "No tile was placed for 2 rounds: the game ends."


def test_the_round_is_finished_after_someone_plays_their_last_tile():
    state = start(hands=["ryb", "rgp byp"])
    after = RULES.apply(state, 0, place("ryb", 1, 0, 2)).state
    assert not RULES.is_finished(after) and RULES.to_move(after) == {1}
    transition = RULES.apply(after, 1, place("rgp", 0, 1, 1))
    assert RULES.is_finished(transition.state)
    assert transition.state.ended_by == "last tile"
    # The end names who ran out ("Seat 1" becomes their name in mails; "You" for them).
    assert transition.events[-1].text == "Seat 1 has played their last tile: the game ends."
    assert transition.events[-1].data == {"reason": "last tile", "seat": 0}
    template = transition.events[-1].message.template
    assert RULES.second_person[template] == ("seat", "You have played your last tile: the game ends.")


def test_the_game_ends_at_once_when_the_last_seat_of_the_round_empties_its_hand():
    # Red (seat 2) leads this round and has played; seat 1 plays last.
    state = start(colours="blue red", hands=["ryb", "rgp bgy"], dominant=1, turn=1)
    after = RULES.apply(state, 0, place("ryb", 1, 0, 2)).state
    assert RULES.is_finished(after) and after.ended_by == "last tile"
    assert after.hands == ((), (tile("rgp"), tile("bgy")))


def test_default_move_plays_the_placement_scoring_most_now():
    # Red chain: minor at -1,0 + major at 0,0 (open to the north).
    state = start(table="-1,0 b/y-r 2; 0,0 r/y-g 3", hands=["rpb rgy", "rgp"])
    move = RULES.default_move(state, 0)
    assert move == place("rgy", 0, 1, 1)
    assert RULES.outcome(RULES.resign(RULES.apply(state, 0, move).state, 1).state).scores[0] == 3


def test_a_departed_seat_is_played_by_default_move():
    state = start(colours="red blue green", hands=["ryb rpy", "rgp byp", "rgy gyb"])
    state = RULES.resign(RULES.apply(state, 0, place("ryb", 1, 0, 2)).state, 1).state
    assert RULES.to_move(state) == {2}
    assert state.hands[1] == (tile("byp"),)


def test_over_a_whole_game_each_round_is_led_by_the_previous_leaders_right():
    state, leaders = play_to_the_end(RULES, RULES.setup(5, 3))
    assert len(leaders) == state.round > 5
    assert all(b == (a - 1) % 5 for a, b in zip(leaders, leaders[1:], strict=False))
    assert state.ended_by == "last tile" and not all(state.hands)


def test_randomize_hidden_redeals_only_what_the_seat_cannot_see():
    state = RULES.setup(3, 8)
    other = RULES.randomize_hidden(state, 1, seed=5)
    assert other.hands[1] == state.hands[1]
    assert [len(h) for h in other.hands] == [12, 12, 12]
    assert sorted(other.hands[0] + other.hands[2]) == sorted(state.hands[0] + state.hands[2])
    assert other.hands != state.hands and other.secret != state.secret
    spectator = RULES.randomize_hidden(state, None, seed=5)
    assert sorted(t for h in spectator.hands for t in h) == sorted(t for h in state.hands for t in h)


def test_once_the_game_is_over_nothing_is_hidden_any_more():
    state = RULES.resign(RULES.setup(2, 8), 1).state  # ended early: hands shown
    other = RULES.randomize_hidden(state, 0, seed=5)
    assert other.hands == state.hands
    assert RULES.view(other, 0) == RULES.view(state, 0)


def test_the_re_deal_does_not_depend_on_how_the_hidden_tiles_lie_in_the_other_hands():
    """Rules, hidden information: "each hand (others see the count)".  The
    privacy checks compare what a seat is shown across ``randomize_hidden``
    re-deals; two games differing only in which other hand holds which tile
    re-deal alike for the same seed, so nothing of the true deal survives."""
    state = RULES.setup(3, 8)
    hands = list(state.hands)
    hands[0], hands[2] = hands[0][:6] + hands[2][6:], hands[2][:6] + hands[0][6:]
    swapped = replace_fields(state, {"hands": tuple(tuple(sorted(h)) for h in hands)})
    assert RULES.view(swapped, 1) == RULES.view(state, 1)
    for seed in (1, 2, 3):
        assert RULES.randomize_hidden(swapped, 1, seed) == RULES.randomize_hidden(state, 1, seed)
