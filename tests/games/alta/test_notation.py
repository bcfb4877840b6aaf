"""What players write: card names, cells, the four kinds of sub-move and a
whole turn in one message."""

import json

import pytest

from games.engine import IllegalMove, NotationError, get_rules
from games.rules.alta.components import TYPES
from games.rules.alta.moves import BLIND, UP, ChooseMerchant, PlaceHand, Refresh, Take
from games.rules.alta.notation import card_type
from games.rules.alta.state import (
    HAND_MERCHANT,
    TAKE,
)
from games.rules.alta.testing import island, position

RULES = get_rules("alta")
SMALL = island(". . . .", ". MIL WHE .")  # mill D4, wheat field E4


def hand_step(**kw):
    kw.setdefault("hands", {0: ["market", "wheat"]})
    return position(islands={0: SMALL}, **kw)


def take_step(**kw):
    kw.setdefault("hands", {0: ["tower"]})
    kw.setdefault("face_up", ("market", "wheat"))
    return position(islands={0: SMALL}, step=TAKE, **kw)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("farmer", "farmer"),
        ("BOER", "farmer"),
        ("far", "farmer"),
        ("settlement", "settlement"),
        ("dorp", "settlement"),
        ("set", "settlement"),
        ("tavern", "tavern"),
        ("Herberg", "tavern"),
        ("ta", "tavern"),
        ("farmers_hut", "farmers_hut"),
        ("farmer's hut", "farmers_hut"),
        ("hut", "farmers_hut"),
        ("huisje", "farmers_hut"),
        ("mill", "mill"),
        ("molen", "mill"),
        ("mi", "mill"),
        ("wheat_field", "wheat_field"),
        ("Wheat Field", "wheat_field"),
        ("wheat", "wheat_field"),
        ("akker", "wheat_field"),
        ("whe", "wheat_field"),
        ("fishing_harbour", "fishing_harbour"),
        ("fishing harbor", "fishing_harbour"),
        ("harbour", "fishing_harbour"),
        ("vissteiger", "fishing_harbour"),
        ("tower", "tower"),
        ("toren", "tower"),
        ("to", "tower"),
        ("market", "market"),
        ("markt", "market"),
        ("MAR", "market"),
    ],
)
def test_card_names_in_english_dutch_codes_and_prefixes(text, slug):
    assert card_type(text) == slug


def test_ambiguous_and_unknown_card_names_say_what_is_possible():
    with pytest.raises(NotationError, match="'fa' could be farmer or farmer's hut;"):
        card_type("fa")
    with pytest.raises(NotationError, match="'t' could be tavern or tower;"):
        card_type("t")
    with pytest.raises(NotationError) as unknown:
        card_type("castle")
    # The names an English reader sees on the board (a Dutch one: "Kaarten:
    # boer, dorp, ..."), each of which a move may name.
    cards = "farmer, settlement, tavern, farmer's hut, mill, wheat field, fishing harbour, tower, market"
    assert str(unknown.value).startswith(f"Unknown card 'castle'. Cards: {cards}; e.g. 'mill D3'")
    assert [card_type(name) for name in cards.split(", ")] == list(TYPES)


@pytest.mark.parametrize(
    "text",
    [
        "wheat E3",
        "wheat_field e3",
        "AKKER 3E",
        "akker e 3",
        "place wheat at E3",
        "  Wheat   E3 ",
        "whe: e3",
        "leg akker op e3",
    ],
)
def test_place_a_hand_card_forgivingly(text):
    assert RULES.parse_move(hand_step(), 0, text) == PlaceHand("wheat_field", "E3")


@pytest.mark.parametrize(("text", "card"), [("a D3", "wheat_field"), ("in D3", "tavern"), ("to D3", "tower")])
def test_a_short_word_that_starts_a_card_name_is_that_card(text, card):
    """ "a" (akker), "in" (inn) and "to" (tower) are also fillers ("at",
    "into"): a move naming no other card reads them as the card, never as
    "the card you hold" ("a D3" placed a tower from a hand of two)."""
    state = hand_step(hands={0: ["tower", "tower"]})
    assert RULES.parse_move(state, 0, text) == PlaceHand(card, "D3")
    assert RULES.parse_move(state, 0, "place at D3") == PlaceHand("tower", "D3")
    taking = take_step(face_up=("mill", "mill"))
    assert RULES.parse_move(taking, 0, "take 1 in d3") == Take(1, "D3")
    with pytest.raises(IllegalMove, match="face up"):
        RULES.parse_move(taking, 0, text)  # not a mill


