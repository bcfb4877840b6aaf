"""The turn: selling a tile, passing, drawing, the empty draw pile."""

import random

import pytest

from games.engine import IllegalMove
from games.rules.atlantis import (
    MAINLAND,
    AtlantisRules,
    BuildBridge,
    Go,
    Pass,
    Pay,
    Sell,
)
from games.rules.atlantis.testing import build, hand_text, tiles_text

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)


# ---------------------------------------------------------------- selling
def test_selling_a_tile_gives_half_its_value_in_cards_rounded_down():
    state = build("bl3 ye2", hands=["bl"], tiles=["wh5 gy1"], draw="pk br ye")
    after = RULES.apply(state, 0, Sell(5)).state
    assert tiles_text(after, 0) == "gy1"
    assert hand_text(after, 0) == "bl pk br"
    assert after.turn == 0 and after.phase == "bridge"


def test_a_tile_of_value_1_sells_for_nothing():
    state = build("bl3 ye2", hands=["bl"], tiles=["gy1"], draw="pk")
    after = RULES.apply(state, 0, Sell(1)).state
    assert after.tiles[0] == () and hand_text(after, 0) == "bl"


def test_only_one_tile_may_be_sold_and_only_at_the_start():
    state = build("bl3 . ye2", hands=["bl"], tiles=["wh5 gy4"], draw="pk br ye")
    assert [m for m in RULES.legal_moves(state, 0) if isinstance(m, Sell)] == [
        Sell(4),
        Sell(5),
    ]
    after = RULES.apply(state, 0, Sell(5)).state
    assert not [m for m in RULES.legal_moves(after, 0) if isinstance(m, Sell)]
    with pytest.raises(IllegalMove, match="only be sold at the start of your turn, once"):
        RULES.apply(after, 0, Sell(4))
    bridged = RULES.apply(state, 0, BuildBridge(2)).state
    with pytest.raises(IllegalMove, match="only be sold at the start"):
        RULES.apply(bridged, 0, Sell(4))


def test_selling_a_tile_you_do_not_have_is_refused():
    state = build("bl3", hands=["bl"], tiles=["wh5"])
    with pytest.raises(IllegalMove, match="no tile of value 3 \\(your values: 5\\)"):
        RULES.apply(state, 0, Sell(3))


def test_selling_then_building_then_moving_is_one_turn():
    state = build("bl3 . ye2 gy4", hands=["gy"], tiles=["wh5"], draw="pk br ye")
    text = "sell 5; bridge 2; A grey -> 4"
    after = RULES.apply_text(state, 0, text).state
    assert after.turn == 1
    assert after.road.bridges[0] == 2
    assert tiles_text(after, 0) == "ye2"
    assert hand_text(after, 0) == "ye pk br"


# ---------------------------------------------------------------- passing
def test_passing_is_the_only_option_without_a_legal_move():
    state = build("bl3 ye2", hands=[""], draw="pk br")
    assert RULES.legal_moves(state, 0) == [Pass()]
    after = RULES.apply(state, 0, Pass()).state
    assert hand_text(after, 0) == "pk br"
    assert after.turn == 1


def test_passing_is_refused_when_a_move_exists():
    state = build("bl3 ye2", hands=["bl"], draw="pk br")
    assert Pass() not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="only pass when no pawn move is possible"):
        RULES.apply(state, 0, Pass())


def test_passing_draws_two_cards_whatever_is_on_the_mainland():
    state = build("bl3 . gy4", hands=["gy"], mainland={0: 2}, draw="pk br ye")
    # The toll of 3 cannot be paid: no legal move.
    assert RULES.legal_moves(state, 0) == [BuildBridge(2), Pass()]
    after = RULES.apply(state, 0, Pass()).state
    assert hand_text(after, 0) == "gy pk br"


def test_a_player_may_sell_or_bridge_before_passing():
    state = build("bl3 . gy4", hands=["gy"], tiles=["wh2"], draw="pk br ye")
    assert RULES.legal_moves(state, 0) == [Sell(2), BuildBridge(2), Pass()]
    after = RULES.apply(state, 0, BuildBridge(2)).state
    assert RULES.legal_moves(after, 0) == [Go(0, (GY,))]


def test_water_a_move_leaves_can_be_bridged_from_the_next_turn_on():
    # Rules D: the bridge comes before the pawn moves.  Grey takes seat 0's
    # pawn from 1 to 3 and the blue 3 behind it: position 2 becomes water.
    state = build("ye5@0 bl3 gy4 . wh6", hands=["gy bl", "bl"], draw="br br br br")
    assert RULES.legal_moves(state, 0)[0] == BuildBridge(4)
    after = RULES.apply(state, 0, Go(1, (GY,))).state
    assert after.road.gap_at(2) is not None and after.turn == 1
    assert BuildBridge(2) in RULES.legal_moves(after, 1)
    owing = RULES.apply(build("bl3 . gy4", hands=["gy bl bl bl"]), 0, Go(0, (GY,))).state
    with pytest.raises(IllegalMove, match="bridge must be built before you move"):
        RULES.apply(owing, 0, BuildBridge(2))


# ---------------------------------------------------------------- drawing
def test_a_move_draws_one_card_plus_one_per_pawn_on_the_mainland():
    road = "bl3 ye2 gy4 pk5 wh6"
    draw = "br br br br br"
    none = RULES.apply(build(road, hands=["bl"], draw=draw), 0, Go(0, (BL,))).state
    assert hand_text(none, 0) == "br"
    one = RULES.apply(build(road, hands=["bl"], draw=draw, mainland={0: 1}), 0, Go(0, (BL,))).state
    assert hand_text(one, 0) == "br br"
    two = RULES.apply(build(road, hands=["bl"], draw=draw, mainland={0: 2}), 0, Go(0, (BL,))).state
    assert hand_text(two, 0) == "br br br"


