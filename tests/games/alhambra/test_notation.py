"""What players write: canonical forms, forgiving variants, Dutch, errors."""

from __future__ import annotations

import pytest

from games.engine import EngineError, IllegalMove, NotationError, get_rules
from games.rules.alhambra.components import cell_label
from games.rules.alhambra.moves import Build, Buy, Done, Gift, Place, Remove, Swap, Take
from games.rules.alhambra.notation import parse_cards, parse_cell, tile_ref, tokenize
from games.rules.alhambra.testing import cards, position, seat, tile

RULES = get_rules("alhambra")
LAYOUT = """
    pav7E  ser7W
    F      arc9
"""


@pytest.fixture
def action():
    return position(
        [
            seat(
                LAYOUT,
                reserve=("tow12", "gar8NE", "gar8SW"),
                hand="dirham 3 5 9, denar 8",
            ),
            seat(),
        ],
        market=("pav8", "gar10N", "arc9", "cha10"),
        display="denar 1, dirham 2, ducat 3, florin 9",
    )


@pytest.fixture
def placing():
    state = position(
        [seat(hand="dirham 4 9, denar 8"), seat()],
        market=("pav8", "gar10N", "arc9", "cha10"),
    )
    state = RULES.apply(state, 0, Buy(0, cards("denar 8"))).state  # exact
    return RULES.apply(state, 0, Buy(1, cards("dirham 4 9"))).state  # overpays


def parse(state, text):
    return RULES.parse_move(state, 0, text)


# ------------------------------------------------------------ coordinates
@pytest.mark.parametrize(
    ("cell", "label"),
    [
        ((0, 0), "F"),
        ((0, -1), "N1"),
        ((2, 1), "S1E2"),
        ((-3, 0), "W3"),
        ((-1, -12), "N12W1"),
    ],
)
def test_cells_are_labelled_from_the_fountain(cell, label):
    assert cell_label(cell) == label
    assert parse_cell(tokenize(label)) == cell


@pytest.mark.parametrize("text", ["n1e2", "N1 E2", "e2n1", "O2 N1", "n 1 o 2", "2,-1", "(2, -1)"])
def test_cells_are_read_forgivingly(text):
    assert parse_cell(tokenize(text)) == (2, -1)


def test_gulden_is_the_florin_as_the_dutch_pages_name_it():
    assert parse_cards(["gulden", "3"]) == parse_cards(["florin", "3"])


def test_dutch_south_is_z():
    assert parse_cell(tokenize("z2w1")) == (-1, 2)


def test_a_cell_cannot_go_two_ways_on_one_axis():
    assert parse_cell(tokenize("n1s2")) is None


# ------------------------------------------------------------ money moves
def test_de_before_a_value_is_the_denar_not_the_dutch_article():
    """Any prefix of two letters names a currency; "de" is also the Dutch
    "the", but before a value it must not let the 3 of another currency
    be taken."""
    both = position(display="denar 3, dirham 3, ducat 8, florin 9")
    assert parse(both, "take de 3") == Take(cards("denar 3"))
    only_dirham = position(display="dirham 3, ducat 7, florin 8, florin 9")
    with pytest.raises(IllegalMove, match="There is no denar 3 on display"):
        RULES.apply_text(only_dirham, 0, "take de 3")
    assert parse(only_dirham, "neem de dukaat 7") == Take(cards("ducat 7"))


@pytest.mark.parametrize(
    "text",
    [
        "take denar 1 + dirham 2",
        "TAKE Denar1+Dirham2",
        "take 1 denar and 2 dirham",
        "neem 1 denar en 2 dirham",
        "t den 1 dir 2",
        "take 1 2",
    ],
)
def test_taking_money(action, text):
    assert parse(action, text) == Take(cards("denar 1, dirham 2"))


@pytest.mark.parametrize(
    "text",
    [
        "take dirham 2 + 3 florin",
        "neem dirham 2 + 3 gulden",
        "take 3 florin and dirham 2",
        "take dirham 2 en 3 florin",
        "TAKE Dirham-2 + Florin-3",
    ],
)
def test_a_value_written_before_its_currency_after_one_written_after(text):
    """Both ways of writing a card in one move, as the help shows them:
    "dirham 2 + 3 florin" took dirham 2 and dirham 3, a legal move."""
    display = position(display="dirham 2, dirham 3, florin 3, ducat 9")
    assert parse(display, text) == Take(cards("dirham 2, florin 3"))


def test_values_after_one_currency_stay_in_it():
    assert parse_cards(tokenize("dirham 3 + 5")) == parse_cards(tokenize("dirham 3 5")) == [(1, 3), (1, 5)]
    assert parse_cards(tokenize("3 + 5 dirham")) == [(1, 3), (1, 5)]


