"""Alhambra tiles read aloud: a screen reader hears each tile's building
in the reader's language and price, then the notation a player types (in
the reader's notation: ``Tuin 8 (tuin 8 NO)``)."""

import itertools
import re
from html import unescape

from django.utils import translation

from games.boards import alhambra as board
from games.engine import get_rules
from tests.engine.playing import random_playthrough

RULES = get_rules("alhambra")
DUTCH = {"pavilion": "Paviljoen", "seraglio": "Serail", "arcades": "Arcaden", "chambers": "Vertrekken",
         "garden": "Tuin", "tower": "Toren"}  # fmt: skip
#: A tile's notation: ``garden 8 NE``, ``tower 5 open``; in Dutch ``tuin 8 NO``, ``toren 5 open``.
TILE = re.compile(r"\b(pavilion|seraglio|arcades|chambers|garden|tower) (\d+) ([NESW]+|open)\b")
TILE_NL = re.compile(r"\b(paviljoen|serail|arcaden|vertrekken|tuin|toren) (\d+) ([NOZW]+|open)\b")


def _names(page: str, tile: re.Pattern[str] = TILE) -> list[str]:
    """Every tile's accessible name and tooltip on the page."""
    found = re.findall(r'aria-label="([^"]*)"', page) + re.findall(r"<title>([^<]*)</title>", page)
    return [unescape(name) for name in found if tile.search(unescape(name))]


def _pages(language: str):
    with translation.override(language):
        for step in itertools.islice(random_playthrough(RULES, 2, 3), 0, 200, 11):
            yield board.svg(RULES.view(step.state, step.seat), ["Ann", "Ben"])


def test_a_dutch_screen_reader_hears_the_building_name_before_the_notation():
    heard = 0
    dutch = {name.lower(): name for name in DUTCH.values()}
    for page in _pages("nl"):
        assert not _names(page), _names(page)  # no English notation left
        for name in _names(page, TILE_NL):
            for match in TILE_NL.finditer(name):
                kind, price, _ = match.groups()
                # "Tuin 8 (tuin 8 NO)": Dutch name and price, the typed (Dutch) notation in brackets.
                assert f"{dutch[kind]} {price} ({match.group(0)})" in name, name
                heard += 1
    assert heard >= 20
    assert "Fontein (fontein)" in page


def test_an_english_screen_reader_hears_the_english_name():
    page = next(p for p in _pages("en") if _names(p))
    assert any(re.search(r"\b(Pavilion|Seraglio|Arcades|Chambers|Garden|Tower) \d+ \(", n) for n in _names(page))
    assert "Fountain (fountain)" in page


def test_a_dutch_players_buttons_say_the_move_in_dutch_then_what_to_type():
    seen = set()
    with translation.override("nl"):
        for step in itertools.islice(random_playthrough(RULES, 2, 3), 0, 200, 5):
            view = RULES.view(step.state, step.seat)
            # As the game page passes them: the options in the reader's notation.
            options = [
                (RULES.notation_in(text, "nl"), RULES.dump_move(move))
                for text, move in RULES.move_options(step.state, step.seat)
            ]
            for (text, move), control in zip(options, board.controls(view, options), strict=True):
                if move["kind"] not in ("take", "buy", "done"):
                    continue
                words, typed = control["label"].split(" — typ: ")
                assert typed == text  # the notation, as a player writes it back
                assert RULES.dump_move(RULES.parse_move(step.state, step.seat, typed)) == move
                assert not re.search(r"\b(take|buy|done|ducat|florin|slot|with)\b", typed, re.IGNORECASE), typed
                assert words.startswith({"take": "Geld nemen: ", "buy": "Koop ", "done": "Klaar"}[move["kind"]])
                assert not re.search(r"\b(take|buy|done|ducat|florin|slot|with)\b", words, re.IGNORECASE), words
                seen.add(move["kind"])
    assert seen == {"take", "buy", "done"}
