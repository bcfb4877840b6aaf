"""A Dutch reader's board in the mail: the text and HTML position each
game's mails carry come in Dutch at every step of a game, and English
readers still get them in English.

Move notation stays as typed (``garden 8 NE``, ``red/blue-green``, colour
cards such as ``blue``): it is what players write back.
"""

import html as htmllib
import itertools
import re

import pytest
from django.utils import translation

from games.boards import board_for
from games.boards.alhambra.common import frontier
from games.engine import get_rules
from games.rules.alhambra.view import text_board
from games.rules.alpaca.view import board_text
from tests.boards.test_dutch import ENGLISH
from tests.engine.playing import random_playthrough

#: A word each game's Dutch mail shows, and its English counterpart.
DUTCH = {"alta": "Je eiland", "alhambra": "Geldaanbod", "atlantis": "Je hand", "alpaca": "De tafel"}
ENGLISH_WORD = {"alta": "Your island", "alhambra": "Money display", "atlantis": "Your hand", "alpaca": "The table"}
NAMES = ["Ann", "Ben", "Cy"]
#: What players type (tile, card and cell notation) is not prose.
NOTATION = re.compile(r"[a-z]+/[a-z]+-[a-z]+|\b[a-z]+ \d+ [NESW]+\b|\b[a-z]+ \d+ open\b")


def _prose(text: str, drawn: set[str]) -> str:
    """``text`` without tags, entities, notation and the engine's own text
    boards (letters and cell names, ``drawn``)."""
    lines = htmllib.unescape(re.sub(r"<[^>]+>", " ", text)).splitlines()
    return NOTATION.sub("", "\n".join(line for line in lines if line.strip() not in drawn))


def _drawn(game: str, view: dict) -> set[str]:
    """The lines of the engine's text board(s) in ``view``."""
    if game == "alta":
        rows = [row for island in view["islands"] for row in island["text"]]
    elif game == "alhambra":
        rows = [row for entry in view["seats"] for row in text_board(entry["alhambra"], frontier(entry["alhambra"]))]
        rows += [row for entry in view["seats"] for row in text_board(entry["alhambra"])]
    elif game == "alpaca":
        rows = board_text(view).splitlines()
    else:
        rows = []
    return {row.strip() for row in rows}


def _steps(game: str):
    rules = get_rules(game)
    players = 3 if game == "alpaca" else 2
    for step in itertools.islice(random_playthrough(rules, players, 5), 0, 300, 7):
        for seat in (step.seat, None):
            yield rules.view(step.state, seat), NAMES[:players]


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_a_dutch_reader_gets_the_mail_board_in_dutch(game):
    board, checked = board_for(game), 0
    with translation.override("nl"):
        for view, names in _steps(game):
            plain, rich = board.text(view, names), board.html(view, names)
            assert DUTCH[game] in plain + rich or view.get("seat") is None
            for part in (plain, rich):
                for line in _prose(part, _drawn(game, view)).splitlines():
                    assert not ENGLISH.search(line), line
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_an_english_reader_still_gets_the_mail_board_in_english(game):
    board = board_for(game)
    with translation.override("en"):
        view, names = next(v for v in _steps(game) if v[0].get("seat") is not None)
        plain, rich = board.text(view, names), board.html(view, names)
    assert ENGLISH_WORD[game] in plain and ENGLISH_WORD[game] in htmllib.unescape(rich)
    assert DUTCH[game] not in plain + rich


#: The colour codes a mail board draws (the notation's English initials)
#: and the Dutch name its key must give each.
CODED = {
    "atlantis": {"bl": "blauw", "wh": "wit", "gy": "grijs", "ye": "geel", "gn": "groen", "pk": "roze", "br": "bruin"},
    "alpaca": {"R": "rood", "Y": "geel", "G": "groen", "B": "blauw", "P": "paars"},
}
#: Where each mail board draws a code: an Atlantis road cell's label
#: ("5 wh"), a letter in an Alpaca tile's triangle (either case).
SHOWN = {
    "atlantis": re.compile(r">\d+ ([a-z]{2})</div>"),
    "alpaca": re.compile(r"<td style=\"width:14px;height:14px;[^\"]*\">([A-Za-z])</td>"),
}


@pytest.mark.parametrize("game", ["atlantis", "alpaca"])
def test_a_dutch_mail_board_explains_every_colour_code_it_shows_in_dutch(game):
    board, shown = board_for(game), set()
    with translation.override("nl"):
        for view, names in _steps(game):
            plain, rich = board.text(view, names), htmllib.unescape(board.html(view, names))
            codes = {code.upper() if game == "alpaca" else code for code in SHOWN[game].findall(rich)}
            for code in codes:
                assert f"{code} = {CODED[game][code]}" in rich, code
            if game == "alpaca":  # the text board draws the letters too
                assert all(f"{code} = {name}" in plain for code, name in CODED[game].items())
            shown |= codes
    assert shown == set(CODED[game])
