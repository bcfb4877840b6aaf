"""A Dutch reader's board: every drawing's words (text, tooltips, labels
read aloud) and the move buttons come in Dutch, at every step of a game.

Move notation stays as typed (``garden 8 NE``, ``red/blue-green rot 2``):
it is what players write in mails, in every language.
"""

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from games.boards import board_for
from games.engine import get_rules
from tests.engine.playing import random_playthrough

#: English words of the boards with no Dutch homograph.
ENGLISH = re.compile(
    r"\b(the|your|you|tiles?|pawns?|bridge|points?|money|pick|then|place|round|turn|empty|toll|mainland|"
    r"cards?|move|slot|seat|buildings?|dominant colour|untouchable|bonus action)\b",
    re.IGNORECASE,
)
#: A word each game's Dutch drawing shows.
DUTCH = {"alta": "Eiland", "alhambra": "Geldaanbod", "atlantis": "vasteland", "alpaca": "De tafel"}


def words_in_drawings(page: str) -> list[str]:
    """Texts, tooltips and accessible names inside the page's SVGs."""
    root = ET.fromstring(f"<root>{page}</root>")
    found = []
    for svg in root.iter("{http://www.w3.org/2000/svg}svg"):
        found += _words(svg)
    for svg in root.iter("svg"):
        found += _words(svg)
    return found


def _words(svg: ET.Element) -> list[str]:
    found = []
    for node in svg.iter():
        if node.tag.endswith(("text", "title")) and node.text:
            found.append(node.text)
        if node.get("aria-label"):
            found.append(node.get("aria-label"))
    return found


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_a_dutch_reader_sees_the_board_in_dutch(game):
    rules, board = get_rules(game), board_for(game)
    players = 3 if game == "alpaca" else 2
    checked = 0
    with translation.override("nl"):
        for step in itertools.islice(random_playthrough(rules, players, 11), 0, 300, 9):
            view = rules.view(step.state, step.seat)
            page = board.svg(view, ["Ann", "Ben", "Cy"][:players])
            assert DUTCH[game] in page
            for words in words_in_drawings(page):
                # Tile and card codes of the notation are not prose.
                prose = re.sub(r"[a-z]+/[a-z]+-[a-z]+|\b[a-z]+ \d+ [NESW]+\b|\b[a-z]+ \d+ open\b", "", words)
                assert not ENGLISH.search(prose), words
            options = [(text, rules.dump_move(move)) for text, move in rules.move_options(step.state, step.seat)]
            for (typed, _), control in zip(options, board.controls(view, options), strict=False):
                # A button's words around the move as the engine writes it (the engine's text is its own).
                if not control["pick"] and not control["target"]:
                    assert not ENGLISH.search(control["label"].replace(typed, "")), control
            checked += 1
    assert checked >= 5
