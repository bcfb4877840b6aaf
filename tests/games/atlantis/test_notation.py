"""Email notation: canonical text, forgiving parsing, options, whole turns."""

import json
import random
import re

import pytest

from games.engine import IllegalMove, NotationError
from games.rules.atlantis import AtlantisRules, BuildBridge, Go, Pass, Pay, Sell
from games.rules.atlantis.testing import build, hand_text, tiles_text, toll_state

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)

ROAD = "bl3 ye2@1 pk4 . gy5/bl2 wh1@0 bl6"
STATE = build(ROAD, hands=["bl ye pk gy bl", "gy"], tiles=["ye3 br6"], draw="br br br")


def text(move, state=STATE):
    return RULES.format_move(state, 0, move)


def parse(words, state=STATE):
    return RULES.parse_move(state, 0, words)


def test_canonical_forms():
    assert text(Go(0, (BL,))) == "A blue -> 1"
    assert text(Go(0, (YE, PK))) == "A yellow pink -> 3"
    assert text(Go(6, (YE,))) == "6 yellow -> M"
    assert text(Sell(6)) == "sell 6"
    assert text(BuildBridge(4)) == "bridge 4"
    assert text(Pass()) == "pass"
    assert text(Pay((6, 3), (BL, PK))) == "pay 6 3 blue pink"


def test_every_legal_move_round_trips_in_random_games():
    for seed in range(3):
        chooser = random.Random(seed)
        state = RULES.setup(3, seed)
        while RULES.to_move(state):
            seat = state.turn
            moves = RULES.legal_moves(state, seat)
            for move in moves:
                assert RULES.parse_move(state, seat, RULES.format_move(state, seat, move)) == move
            for label, move in RULES.move_options(state, seat):
                assert RULES.parse_move(state, seat, label) == move, label
            state = RULES.apply(state, seat, chooser.choice(moves)).state


@pytest.mark.parametrize(
    "words",
    [
        "A blue -> 1",
        "a BLUE",
        "A: blauw",
        "atlantis bl to 1",
        "a blauw naar 1",
        "move A blue",
        "A blue → 1",
        "pawn a, blue",
        "A blu",
        "A blauw (blue 3)",
        "A blue 1",
        "from A play blue",
        "pion A met blauw naar 1",
    ],
)
def test_forgiving_pawn_moves(words):
    assert parse(words) == Go(0, (BL,))


@pytest.mark.parametrize(
    ("words", "colours"),
    [
        ("A geel roze", (YE, PK)),
        ("a ye pk", (YE, PK)),
        ("A yellow, pink -> 3", (YE, PK)),
        ("A gy bl", (GY, BL)),
        ("A grijs wit", (GY, WH)),
        ("A gray white", (GY, WH)),
        ("A gn", (GN,)),
        ("A groen", (GN,)),
        ("A bruin", (BR,)),
        ("A br", (BR,)),
        ("A rose", (PK,)),
        ("A pi", (PK,)),
        # Dutch adjectives before a noun: "een gele kaart, dan een roze".
        ("A gele kaart, roze kaart", (YE, PK)),
        ("A grijze en witte kaart", (GY, WH)),
        ("A groene", (GN,)),
        ("A bruine kaart", (BR,)),
        ("A blauwe", (BL,)),
    ],
)
def test_colour_names_and_abbreviations(words, colours):
    assert parse(words) == Go(0, colours)


def test_mainland_destinations():
    for words in ("6 yellow -> M", "6 ye -> mainland", "6 geel naar vasteland"):
        assert parse(words) == Go(6, (YE,))


def test_an_ambiguous_abbreviation_says_what_it_could_be():
    with pytest.raises(NotationError, match="'g' could be grey or yellow or green"):
        parse("A g")
    with pytest.raises(NotationError, match="'b' could be blue or brown"):
        parse("A b")


def test_a_wrong_destination_is_reported():
    with pytest.raises(NotationError, match="A blue -> 1 ends on 1, not on 7"):
        parse("A blue -> 7")


def test_the_pawn_may_be_left_out_when_only_one_fits():
    assert parse("yellow pink") == Go(0, (YE, PK))
    assert parse("bl -> 7") == Go(6, (BL,))
    with pytest.raises(
        NotationError,
        match="fits several moves; write one of: A blue -> 1; 6 blue -> 7",
    ):
        parse("blue")


