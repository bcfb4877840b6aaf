"""A mail's text board explains only what it draws: once the game is over
no Alhambra cell is named as a free place for a tile and no Alpaca cell is
marked open, so their keys say nothing of such cells (as Alta's end board
shows no "+" and no "+" legend)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.boards import alhambra, alpaca
from games.boards.alhambra.common import money_text
from games.engine import get_rules
from tests.engine.playing import random_playthrough

NAMES = ["Ann", "Ben", "Cy", "Dee"]
FREE_CELLS = {"en": "free cells show their name", "nl": "vrije vakken tonen hun naam"}
OPEN_CELL = {"en": ". = open cell", "nl": ". = open vak"}


def _played(game: str, players: int, seed: int):
    """The states of a random game, and its final state."""
    rules = get_rules(game)
    steps = list(random_playthrough(rules, players, seed))
    last = steps[-1]
    return rules, [step.state for step in steps], rules.apply(last.state, last.seat, last.move).state


@pytest.mark.parametrize("language", ["en", "nl"])
def test_alhambra_names_free_cells_in_its_key_only_while_the_reader_may_place_a_tile(language):
    rules, states, final = _played("alhambra", 3, 6)
    with translation.override(language):
        for seat in [None, 0, 1, 2]:
            end = alhambra.text(rules.view(final, seat), NAMES[:3])
            assert FREE_CELLS[language] not in end
            assert end.rstrip().endswith(".") and ("Key:" in end or "Legenda:" in end)
        placing = [s for s in states if s.phase == "place"]
        assert placing
        for state in placing[:5]:
            [mover] = rules.to_move(state)
            assert FREE_CELLS[language] in alhambra.text(rules.view(state, mover), NAMES[:3])
            # Nobody else's board names a free cell (only the mover's own does).
            assert FREE_CELLS[language] not in alhambra.text(rules.view(state, None), NAMES[:3])


def test_alhambra_scorings_stand_apart_from_the_last_alhambra_above_them():
    rules, _states, final = _played("alhambra", 2, 4)
    plain = alhambra.text(rules.view(final, 0), NAMES[:2])
    assert "\n\nScoring 1: " in plain
    assert "\nScoring 2: " in plain and "\nScoring 3: " in plain


@pytest.mark.parametrize("language", ["en", "nl"])
def test_alpaca_marks_open_cells_in_its_key_only_while_there_are_open_cells(language):
    rules, states, final = _played("alpaca", 3, 5)
    with translation.override(language):
        for seat in [None, 0, 1, 2]:
            end = alpaca.text(rules.view(final, seat), NAMES[:3])
            assert OPEN_CELL[language] not in end
            assert "# = untouchable." in end or "# = onaantastbaar." in end
        for state in states[1::9]:
            assert OPEN_CELL[language] in alpaca.text(rules.view(state, None), NAMES[:3])


FINAL = {"en": "Final position (after turn %s)", "nl": "Eindstelling (na beurt %s)"}
#: What an Alhambra board under way shows and a final one no longer does.
IN_PLAY_ONLY = {
    "en": ("Market (", "Money display:", "Your money:"),
    "nl": ("Markt (", "Geldaanbod:", "Je geld:"),
}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_alhambra_end_board_is_headed_as_the_final_position_in_text_and_html(language):
    """It read "Turn 256: the game is over.", where Alta's end board reads
    "Final position", above the market, the money display and the reader's
    money, which the end's reveal shows for every player."""
    rules, states, final = _played("alhambra", 2, 4)
    with translation.override(language):
        for seat in [None, 0, 1]:
            view = rules.view(final, seat)
            heading = FINAL[language] % view["turn"]
            plain, html = alhambra.text(view, NAMES[:2]), alhambra.html(view, NAMES[:2])
            assert plain.startswith(heading) and f"<strong>{heading}</strong>" in html
            assert "game is over" not in plain and "partij is afgelopen" not in plain
            for gone in IN_PLAY_ONLY[language]:
                assert gone not in plain and gone not in html, gone
            for entry in view["seats"]:  # every hand is public: the reader's own is named too
                assert " ".join(money_text(entry["hand"]).split()) in " ".join(plain.split())
        during = rules.view(states[-1], 0)
        assert all(shown in alhambra.text(during, NAMES[:2]) for shown in IN_PLAY_ONLY[language])