def test_first_card_needs_no_cell_and_last_card_neither():
    state = position(hands={0: ["mill", "tower"]})
    assert RULES.parse_move(state, 0, "molen") == PlaceHand("mill", "D4")
    last = position(
        islands={0: island(*["TOW TOW TOW TOW"] * 3, "TOW TOW TOW .")},
        step=TAKE,
        hands={0: ["mill"]},
        face_up=("hut", "farmer"),
    )
    assert RULES.parse_move(last, 0, "take 2") == Take(2, "F6")


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("take 2 at D3", Take(2, "D3")),
        ("take 2 wheat_field D3", Take(2, "D3")),
        ("take wheat D3", Take(2, "D3")),
        ("wheat d3", Take(2, "D3")),  # 'take' may be left out in step 3
        ("2 d3", Take(2, "D3")),
        ("neem 1 op c4", Take(1, "C4")),
        ("TAKE 1 (market) C4", Take(1, "C4")),
        ("take right d3", Take(2, "D3")),
        ("refresh", Refresh()),
        ("ververs", Refresh()),
        ("Refresh.", Refresh()),
    ],
)
def test_take_and_refresh(text, move):
    assert RULES.parse_move(take_step(), 0, text) == move


def test_take_with_identical_face_up_cards_needs_no_slot():
    state = take_step(face_up=("mill", "mill"))
    assert RULES.parse_move(state, 0, "take d3") == Take(1, "D3")
    assert RULES.parse_move(state, 0, "mill d3") == Take(1, "D3")


def test_take_errors_name_the_face_up_cards():
    state = take_step()
    with pytest.raises(
        IllegalMove,
        match="There is no tower face up; the face-up cards are 1: market, 2: wheat field.",
    ):
        RULES.parse_move(state, 0, "take tower d3")
    with pytest.raises(IllegalMove, match="Face-up card 1 is not a wheat field"):
        RULES.parse_move(state, 0, "take 1 wheat d3")
    with pytest.raises(NotationError, match="Which face-up card\\? Write 'take 1 D3' or 'take 2 D3'"):
        RULES.parse_move(state, 0, "take d3")


@pytest.mark.parametrize(
    ("text", "source"),
    [
        ("merchant up", UP),
        ("merchant face-up", UP),
        ("m up", UP),
        ("koopman open", UP),
        ("up", UP),
        ("merchant tavern market", UP),
        ("merchant blind", BLIND),
        ("m blind", BLIND),
        ("blind", BLIND),
        ("koopman blind", BLIND),
        ("merchant face down", BLIND),
        ("merchant from the deck", BLIND),
    ],
)
def test_merchant_choice(text, source):
    state = hand_step(step=HAND_MERCHANT)
    assert RULES.parse_move(state, 0, text) == ChooseMerchant(source)


@pytest.mark.parametrize(
    ("text", "source"),
    [
        ("take merchant up", UP),
        ("take the face-up merchant", UP),
        ("neem koopman open", UP),
        ("pick merchant up", UP),
        ("take up", UP),
        ("take merchant blind", BLIND),
        ("take the blind merchant card", BLIND),
        ("neem koopman blind", BLIND),
        ("kies koopman blind", BLIND),
        ("take blind", BLIND),
    ],
)
def test_a_merchant_card_may_be_taken_in_words(text, source):
    """The rules say a player *takes* a merchant card: "take merchant
    blind" was refused with "Choose a merchant card: ... 'merchant
    blind'", the very move written."""
    state = hand_step(step=HAND_MERCHANT)
    assert RULES.parse_move(state, 0, text) == ChooseMerchant(source)


@pytest.mark.parametrize(
    "text",
    [
        "merchant blind hello everyone",
        "merchant blind wheat",
        "blind ha",
        "merchant up you lose",
        "merchant up tower",
        "merchant bye",
    ],
)
def test_merchant_choice_with_free_text_is_not_a_move(text):
    """The move's text is shown to every player: only the choice (and, for
    the face-up card, its own card names) may be written."""
    with pytest.raises(NotationError, match="Choose a merchant card"):
        RULES.parse_move(hand_step(step=HAND_MERCHANT), 0, text)


def test_merchant_without_a_choice_explains_both():
    with pytest.raises(
        NotationError,
        match=r"'merchant up' \(the face-up one, tavern\+market\) "
        r"or 'merchant blind'",
    ):
        RULES.parse_move(hand_step(step=HAND_MERCHANT), 0, "merchant")


