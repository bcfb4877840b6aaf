"""The few lines of notation help in every turn mail write moves as the
reader's options do: a Dutch mail's examples in Dutch notation."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine import get_rules
from games.rules.alhambra.moves import Buy, Take
from games.rules.alhambra.testing import cards, seat
from games.rules.alhambra.testing import position as alhambra_position
from games.rules.alpaca.testing import position as alpaca_position
from mail.notation_help import notation_help


def _dutch(game: str) -> str:
    with translation.override("nl"):
        return " ".join(notation_help(game))


@pytest.mark.parametrize(
    ("game", "english"),
    [
        ("alhambra", ["buy", " with ", "florijn", "N1E2", "S1", "E1"]),
        ("alpaca", [" at ", "lock", "rotate", "none", "red/"]),
    ],
)
def test_the_dutch_help_has_no_english_notation(game, english):
    said = _dutch(game)
    assert not [word for word in english if word in said], said


def test_the_dutch_examples_are_moves_the_engine_reads():
    alhambra = get_rules("alhambra")
    state = alhambra_position(
        [seat(hand="dirham 3 5, florin 9"), seat()],
        market=("pav8", "gar10N", "arc9", "cha10"),
        display="denar 1, dirham 2, ducat 3, florin 3",
    )
    said = _dutch("alhambra")
    assert "koop 2 met dirham 3+5" in said and "neem dirham 2 + gulden 3" in said
    assert alhambra.parse_move(state, 0, "koop 2 met dirham 3+5") == Buy(1, cards("dirham 3 5"))
    assert alhambra.parse_move(state, 0, "neem dirham 2 + gulden 3") == Take(cards("dirham 2, florin 3"))
    alpaca = get_rules("alpaca")
    said = _dutch("alpaca")
    assert "rood/blauw-groen op 1,-2 rot 2" in said and "bonus draai 0,1 naar 3" in said
    start = alpaca_position(colours="red blue", table="0,0 rbg 0", hands=["rbg ryb", "byp"])
    assert alpaca.parse_move(start, 0, "rood/blauw-groen op 1,-2 rot 2").tile is not None


def test_the_alhambra_help_names_the_wall_letters_of_the_board():
    """The board lists a building's walls as letters after its price
    ("tower 8 NES"); the help says what they mean, in the reader's letters."""
    with translation.override("en"):
        english = " ".join(notation_help("alhambra"))
    assert "walls: N, E, S, W (tower 8 NES)" in english
    assert "muren: N, O, Z, W (toren 8 NOZ)" in _dutch("alhambra")