def test_a_bare_value_needs_a_currency_when_the_display_does_not_settle_it():
    state = position(display="denar 3, dirham 3, ducat 8, florin 9")
    with pytest.raises(NotationError, match=r"Say which currency for 3 \(display: denar 3, dirham 3"):
        parse(state, "take 3")


def test_a_bare_value_that_is_not_on_display_is_said_to_be_missing():
    """No currency makes "take 5" a move when no 5 is on display: the reply
    says so instead of asking which currency."""
    state = position(display="denar 7, dirham 2, ducat 1, florin 3")
    with pytest.raises(
        NotationError, match=r"^There is no 5 on display \(display: denar 7, dirham 2, ducat 1, florin 3\)\."
    ):
        parse(state, "take 5")


@pytest.mark.parametrize(
    "text",
    [
        "buy garden (slot 2) with dirham 3+5",
        "buy 2 with dirham 3+5",
        "buy 2 with 3 5",
        "buy garden with 5 + 3",
        "koop tuin met 3 en 5",
        "buy slot 2 with dirham 3, dirham 5",
        "b 2 3 5",
        "buy dirham 3 5",
    ],
)
def test_buying(action, text):
    assert parse(action, text) == Buy(1, cards("dirham 3 5"))


@pytest.mark.parametrize(
    "text",
    [
        "buy the garden in slot 2, pay dirham 3+5",
        "buy garden, paying dirham 3 and 5",
        "koop de tuin in vak 2, betaal dirham 3 en 5",
        "I buy the garden with dirham 3+5",
        "Ik koop de tuin met dirham 3 en 5",
        "I'll buy garden with dirham 3 + 5",
    ],
)
def test_a_purchase_written_as_a_sentence_is_the_purchase(action, text):
    """ "buy ..., pay ..." and "I buy ..." ("ik koop ...") in a mail were
    refused: "'in' does not name a market slot", "'i' is not a move here"."""
    assert parse(action, text) == Buy(1, cards("dirham 3 5"))


@pytest.mark.parametrize(
    "text", ["I take denar 1 + dirham 2", "ik neem denar 1 en dirham 2", "I'll take denar 1 + dirham 2"]
)
def test_taking_money_after_i_is_taking_money(action, text):
    assert parse(action, text) == Take(cards("denar 1, dirham 2"))


def test_buying_names_the_slot_or_the_building(action):
    with pytest.raises(NotationError, match="The market has slots 1 to 4"):
        parse(action, "buy 5 with 9")
    with pytest.raises(NotationError, match="'castle' does not name a market slot"):
        parse(action, "buy castle with 9")
    with pytest.raises(NotationError, match="Say how you pay"):
        parse(action, "buy 2")


@pytest.mark.parametrize(
    "text",
    ["garden E1", "garden at E1", "E1", "at E1", "place garden E1", "place garden 10 E1", "tuin O1", "op O1", "O1"],
)
def test_a_bought_building_is_placed_without_the_verb_as_alta_cards_are(text):
    """In the placing step a player writes "garden E1" or just "E1" (one
    building to place), as an Alta card is placed ("farmer D4"); these were
    refused ("'garden' is not a move now", "'e' is not a move now")."""
    state = _one_to_place()
    assert parse(state, text) == parse(state, "place garden at E1") == Place(tile("gar10N"), (1, 0))


def test_a_bought_building_goes_to_the_reserve_as_written():
    state = _one_to_place()
    assert parse(state, "garden to reserve") == parse(state, "tuin naar de reserve") == Place(tile("gar10N"), None)


def test_numbers_alone_are_no_verbless_placement(placing):
    """ "1 2" in a mail is two option numbers, never a cell."""
    with pytest.raises(NotationError):
        parse(placing, "1 2")


def _one_to_place():
    state = position(
        [seat(hand="dirham 4 9, denar 8"), seat()],
        market=("pav8", "gar10N", "arc9", "cha10"),
    )
    return RULES.apply(state, 0, Buy(1, cards("dirham 4 9"))).state  # overpays: placing follows