def test_the_cards_may_be_left_out_when_only_one_way_fits():
    assert parse("6 -> 7") == Go(6, (BL,))
    assert parse("A 7") == Go(0, (YE, BL))
    with pytest.raises(NotationError, match="several moves"):
        parse("A -> 3")
    with pytest.raises(NotationError, match="No legal pawn move fits"):
        parse("A -> 2")


@pytest.mark.parametrize(
    ("words", "move"),
    [
        ("betaal 6 en een blauwe kaart", Pay((6,), (BL,))),
        ("betaal 6, een roze en een blauwe kaart", Pay((6,), (BL, PK))),
        ("pay 6 3 blue pink", Pay((6, 3), (BL, PK))),
        ("Pay 3, 6 and pink, blue", Pay((6, 3), (BL, PK))),
        ("betaal 6 roze blauw", Pay((6,), (BL, PK))),
        ("pay 2x blue", Pay((), (BL, BL))),
        ("pay 2xbl 3", Pay((3,), (BL, BL))),
        ("pay tile 6 and a blue card", Pay((6,), (BL,))),
        ("sell 4", Sell(4)),
        ("verkoop 4", Sell(4)),
        ("SELL tile 4", Sell(4)),
        ("bridge 4", BuildBridge(4)),
        ("brug 4", BuildBridge(4)),
        ("bouw brug op 4", BuildBridge(4)),
        ("build a bridge over 4", BuildBridge(4)),
        ("bridge 27", BuildBridge(27)),
        ("pass", Pass()),
        ("pas", Pass()),
        ("PASS", Pass()),
    ],
)
def test_other_moves(words, move):
    assert parse(words) == move


@pytest.mark.parametrize(
    "words",
    [
        "A blue -> 1",
        "A yellow pink",
        "6 blue",
        "sell 6",
        "bridge 4",
        "#3",
        "option 3",
        "pay 5",
        "pay 3 2 cards",
        "pay 3 blue pink",
    ],
)
@pytest.mark.parametrize("end", [".", "!", " ."])
def test_a_move_ending_a_sentence_reads_as_without_the_stop(words, end):
    """People end a line of a mail with a full stop or an exclamation mark."""
    state = toll_state("bl bl pk", "gn5 ye3", gaps=1, value=5) if words.startswith("pay") else STATE
    assert RULES.parse_move(state, 0, words + end) == RULES.parse_move(state, 0, words)


@pytest.mark.parametrize("words", ["I pass", "ik pas", "Ik pas.", "I pass!", "ik moet passen"])
def test_a_pass_said_in_a_sentence_is_a_pass(words):
    stuck = build("bl3 . gy4", hands=[""], draw="br br")
    assert RULES.split_turn_text(words) == [words]
    assert RULES.parse_move(stuck, 0, words) == Pass()
    assert RULES.apply_text(stuck, 0, words).state.turn == 1


@pytest.mark.parametrize(
    ("words", "parts"),
    [
        ("bouw brug op 4", ["bouw brug op 4"]),
        ("build a bridge over 4", ["build a bridge over 4"]),
        ("Build bridge 4", ["Build bridge 4"]),
        ("bouw een brug over 4", ["bouw een brug over 4"]),
        ("sell 6 and bridge 4", ["sell 6", "bridge 4"]),
        ("verkoop 6 en brug 4", ["verkoop 6", "brug 4"]),
        ("verkoop 6, dan bouw brug 4", ["verkoop 6", "bouw brug 4"]),
    ],
)
def test_a_bridge_written_with_its_verb_or_after_and_is_played_as_written(words, parts):
    """The forms the parser reads stay one part of a message: a message is
    cut into parts before it is read, and a part "build" or "and" is no move."""
    assert RULES.split_turn_text(words) == parts
    after = RULES.apply_text(STATE, 0, words).state
    assert after.road.bridges[0] == 4


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("xyzzy plugh", "'xyzzy' is not a colour or a position"),
        ("pay", "Say what you pay with"),
        ("pay 2x", "Say which colour"),
        ("pay 3 purple", "'purple' is neither a tile value nor a card colour"),
        ("sell", "the value of the tile to sell"),
        ("bridge here", "a water position"),
        ("A blue -> nowhere", "Could not read the destination"),
        ("", "Empty move"),
    ],
)
def test_unreadable_text_says_what_was_expected_and_lists_options(words, message):
    with pytest.raises(NotationError) as error:
        parse(words)
    assert message in str(error.value)
    assert "Your options now: sell 3 (1 card); sell 6 (3 cards); bridge 4" in str(error.value)


