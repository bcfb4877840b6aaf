"""The rules file (shared/rules/alpaca.md) to the letter, for the awkward
cases no other test file pins: a last tile that closes a figure, the idle
cycle with five players, and a timed-out seat's moves."""

import pytest

from games.engine import get_rules
from games.rules.alpaca import Lock, Place
from games.rules.alpaca.testing import position, tile

RULES = get_rules("alpaca")

ONE = "0,0 rbg 0"  # N red, E red (major), S blue, W green
PAIR = ((0, -1), (0, 0))
# Only yellow and purple minors face outwards once b/p-y lies at 1,0 rot 3.
BLOCK = "0,0 b/y-p 0; 0,1 r/p-y 1; 1,1 r/y-p 2"


def place(name, x, y, rot):
    return Place(tile(name), x, y, rot)


def test_a_last_tile_that_closes_a_figure_takes_its_bonus_before_the_game_ends():
    """ "When a player has played their last tile, the round is finished and
    the game ends" — after the bonus action the figure earned."""
    # Seat 2 (blue) holds no red tile: seat 1's placement ends the round.
    state = position(colours="red blue", table=ONE, hands=["ryb", "byp"])
    after = RULES.apply(state, 0, place("ryb", 0, -1, 1)).state
    assert after.hands[0] == ()
    assert not RULES.is_finished(after)
    assert (after.phase, after.bonuses, RULES.to_move(after)) == ("bonus", 1, {0})
    assert Lock(PAIR) in list(RULES.legal_moves(after, 0))
    final = RULES.apply(after, 0, Lock(PAIR)).state
    assert RULES.is_finished(final) and final.ended_by == "last tile"
    assert final.locked == (PAIR,) and final.counters == 14


def test_with_five_players_the_idle_cycle_is_five_rounds():
    """ "If a whole cycle of dominant colours passes with no tile placed, the
    game ends too": one round per player."""
    state = position(
        colours="blue red green yellow purple",
        table=BLOCK,
        hands=["b/p-y b/r-g", "r/b-g", "g/r-b", "g/b-r", "r/g-b"],
    )
    transition = RULES.apply(state, 0, place("b/p-y", 1, 0, 3))
    after = transition.state
    assert RULES.is_finished(after) and after.ended_by == "idle cycle"
    assert after.round == 6  # round 1 had a placement; rounds 2 to 6 had none
    assert transition.events[-1].text == "No tile was placed for 5 rounds: the game ends."


@pytest.mark.parametrize("phase", ["place", "bonus"])
def test_a_timed_out_seat_plays_a_legal_move(phase):
    state = position(colours="red blue", table=ONE, hands=["ryb rpy", "rgp"])
    if phase == "bonus":
        state = RULES.apply(state, 0, place("ryb", 0, -1, 1)).state
    move = RULES.default_move(state, 0)
    assert move in list(RULES.legal_moves(state, 0))