def test_a_building_type_in_two_slots_is_told_apart_by_the_money_paid():
    """Two seraglios in the market (slots 1 and 4): "buy seraglio with
    denar 9" can only mean slot 1, paid in denar; without a currency the
    answer names the slots that hold one, instead of asking for "the
    building's type" the player just gave."""
    state = position(
        [seat(hand="denar 9, florin 7"), seat()],
        market=("ser9", "pav7E", "arc10", "ser4NE"),
    )
    assert parse(state, "buy seraglio with denar 9") == Buy(0, cards("denar 9"))
    assert parse(state, "koop serail met gulden 7") == Buy(3, cards("florin 7"))
    with pytest.raises(NotationError) as refused:
        parse(state, "buy seraglio with 9")
    assert "Several buildings match: slot 1 (denar): seraglio 9 open; slot 4 (florin): seraglio 4 NE." in str(
        refused.value
    )
    assert "building's type" not in str(refused.value)


def test_the_wrong_currency_parses_but_is_illegal(action):
    move = parse(action, "buy 2 with denar 8")
    assert move == Buy(1, cards("denar 8"))
    with pytest.raises(IllegalMove, match="Slot 2 is paid in dirham only"):
        RULES.apply(action, 0, move)


# --------------------------------------------------------------- redesign
def test_redesign_forms(action):
    assert parse(action, "redesign tower to N1E2") == Build(tile("tow12"), (2, -1))
    assert parse(action, "verbouw toren naar n1 o2") == Build(tile("tow12"), (2, -1))
    assert parse(action, "redesign N1E1 to reserve") == Remove((1, -1))
    assert parse(action, "remove n1") == Remove((0, -1))
    assert parse(action, "redesign garden 8 NE with E1") == Swap(tile("gar8NE"), (1, 0))
    assert parse(action, "swap garden 8 sw with e1") == Swap(tile("gar8SW"), (1, 0))
    assert parse(action, "ruil tuin 8 zw met o1") == Swap(tile("gar8SW"), (1, 0))
    assert parse(action, "swap e1 with tower") == Swap(tile("tow12"), (1, 0))


def test_placing_from_an_empty_reserve_says_so_once():
    """Before buying, "place" builds from the reserve; an empty one is
    named once, not as "No such building ... There is no building ..."."""
    from django.utils import translation

    from games.i18n import error_text

    state = position([seat(hand="denar 3 4"), seat()])
    with pytest.raises(NotationError) as refused:
        RULES.apply_text(state, 0, "place garden at N9")
    english = str(refused.value)
    assert english.startswith("There is no building in your reserve. For example: ")
    assert english.count("building") == 1
    with translation.override("nl"):
        dutch = error_text("alhambra", refused.value)
    assert dutch.startswith("Er is geen gebouw in je reserve. Bijvoorbeeld: ") and "Zo'n gebouw" not in dutch


def test_an_ambiguous_building_lists_the_candidates(action):
    with pytest.raises(NotationError, match="Which building in your reserve: garden 8 NE, garden 8 SW"):
        parse(action, "redesign garden to E2")


def test_a_redesign_without_a_target_says_what_to_write(action):
    with pytest.raises(NotationError, match="Write 'redesign E1 to reserve'"):
        parse(action, "redesign E1")


def test_done(action):
    for text in ("done", "Klaar", "pass"):
        assert parse(action, text) == Done()


# --------------------------------------------------------------- placing
def test_placing_forms(placing):
    assert parse(placing, "place garden at N1") == Place(tile("gar10N"), (0, -1))
    assert parse(placing, "plaats tuin op n1") == Place(tile("gar10N"), (0, -1))
    assert parse(placing, "place pav at W1") == Place(tile("pav8"), (-1, 0))
    assert parse(placing, "reserve garden") == Place(tile("gar10N"), None)
    assert parse(placing, "place garden in reserve") == Place(tile("gar10N"), None)
    assert parse(placing, "give garden to Dirk") == Gift(tile("gar10N"))
    assert parse(placing, "dirk pavilion") == Gift(tile("pav8"))


def test_the_only_pending_building_need_not_be_named():
    state = position([seat(hand="dirham 4 9"), seat()], market=("pav8", "gar10N", "arc9", "cha10"))
    state = RULES.apply(state, 0, Buy(1, cards("dirham 4 9"))).state
    assert parse(state, "place at S1") == Place(tile("gar10N"), (0, 1))
    assert parse(state, "reserve") == Place(tile("gar10N"), None)
    assert parse(state, "dirk") == Gift(tile("gar10N"))


def test_two_pending_buildings_need_a_name(placing):
    with pytest.raises(NotationError, match="Which building waiting to be placed: pavilion, garden"):
        parse(placing, "reserve")


def test_other_moves_while_placing_get_a_clear_message(placing):
    with pytest.raises(NotationError, match="place your new building"):
        parse(placing, "redesign N1 to reserve")


