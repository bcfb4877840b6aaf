"""Closed figures and the bonus actions they earn."""

import pytest

from games.engine import IllegalMove, get_rules
from games.rules.alpaca import Lock, NoBonus, Place, Rotate, closed_figures
from games.rules.alpaca.board import figure_colour
from games.rules.alpaca.state import COLOURS
from games.rules.alpaca.testing import plain, position, tile

RULES = get_rules("alpaca")

ONE = "0,0 rbg 0"  # S edge: blue minor1
PAIR = ((0, -1), (0, 0))
SQUARE3 = "0,0 r/b-g 0; 0,1 r/y-g 1; 1,1 r/g-b 2"  # majors meet at point 1,1
SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))


def place(name, x, y, rot):
    return Place(tile(name), x, y, rot)


def after_pair(**kwargs):
    """Seat 1 (red) has just closed a blue minor pair below 0,0."""
    state = position(colours="red blue", table=ONE, hands=["ryb rpy", "rgp byp"], **kwargs)
    return RULES.apply(state, 0, place("ryb", 0, -1, 1))


def bonus_state(table, pending, **kwargs):
    defaults = dict(
        colours="red blue",
        hands=["rpy", "rgp"],
        phase="bonus",
        bonuses=max(1, len(pending)),
        pending=pending,
    )
    return position(table=table, **{**defaults, **kwargs})


# --------------------------------------------------------------- figures
def test_two_minor_triangles_across_an_edge_close_a_figure():
    transition = after_pair()
    state = transition.state
    assert (state.phase, state.bonuses, state.pending) == ("bonus", 1, (PAIR,))
    assert RULES.to_move(state) == {0}
    assert "closed a figure of two minor triangles (0,-1 / 0,0): one bonus action" in (transition.events[1].text)


def test_four_major_triangles_at_a_corner_close_a_figure():
    state = position(colours="red blue", table=SQUARE3, hands=["rby rpy", "rgp"])
    after = RULES.apply(state, 0, place("rby", 1, 0, 3)).state
    assert after.pending == (SQUARE,)


def test_near_misses_close_nothing():
    # The same tile turned so that its major corner is not at the meeting point.
    state = position(colours="red blue", table=SQUARE3, hands=["rby rpy", "rgp"])
    after = RULES.apply(state, 0, place("rby", 1, 0, 2)).state
    assert after.phase == "place" and RULES.to_move(after) == {1}
    # A minor facing a major of the same colour connects but is no figure.
    table = plain(ONE + "; 0,-1 b/y-r 0")
    assert closed_figures(table) == []
    # Three red majors and a blue one at the corner.
    assert closed_figures(plain(SQUARE3 + "; 1,0 b/r-y 3")) == []
    # Two minors of different colours.
    assert closed_figures(plain(ONE + "; 0,-1 y/g-r 2")) == []


def test_closed_figures_lists_both_kinds_with_colour_and_cells():
    figures = closed_figures(plain(SQUARE3 + "; 1,0 r/b-g 3; 2,0 y/b-p 1"))
    assert [(f.kind, f.colour, f.cells) for f in figures] == [
        ("minor pair", "blue", ((1, 0), (2, 0))),
        ("major square", "red", SQUARE),
    ]


def test_one_bonus_action_per_figure_closed_by_the_placement():
    state = position(colours="red blue", table=SQUARE3 + "; 2,0 y/b-p 1", hands=["rbg rpy", "rgp"])
    after = RULES.apply(state, 0, place("rbg", 1, 0, 3)).state
    assert after.bonuses == 2 and after.pending == (((1, 0), (2, 0)), SQUARE)
    after = RULES.apply(after, 0, Lock(SQUARE)).state
    assert (after.phase, after.bonuses, after.pending) == (
        "bonus",
        1,
        (((1, 0), (2, 0)),),
    )
    after = RULES.apply(after, 0, NoBonus()).state
    assert after.phase == "place" and RULES.to_move(after) == {1}


