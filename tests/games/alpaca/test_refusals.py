"""Refusals a player reads: in their language, saying what to do instead,
and naming nothing of another player's hand."""

import re

import pytest
from django.utils import translation

from games.engine import IllegalMove, NotationError, get_rules
from games.i18n import error_text
from games.rules.alpaca import Lock, Place
from games.rules.alpaca.testing import position, tile

RULES = get_rules("alpaca")

# The tile at 0,0 shows green on its west edge, so at -1,0 only a tile with
# green on its east edge fits: red/yellow-blue has no green and fits there in
# no rotation.
STATE = position(colours="red blue", table="0,0 rbg 0", hands=["rgy ryb", "byp"])


@pytest.mark.parametrize(
    ("language", "says", "english"),
    [
        ("en", "no rotation of it fits there", "none"),
        ("nl", "past daar in geen enkele draaiing", "none"),
        ("it", "lì non va bene in nessuna rotazione", "none"),
    ],
)
def test_a_tile_that_fits_a_cell_in_no_rotation_is_refused_in_the_reader_s_words(language, says, english):
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(STATE, 0, Place(tile("ryb"), -1, 0, 0))
    with translation.override(language):
        text = error_text("alpaca", refused.value)
    assert says in text, text
    if language != "en":
        assert english not in text.split(), text


# Placing red/blue-green at 0,0 closed two figures: the blue minor pair with
# 0,-1 and the green one with -1,0.
TWO_FIGURES = position(
    colours="red blue",
    table="0,0 rbg 0; 0,-1 y/b-p 2; -1,0 y/g-b 3",
    hands=["ryb", "byp"],
    phase="bonus",
    bonuses=2,
    pending=(((-1, 0), (0, 0)), ((0, -1), (0, 0))),
)


@pytest.mark.parametrize(
    ("language", "written", "lock"),
    [
        ("en", "bonus lock", "lock"),
        ("nl", "bonus onaantastbaar", "onaantastbaar"),
        ("it", "bonus intoccabile", "intoccabile"),
    ],
)
def test_which_figure_to_lock_is_asked_with_moves_in_the_reader_s_notation(language, written, lock):
    with pytest.raises(NotationError) as refused:
        RULES.parse_move(TWO_FIGURES, 0, written)
    with translation.override(language):
        text = error_text("alpaca", refused.value)
    named = re.findall(r"\((bonus \w+ -?\d+,-?\d+)\)", text)
    assert named == [f"bonus {lock} -1,0", f"bonus {lock} 0,-1"], text
    assert [RULES.parse_move(TWO_FIGURES, 0, move) for move in named] == [Lock(f) for f in TWO_FIGURES.pending]


@pytest.mark.parametrize(
    ("language", "start"),
    [
        ("en", "Red is dominant this round"),
        ("nl", "Rood is deze ronde dominant"),
        ("it", "Rosso è dominante in questo giro"),
    ],
)
def test_a_tile_of_another_colour_is_refused_in_a_sentence_that_starts_with_a_capital(language, start):
    state = position(colours="red blue", table="0,0 rbg 0", hands=["ryb bry", "byp"])
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, 0, Place(tile("bry"), 1, 0, 0))
    with translation.override(language):
        assert error_text("alpaca", refused.value).startswith(start)


def test_an_unreadable_placement_is_shown_the_example_the_dutch_help_writes():
    with pytest.raises(NotationError) as refused:
        RULES.parse_move(STATE, 0, "hello")
    with translation.override("nl"):
        text = error_text("alpaca", refused.value)
    assert 'bijvoorbeeld "rood/blauw-groen op 1,-2 rot 2"' in text, text
    assert "rood/blauw-groen op 1,-2 rot 2" in RULES.help_text("nl")
