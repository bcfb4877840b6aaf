"""Paying a toll: one listed payment per class, any legal one accepted.

The listed options (``legal_moves``, ``move_options``, the page and the mail)
hold one payment per (cards, tile total); the tiles are the highest values
that make the sum and the cards the colours held most, one card at a time.
Any other legal payment (irredundant, and exact whenever the seat can pay
exactly) is accepted when written out.
"""

import itertools
import random

import pytest

from games.engine import IllegalMove, NotationError
from games.rules.atlantis import AtlantisRules, Pay, pay_class, rule_cards, rule_tiles
from games.rules.atlantis.testing import every_payment, hand_text, toll_state

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)

#: 56 cards (8 of each colour) after the grey that moved the pawn.
BIG_HAND = " ".join(code for code in ("bl", "wh", "gy", "ye", "gn", "pk", "br") for _ in range(8))


def tiles_of(per_value: int) -> str:
    colours = ("bl", "wh", "gy", "ye", "gn", "pk")[:per_value]
    return " ".join(f"{c}{v}" for v in range(1, 8) for c in colours)


@pytest.mark.parametrize("per_value", [0, 1, 3, 6])
def test_the_options_stay_few_at_56_cards_and_a_toll_of_30(per_value):
    state = toll_state(BIG_HAND, tiles_of(per_value))
    assert sum(state.hands[0]) == 56 and state.toll_due == 30
    options = RULES.move_options(state, 0)
    # At most one per number of cards (0-30), or up to 6 tile-only overpayments.
    assert len(options) <= state.toll_due + 1
    assert len({pay_class(move) for _, move in options}) == len(options)
    for label, move in options:
        after = RULES.apply(state, 0, move).state
        assert after.phase != "pay", label
        assert RULES.parse_move(state, 0, label) == move


def test_the_worst_case_lists_every_class():
    state = toll_state(BIG_HAND, tiles_of(3))
    classes = {pay_class(m) for m in RULES.legal_moves(state, 0)}
    # Tiles 1-7 three times make every total up to 84, so every card count
    # 0-30 pays exactly, and no overpayment is listed beside them.
    assert classes == {(k, 30 - k) for k in range(31)}


def small_states():
    """Pay-phase states with hands small enough to enumerate every payment."""
    chooser = random.Random(4)
    codes = ("bl", "wh", "gy", "ye", "gn", "pk", "br")
    for _ in range(40):
        hand = " ".join(chooser.choice(codes[:3]) for _ in range(chooser.randrange(0, 7)))
        tiles = " ".join(f"{chooser.choice(codes)}{chooser.randrange(1, 8)}" for _ in range(chooser.randrange(0, 6)))
        gaps, value = chooser.randrange(1, 3), chooser.randrange(1, 5)
        capacity = len(hand.split()) + sum(int(t[-1]) for t in tiles.split())
        if capacity >= gaps * value:
            yield toll_state(hand, tiles, gaps=gaps, value=value)


def sub_multisets(state):
    values = sorted((t >> 3 for t in state.tiles[0]), reverse=True)
    hand = state.hands[0]
    tile_sets = {
        tuple(sorted(c, reverse=True)) for n in range(len(values) + 1) for c in itertools.combinations(values, n)
    }
    for tiles in tile_sets:
        for used in itertools.product(*(range(n + 1) for n in hand)):
            yield Pay(tiles, tuple(c for c in range(7) for _ in range(used[c])))


def test_every_legal_payment_is_accepted_and_nothing_else():
    checked = 0
    for state in small_states():
        legal = set(every_payment(state.tiles[0], state.hands[0], state.toll_due))
        listed = RULES.legal_moves(state, 0)
        if not legal:
            continue
        assert set(listed) <= legal
        assert {pay_class(m) for m in listed} == {pay_class(m) for m in legal}
        for move in sub_multisets(state):
            if move in legal:
                RULES.apply(state, 0, move)
                checked += 1
            else:
                with pytest.raises(IllegalMove, match="toll is"):
                    RULES.apply(state, 0, move)
    assert checked > 100


def test_a_redundant_payment_is_refused_naming_what_is_not_needed():
    state = toll_state("bl bl pk pk", "wh5 ye2 gn1", gaps=1, value=3)
    with pytest.raises(IllegalMove, match="without tile 1 it still pays 7"):
        RULES.apply(state, 0, Pay((5, 2, 1), ()))
    with pytest.raises(IllegalMove, match="without a card it still pays 3"):
        RULES.apply(state, 0, Pay((2, 1), (BL,)))
    with pytest.raises(IllegalMove, match="The toll is 3; this pays only 2"):
        RULES.apply(state, 0, Pay((2,), ()))


def test_the_card_rule_takes_the_colours_held_most_one_at_a_time():
    hand = (3, 0, 1, 0, 0, 3, 0)  # blue 3, grey 1, pink 3
    assert rule_cards(hand, 1) == (BL,)  # blue and pink tie: blue comes first
    assert sorted(rule_cards(hand, 2)) == [BL, PK]
    assert rule_cards(hand, 5) == (BL, PK, BL, PK, BL)  # grey waits till 1 each
    assert sorted(rule_cards(hand, 7)) == [BL, BL, BL, GY, PK, PK, PK]
    with pytest.raises(IllegalMove, match="only 7 cards"):
        rule_cards(hand, 8)