@pytest.mark.parametrize(
    "text", ["place garden at N1", "place at N1", "reserve garden", "reserve", "give garden to Dirk"]
)
def test_placing_a_building_bought_with_an_exact_payment_first_needs_done(text):
    """After an exact payment the turn's actions go on; the building just
    bought waits for their end.  Placing it at once was answered "There is
    no building in your reserve" or "'' is not a cell"; now the reply says
    when bought buildings are placed and what to write."""
    state = position([seat(hand="dirham 3 5 4"), seat()], market=("pav8", "gar8NE", "arc10", "tow12"))
    state = RULES.apply_text(state, 0, "buy 2 with dirham 3+5").state
    assert (state.phase, state.extra) == ("action", True)
    with pytest.raises(
        NotationError, match=r"^Buildings bought this turn are placed after your last action: write 'done' first"
    ):
        parse(state, text)
    assert RULES.apply_text(state, 0, f"done; {text}").state.current == 1


def test_a_building_of_the_reserve_keeps_its_own_message_while_a_bought_one_waits():
    state = position(
        [seat(hand="dirham 3 5 4", reserve=("tow9ES",)), seat()], market=("pav8", "gar8NE", "arc10", "tow12")
    )
    state = RULES.apply_text(state, 0, "buy 2 with dirham 3+5").state
    assert parse(state, "place tower at S1") == Build(tile("tow9ES"), (0, 1))
    with pytest.raises(NotationError, match=r"^'x' is not a cell"):
        parse(state, "place tower at x")


@pytest.mark.parametrize(
    "text",
    ["reserve", "remove", "redesign to reserve", "verbouw naar reserve", "redesign tower to", "redesign tower with"],
)
def test_a_redesign_without_its_cell_asks_for_the_cell(action, text):
    """Not "'' is not a cell" (or "'tower' is not a cell"): the cell is
    missing, and the reply says so."""
    with pytest.raises(
        NotationError, match=r"^Say which cell; cells are written from the fountain, e\.g\. N1, S2E1, W3\."
    ):
        parse(action, text)


# --------------------------------------------------------------- round trip
def test_every_legal_move_reads_back(action, placing):
    for state in (action, placing):
        for move in RULES.legal_moves(state, 0):
            text = RULES.format_move(state, 0, move)
            assert parse(state, text) == move, text


def test_canonical_forms(action, placing):
    fmt = RULES.format_move
    assert fmt(action, 0, Take(cards("denar 1, dirham 2"))) == "take denar 1 + dirham 2"
    assert fmt(action, 0, Buy(1, cards("dirham 3 5"))) == "buy garden (slot 2) with dirham 3+5"
    assert fmt(action, 0, Build(tile("tow12"), (2, -1))) == "redesign tower to N1E2"
    assert fmt(action, 0, Swap(tile("gar8NE"), (1, 0))) == "redesign garden 8 NE with E1"
    assert fmt(action, 0, Remove((1, -1))) == "redesign N1E1 to reserve"
    assert fmt(action, 0, Done()) == "done"
    assert fmt(placing, 0, Place(tile("gar10N"), (0, 1))) == "place garden at S1"
    assert fmt(placing, 0, Place(tile("pav8"), None)) == "reserve pavilion"
    assert fmt(placing, 0, Gift(tile("pav8"))) == "give pavilion to Dirk"


def test_tile_refs_grow_only_as_far_as_needed():
    assert tile_ref(tile("gar10N"), [tile("gar10N"), tile("tow12")]) == "garden"
    assert tile_ref(tile("gar10N"), [tile("gar10N"), tile("gar11")]) == "garden 10"
    assert tile_ref(tile("gar10-"), [tile("gar10N"), tile("gar10-")]) == "garden 10 open"


# ------------------------------------------------------------------ errors
def test_unknown_words_list_examples(action):
    with pytest.raises(NotationError) as error:
        parse(action, "xyzzy plugh")
    message = str(error.value)
    assert "'xyzzy' is not a move here" in message
    assert "For example: take denar 1;" in message


def test_an_empty_move_is_refused(action):
    with pytest.raises(NotationError, match="The move is empty"):
        parse(action, "  ")


def test_a_whole_turn_in_one_message():
    state = position(
        [seat(hand="dirham 3 5, denar 9"), seat()],
        market=("pav8", "gar8NE", "arc9", "cha10"),
    )
    text = "buy 2 with dirham 3+5\nbuy 1 with 9; place garden at N1\nreserve pavilion"
    after = RULES.apply_text(state, 0, text).state
    assert after.current == 1
    assert after.seats[0].alhambra.cells[(0, -1)] == tile("gar8NE")
    assert after.seats[0].reserve == (tile("pav8"),)


