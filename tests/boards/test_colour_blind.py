"""No two kinds of piece are told apart by colour alone, and no page carries
a style attribute (the site's CSP refuses them).

A piece drawn without its colours (every fill, stroke and tooltip taken
away) must still differ from every other kind: its picture, letter or short
name tells it.  Checked on the drawings themselves, not on tables of codes.
"""

import itertools
import re

import pytest

from games.boards import board_for
from games.boards.alhambra import icons as alhambra_icons
from games.boards.alhambra.common import CURRENCY, TYPES
from games.boards.alpaca import icons as alpaca_icons
from games.boards.alpaca.common import FILL as ALPACA_FILL
from games.boards.alta import icons as alta_icons
from games.boards.alta.common import CARD_STYLE
from games.boards.atlantis import icons as atlantis_icons
from games.boards.atlantis.common import COLOURS, PAWN
from games.engine import get_rules
from tests.engine.playing import random_playthrough

COLOUR_ATTRIBUTE = re.compile(r'\s(fill|stroke|fill-opacity|opacity)="[^"]*"')
NAMES = re.compile(r'<title>.*?</title>|\saria-label="[^"]*"')


def without_colour(markup: str) -> str:
    """What a reader who sees no colour sees: shapes and text."""
    return NAMES.sub("", COLOUR_ATTRIBUTE.sub("", markup))


def _kinds():
    yield "alta card", {slug: alta_icons.card(0, 0, slug) for slug in CARD_STYLE}
    yield "alhambra building", {kind: alhambra_icons.building_tile(0, 0, f"{kind} 5 N") for kind in TYPES}
    yield "alhambra coin", {currency: alhambra_icons.coin(0, 0, f"{currency} 5") for currency in CURRENCY}
    yield (
        "atlantis tile",
        {colour: atlantis_icons.tile(0, 0, {"colour": colour, "value": 3, "height": 1}) for colour in COLOURS},
    )
    yield "atlantis pawn", {seat: atlantis_icons.pawn(0, 0, seat) for seat in range(len(PAWN))}
    # An Alpaca tile with one colour everywhere: its letters must tell the colour.
    yield (
        "alpaca colour",
        {colour: alpaca_icons.tile_shapes(0, 0, 48, f"{colour}/{colour}-{colour}", 0) for colour in ALPACA_FILL},
    )


@pytest.mark.parametrize(("what", "drawings"), list(_kinds()), ids=[what for what, _ in _kinds()])
def test_no_two_kinds_differ_by_colour_alone(what, drawings):
    assert len(drawings) >= 4
    for (one, first), (other, second) in itertools.combinations(drawings.items(), 2):
        assert first != second, (one, other)
        assert without_colour(first) != without_colour(second), f"{what}: {one} and {other} differ only by colour"


def test_an_alta_card_with_the_same_code_letters_as_another_is_caught():
    """The check above would catch two card types drawn alike but coloured apart."""
    farmer = alta_icons.card(0, 0, "farmer")
    recoloured = farmer.replace(CARD_STYLE["farmer"][0], CARD_STYLE["wheat_field"][0])
    assert recoloured != farmer and without_colour(recoloured) == without_colour(farmer)


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_board_pages_carry_no_style_attribute(game):
    rules, board = get_rules(game), board_for(game)
    pages = 0
    for step in itertools.islice(random_playthrough(rules, 3 if game == "alpaca" else 2, 5), 0, 400, 7):
        for seat in (None, 0, 1):
            page = board.svg(rules.view(step.state, seat), ["Ann", "Ben", "Cy"])
            assert " style=" not in page
            pages += 1
    assert pages >= 10
