"""Paying tolls: tiles and cards, no change, unaffordable moves."""

import pytest

from games.engine import IllegalMove
from games.rules.atlantis import AtlantisRules, Go, Pass, Pay, pay_class, pay_options, walks
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


def test_every_legal_multiset_is_accepted_and_one_per_class_is_listed():
    state = owing("gy bl pk pk", tiles="ye1 ye2 wh5")
    # Tile 5 alone is irredundant but overpays while exact payments exist.
    legal = {
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
    # One per (cards, tile total), fewest cards first; the colours held most
    # pay first (pink, then blue and pink tie: blue).
    assert RULES.legal_moves(state, 0) == [
        Pay((2, 1), ()),
        Pay((2,), (PK,)),
        Pay((1,), (BL, PK)),
        Pay((), (BL, PK, PK)),
    ]
    assert {pay_class(m) for m in RULES.legal_moves(state, 0)} == {pay_class(m) for m in legal}


def test_overpaying_is_forced_when_nothing_smaller_is_left():
    state = owing("gy", tiles="br7")
    assert RULES.legal_moves(state, 0) == [Pay((7,), ())]
    after = RULES.apply(state, 0, Pay((7,), ())).state
    assert tiles_text(after, 0) == "bl3"  # the 7 is gone, no change given


def test_an_overpayment_is_refused_when_the_tiles_can_pay_exactly():
    # Tile 5 alone needs every item, but tile 3 (or 3 cards) pays exactly.
    state = owing("gy bl bl bl bl bl bl", tiles="wh5 ye3")
    assert [label for label, _ in RULES.move_options(state, 0)] == [
        "pay 3 (tiles 3: pays 3 of 3)",
        "pay 3x blue (3 cards: pays 3 of 3)",
    ]
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Pay((5,), ()))
    assert str(refused.value) == (
        "The toll is 3 and you can pay it exactly, for example 'pay 3'; no change is given, so you may pay more "
        "(this pays 5) only when you cannot pay exactly."
    )


def test_an_overpayment_is_refused_when_cards_can_pay_exactly():
    state = owing("gy bl bl pk pk", tiles="wh5")
    assert RULES.legal_moves(state, 0) == [Pay((), (BL, BL, PK))]
    with pytest.raises(IllegalMove, match="for example 'pay 2x blue pink'.*this pays 5"):
        RULES.apply(state, 0, Pay((5,), ()))


def test_an_overpayment_is_accepted_when_no_exact_payment_exists():
    # Toll 3 with tile 5, tile 1 and one card: 1 + card = 2, 5 + anything is too much.
    state = owing("gy bl", tiles="wh5 ye1")
    assert RULES.legal_moves(state, 0) == [Pay((5,), ())]
    after = RULES.apply(state, 0, Pay((5,), ())).state
    assert tiles_text(after, 0) == "ye1 bl3" and hand_text(after, 0) == "bl br"
    # The same with nothing but one tile.
    state = owing("gy", tiles="wh5")
    assert RULES.legal_moves(state, 0) == [Pay((5,), ())]
    RULES.apply(state, 0, Pay((5,), ()))


def test_exactness_counts_the_cards_left_after_the_move():
    # Three cards before the move could pay 3, but the grey one moved the pawn.
    state = owing("gy bl bl", tiles="wh5")
    assert state.hands[0] == (2, 0, 0, 0, 0, 0, 0)
    assert RULES.legal_moves(state, 0) == [Pay((5,), ())]
    RULES.apply(state, 0, Pay((5,), ()))


def test_the_options_list_overpayments_only_when_no_exact_payment_exists():
    hand = (2, 0, 0, 0, 0, 0, 0)  # two blue cards
    tiles = tuple(v << 3 for v in (6, 7))  # tiles 6 and 7
    # Toll 5: 6 or 7 alone overpays, 6 + 7 overpays with a needless tile.
    assert pay_options(tiles, hand, 5) == [Pay((6,), ()), Pay((7,), ())]
    # Toll 8: 7 + 1 card and 6 + 2 cards are exact, so 7 + 6 (13, both
    # tiles needed) is listed only when there are no cards.
    assert pay_options(tiles, hand, 8) == [Pay((7,), (BL,)), Pay((6,), (BL, BL))]
    assert pay_options(tiles, (0,) * 7, 8) == [Pay((7, 6), ())]


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


def test_paying_with_a_tile_value_you_lack_names_the_values_you_have():
    """Collected tiles are public: the refusal names their values, as the
    sale's refusal does; English and Dutch."""
    from django.utils import translation

    from games.i18n import error_text

    state = owing("gy bl pk pk", tiles="wh5 gn2")
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Pay((4,), ()))
    assert str(refused.value) == "You have no (further) tile of value 4 to pay with (your values: 2, 5)."
    with translation.override("nl"):
        assert error_text("atlantis", refused.value) == (
            "Je hebt geen (andere) tegel met waarde 4 om mee te betalen (jouw waarden: 2, 5)."
        )