# ------------------------------------------------------------------ lock
def test_lock_makes_the_figure_untouchable_and_uses_a_counter():
    state = RULES.apply(after_pair().state, 0, Lock(PAIR)).state
    assert state.counters == 14 and state.locked == (PAIR,)
    assert state.untouchable == {(0, -1), (0, 0)}
    assert RULES.to_move(state) == {1}


def test_untouchable_tiles_cannot_be_rotated():
    # Any pending figure gives the bonus phase; this one is no figure to lock (no colour).
    state = bonus_state(ONE + "; 0,-1 ryb 1; 1,0 ryb 2", (((1, 0),),), locked=(PAIR,), pending_colours=(-1,))
    moves = list(RULES.legal_moves(state, 0))
    assert {(m.x, m.y) for m in moves if isinstance(m, Rotate)} == {(1, 0)}
    with pytest.raises(
        IllegalMove,
        match="The tile at 0,0 is part of an untouchable figure and cannot be rotated",
    ):
        RULES.apply(state, 0, Rotate(0, 0, 1))


def test_counters_run_out_at_fifteen():
    state = after_pair(counters=1).state
    assert Lock(PAIR) in list(RULES.legal_moves(state, 0))
    assert RULES.apply(state, 0, Lock(PAIR)).state.counters == 0
    empty = after_pair(counters=0).state
    assert not any(isinstance(m, Lock) for m in RULES.legal_moves(empty, 0))
    with pytest.raises(IllegalMove, match="No counters are left: all 15 are already on the table"):
        RULES.apply(empty, 0, Lock(PAIR))


def test_only_a_just_closed_figure_can_be_locked():
    state = after_pair().state
    with pytest.raises(IllegalMove, match="Only a figure you have just closed"):
        RULES.apply(state, 0, Lock(SQUARE))


def test_a_figure_broken_by_an_earlier_bonus_rotation_cannot_be_locked():
    state = position(colours="red blue", table=SQUARE3 + "; 2,0 y/b-p 1", hands=["rbg rpy", "rgp"])
    state = RULES.apply(state, 0, place("rbg", 1, 0, 3)).state
    state = RULES.apply(state, 0, Rotate(2, 0, 0)).state  # breaks the blue pair
    assert Lock(((1, 0), (2, 0))) not in list(RULES.legal_moves(state, 0))
    assert Lock(SQUARE) in list(RULES.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="no longer closed"):
        RULES.apply(state, 0, Lock(((1, 0), (2, 0))))


# A red tile at 0,0 closes three figures at once: a blue pair with 0,1, a
# green pair with 1,0 and the red square at -1,-1.
THREE = "-1,-1 ryb 0; -1,0 ryg 1; 0,-1 ryp 3; 0,1 ybg 0; 1,0 ypg 0"
BLUE_PAIR = ((0, 0), (0, 1))


def three_figures_closed():
    state = position(colours="red blue", table=THREE, hands=["rbg rgy", "ryb"])
    return RULES.apply(state, 0, place("rbg", 0, 0, 2)).state


def test_a_pair_rotated_into_another_colour_is_not_the_figure_closed():
    state = three_figures_closed()
    assert state.bonuses == 3 and BLUE_PAIR in state.pending
    # Two rotations turn the blue pair's cells into a green pair: a figure
    # made by rotations, which earn nothing (D), not the one closed.
    state = RULES.apply(state, 0, Rotate(0, 0, 1)).state
    state = RULES.apply(state, 0, Rotate(0, 1, 3)).state
    assert COLOURS[figure_colour(state.table, BLUE_PAIR)] == "green"
    assert Lock(BLUE_PAIR) not in list(RULES.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="no longer closed"):
        RULES.apply(state, 0, Lock(BLUE_PAIR))
    figures = RULES.view(state, 1)["bonus"]["figures"]
    assert [(f["colour"], f["lockable"]) for f in figures if f["cells"] == [[0, 0], [0, 1]]] == [("blue", False)]


def test_a_figure_turned_away_and_back_is_intact_again():
    state = three_figures_closed()
    state = RULES.apply(state, 0, Rotate(0, 1, 1)).state  # breaks the blue pair
    assert Lock(BLUE_PAIR) not in list(RULES.legal_moves(state, 0))
    state = RULES.apply(state, 0, Rotate(0, 1, 0)).state  # and mends it
    after = RULES.apply(state, 0, Lock(BLUE_PAIR)).state
    assert after.locked == (BLUE_PAIR,) and after.counters == 14