def test_any_position_of_a_gap_names_it_for_a_bridge():
    state = build("bl3 . . . gy4", hands=["gy"])
    assert RULES.parse_move(state, 0, "bridge 3") == BuildBridge(2)
    assert BuildBridge(2) in RULES.legal_moves(state, 0)


def test_option_numbers_pick_from_the_listed_options():
    options = RULES.move_options(STATE, 0)
    assert parse("#1") == options[0][1]
    assert parse("option 3") == options[2][1]
    with pytest.raises(NotationError, match="There is no option 99; choose 1 to"):
        parse("#99")


def test_option_labels_show_destination_tile_and_toll():
    labels = [label for label, _ in RULES.move_options(STATE, 0)]
    assert labels[:3] == [
        "sell 3 (1 card)",
        "sell 6 (3 cards)",
        "bridge 4 (gap 4, toll 4 now)",
    ]
    assert "A blue -> 1 (blue 3)" in labels
    assert "A yellow blue -> 7 (blue 6, toll 4)" in labels
    assert "6 yellow -> M (mainland)" in labels
    owing = RULES.apply(STATE, 0, Go(0, (YE, BL))).state
    # Tile 6 alone would overpay while tile 3 and a card pay exactly: not listed.
    assert [label for label, _ in RULES.move_options(owing, 0)] == [
        "pay 3 blue (tiles 3 + 1 card: pays 4 of 4)",
    ]


def test_option_labels_count_only_the_cards_left_to_draw():
    """Late in a game the draw and discard piles can both run low: a sale
    or a pass then brings fewer cards, and the options say so."""
    short = build("bl3 . gy4", hands=["gy"], tiles=["wh6"], draw="pk")
    assert [label for label, _ in RULES.move_options(short, 0)][0] == "sell 6 (1 card)"
    empty = build("bl3 . gy4", hands=[""], tiles=["wh6"])
    labels = [label for label, _ in RULES.move_options(empty, 0)]
    assert labels[0] == "sell 6 (0 cards)" and labels[-1] == "pass (draw 0 cards)"
    refill = build("bl3 . gy4", hands=[""], discard="pk")
    assert [label for label, _ in RULES.move_options(refill, 0)][-1] == "pass (draw 1 card)"
    assert RULES.notation_in("pass (draw 1 card)", "nl") == "pas (trek 1 kaart)"


def test_a_whole_turn_in_one_message():
    state = build("bl3 . ye2 gy4", hands=["gy bl pk"], tiles=["wh5 ye2"], draw="br br br br")
    after = RULES.apply_text(state, 0, "sell 5\nA grey -> 4; pay 2").state
    assert after.turn == 1
    assert tiles_text(after, 0) == "ye2"
    assert hand_text(after, 0) == "bl pk br br br"


def test_a_failing_part_of_a_turn_names_it_and_applies_nothing():
    state = build("bl3 . ye2 gy4", hands=["gy"], tiles=["wh5"])
    with pytest.raises(IllegalMove, match='In move 2 \\("A grey"\\): .*toll of 2'):
        RULES.apply_text(state, 0, "sell 5; A grey")


def test_moves_dump_to_json_and_back():
    for move in [Go(0, (BL, PK)), Pay((5, 1), (GY,)), Sell(3), BuildBridge(27), Pass()]:
        data = json.loads(json.dumps(RULES.dump_move(move)))
        assert RULES.load_move(data) == move
    assert RULES.dump_move(Go(12, (PK, GY))) == {"go": 12, "cards": ["pink", "grey"]}
    with pytest.raises(NotationError, match="Not a stored Atlantis move"):
        RULES.load_move({"go": 1, "cards": ["purple"]})


def test_a_whole_turn_on_one_line():
    state = build("bl3 . ye2 gy4", hands=["gy bl pk"], tiles=["wh5 ye2"], draw="br br br br")
    after = RULES.apply_text(state, 0, "sell 5, A grey -> 4 then pay 2").state
    assert after.turn == 1 and tiles_text(after, 0) == "ye2"
    assert RULES.split_turn_text("Verkoop 4 brug 27\n12 roze grijs betaal 5 blauw") == [
        "Verkoop 4",
        "brug 27",
        "12 roze grijs",
        "betaal 5 blauw",
    ]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_help_shows_a_move_landing_on_a_tile_of_the_colour_played(language):
    """A pawn goes to the next tile of the card's colour, so a listed
    option names a destination tile of that colour (``option_label``);
    the help's sample option must read so too."""
    samples = re.findall(r"`A (\w+) -> \d+ \((\w+) \d+", RULES.help_text(language))
    assert samples
    assert all(played == landed for played, landed in samples), samples


