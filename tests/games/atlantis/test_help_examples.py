"""Every move the help (English and Dutch) shows is one the engine reads and
plays as the help says, in a position where the help's words hold."""

import pytest

from games.rules.atlantis import MAINLAND, AtlantisRules, BuildBridge, Go, Pass, Pay, Sell
from games.rules.atlantis.testing import build, tiles_text, toll_state

RULES = AtlantisRules()
BL, WH, GY, YE, GN, PK, BR = range(7)

# Seat 0 has pawns on Atlantis, 12 and 30; seat 1 one on 13.  From Atlantis
# blue lands on the blue 3 at 5 over the gap at 2 (toll 2); from 12 pink
# lands on seat 1's pawn, grey goes on to the grey 5 at 18 over the gap at
# 15 (toll 6); no brown lies ahead of 30, so brown goes to the mainland; 31
# is water without a bridge.
ROAD = (
    "ye2 . gn4 wh4 bl3 ye3 gn3 wh3 ye4 gn5 wh5 wh2@0 pk3@1 ye6 . wh6 ye5 gy5 "
    "gn2 wh3 ye3 gn4 wh4 ye4 gn5 wh5 ye5 gn6 wh6 gn3@0 . ye4"
)
HAND = "pk gy bl bl"


def board(hand=HAND, tiles="ye4 gn5"):
    return build(ROAD, hands=[hand, "gy"], tiles=[tiles], draw="br br br br br br br br")


def _flat(text):
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", {"move": ("A blue -> 5", "12 pink grey -> 18", "30 brown -> M"), "short": ("blue -> 5", "12 -> 18")}),
        ("nl", {"move": ("A blauw -> 5", "12 roze grijs -> 18", "30 bruin -> M"), "short": ("blauw -> 5", "12 -> 18")}),
    ],
)
def test_the_pawn_moves_of_the_help_land_where_they_say(language, words):
    text = RULES.help_text(language)
    for example in words["move"] + words["short"]:
        assert f"`{example}`" in text, example
    state = board("pk gy bl bl br")
    a_blue, twelve, thirty = (RULES.parse_move(state, 0, w) for w in words["move"])
    assert a_blue == Go(0, (BL,)) and twelve == Go(12, (PK, GY)) and thirty == Go(30, (BR,))
    after = RULES.apply(state, 0, a_blue).state
    assert after.moved_to == 5 and after.toll_due == 2
    assert RULES.apply(state, 0, twelve).state.toll_due == 6
    assert RULES.apply(state, 0, thirty).state.moved_to == MAINLAND
    # The short forms: only the pawn on Atlantis lands on 5 with blue, and
    # with grey alone only one way leads from 12 to 18.
    blue_to_5, twelve_to_18 = words["short"]
    assert RULES.parse_move(state, 0, blue_to_5) == Go(0, (BL,))
    assert RULES.parse_move(board("gy bl bl bl bl bl bl"), 0, twelve_to_18) == Go(12, (GY,))


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_help_s_sample_option_is_what_the_options_list(language):
    label = {"en": "A blue -> 5 (blue 3, toll 2)", "nl": "A blauw -> 5 (blauw 3, tol 2)"}[language]
    assert f"`{label}`" in RULES.help_text(language)
    listed = dict((lbl, move) for lbl, move in RULES.move_options(board(), 0))
    assert listed["A blue -> 5 (blue 3, toll 2)"] == Go(0, (BL,))
    assert RULES.notation_in("A blue -> 5 (blue 3, toll 2)", language) == label
    assert RULES.parse_move(board(), 0, label) == Go(0, (BL,))


@pytest.mark.parametrize(
    ("language", "table"),
    [
        (
            "en",
            [
                ("pay 5", 5, Pay((5,), ())),
                ("pay 3 blue pink", 5, Pay((3,), (BL, PK))),
                ("pay 3 2 cards", 5, Pay((3,), (BL, BL))),
                ("pay 2x blue", 2, Pay((), (BL, BL))),
            ],
        ),
        (
            "nl",
            [
                ("betaal 5", 5, Pay((5,), ())),
                ("betaal 3 blauw roze", 5, Pay((3,), (BL, PK))),
                ("betaal 3 2 kaarten", 5, Pay((3,), (BL, BL))),
                ("betaal 2x blauw", 2, Pay((), (BL, BL))),
            ],
        ),
    ],
)
def test_the_toll_examples_of_the_table_pay_a_toll_exactly(language, table):
    text = RULES.help_text(language)
    for words, toll, move in table:
        assert f"`{words}`" in text, words
        state = toll_state("bl bl pk", "gn5 ye3" if toll == 5 else "", gaps=1, value=toll)
        assert RULES.parse_move(state, 0, words) == move
        after = RULES.apply(state, 0, move).state
        assert after.phase == "start" and after.turn == 1, words


@pytest.mark.parametrize(
    ("language", "sell", "bridge", "passing"),
    [("en", "sell 4", "bridge 27", "pass"), ("nl", "verkoop 4", "brug 27", "pas")],
)
def test_selling_bridging_and_passing_as_the_table_writes_them(language, sell, bridge, passing):
    text = RULES.help_text(language)
    assert all(f"`{w}`" in text for w in (sell, bridge, passing))
    state = RULES.setup(2, 1)
    assert RULES.parse_move(state, 0, bridge) == BuildBridge(27)
    RULES.apply(state, 0, BuildBridge(27))
    assert RULES.parse_move(board(), 0, sell) == Sell(4)
    RULES.apply(board(), 0, Sell(4))
    stuck = build("bl3 . gy4", hands=[""])
    assert RULES.parse_move(stuck, 0, passing) == Pass()
    RULES.apply(stuck, 0, Pass())


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("en", ("sell 4", "bridge 31", "12 pink grey -> 18", "pay 5 blue")),
        ("nl", ("verkoop 4", "brug 31", "12 roze grijs -> 18", "betaal 5 blauw")),
    ],
)
def test_the_help_s_whole_turn_plays_as_one_message(language, lines):
    text = RULES.help_text(language)
    block = "\n".join(f"    {line}" for line in lines)
    one_line = f"{lines[0]}, {lines[1]}, {lines[2]} {lines[3]}"
    assert block in text and f"`{one_line}`" in _flat(text)
    for written in ("\n".join(lines), one_line):
        after = RULES.apply_text(board(), 0, written).state
        assert after.turn == 1 and after.road.bridges[0] == 31, written
        # The 4 sold, the 5 paid with a blue card for the toll of 6, and the
        # yellow 5 behind the pawn on 18 taken.
        assert tiles_text(after, 0) == "ye5", written