def test_the_colour_a_figure_was_closed_in_is_saved_with_the_game():
    state = RULES.apply(three_figures_closed(), 0, Rotate(0, 0, 1)).state
    dumped = RULES.dump(state)
    assert RULES.load(dumped) == state
    # A game saved before the colours were kept reads them off the table.
    del dumped["state"]["pending_colours"]
    older = RULES.load(dumped)
    assert older.pending == state.pending and len(older.pending_colours) == len(older.pending)


# -------------------------------------------------------------- rotation
def test_bonus_rotation_turns_any_touchable_tile_to_any_other_rotation():
    state = after_pair().state
    rotations = [m for m in RULES.legal_moves(state, 0) if isinstance(m, Rotate)]
    assert sorted((m.x, m.y, m.rot) for m in rotations) == [
        (0, -1, 0),
        (0, -1, 2),
        (0, -1, 3),
        (0, 0, 1),
        (0, 0, 2),
        (0, 0, 3),
    ]
    after = RULES.apply(state, 0, Rotate(0, 0, 2)).state
    assert after.table[(0, 0)] == tile("rbg") * 4 + 2
    with pytest.raises(IllegalMove, match="already has rotation 0; choose another rotation"):
        RULES.apply(state, 0, Rotate(0, 0, 0))
    with pytest.raises(IllegalMove, match="There is no tile at 3,3 to rotate"):
        RULES.apply(state, 0, Rotate(3, 3, 1))


def test_a_rotated_tile_need_not_match():
    state = after_pair().state
    # rot 2 turns 0,0's red edges away: its N edge (blue) faces nothing, its
    # S edge (red major) now faces 0,-1's blue minor.
    after = RULES.apply(state, 0, Rotate(0, 0, 2)).state
    assert after.phase == "place" and (0, 0) in after.table


def test_a_rotation_never_earns_a_bonus():
    # 0,-1 at rot 0 shows red to 0,0's blue minor; at rot 1 its blue minor2
    # faces it, closing a pair.
    state = bonus_state(ONE + "; 0,-1 ryb 0", ())
    after = RULES.apply(state, 0, Rotate(0, -1, 1)).state
    assert closed_figures(plain(ONE + "; 0,-1 ryb 1"))  # the rotation closed a pair...
    assert after.phase == "place" and after.bonuses == 0  # ...but earned nothing


def test_rotation_updates_where_tiles_fit():
    state = after_pair().state
    after = RULES.apply(state, 0, Rotate(0, 0, 2)).state
    assert after.frontier == RULES.load(RULES.dump(after)).frontier


def test_bonus_can_be_declined_and_no_bonus_move_outside_a_bonus():
    state = RULES.apply(after_pair().state, 0, NoBonus()).state
    assert state.phase == "place" and state.counters == 15
    with pytest.raises(IllegalMove, match="You have no bonus action now"):
        RULES.apply(state, 1, NoBonus())


def test_placing_before_taking_the_bonus_is_refused():
    with pytest.raises(IllegalMove, match="First take your bonus action"):
        RULES.apply(after_pair().state, 0, place("rpy", 1, 0, 2))


def test_default_bonus_locks_a_figure_of_ones_own_colour_or_declines():
    state = position(colours="red blue", table=SQUARE3, hands=["rby rpy", "rgp"])
    after = RULES.apply(state, 0, place("rby", 1, 0, 3)).state
    assert RULES.default_move(after, 0) == Lock(SQUARE)
    # A blue pair closed by red: no rotation gains red anything -> decline.
    assert RULES.default_move(after_pair().state, 0) == NoBonus()


def test_default_bonus_takes_the_rotation_that_gains_most():
    # 0,0 rot 2 or 3 turns its red major towards -1,0's red minor.
    state = bonus_state("-1,0 b/y-r 2; 0,0 r/y-g 0", ())
    assert RULES.default_move(state, 0) == Rotate(0, 0, 2)
