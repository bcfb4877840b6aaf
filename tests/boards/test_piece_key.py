"""Beside the short codes on the cards and tiles, the board carries a key:
every Alta card type and every Alhambra building drawn as on the board,
with its full name, in the reader's language."""

import itertools
import re
from html import unescape

import pytest
from django.utils import translation

from games.boards import board_for
from games.boards.alhambra.common import TYPES
from games.boards.alpaca.common import FILL as ALPACA_FILL
from games.boards.alta.common import CARD_STYLE, card_codes
from games.boards.atlantis.common import COLOURS as ATLANTIS_COLOURS
from games.engine import get_rules
from games.terms import term
from tests.engine.playing import random_playthrough

KEY = re.compile(r'<ul class="piece-key" aria-label="[^"]+">(.*?)</ul>')
ENTRY = re.compile(r'<li><svg class="key-piece"[^>]*>(.*?)</svg><span>([^<]+)</span></li>')


def _key(game: str) -> list[tuple[str, str]]:
    rules = get_rules(game)
    page = board_for(game).svg(rules.view(rules.setup(2, 1), 0), ["Ann", "Ben"])
    found = KEY.findall(page)
    assert len(found) == 1
    return [(drawing, unescape(name)) for drawing, name in ENTRY.findall(found[0])]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_alta_key_names_every_card_type_beside_its_picture_and_code(language):
    with translation.override(language):
        entries = _key("alta")
        names = [term("alta", slug) for slug in CARD_STYLE]
        codes = list(card_codes().values())  # the reader's: BOE for the Dutch boer
    assert len(entries) == len(CARD_STYLE) == 9
    for (drawing, name), wanted, code in zip(entries, names, codes, strict=True):
        assert name.lower() == wanted.lower()
        assert f">{code}</text>" in drawing and 'class="card-icon"' in drawing
    if language == "nl":
        assert "Akker" in [name for _, name in entries] and "AKK" in codes


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_alhambra_key_names_the_six_buildings_the_fountain_and_a_wall(language):
    with translation.override(language):
        entries = _key("alhambra")
        names = [term("alhambra", kind) for kind in TYPES]
    assert [name for _, name in entries[:6]] == names
    # Each drawn with its name's first three letters in the reader's language.
    for (drawing, _), name in zip(entries[:6], names, strict=True):
        assert f">{name[:3]}</text>" in drawing
    assert len(entries) == 8  # and the fountain and a wall
    assert len({drawing for drawing, _ in entries}) == 8


#: The colour codes drawn on Atlantis tiles and the letters on Alpaca tiles
#: (the notation's English: "wh", "Y"), by colour.
DRAWN_CODES = {
    "atlantis": dict(zip(ATLANTIS_COLOURS, ("bl", "wh", "gy", "ye", "gn", "pk", "br"), strict=True)),
    "alpaca": {colour: colour[0].upper() for colour in ALPACA_FILL},
}
DUTCH_COLOURS = {
    "atlantis": ["blauw", "wit", "grijs", "geel", "groen", "roze", "bruin"],
    "alpaca": ["rood", "geel", "groen", "blauw", "paars"],
}


def _drawn_codes(page: str, game: str) -> set[str]:
    """The colour codes (any case) the page draws as text outside its key."""
    codes = {code.lower() for code in DRAWN_CODES[game].values()}
    board = KEY.sub("", page)
    return {found.lower() for found in re.findall(r">([A-Za-z]{1,2})</text>", board) if found.lower() in codes}


@pytest.mark.parametrize("game", ["atlantis", "alpaca"])
def test_a_dutch_page_keys_every_colour_code_it_draws_to_its_dutch_name(game):
    """The codes are English initials ("wh", "Y"): beside the board, each
    is drawn as on a tile next to the colour's Dutch name ("wit", "geel")."""
    rules, board = get_rules(game), board_for(game)
    players = 3 if game == "alpaca" else 2
    step = next(itertools.islice(random_playthrough(rules, players, 4), 40, None))
    with translation.override("nl"):
        page = board.svg(rules.view(step.state, step.seat), ["Ann", "Ben", "Cy"][:players])
    [found] = KEY.findall(page)
    entries = [(drawing, unescape(name)) for drawing, name in ENTRY.findall(found)]
    assert [name for _, name in entries] == DUTCH_COLOURS[game]
    for (drawing, _), code in zip(entries, DRAWN_CODES[game].values(), strict=True):
        assert f">{code}</text>" in drawing
    keyed = {code.lower() for code in DRAWN_CODES[game].values()}
    assert _drawn_codes(page, game) and _drawn_codes(page, game) <= keyed
