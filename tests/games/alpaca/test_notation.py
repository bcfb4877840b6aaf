"""Move notation: what players write in an email, and what they get back."""

import re

import pytest

from games.engine import IllegalMove, NotationError, get_rules
from games.rules.alpaca import Lock, NoBonus, Place, Rotate
from games.rules.alpaca.testing import position, tile

RULES = get_rules("alpaca")
ONE = "0,0 rbg 0"
SQUARE3 = "0,0 r/b-g 0; 0,1 r/y-g 1; 1,1 r/g-b 2"
SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))
PAIR = ((1, 0), (2, 0))


def start():
    # Seat 1's hand list: #1 red/yellow-blue, #2 red/purple-yellow, #3 blue/red-green.
    return position(colours="red blue", table=ONE, hands=["ryb rpy brg", "rgp byp"])


def double_bonus():
    state = position(colours="red blue", table=SQUARE3 + "; 2,0 y/b-p 1", hands=["rbg rpy", "rgp"])
    return RULES.apply(state, 0, Place(tile("rbg"), 1, 0, 3)).state


def parse(text, state=None, seat=0):
    return RULES.parse_move(state or start(), seat, text)


RYB_1_0_2 = Place(tile("ryb"), 1, 0, 2)


@pytest.mark.parametrize(
    "text",
    [
        "red/yellow-blue at 1,0 rot 2",
        "RED/YELLOW-BLUE AT 1,0 ROT 2",
        "  red/yellow-blue   at  1 , 0   rot 2. ",
        "r/y-b at 1,0 rot 2",
        "ryb 1,0 r2",
        "red yellow blue at (1, 0) rotation 2",
        "rosso/giallo-blu a 1,0 rotazione 2",
        "red/yellow-blue @ 1,0 rot: 2",
        "red/yellow-blue at 1,0 sw",
        "red/yellow-blue rot 2 at 1,0",
        "#1 at 1,0 rot 2",
        "tile 1 at 1,0 rot 2",
        "1 at 1,0 rot 2",
        "red/yel-blu at +1,0 2",
        "red/yellow-blue at 1,0, rot 2",
        "red/yellow-blue at (1,0), rot 2",
        "#1 at 1, 0, rotation 2",
        "rood/geel-blauw op 1,0, draaiing 2",
        "rosso/giallo-blu a 1,0, rotazione 2",
    ],
)
def test_placements_are_read_forgivingly(text):
    assert parse(text) == RYB_1_0_2


def test_italian_and_prefixed_colour_names():
    assert parse("rosso/viola-giallo at 1,0 rot 2") == Place(tile("rpy"), 1, 0, 2)
    assert parse("red/pur-yel at 1,0 rot 2") == Place(tile("rpy"), 1, 0, 2)


def test_dutch_colour_names_as_the_dutch_pages_name_them():
    assert parse("rood/geel-blauw at 1,0 rot 2") == RYB_1_0_2
    assert parse("rode/paarse-gele at 1,0 rot 2") == Place(tile("rpy"), 1, 0, 2)


@pytest.mark.parametrize(
    "text",
    [
        "rood/geel-blauw op 1,0 draaiing 2",
        "rood/geel-blauw op 1,0 in draaiing 2",  # as the Dutch event lines write it
        "rood/geel-blauw op 1,0 draai 2",
        "#1 op 1,0 draaiing: 2",
        "rood/geel-blauw draaiing 2 op 1,0",
    ],
)
def test_dutch_players_name_the_rotation_in_dutch(text):
    """The Dutch help calls it "draaiing" and the event lines say "in
    draaiing 0": a Dutch player writes it so."""
    assert parse(text) == RYB_1_0_2


@pytest.mark.parametrize(
    "text",
    [
        "place red/yellow-blue at 1,0 rot 2",
        "Play #1 at 1,0 rot 2",
        "leg rood/geel-blauw op 1,0 draaiing 2",
        "Plaats rood/geel-blauw op 1,0 rot 2",
        "speel #1 op 1,0 rot 2",
        "posa rosso/giallo-blu a 1,0 rotazione 2",
        "metti #1 a 1,0 rot 2",
    ],
)
def test_a_placement_may_start_with_the_verb_a_player_writes(text):
    """ "leg rood/geel-blauw op 1,0 ..." (Dutch "lay"), as Alhambra's
    notation starts with "plaats": a placement read as a tile named "leg
    rood/geel-blauw" was refused as unreadable."""
    assert parse(text) == RYB_1_0_2


@pytest.mark.parametrize(
    "text",
    [
        "I place red/yellow-blue at 1,0 rot 2",
        "I'll play #1 at 1,0 rot 2",
        "ik leg rood/geel-blauw op 1,0 draaiing 2",
        "red/yellow-blue on 1,0 rotated 2",
        "I play the red/yellow-blue tile on 1,0, rotated 2",
        "ik leg de tegel rood/geel-blauw op 1,0 gedraaid 2",
    ],
)
def test_a_placement_written_as_a_sentence_is_the_placement(text):
    """ "I place ...", "ik leg ...", "rotated 2" in a mail were refused as
    unreadable ("write a tile, a cell x,y and a rotation")."""
    assert parse(text) == RYB_1_0_2