def test_missing_or_double_cells_and_unknown_words():
    state = hand_step()
    with pytest.raises(
        NotationError,
        match="Where does the card go\\? Add a cell, e.g. 'mill D3'; open cells now: D3, E3, C4, F4, D5, E5.",
    ):
        RULES.parse_move(state, 0, "wheat")
    with pytest.raises(NotationError, match="Write one cell per card, not D3 and E3."):
        RULES.parse_move(state, 0, "wheat d3 e3")
    with pytest.raises(NotationError, match="Which card\\? You hold market and wheat field;"):
        RULES.parse_move(state, 0, "d3")
    with pytest.raises(NotationError, match="Unknown card 'xyzzy plugh'"):
        RULES.parse_move(state, 0, "xyzzy plugh")
    with pytest.raises(NotationError, match="Write a move"):
        RULES.parse_move(state, 0, "   ")


def test_a_whole_turn_in_one_message():
    deck = ["farmer"] * 30 + ["mill", "market"]  # top last: market, mill
    state = hand_step(hands={0: ["market", "tower"]}, face_up=("hut", "wheat"), deck=deck)
    transition = RULES.apply_text(state, 0, "market C4; merchant blind; take 2 at D3")
    assert RULES.to_move(transition.state) == {1}
    assert len(transition.state.merchants[0]) == 1
    kinds = [e.kind for e in transition.events]
    assert kinds.count("place") == 2 and "merchant" in kinds


def test_a_move_after_a_refresh_is_played_if_it_fits_the_cards_it_turns_up_and_the_refresh_stands():
    deck = ["farmer"] * 30 + ["market", "mill"]  # top last: card 1 mill, card 2 market
    state = hand_step(hands={0: ["wheat", "tower"]}, face_up=("hut", "hut"), deck=deck)
    # Taking "card 2" fits whatever it is: played, and the market it is asks for a merchant card.
    after = RULES.apply_text(state, 0, "wheat C4; refresh; take 2 at D3").state
    assert [text for text, _ in RULES.move_options(after, 0)] == ["merchant up", "merchant blind"]
    # A merchant choice fits only if card 2 is a market, which the player had
    # not seen: played when it is; else the moves up to the take stand (the
    # player sees the new cards now) and the merchant is not played.
    assert RULES.apply_text_moves(state, 0, "wheat C4; refresh; take 2 at D3; merchant blind").unplayed is None
    for top in (["mill", "market"], ["tower", "tower"]):
        position = hand_step(hands={0: ["wheat", "tower"]}, face_up=("hut", "hut"), deck=["farmer"] * 30 + top)
        played = RULES.apply_text_moves(position, 0, "wheat C4; refresh; take 2 at D3; merchant blind")
        assert played.text.startswith("wheat_field C4; refresh; take 2 ") and played.transition.state.turn == 1
        assert played.unplayed.moves == ("merchant blind",)
        assert "your turn was already complete" in played.unplayed.reason.english()


def test_a_whole_turn_on_separate_lines_with_a_market_first():
    state = hand_step(hands={0: ["market", "tower"]}, face_up=("hut", "mill"))
    after = RULES.apply_text(state, 0, "market e3\nm up\ntake mill d3").state
    assert RULES.to_move(after) == {1} and len(after.merchants[0]) == 1


def test_whole_turn_errors_name_the_failing_part_and_apply_nothing():
    state = hand_step(hands={0: ["market", "tower"]}, face_up=("hut", "mill"))
    with pytest.raises(
        IllegalMove,
        match=r'In move 2 \("take mill d3"\): You placed a market: '
        r"first choose a merchant card",
    ):
        RULES.apply_text(state, 0, "market e3; take mill d3")
    with pytest.raises(IllegalMove, match="your turn was already complete"):
        RULES.apply_text(state, 0, "tower e3; take mill d3; refresh")


def test_format_is_read_back_for_every_legal_move():
    for state in (
        hand_step(),
        take_step(face_up=("mill", "mill")),
        hand_step(step=HAND_MERCHANT),
    ):
        for move in RULES.legal_moves(state, 0):
            text = RULES.format_move(state, 0, move)
            assert RULES.parse_move(state, 0, text) == move, text
            assert RULES.load_move(json.loads(json.dumps(RULES.dump_move(move)))) == move


def test_canonical_texts():
    assert RULES.format_move(hand_step(), 0, PlaceHand("wheat_field", "E3")) == "wheat_field E3"
    assert RULES.format_move(take_step(), 0, Take(2, "D3")) == "take 2 wheat_field D3"
    assert RULES.format_move(take_step(), 0, Refresh()) == "refresh"
    assert RULES.format_move(take_step(), 0, ChooseMerchant(BLIND)) == "merchant blind"


