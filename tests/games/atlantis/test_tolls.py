"""Paying tolls: tiles and cards, no change, unaffordable moves."""

import pytest

from games.engine import IllegalMove
from games.rules.atlantis import AtlantisRules, Go, Pass, Pay, pay_class, walks
from games.rules.atlantis.testing import build, every_payment, hand_text, tiles_text

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)

# A gap between a 3 and a 4: crossing it costs 3.
ROAD = "bl3 . gy4 wh6 pk5"


def owing(hands, tiles=""):
    """The state after seat 0 moved over the toll-3 gap onto the grey 4."""
    state = build(ROAD, hands=[hands], tiles=[tiles], draw="br br br br")
    return RULES.apply(state, 0, Go(0, (GY,))).state


def test_a_toll_is_paid_as_a_separate_step_before_the_tile_is_taken():
    state = owing("gy bl pk pk")
    assert state.phase == "pay" and state.toll_due == 3 and state.turn == 0
    assert state.tiles[0] == ()
    after = RULES.apply(state, 0, Pay((), (BL, PK, PK))).state
    assert hand_text(after, 0) == "br"
    assert tiles_text(after, 0) == "bl3"
    assert after.discard[BL] == 1 and after.discard[PK] == 2 and after.discard[GY] == 1
    assert after.turn == 1


def test_every_irredundant_multiset_is_accepted_and_one_per_class_is_listed():
    state = owing("gy bl pk pk", tiles="ye1 ye2 wh5")
    legal = {
        Pay((5,), ()),  # forced overpay by 2
        Pay((2, 1), ()),
        Pay((2,), (BL,)),
        Pay((2,), (PK,)),
        Pay((1,), (BL, PK)),
        Pay((1,), (PK, PK)),
        Pay((), (BL, PK, PK)),
    }
    assert set(every_payment(state.tiles[0], state.hands[0], 3)) == legal
    for move in legal:
        RULES.apply(state, 0, move)
    # One per (cards, tile total), least overpayment then fewest cards; the
    # colours held most pay first (pink, then blue and pink tie: blue).
    assert RULES.legal_moves(state, 0) == [
        Pay((2, 1), ()),
        Pay((2,), (PK,)),
        Pay((1,), (BL, PK)),
        Pay((), (BL, PK, PK)),
        Pay((5,), ()),
    ]
    assert {pay_class(m) for m in RULES.legal_moves(state, 0)} == {pay_class(m) for m in legal}


def test_overpaying_is_forced_when_nothing_smaller_is_left():
    state = owing("gy", tiles="br7")
    assert RULES.legal_moves(state, 0) == [Pay((7,), ())]
    after = RULES.apply(state, 0, Pay((7,), ())).state
    assert tiles_text(after, 0) == "bl3"  # the 7 is gone, no change given


def test_paying_more_items_than_needed_is_refused():
    state = owing("gy bl pk pk", tiles="wh5 ye1")
    with pytest.raises(IllegalMove, match="no change is given"):
        RULES.apply(state, 0, Pay((5,), (BL,)))
    with pytest.raises(IllegalMove, match="no change is given"):
        RULES.apply(state, 0, Pay((5, 1), ()))


def test_paying_too_little_is_refused():
    state = owing("gy bl pk pk")
    with pytest.raises(IllegalMove, match="The toll is 3; this pays only 2"):
        RULES.apply(state, 0, Pay((), (BL, PK)))


def test_paying_with_what_you_do_not_have_is_refused():
    state = owing("gy bl pk pk", tiles="wh5")
    with pytest.raises(IllegalMove, match="no \\(further\\) tile of value 4"):
        RULES.apply(state, 0, Pay((4,), ()))
    with pytest.raises(IllegalMove, match="no \\(further\\) brown card"):
        RULES.apply(state, 0, Pay((), (BR, BL, PK)))


def test_nothing_but_the_payment_is_allowed_while_a_toll_is_due():
    state = owing("gy bl pk pk wh")
    with pytest.raises(IllegalMove, match="already moved this turn"):
        RULES.apply(state, 0, Go(0, (WH,)))
    with pytest.raises(IllegalMove, match="cannot pass while a toll is due"):
        RULES.apply(state, 0, Pass())


def test_a_move_whose_toll_exceeds_all_you_could_pay_is_not_listed():
    state = build(ROAD, hands=["gy bl"], tiles=["ye1"])
    # After playing the grey card: one card + tile 1 = 2 < toll 3.
    assert [m for m, _, _ in walks(state, 0)] == [Go(0, (BL,))]


def test_an_unaffordable_move_is_refused_with_a_message():
    state = build(ROAD, hands=["gy bl"], tiles=["ye1"])
    with pytest.raises(IllegalMove, match="toll of 3, but you could pay at most 2"):
        RULES.apply(state, 0, Go(0, (GY,)))


def test_the_cards_of_the_move_itself_cannot_pay_its_toll():
    state = build(ROAD, hands=["gy bl bl"])
    assert Go(0, (GY,)) not in [m for m, _, _ in walks(state, 0)]
    state = build(ROAD, hands=["gy bl bl bl"])
    assert Go(0, (GY,)) in [m for m, _, _ in walks(state, 0)]


def test_tolls_of_one_move_add_up_across_gaps():
    state = build("bl3 . gy4 . wh6 pk5", hands=["wh bl bl bl bl bl bl bl"])
    after = RULES.apply(state, 0, Go(0, (WH,))).state
    assert after.toll_due == 3 + 4


def test_a_payment_in_any_order_is_taken_in_canonical_order():
    state = owing("gy bl pk pk", tiles="ye1 ye2")
    after = RULES.apply(state, 0, Pay((1, 2), ())).state
    assert after.turn == 1 and tiles_text(after, 0) == "bl3"
    with pytest.raises(IllegalMove, match="tile values and card colours"):
        RULES.apply(state, 0, Pay(("two",), ()))
