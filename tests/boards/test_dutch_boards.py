"""Every board part a Dutch reader sees, page and mail, reads in Dutch in
many random positions of every game: the page's board (SVG, titles and
labels), the mail's text and HTML tables, each seat's last turn in words
and the move buttons (whose typed notation is the reader's)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.boards import board_for
from games.engine import get_rules
from games.rules.alta.components import CODES
from tests.engine.playing import random_playthrough
from tests.i18n.test_dutch_pages import _words, english_words, visible_text

GAMES = ("alta", "alhambra", "atlantis", "alpaca")
NAMES = ["Ann", "Ben", "Cy"]
# Alta's card codes drawn on the cards (FAR, SET ...) are notation.
CODES_SHOWN = {code.lower() for code in CODES.values()}


def _seen(html: str) -> str:
    return visible_text(f"<html lang='nl'><body>{html}</body></html>")[1]


def _english(text: str, english: set[str]) -> set[str]:
    return _words(text) & english


@pytest.mark.parametrize("game", GAMES)
def test_a_dutch_reader_sees_every_board_part_in_dutch(game):
    english = english_words() - CODES_SHOWN
    rules, board = get_rules(game), board_for(game)
    found: dict[str, str] = {}
    shown = 0
    for seed in (1, 2):
        steps = list(random_playthrough(rules, 2 if game == "alta" else 3, seed))
        for before, after in zip(steps[::6], steps[1::6], strict=False):
            for seat in (None, before.seat):
                view = rules.view(before.state, seat)
                with translation.override("nl"):
                    options = [
                        (rules.notation_in(text, "nl"), rules.dump_move(move))
                        for text, move in rules.move_options(before.state, before.seat)
                    ]
                    parts = {
                        "page": _seen(board.svg(view, NAMES)),
                        "mail text": board.text(view, NAMES),
                        "mail html": _seen(board.html(view, NAMES)),
                        "last turn": board.turn_summary(
                            rules.view(before.state, seat), rules.view(after.state, seat), before.seat
                        ),
                    }
                    if seat is not None:
                        own = rules.view(before.state, before.seat)
                        parts["buttons"] = " ".join(c["label"] for c in board.controls(own, options))
                for part, text in parts.items():
                    shown += bool(re.search(r"\w", text))
                    for word in _english(text, english):
                        found.setdefault(f"{part}: {word}", text[:300])
    assert shown > 50
    assert not found, "\n".join(f"{key} in {text!r}" for key, text in found.items())


def test_the_check_finds_english_on_an_english_board():
    english = english_words()
    rules, board = get_rules("alhambra"), board_for("alhambra")
    view = rules.view(rules.setup(3, 1), 0)
    with translation.override("en"):
        assert _english(board.text(view, NAMES), english)


def test_alhambra_buildings_are_abbreviated_from_their_dutch_names():
    """A Dutch reader's tiles, counts and key say Ver (Vertrekken), Tui
    (Tuin), Tor (Toren), as the coins say den and duk: not the English
    Cha, Gar, Tow, which no Dutch name begins with."""
    rules, board = get_rules("alhambra"), board_for("alhambra")
    state = list(random_playthrough(rules, 2, 1))[-1].state
    with translation.override("nl"):
        page = board.svg(rules.view(state, 0), NAMES[:2])
    shown = set(re.findall(r">(\w{3})</text>", page))
    assert {"Pav", "Ser", "Arc", "Ver", "Tui", "Tor"} <= shown
    assert not shown & {"Cha", "Gar", "Tow"}


def test_alhambra_mail_boards_abbreviate_buildings_as_the_page_does():
    """The mail's text board, its HTML table and its key give a Dutch
    reader the page's abbreviations (Ver, Tui, Tor), not the English Cha,
    Gar, Tow; an English reader keeps those.  The text board's columns
    stay aligned (every abbreviation has three letters)."""
    rules, board = get_rules("alhambra"), board_for("alhambra")
    state = list(random_playthrough(rules, 2, 1))[-1].state
    view = rules.view(state, 0)
    with translation.override("en"):
        english_text, english_html = board.text(view, NAMES[:2]), board.html(view, NAMES[:2])
    with translation.override("nl"):
        dutch_text, dutch_html = board.text(view, NAMES[:2]), board.html(view, NAMES[:2])
    for text, html, wanted, unwanted in (
        (english_text, english_html, {"Cha", "Gar", "Tow"}, {"Ver", "Tui", "Tor"}),
        (dutch_text, dutch_html, {"Ver", "Tui", "Tor"}, {"Cha", "Gar", "Tow"}),
    ):
        shown = set(re.findall(r"\b[A-Z][a-z]{2}\b", text))
        assert wanted <= shown and not shown & unwanted
        cells = set(re.findall(r">(\w{3})<br>", html))
        assert wanted <= cells and not cells & unwanted
    rows = re.compile(r"[#:](?:\w{3} \d|FOUNT)")  # a board row with a building or the fountain
    assert [len(line) for line in english_text.splitlines() if rows.search(line)] == [
        len(line) for line in dutch_text.splitlines() if rows.search(line)
    ]


def test_alhambra_scorings_have_one_dutch_name():
    """The score table's columns are named as the rules page and the move
    log name a scoring ("waardering 1"), not with a second word ("telling")."""
    rules, board = get_rules("alhambra"), board_for("alhambra")
    last = list(random_playthrough(rules, 2, 1))[-1]
    state = rules.apply(last.state, last.seat, last.move).state
    with translation.override("nl"):
        page = board.svg(rules.view(state, 0), NAMES[:2])
    assert re.search(r"<th scope=\"col\">Waardering 1</th>", page), page[-600:]
    assert "Telling" not in page


def test_a_dutch_reader_reads_alta_card_codes_from_the_dutch_names():
    """The three letters on a card and in the mail's text island start the
    card's name in the reader's language: BOE for the boer, AKK for the
    akker (the notation reads both languages' codes)."""
    from games.boards.alta.icons import card
    from games.boards.alta.mail import text

    rules = get_rules("alta")
    state = rules.setup(2, 5)
    view = rules.view(state, 0)
    view["islands"][0]["text"] = ["     C    D    E", " 4   +   MIL  WHE"]  # as the engine writes it
    with translation.override("nl"):
        board = text(view, NAMES)
        assert "BOE boer" in board and "AKK akker" in board and "FAR" not in board
        assert " 4   +   MOL  AKK" in board
        assert ">AKK</text>" in card(0, 0, "wheat_field")
        assert rules.parse_move(state, 0, "akk D4") == rules.parse_move(state, 0, "wheat D4")
    with translation.override("en"):
        assert "FAR farmer" in text(view, NAMES) and " 4   +   MIL  WHE" in text(view, NAMES)
        assert ">WHE</text>" in card(0, 0, "wheat_field")