def test_load_move_rejects_garbage():
    with pytest.raises(NotationError, match="Not a stored Alta move"):
        RULES.load_move({"move": "fly"})


@pytest.mark.parametrize("text", ["take 3 D3", "neem 0", "take 12"])
def test_taking_a_face_up_card_that_is_not_there_says_there_are_two(text):
    """ "take 3" is a slot number out of range, not an unknown card '3'."""
    state = position(face_up=("tower", "farmer"))
    with pytest.raises(NotationError) as refused:
        RULES.parse_move(state, 0, text)
    assert str(refused.value) == "Take one face-up card, 1 or 2 (1: tower, 2: farmer)."


@pytest.mark.parametrize(("text", "cell"), [("wheat H4", "H4"), ("wheat d8", "D8"), ("take 1 a0", "A0"), ("4h", "H4")])
def test_a_cell_outside_the_frame_is_named_as_a_cell_not_as_an_unknown_card(text, cell):
    """Cells run A1 to G7; "H4" is a cell the player thinks exists, so the
    refusal says so instead of reading it as part of a card name."""
    state = take_step() if text.startswith("take") else hand_step()
    with pytest.raises(NotationError, match=f"There is no cell '{cell}'; cells are A1 to G7."):
        RULES.parse_move(state, 0, text)


@pytest.mark.parametrize("text", ["tower E3", "tower e3", "place tower at E3", "take tower E3"])
def test_placing_the_other_hand_card_in_step_3_says_it_goes_face_up_by_itself(text):
    """A player who writes both hand cards ("mill D3; tower E3") was told
    only "There is no Tower face up": the reply now says why the other hand
    card cannot be placed and what step 3 asks."""
    state = take_step(face_up=("market", "wheat"))
    with pytest.raises(IllegalMove) as refused:
        RULES.parse_move(state, 0, text)
    assert str(refused.value) == (
        "There is no tower face up; the face-up cards are 1: market, 2: wheat field. Your other hand card, "
        "tower, goes face up by itself after this step: now take a face-up card, e.g. 'take 1 E3'."
    )
    # No cell written: the example names an open cell (D3 is built on).
    tall = position(
        islands={0: island("MIL", "WHE", top_left="D3")}, hands={0: ["tower"]}, face_up=("market", "wheat"), step=TAKE
    )
    with pytest.raises(IllegalMove, match=r"e\.g\. 'take 1 D2'\.$"):
        RULES.parse_move(tall, 0, "tower")


def test_a_lone_m_beside_a_cell_is_a_card_to_name_more_fully_not_a_merchant_choice():
    """ "m d3" in step 1 was answered "Choose a merchant card", though no
    market was placed; "m" beside a cell is the start of a card name."""
    with pytest.raises(NotationError, match=r"^'m' could be mill or market; write more of the name\."):
        RULES.parse_move(hand_step(hands={0: ["mill", "market"]}), 0, "m d3")
    assert RULES.parse_move(hand_step(step=HAND_MERCHANT), 0, "m up") == ChooseMerchant(UP)


@pytest.mark.parametrize("text", ["mill -> D3", "mill => D3", "mill @ D3", "mill > D3"])
def test_an_arrow_or_at_sign_between_card_and_cell_is_punctuation(text):
    """Atlantis moves are written with "->"; "mill -> D3" was refused as
    the unknown card 'mill >'."""
    assert RULES.parse_move(hand_step(hands={0: ["mill", "tower"]}), 0, text) == PlaceHand("mill", "D3")


@pytest.mark.parametrize(
    ("typo", "meant"), [("molne", "mill"), ("tornen", "tower"), ("markte", "market"), ("settelment", "settlement")]
)
def test_a_typo_in_a_card_name_is_answered_with_the_card_meant(typo, meant):
    """A misspelt card, in either language, is not just "unknown": the
    refusal asks whether the closest card was meant."""
    with pytest.raises(NotationError) as unknown:
        card_type(typo)
    assert str(unknown.value).startswith(f"Unknown card '{typo}'; did you mean {meant}? Cards: ")


def test_a_dutch_reader_is_asked_about_the_dutch_card():
    from django.utils import translation

    from games.i18n import translate

    with pytest.raises(NotationError) as unknown, translation.override("nl"):
        card_type("molne")
    with translation.override("nl"):
        assert translate("alta", unknown.value.message).startswith("Onbekende kaart 'molne'; bedoel je molen? Kaarten:")