def test_a_dutch_bonus_rotation_may_name_the_rotation_in_dutch():
    assert parse("bonus draai 0,1 naar draaiing 3", double_bonus(), seat=0) == parse(
        "bonus draai 0,1 naar 3", double_bonus(), seat=0
    )


def test_negative_cells_and_corner_rotations():
    assert parse("ryb at -1,0 ne") == Place(tile("ryb"), -1, 0, 0)
    assert parse("ryb at 0,-1 nw") == Place(tile("ryb"), 0, -1, 3)
    assert parse("ryb at 0,-1 no") == Place(tile("ryb"), 0, -1, 3)
    assert parse("ryb at (0,-1) se") == Place(tile("ryb"), 0, -1, 1)


def test_rotation_may_be_left_out_when_only_one_fits():
    # South of 0,0 needs blue on N: only rot 1 puts ryb's blue minor2 there.
    assert parse("ryb at 0,-1") == Place(tile("ryb"), 0, -1, 1)
    with pytest.raises(
        NotationError,
        match=r"Say which rotation \(0-3\) to place "
        r"red/yellow-blue at 1,0 in; these fit: rot 2, rot 3",
    ):
        parse("ryb at 1,0")
    with pytest.raises(NotationError, match="none fits there"):
        parse("ryb at 7,7")


def test_unknown_tile_lists_what_was_expected_and_examples():
    with pytest.raises(NotationError) as error:
        parse("xyzzy at 1,0 rot 2")
    message = str(error.value)
    assert 'Could not read the tile "xyzzy": write major/minor1-minor2' in message
    assert "Red is dominant. For example: red/yellow-blue at" in message
    assert "red/purple-yellow at" in message


def test_unreadable_moves_say_what_a_move_looks_like():
    with pytest.raises(
        NotationError,
        match='write a tile, a cell x,y and a rotation, e.g. "red/blue-green at 1,-2 rot 2"',
    ):
        parse("play something nice")
    with pytest.raises(
        NotationError,
        match='Could not read "red/blue-green at c4 rot 2": write a tile, a cell x,y',
    ):
        parse("red/blue-green at C4 rot 2")
    with pytest.raises(NotationError, match="The move is empty"):
        parse("   ")


def test_hand_numbers_are_checked():
    with pytest.raises(NotationError, match="Your hand has tiles #1 to #3, not #7"):
        parse("#7 at 1,0 rot 2")


@pytest.mark.parametrize("text", ["pass", "skip", "passo", "pas", "passen", "ik pas"])
def test_passing_is_automatic(text):
    """In English, Italian or Dutch: no pass by choice while a tile fits."""
    with pytest.raises(NotationError, match="You cannot pass: you hold a tile that fits"):
        parse(text)


def test_a_tile_not_in_hand_parses_but_is_illegal():
    move = parse("green/red-blue at 1,0 rot 2")
    with pytest.raises(IllegalMove, match="not in your hand"):
        RULES.apply(start(), 0, move)


def bonus_after_pair():
    state = start()
    return RULES.apply(state, 0, Place(tile("ryb"), 0, -1, 1)).state


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("bonus rotate 0,0 to 2", Rotate(0, 0, 2)),
        ("Bonus: Rotate (0,0) -> 2", Rotate(0, 0, 2)),
        ("rotate 0,-1 3", Rotate(0, -1, 3)),
        ("ruota 0,0 a 1", Rotate(0, 0, 1)),
        # The Italian help's rotation word, as a placement takes it.
        ("bonus ruota 0,0 a rotazione 3", Rotate(0, 0, 3)),
        ("bonus rot 0,0 to sw", Rotate(0, 0, 2)),
        ("bonus lock", Lock(((0, -1), (0, 0)))),
        ("lock", Lock(((0, -1), (0, 0)))),
        ("intoccabile", Lock(((0, -1), (0, 0)))),
        ("bonus lock 1", Lock(((0, -1), (0, 0)))),
        ("bonus none", NoBonus()),
        ("skip", NoBonus()),
        ("nessuno", NoBonus()),
        ("pas", NoBonus()),
    ],
)
def test_bonus_actions_are_read_forgivingly(text, move):
    assert parse(text, bonus_after_pair()) == move


def test_lock_names_a_figure_when_several_were_closed():
    state = double_bonus()
    assert parse("bonus lock 2,0", state) == Lock(PAIR)
    assert parse("bonus lock 0,1", state) == Lock(SQUARE)
    assert parse("lock 2", state) == Lock(SQUARE)
    with pytest.raises(
        NotationError,
        match=r"Say which figure to lock; the figures: "
        r"1: 1,0 / 2,0 \(bonus lock 2,0\); "
        r"2: 0,0 / 0,1 / 1,0 / 1,1 \(bonus lock 0,0\)",
    ):
        parse("bonus lock", state)
    with pytest.raises(NotationError, match="No just-closed figure includes 5,5"):
        parse("bonus lock 5,5", state)
    with pytest.raises(NotationError, match="Figure numbers go from 1 to 2, not 3"):
        parse("lock 3", state)
    assert RULES.format_move(state, 0, Lock(PAIR)) == "bonus lock 2,0"
    assert RULES.format_move(state, 0, Lock(SQUARE)) == "bonus lock 0,0"


