"""Beside the short codes on the cards and tiles, the board carries a key:
every Alta card type and every Alhambra building drawn as on the board,
with its full name, in the reader's language."""

import re
from html import unescape

import pytest
from django.utils import translation

from games.boards import board_for
from games.boards.alhambra.common import TYPES
from games.boards.alta.common import CARD_STYLE
from games.engine import get_rules
from games.terms import term

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
    assert len(entries) == len(CARD_STYLE) == 9
    for (drawing, name), wanted, (_fill, code, _) in zip(entries, names, CARD_STYLE.values(), strict=True):
        assert name.lower() == wanted.lower()
        assert f">{code}</text>" in drawing and 'class="card-icon"' in drawing
    if language == "nl":
        assert "Akker" in [name for _, name in entries]


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
