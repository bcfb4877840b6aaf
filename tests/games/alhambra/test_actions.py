"""Taking money and buying buildings (payments, no change, extra actions)."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove, get_rules
from games.rules.alhambra import legal
from games.rules.alhambra.legal import minimal_payments, payments
from games.rules.alhambra.moves import Buy, Done, Place, Take
from games.rules.alhambra.testing import cards, position, seat, tile

RULES = get_rules("alhambra")


def moves_of(state, kind):
    return [m for m in RULES.legal_moves(state, state.current) if isinstance(m, kind)]


# ----------------------------------------------------------------- money
def test_one_card_of_any_value_or_several_totalling_at_most_five():
    state = position(display="denar 1, dirham 2, ducat 3, florin 9")
    offered = {m.cards for m in moves_of(state, Take)}
    assert offered == {
        cards("denar 1"),
        cards("dirham 2"),
        cards("ducat 3"),
        cards("florin 9"),
        cards("denar 1, dirham 2"),
        cards("denar 1, ducat 3"),
        cards("dirham 2, ducat 3"),
    }


def test_equal_cards_on_display_give_each_choice_once():
    state = position(display="denar 2, denar 2, florin 7, florin 8")
    offered = [m.cards for m in moves_of(state, Take)]
    assert offered == [
        cards("denar 2"),
        cards("florin 7"),
        cards("florin 8"),
        cards("denar 2, denar 2"),
    ]


def test_taking_money_moves_it_to_the_hand_and_ends_the_turn():
    state = position(display="denar 1, dirham 2, ducat 3, florin 9")
    after = RULES.apply(state, 0, Take(cards("denar 1, ducat 3"))).state
    assert after.seats[0].hand == cards("denar 1, ducat 3")
    assert after.current == 1
    assert len(after.display) == 4  # refilled at the end of the turn


def test_several_cards_may_not_total_more_than_five():
    state = position(display="denar 1, dirham 2, ducat 4, florin 9")
    with pytest.raises(IllegalMove, match=r"at most 5 \(these total 6\)"):
        RULES.apply(state, 0, Take(cards("dirham 2, ducat 4")))


def test_only_cards_on_display_can_be_taken():
    state = position(display="denar 1, dirham 2, ducat 4, florin 9")
    with pytest.raises(IllegalMove, match="There is no denar 4 on display"):
        RULES.apply(state, 0, Take(cards("denar 4")))


@pytest.mark.parametrize(
    ("language", "text", "said"),
    [
        ("en", "take ducat 1", "There is no ducat 1 on display. On display now: denar 1, dirham 2, ducat 4, florin 9."),
        (
            "nl",
            "neem dukaat 1",
            "Er is geen dukaat 1 in het open geld. In het open geld ligt nu: denar 1, dirham 2, dukaat 4, gulden 9.",
        ),
        (
            "en",
            "take denar 1 + denar 1",
            "The display shows only 1 of denar 1. On display now: denar 1, dirham 2, ducat 4, florin 9.",
        ),
    ],
)
def test_a_card_not_on_display_is_refused_with_what_is_on_display(language, text, said):
    """The display is public: a player who names money that is not there
    reads what is, so the next reply can be right."""
    from django.utils import translation

    from games.i18n import error_text

    state = position(display="denar 1, dirham 2, ducat 4, florin 9")
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, text)
    with translation.override(language):
        assert error_text("alhambra", refused.value) == said


def test_cards_not_on_display_are_named_before_the_total_is_judged():
    """Taking denar 9 and dirham 2 when no denar 9 is on display: the
    player first learns the card is not there, not that 11 is too much."""
    state = position(display="denar 1, dirham 2, ducat 4, florin 9")
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, "take denar 9 + dirham 2")
    assert str(refused.value) == "There is no denar 9 on display. On display now: denar 1, dirham 2, ducat 4, florin 9."
    # Every card there, but too much: the total is what is wrong.
    with pytest.raises(IllegalMove, match=r"at most 5 \(these total 11\)"):
        RULES.apply_text(state, 0, "take florin 9 + dirham 2")


# -------------------------------------------------------------- payments
def test_minimal_payments_leave_out_no_needed_card():
    assert minimal_payments((9, 5, 3), 8) == ((9,), (3, 5))
    assert minimal_payments((9, 5, 3), 20) == ()
    # 4+4 covers 7 with an overpayment; 3+4 is exact; each multiset once.
    assert minimal_payments((4, 4, 3), 7) == ((3, 4), (4, 4))


def test_a_minimal_payment_can_still_overpay():
    assert minimal_payments((9,), 7) == ((9,),)


def test_the_legal_payments_are_the_exact_ones_when_any_exists():
    assert payments((6, 4, 4), 8) == ((4, 4),)
    assert payments((9, 5, 3), 8) == ((3, 5),)
    assert payments((4, 4, 3), 7) == ((3, 4),)
    # No exact sum: every minimal payment, each an overpayment.
    assert payments((9, 5, 4), 8) == ((9,), (4, 5))
    assert payments((6, 5), 8) == ((5, 6),)
    assert payments((6, 5), 12) == ()
    assert legal.payments.cache_info().maxsize == legal.minimal_payments.cache_info().maxsize


def test_legal_buys_are_the_legal_payments_in_the_slot_currency():
    state = position(
        [seat(hand="dirham 3 5 9, denar 9"), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
    )
    offered = {(m.slot, m.cards) for m in moves_of(state, Buy)}
    # Dirham 9 would overpay the garden 8 that dirham 3+5 pays exactly.
    assert offered == {
        (0, cards("denar 9")),
        (1, cards("dirham 3 5")),
    }


def test_an_overpayment_is_refused_when_the_hand_can_pay_exactly():
    state = position([seat(hand="dirham 4 4 6"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    assert moves_of(state, Buy) == [Buy(1, cards("dirham 4 4"))]
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Buy(1, cards("dirham 4 6")))
    assert str(refused.value) == (
        "Garden 8 costs 8 dirham and you can pay that exactly, for example with dirham 4+4; no change is given, "
        "so you may pay more (you offer 10) only when you cannot pay exactly."
    )
    # A superfluous card is still named first: the 6, as leaving it out
    # pays exactly (leaving out a 4 would overpay, and be refused).
    with pytest.raises(IllegalMove, match="Dirham 6 is not needed"):
        RULES.apply(state, 0, Buy(1, cards("dirham 4 4 6")))
    after = RULES.apply(state, 0, Buy(1, cards("dirham 4 4"))).state
    assert after.extra is True


def test_an_overpayment_is_accepted_when_no_exact_payment_exists():
    state = position([seat(hand="dirham 5 6"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    assert moves_of(state, Buy) == [Buy(1, cards("dirham 5 6"))]
    after = RULES.apply(state, 0, Buy(1, cards("dirham 5 6"))).state
    assert after.seats[0].hand == ()
    assert after.discard == cards("dirham 5 6")
    assert (after.phase, after.extra) == ("place", False)


def test_only_the_slot_s_currency_counts_towards_an_exact_payment():
    # Denar 8 would pay 8 exactly, but the garden's slot takes dirham only.
    state = position([seat(hand="denar 8, dirham 9"), seat()], market=("tow12", "gar8NE", "arc9", "cha10"))
    assert moves_of(state, Buy) == [Buy(1, cards("dirham 9"))]
    RULES.apply(state, 0, Buy(1, cards("dirham 9")))


def test_a_superfluous_card_is_refused():
    state = position([seat(hand="dirham 3 5 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    with pytest.raises(IllegalMove, match="Dirham 3 is not needed"):
        RULES.apply(state, 0, Buy(1, cards("dirham 3 9")))


@pytest.mark.parametrize(("paid", "named", "then"), [("4 5 5", "dirham 5", "4 5"), ("2 3 6", "dirham 2", "3 6")])
def test_the_card_named_as_not_needed_leaves_a_payment_that_is_accepted(paid, named, then):
    """For a price of 9, 4+5+5 was answered "dirham 4 is not needed", and
    5+5, the payment that advice leads to, is refused too (4+5 pays
    exactly); the reply names a card whose leaving out pays exactly when
    there is one."""
    state = position([seat(hand=f"dirham {paid}"), seat()], market=("pav8", "ser9", "arc9", "cha10"))
    with pytest.raises(IllegalMove, match=f"^{named.capitalize()} is not needed"):
        RULES.apply(state, 0, Buy(1, cards(f"dirham {paid}")))
    RULES.apply(state, 0, Buy(1, cards(f"dirham {then}")))


def test_a_slot_is_paid_in_its_own_currency_only():
    state = position(
        [seat(hand="denar 9, dirham 3"), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
    )
    with pytest.raises(IllegalMove, match="Slot 2 is paid in dirham only, not with denar 9"):
        RULES.apply(state, 0, Buy(1, cards("denar 9")))


def test_the_price_must_be_covered():
    state = position([seat(hand="dirham 3 4"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    with pytest.raises(IllegalMove, match="Garden 8 costs 8 dirham; you offer only 7"):
        RULES.apply(state, 0, Buy(1, cards("dirham 3 4")))


def test_cards_must_be_in_hand():
    state = position([seat(hand="dirham 3"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    with pytest.raises(IllegalMove, match="There is no dirham 9 in your hand"):
        RULES.apply(state, 0, Buy(1, cards("dirham 9")))


def test_cards_not_held_are_all_named_before_the_payment_is_judged():
    from django.utils import translation

    from games.i18n import error_text

    state = position([seat(hand="denar 3 4"), seat()])
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, "buy 1 with denar 1+2+3+4+5+6+7+8+9")
    assert str(refused.value) == (
        "These cards are not in your hand: denar 1, denar 2, denar 5, denar 6, denar 7, denar 8, denar 9. "
        "You hold denar 3, 4."
    )
    with translation.override("nl"):
        assert error_text("alhambra", refused.value).startswith("Deze kaarten zijn niet in je hand: denar 1, ")
    # Not enough, but every card held: the price is what is wrong.
    with pytest.raises(IllegalMove, match="Pavilion 8 costs 8 denar; you offer only 7"):
        RULES.apply_text(state, 0, "buy 1 with denar 3+4")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "You hold only 2 denar 3 (your denar: 3, 3, 4)."),
        ("nl", "Je hebt maar 2 keer denar 3 (je denar: 3, 3, 4)."),
    ],
)
def test_paying_with_more_copies_of_a_card_than_held_says_how_many_are_held(language, said):
    """Not "There is no denar 3 in your hand": the player holds two; one
    sentence says so and names their cards of the currency, once (not
    "You hold only 2 of denar 3. You hold denar 3, 3, 4.")."""
    from django.utils import translation

    from games.i18n import error_text

    state = position([seat(hand="denar 3 3 4"), seat()])
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, "buy 1 with denar 3+3+3")
    with translation.override(language):
        assert error_text("alhambra", refused.value) == said
    # With a card not held at all as well, each is told.
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, "buy 1 with denar 3+3+3+1")
    assert str(refused.value) == "There is no denar 1 in your hand. You hold only 2 denar 3 (your denar: 3, 3, 4)."
    # Two cards short: their cards are named once, at the end.
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, "buy 1 with denar 3+3+3+4+4")
    assert str(refused.value) == "You hold only 2 denar 3. You hold only 1 denar 4 (your denar: 3, 3, 4)."


def test_taking_more_copies_of_a_card_than_shown_says_how_many_are_shown():
    state = position(display="denar 2, dirham 2, ducat 4, florin 9")
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, "take denar 2 + denar 2")
    assert str(refused.value) == (
        "The display shows only 1 of denar 2. On display now: denar 2, dirham 2, ducat 4, florin 9."
    )


def test_overpaying_gives_no_change_and_ends_the_actions():
    state = position([seat(hand="dirham 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    after = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    assert after.seats[0].hand == ()
    assert after.discard == cards("dirham 9")
    assert after.phase == "place"
    assert after.seats[0].pending == (tile("gar8NE"),)
    assert after.market[1] is None  # refilled only at the end of the turn


def test_exact_payments_chain_extra_actions():
    state = position(
        [seat(hand="denar 8, dirham 3 5, ducat 9"), seat()],
        market=("pav8", "gar8NE", "arc8N", "cha10"),
    )
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    assert (state.phase, state.extra, state.current) == ("action", True, 0)
    assert Done() in RULES.legal_moves(state, 0)
    state = RULES.apply(state, 0, Buy(1, cards("dirham 3 5"))).state
    assert (state.phase, state.extra) == ("action", True)
    state = RULES.apply(state, 0, Buy(2, cards("ducat 9"))).state  # overpays
    assert state.extra is False
    assert state.phase == "place"
    assert state.seats[0].pending == (tile("pav8"), tile("gar8NE"), tile("arc8N"))
    # An emptied slot stays empty until the turn ends.
    assert state.market[:3] == (None, None, None)


def test_an_extra_action_may_be_taking_money():
    state = position(
        [seat(hand="denar 8"), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
        display="denar 1, dirham 2, ducat 3, florin 9",
    )
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    state = RULES.apply(state, 0, Take(cards("florin 9"))).state
    assert state.phase == "place"
    assert state.seats[0].hand == cards("florin 9")


def test_done_ends_the_actions_after_an_exact_payment_only():
    state = position([seat(hand="denar 8"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    assert Done() not in RULES.legal_moves(state, 0)
    # Rules D: 'done' is also the move of a player for whom no action is possible.
    with pytest.raises(
        IllegalMove, match="'done' ends your turn only after an exact payment or when no action is possible"
    ):
        RULES.apply(state, 0, Done())
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    state = RULES.apply(state, 0, Done()).state
    assert state.phase == "place"


def test_done_is_the_only_move_when_nothing_else_is_possible():
    state = position(display="", deck=(), market=("pav8", "gar8NE", "arc9", "cha10"))
    assert RULES.legal_moves(state, 0) == [Done()]
    after = RULES.apply(state, 0, Done()).state
    assert after.current == 1


def test_a_bought_slot_cannot_be_bought_again_in_the_same_turn():
    state = position([seat(hand="denar 8 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state
    with pytest.raises(IllegalMove, match="Slot 1 is empty this turn"):
        RULES.apply(state, 0, Buy(0, cards("denar 9")))


def test_bought_tiles_must_be_placed_before_anything_else():
    state = position([seat(hand="dirham 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(1, cards("dirham 9"))).state
    with pytest.raises(IllegalMove, match="First place your new building"):
        RULES.apply(state, 0, Take(cards("denar 1")))
    state = RULES.apply(state, 0, Place(tile("gar8NE"), (0, -1))).state
    assert state.current == 1
    assert state.seats[0].alhambra.cells[(0, -1)] == tile("gar8NE")
    assert state.market[1] is not None  # refilled


@pytest.mark.parametrize(
    ("language", "hand", "paid", "said"),
    [
        ("en", "denar 2 3 5, dirham 8", "denar 8", "There is no denar 8 in your hand. You hold denar 2, 3, 5."),
        ("nl", "denar 2 3 5, dirham 8", "denar 8", "Er is geen denar 8 in je hand. Je hebt denar 2, 3, 5 in je hand."),
        ("en", "dirham 8", "denar 8", "There is no denar 8 in your hand. You hold no denar."),
        ("nl", "dirham 8", "denar 8", "Er is geen denar 8 in je hand. Je hebt geen denar in je hand."),
    ],
)
def test_paying_with_money_not_held_says_what_money_of_that_currency_is_held(language, hand, paid, said):
    """The refusal (to the payer alone: their API answer, refusal mail or
    page) names their own cards of the slot's currency, none of another's
    hand: they can name what they hold next time."""
    from django.utils import translation

    from games.i18n import error_text

    state = position([seat(hand=hand), seat(hand="denar 8 9")])
    with pytest.raises(IllegalMove) as refused:
        RULES.apply_text(state, 0, f"buy 1 with {paid}")
    with translation.override(language):
        assert error_text("alhambra", refused.value) == said