def test_the_tile_rule_takes_the_highest_values_that_make_the_sum():
    counts = [0, 3, 0, 0, 1, 1, 1, 0]  # tiles 1 1 1 4 5 6
    assert rule_tiles(counts, 9) == (6, 1, 1, 1)
    assert rule_tiles(counts, 10) == (6, 4)
    assert rule_tiles(counts, 2) == (1, 1)
    assert rule_tiles(counts, 19) is None
    assert rule_tiles(counts, 5, low=2) == (5,)
    assert rule_tiles(counts, 3, low=2) is None


def test_the_listed_payment_follows_both_rules():
    state = toll_state("bl bl bl gy pk pk pk", "wh6 ye4 gn1 bl1 pk1 ye5", gaps=2, value=6)
    assert state.toll_due == 12
    by_class = {pay_class(m): m for m in RULES.legal_moves(state, 0)}
    assert by_class[(0, 12)] == Pay((6, 5, 1), ())
    assert by_class[(2, 10)] == Pay((6, 4), (BL, PK))
    assert by_class[(3, 9)] == Pay((6, 1, 1, 1), (BL, BL, PK))
    assert (0, 15) not in by_class  # 6 5 4 would overpay: exact payments exist
    assert RULES.default_move(state, 0) == Pay((6, 5, 1), ())


@pytest.mark.parametrize(
    ("words", "move"),
    [
        ("pay 6 4 2 cards", Pay((6, 4), (BL, PK))),
        ("pay 6 4 + 2 cards", Pay((6, 4), (BL, PK))),
        ("betaal 6 4 2 kaarten", Pay((6, 4), (BL, PK))),
        ("pay 6 4 2x cards", Pay((6, 4), (BL, PK))),
        ("pay 6 1 1 1 3 cards", Pay((6, 1, 1, 1), (BL, BL, PK))),
        # Named colours first, then the rule for the rest of the hand.
        ("pay 6 4 grey 1 card", Pay((6, 4), (BL, GY))),
        ("pay 6 4 gy pk", Pay((6, 4), (GY, PK))),
        ("pay 5 4 3x pink", Pay((5, 4), (PK, PK, PK))),
    ],
)
def test_notation_names_a_number_of_cards_or_their_colours(words, move):
    state = toll_state("bl bl bl gy pk pk pk", "wh6 ye4 gn1 bl1 pk1 ye5", gaps=2, value=6)
    assert RULES.parse_move(state, 0, words) == move
    RULES.apply(state, 0, move)


def test_repeated_colours_are_written_with_a_count_and_read_back():
    state = toll_state("bl bl bl gy pk pk pk", "wh6", gaps=2, value=6)
    move = Pay((6,), (BL, BL, BL, GY, PK, PK))
    text = RULES.format_move(state, 0, move)
    assert text == "pay 6 3x blue grey 2x pink"
    assert RULES.parse_move(state, 0, text) == move
    assert hand_text(RULES.apply(state, 0, move).state, 0).startswith("pk")


def test_too_many_cards_in_notation_is_a_clear_error():
    state = toll_state("bl bl", "wh6 ye6", gaps=2, value=6)
    with pytest.raises(NotationError, match="only 2 cards to pay with, not 3"):
        RULES.parse_move(state, 0, "pay 6 3 cards")


def test_a_pay_phase_typo_lists_the_short_options():
    state = toll_state(BIG_HAND, tiles_of(3))
    with pytest.raises(NotationError) as error:
        RULES.parse_move(state, 0, "pay purple")
    assert "Your options now: pay 7 7 7 6 3 (tiles 30: pays 30 of 30)" in str(error.value)
    assert "(and 21 more)" in str(error.value)
    assert RULES.parse_move(state, 0, "#31") == RULES.legal_moves(state, 0)[30]


@pytest.mark.parametrize(
    ("words", "move"),
    [
        ("pay 5 3 2 4x pink", Pay((5, 3, 2), (PK, PK, PK, PK))),
        ("pay 6 4 grey pink", Pay((6, 4), (GY, PK))),
        ("pay 6 4 2 cards", Pay((6, 4), (BL, PK))),
        ("pay 6 4 grey 1 card", Pay((6, 4), (GY, PK))),  # pink: held most
        ("pay 3 2 cards", Pay((3,), (BL, PK))),
    ],
)
def test_the_help_s_payment_examples_read_as_it_says(words, move):
    assert f"`{words}`" in RULES.help_text()
    state = toll_state("bl bl bl gy pk pk pk pk", "wh6 ye4 gn5 bl3 pk2", gaps=2, value=6)
    assert RULES.parse_move(state, 0, words) == move
    listed = {pay_class(m): m for m in RULES.legal_moves(state, 0)}
    assert "`pay 6 4 blue pink (tiles 10 + 2 cards: pays 12 of 12)`" in RULES.help_text()
    assert (
        RULES.move_options(state, 0)[RULES.legal_moves(state, 0).index(listed[(2, 10)])][0]
        == "pay 6 4 blue pink (tiles 10 + 2 cards: pays 12 of 12)"
    )