def test_lock_without_a_figure_and_unreadable_bonus():
    with pytest.raises(NotationError, match="no just-closed figure to make untouchable"):
        parse("bonus lock")
    with pytest.raises(
        NotationError,
        match='write "bonus rotate X,Y to R", "bonus lock" or "bonus none"',
    ):
        parse("bonus dance", bonus_after_pair())


def test_a_bare_bonus_asks_which_bonus_action():
    """ "bonus" alone was answered 'Could not read the bonus action ""'."""
    with pytest.raises(NotationError) as refused:
        parse("bonus", bonus_after_pair())
    text = str(refused.value)
    assert '""' not in text
    assert 'Say which bonus action: write "bonus rotate X,Y to R", "bonus lock" or "bonus none".' in text


@pytest.mark.parametrize("make", [start, bonus_after_pair, double_bonus])
def test_every_legal_move_round_trips_through_its_text(make):
    state = make()
    seat = min(RULES.to_move(state))
    moves = list(RULES.legal_moves(state, seat))
    assert moves
    texts = [RULES.format_move(state, seat, m) for m in moves]
    assert len(set(texts)) == len(texts)
    assert [RULES.parse_move(state, seat, t) for t in texts] == moves


def test_canonical_texts():
    state = bonus_after_pair()
    assert RULES.format_move(start(), 0, RYB_1_0_2) == "red/yellow-blue at 1,0 rot 2"
    assert RULES.format_move(state, 0, Rotate(0, -1, 3)) == "bonus rotate 0,-1 to 3"
    assert RULES.format_move(state, 0, Lock(((0, -1), (0, 0)))) == "bonus lock"
    assert RULES.format_move(state, 0, NoBonus()) == "bonus none"


def test_a_whole_turn_in_one_message():
    state = RULES.apply_text(start(), 0, "ryb at 0,-1 rot 1; bonus lock").state
    assert state.locked == (((0, -1), (0, 0)),) and RULES.to_move(state) == {1}
    state = RULES.apply_text(start(), 0, "ryb at 0,-1 rot 1\nrotate 0,0 to 1").state
    assert state.table[(0, 0)] & 3 == 1


@pytest.mark.parametrize(
    "text",
    [
        "ryb at 0,-1 rot 1, bonus lock",
        "ryb at 0,-1 rot 1 bonus lock",
        "ryb at 0,-1 rot 1 and bonus lock",
        "rood/geel-blauw op 0,-1 rot 1 en bonus onaantastbaar",
        "rosso/giallo-blu a 0,-1 rotazione 1, poi bonus intoccabile.",
    ],
)
def test_a_placement_and_its_bonus_on_one_line(text):
    assert RULES.split_turn_text(text)[1].startswith("bonus")
    state = RULES.apply_text(start(), 0, text).state
    assert state.locked == (((0, -1), (0, 0)),) and RULES.to_move(state) == {1}


def test_a_bonus_without_a_closed_figure_is_refused_in_a_whole_turn():
    with pytest.raises(
        IllegalMove,
        match=r'In move 2 \("bonus lock"\): your turn was already '
        r"complete",
    ):
        RULES.apply_text(start(), 0, "ryb at 1,0 rot 2; bonus lock")


def test_moves_dump_to_json_and_back():
    for move in [RYB_1_0_2, Rotate(-1, 2, 3), Lock(SQUARE), NoBonus()]:
        assert RULES.load_move(RULES.dump_move(move)) == move
    with pytest.raises(IllegalMove, match="Not a dumped Alpaca move"):
        RULES.load_move({"type": "fly"})


@pytest.mark.parametrize("language", ["en", "nl", "it"])
def test_each_corner_the_rotation_table_names_reads_as_that_rotation(language):
    """A player copies the corner of the help's rotation table; it must be
    read as that row's rotation (Dutch "NO" would have been Italian NW)."""
    state = position(colours="red blue", table="0,0 bgr 0; 0,-1 bgr 0; 0,-2 bgr 0", hands=["rbg ryp ryb", "byr"])
    rows = re.findall(r"^\| ([0-3]) .*\|([^|]*)\|\s*$", RULES.help_text(language), re.M)
    assert [rotation for rotation, _corner in rows] == ["0", "1", "2", "3"]
    for rotation, corner in rows:
        codes = re.findall(r"`(\w+)`", corner) or re.findall(r"\((\w+)\)", corner)
        assert codes, corner
        for code in codes:
            assert parse(f"rbg 1,-2 {code}", state) == Place(tile("rbg"), 1, -2, int(rotation)), code