@pytest.mark.parametrize("count", ["100000000", "999999999999999999999999999999"])
def test_a_payment_of_more_cards_of_a_colour_than_the_hand_holds_is_refused_at_once(count):
    """'pay 100000000x blue' was read as a list of that many blue cards (half
    a minute and gigabytes; a 30-digit count was an OverflowError, a server
    error): it is refused as 'pay 100000000 cards' is, naming the hand size."""
    state = toll_state("bl bl pk", "gn5 ye3", gaps=1, value=5)
    for words in (f"pay {count}x blue", f"pay {count}xbl", f"pay 3 {count}x blue"):
        with pytest.raises(NotationError, match=f"You have only 3 cards to pay with, not {count}"):
            parse(words, state)


@pytest.mark.parametrize(
    "data",
    [
        {"sell": 4.0},
        {"sell": "4"},
        {"bridge": "27"},
        {"bridge": 27.5},
        {"go": "A", "cards": ["blue"]},
        {"go": 0.0, "cards": ["blue"]},
        {"pay": ["5"], "cards": []},
        {"pay": [2.5], "cards": ["blue"]},
    ],
)
def test_a_stored_move_with_a_number_that_is_no_whole_number_is_refused_when_loaded(data):
    """``load_move`` read ``{"bridge": "27"}`` and ``{"sell": 4.0}`` into
    moves that ``apply`` failed on with a TypeError: data ``dump_move`` did
    not write is an engine error, as the protocol says."""
    with pytest.raises(NotationError, match="Not a stored Atlantis move"):
        RULES.load_move(data)


@pytest.mark.parametrize(
    ("words", "move"),
    [
        ("move pawn A with blue to 1", Go(0, (BL,))),
        ("move my pawn from A to 1 with blue", Go(0, (BL,))),
        ("pawn on A plays blue", Go(0, (BL,))),
        ("I play blue for the pawn on Atlantis", Go(0, (BL,))),
        ("blue from A", Go(0, (BL,))),
        ("pion van A met blauw naar 1", Go(0, (BL,))),
        ("ik zet mijn pion op A met blauw", Go(0, (BL,))),
        ("speel blauw met de pion op A", Go(0, (BL,))),
        ("move pawn 6 with blue to 7", Go(6, (BL,))),
        ("pion van 6 met een blauwe kaart naar 7", Go(6, (BL,))),
    ],
)
def test_a_pawn_move_written_as_a_sentence_is_the_move(words, move):
    """Players write moves in words in their mails ("pion van 12 met roze
    naar 18"); "pawn", "from", "on", "my" around the notation were read as
    colours ("'van' is not a colour or a position"), so the reply was refused."""
    assert parse(words) == move


@pytest.mark.parametrize(
    ("words", "move"),
    [
        ("pay the toll with tile 5", Pay((5,), ())),
        ("pay the toll with my 5 tile", Pay((5,), ())),
        ("betaal de tol met mijn tegel van 5", Pay((5,), ())),
        ("pay the 3 tile and 2 cards", Pay((3,), (BL, BL))),
        ("betaal de tol met tegel 3 en 2 kaarten", Pay((3,), (BL, BL))),
        ("I pay the toll with tile 5", Pay((5,), ())),
        ("Ik betaal met tegel 5", Pay((5,), ())),
    ],
)
def test_a_toll_payment_written_as_a_sentence_is_the_payment(words, move):
    """ "pay the toll with ..." ("betaal de tol met ...") was refused: "'the'
    is neither a tile value nor a card colour"."""
    state = toll_state("bl bl pk", "gn5 ye3", gaps=1, value=5)
    assert RULES.split_turn_text(words) == [words]
    assert RULES.parse_move(state, 0, words) == move


@pytest.mark.parametrize(
    ("words", "move"), [("I sell 6", Sell(6)), ("ik verkoop 6", Sell(6)), ("I build bridge 4", BuildBridge(4))]
)
def test_a_sale_or_bridge_after_i_is_the_move(words, move):
    assert RULES.split_turn_text(words) == [words]
    assert parse(words) == move