def test_a_pawn_arriving_on_the_mainland_counts_for_that_turn_s_draw():
    state = build("bl3 ye2@0", hands=["gn"], draw="br br br")
    after = RULES.apply(state, 0, Go(2, (GN,))).state
    assert after.pawns[0] == (0, 0, MAINLAND)
    assert hand_text(after, 0) == "br br"


def test_an_empty_draw_pile_is_refilled_from_played_and_paid_cards():
    state = build("bl3 . gy4", hands=["gy bl bl bl"], discard="wh wh")
    moved = RULES.apply(state, 0, Go(0, (GY,))).state
    transition = RULES.apply(moved, 0, Pay((), (BL, BL, BL)))
    after = transition.state
    # Discards: 2 white + the played grey + 3 paid blue; one is drawn.
    assert sum(after.hands[0]) == 1 and len(after.draw) == 5
    assert after.discard == (0,) * 7
    pooled = [after.draw.count(c) + after.hands[0][c] for c in range(7)]
    assert pooled == [3, 2, 1, 0, 0, 0, 0]
    assert "reshuffle" in [e.kind for e in transition.events]


def test_the_reshuffle_is_fixed_by_the_state_s_rng():
    state = build("bl3 . gy4", hands=["gy bl bl bl"], discard="wh wh")
    moved = RULES.apply(state, 0, Go(0, (GY,))).state
    first = RULES.apply(moved, 0, Pay((), (BL, BL, BL))).state
    again = RULES.apply(moved, 0, Pay((), (BL, BL, BL))).state
    assert first == again
    other = RULES.apply(moved.evolve(secret=99), 0, Pay((), (BL, BL, BL))).state
    assert other.draw != first.draw or other.hands != first.hands


def test_with_both_piles_empty_fewer_cards_are_drawn():
    state = build("bl3 ye2", hands=[""], discard="pk")
    after = RULES.apply(state, 0, Pass()).state
    assert hand_text(after, 0) == "pk"


# --------------------------------------------------------- deadlock guard
def test_a_full_round_of_passes_without_cards_to_draw_ends_the_game():
    state = build("bl3 . gy4", hands=["", ""])
    first = RULES.apply(state, 0, Pass()).state
    assert first.idle == 1 and first.phase == "start"
    transition = RULES.apply(first, 1, Pass())
    assert transition.state.phase == "over"
    assert "deadlock" in [e.kind for e in transition.events]
    outcome = RULES.outcome(transition.state)
    # Every pawn still on Atlantis crossed the toll-3 gap: 3 pawns x 3.
    assert outcome.scores == (-9, -9)
    assert outcome.ranking == ((0, 1),)


def test_a_pass_that_draws_or_a_bridge_resets_the_deadlock_count():
    state = build("bl3 . gy4", hands=["", ""], discard="pk")
    first = RULES.apply(state, 0, Pass()).state
    assert first.idle == 0
    state = build("bl3 . gy4", hands=["", ""], players=2)
    first = RULES.apply(state, 0, Pass()).state
    bridged = RULES.apply(first, 1, BuildBridge(2)).state
    assert bridged.idle == 0
    after = RULES.apply(bridged, 1, Pass()).state
    assert after.phase == "start" and after.idle == 1


# ------------------------------------------------------------ turn order
def test_turns_pass_in_seat_order_and_wrap_around():
    state = build("bl3 ye2 gy4 pk5", players=3, turn=2, hands=["", "", "bl"], draw="br br br")
    after = RULES.apply(state, 2, Go(0, (BL,))).state
    assert after.turn == 0
    assert RULES.to_move(after) == frozenset({0})
    assert RULES.legal_moves(after, 1) == []


def test_random_games_always_end():
    """Pawns only move forward, passes draw while cards remain, and the
    deadlock guard ends the rest: random games finish in a bounded number of
    steps."""
    longest = 0
    for seed in range(40):
        chooser = random.Random(seed)
        state = RULES.setup(2 + seed % 3, seed)
        steps = 0
        while RULES.to_move(state):
            moves = RULES.legal_moves(state, state.turn)
            state = RULES.apply(state, state.turn, chooser.choice(moves)).state
            steps += 1
            assert steps < 2000
        longest = max(longest, steps)
        assert RULES.outcome(state) is not None
    assert longest > 30


def test_a_refused_pass_shows_a_move_the_player_can_make():
    """A player who believes no pawn can move (the only yellow lies behind
    another pawn: a jump is needed) is shown a move, written as they would
    write it, that the game reads back."""
    state = build("ye2@1 bl3", hands=["ye ye"], draw="pk br")
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Pass())
    text = str(refused.value)
    assert "only pass when no pawn move is possible" in text
    example = text.split("for example '")[1].split("'")[0]
    assert RULES.parse_move(state, 0, example) in RULES.legal_moves(state, 0)


def test_the_sale_of_a_tile_of_value_1_says_it_brings_no_card():
    """The others read "Bram sells tile blue 1." then "Bram draws 0 cards.";
    the sale now says at once that a tile of value 1 brings no card."""
    state = build("bl3 ye2", hands=["bl"], tiles=["gy1"], draw="pk")
    texts = [event.text for event in RULES.apply(state, 0, Sell(1)).events]
    assert texts == ["Seat 1 sells tile grey 1, which brings no card."]
    sold = RULES.apply(build("bl3 ye2", hands=["bl"], tiles=["wh5"], draw="pk br"), 0, Sell(5)).events
    assert [e.text for e in sold if e.to is None] == ["Seat 1 sells tile white 5.", "Seat 1 draws 2 cards."]