def test_a_bad_part_of_a_turn_names_the_part():
    state = position([seat(hand="dirham 9"), seat()], market=("pav8", "gar8NE", "arc9", "cha10"))
    with pytest.raises(
        IllegalMove,
        match=r'In move 2 \("place garden at S1"\): garden 8 NE cannot be placed',
    ):
        RULES.apply_text(state, 0, "buy 2 with 9; place garden at S1")


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_whole_turn_the_help_shows_can_be_played(language):
    """The help's first example is one message of a whole turn; a player
    who copies it into a fitting position has their turn played."""
    help_text = RULES.help_text(language)
    example = help_text.split("\n\n")[2]
    assert example.startswith("    "), example
    state = position(
        [seat(".  .     arc9\nF  pav6N pav8", hand="dirham 3 4, florin 5 7"), seat()],
        market=("ser9", "gar7NSW", "arc10", "tow12"),
    )
    after = RULES.apply_text(state, 0, example).state
    assert after.current == 1
    assert after.seats[0].alhambra.cells[(1, -1)] == tile("gar7NSW")
    assert after.seats[0].reserve == (tile("tow12"),)


def test_an_arrow_stands_for_at_or_to():
    """Atlantis moves are written with "->": "place garden -> N1E2" was
    answered "Say where", "redesign tower -> S1" with the redesign forms."""
    placing = position([seat(".  arc9 .\nF  pav8 .", pending=("gar8NE",)), seat()], phase="place")
    acting = position([seat(".  arc9 .\nF  pav8 .", reserve=("tow9ES",)), seat()])
    assert parse(placing, "place garden -> N1E2") == Place(tile("gar8NE"), (2, -1))
    assert parse(placing, "place garden => reserve") == Place(tile("gar8NE"), None)
    assert parse(acting, "redesign tower -> S1") == Build(tile("tow9ES"), (0, 1))
    assert parse(acting, "redesign N1E1 -> reserve") == Remove((1, -1))


def test_the_example_list_counts_the_moves_it_leaves_out_as_moves():
    """ "… buy tower (slot 3) with ducat 7 (and 3 more)" read as a payment
    of ducat 7 and 3 more; the list now says how many moves there are."""
    from games.rules.alhambra.legal import legal_moves
    from games.rules.alhambra.notation_parse import examples

    state = position(display="denar 1, dirham 1, ducat 1, florin 2")
    said = examples(state, 0).english()
    total = len(legal_moves(state, 0))
    assert total > 8 and said.endswith(f" (of {total} possible moves).") and "more)" not in said


@pytest.mark.parametrize(
    ("language", "text", "said"),
    [
        (
            "en",
            "buy garden with denar 3",
            ["the market has slot 1 (denar): pavilion 8", "slot 4 (florin): chambers 10"],
        ),
        (
            "nl",
            "koop tuin met denar 3",
            ["op de markt liggen vak 1 (denar): paviljoen 8", "vak 4 (gulden): vertrekken 10"],
        ),
    ],
)
def test_a_building_not_in_the_market_is_refused_with_what_is_there(language, text, said):
    """The market is public: "buy garden" with no garden there says which
    buildings are, slot by slot, not only that none matches."""
    from django.utils import translation

    from games.i18n import error_text

    state = position(market=("pav8", "ser9", "arc9", "cha10"))
    with pytest.raises(NotationError) as refused:
        RULES.parse_move(state, 0, text)
    with translation.override(language):
        refusal = error_text("alhambra", refused.value)
    assert all(part in refusal.lower() for part in said), refusal


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "take", "cards": [40]},
        {"kind": "take", "cards": [1, 10**30]},
        {"kind": "take", "cards": [10]},
        {"kind": "take", "cards": [101]},
        {"kind": "take", "cards": [1.5]},
        {"kind": "buy", "slot": 2000, "cards": [28]},
        {"kind": "buy", "slot": -1, "cards": [38]},
        {"kind": "place", "tile": 4000, "cell": [1, 0]},
        {"kind": "place", "tile": 54, "cell": [1, 0]},
        {"kind": "gift", "tile": -1},
        {"kind": "build", "tile": 3, "cell": ["1", 0]},
        {"kind": "swap", "tile": 3, "cell": [0.5, 0]},
    ],
)
def test_a_stored_move_naming_no_money_card_building_or_slot_is_refused_when_loaded(data):
    """``load_move`` read a client's ``take`` of card 40 (no such currency)
    into a move that ``apply`` failed on with an IndexError, and a ``buy``
    from slot 2000 into one that ``format_move`` failed on: data it did not
    write is an engine error, as the protocol says."""
    with pytest.raises(EngineError):
        RULES.load_move(data)
