"""Italian for Alpaca, whose rule text is Italian: a player who chooses
Italiano reads Alpaca's colours, prompts, events and help in Italian (the
rest of the site falls back to English)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.urls import reverse
from django.utils import translation

from games.engine import get_rules
from games.i18n import event_text, expect_text
from games.terms import term
from tests.conftest import make_user
from tests.i18n.test_catalogues import _marked

HEADING = re.compile(r"^(#{1,3}) ", re.M)


def test_alpacas_colours_are_named_as_its_italian_rules_name_them():
    with translation.override("it"):
        assert [term("alpaca", c) for c in ("red", "yellow", "green", "blue", "purple")] == [
            "rosso",
            "giallo",
            "verde",
            "blu",
            "viola",
        ]


def test_alpacas_prompt_and_events_read_in_italian():
    rules = get_rules("alpaca")
    state = rules.setup(2, 5)
    seat = min(rules.to_move(state))
    transition = rules.apply(state, seat, rules.legal_moves(state, seat)[0])
    with translation.override("it"):
        prompt = expect_text("alpaca", rules.view(state, seat))
        lines = [event_text("alpaca", e) for e in transition.events]
    assert prompt.startswith("posa una tessera con il triangolo maggiore ")
    assert lines[0].startswith("Seat 1 (") and " ha posato " in lines[0] and " in rotazione " in lines[0]


def test_the_italian_help_covers_the_english_sections():
    rules = get_rules("alpaca")
    italian, english = rules.help_text("it"), rules.help_text("en")
    assert italian.startswith("# Alpaca: come si gioca per e-mail")
    assert HEADING.findall(italian) == HEADING.findall(english)
    assert italian.count("\n|") == english.count("\n|")
    # The other games have no Italian help: they read in English.
    assert get_rules("alta").help_text("it") == get_rules("alta").help_text("en")


@pytest.mark.django_db
def test_an_italian_player_gets_the_italian_alpaca_help_page(client):
    player = make_user("gio@example.it", "Gio", language="it")
    client.force_login(player)
    page = client.get(reverse("game-help", args=["alpaca"]))
    assert '<html lang="it"' in page.content.decode()
    assert "come si gioca per e-mail" in page.content.decode()


def test_alpacas_refusals_read_in_italian_with_examples_in_italian_notation():
    from games.engine import EngineError
    from games.i18n import error_text

    rules = get_rules("alpaca")
    state = rules.setup(2, 5)
    seat = min(rules.to_move(state))
    with pytest.raises(EngineError) as refused:
        rules.apply_text_moves(state, seat, "xyzzy plugh")
    with translation.override("it"):
        refusal = error_text("alpaca", refused.value)
    assert refusal.startswith('Non riesco a leggere "xyzzy plugh": scrivi una tessera'), refusal
    examples = refusal.split("Per esempio: ")[1].split(" (e altre")[0].rstrip(".").split("; ")
    for example in examples:
        assert " a " in example and not re.search(r"\b(red|yellow|green|blue|purple|at)\b", example), example
        rules.parse_move(state, seat, example)


ITALIAN = Path(__file__).resolve().parents[2] / "games/locale/it/LC_MESSAGES/django.po"
BOARDS = Path(__file__).resolve().parents[2] / "games/boards"


def test_every_string_on_alpacas_page_and_mails_has_italian():
    """What Alpaca's page and mail boards write (``games/boards/alpaca``, and
    the shared phrase for a turn passed) reads in Italian, not only its
    rules' prompts and events."""
    modules = [*sorted((BOARDS / "alpaca").glob("*.py")), BOARDS / "svg.py"]
    marked = {key for module in modules for key in _marked(module)}
    italian = {(e.msgctxt, e.msgid) for e in polib.pofile(str(ITALIAN)).translated_entries()}
    assert sorted(msgid for _context, msgid in marked - italian) == []


def test_alpacas_mail_and_page_name_seat_and_player_in_italian():
    from games.boards import alpaca as board

    rules = get_rules("alpaca")
    view = rules.view(rules.setup(2, 5), 0)
    with translation.override("it"):
        html, text, page = board.html(view, ["Gio", "Ada"]), board.text(view, ["Gio", "Ada"]), board.svg(view)
    assert ">Posto</th>" in html and ">Giocatore</th>" in html and ">Seat</th>" not in html
    assert "Giocatore" in page and ">Player<" not in page
    assert "Le tue tessere" in text and "Your tiles" not in text


def test_alpacas_final_reveal_is_labelled_in_italian():
    """The end reveals each hand with the score breakdown (colour, chains,
    points): an Italian player reads the labels in Italian, as the values
    ("viola") already are, and an emptied hand as "nessuna"."""
    from games.breakdown import reveal_lines

    rules = get_rules("alpaca")
    state = rules.setup(2, 5)
    while rules.to_move(state):
        seat = min(rules.to_move(state))
        state = rules.apply(state, seat, rules.default_move(state, seat)).state
    reveal = rules.reveal(state)
    emptied = next(entry for entry in reveal if not entry.revealed["hand"])
    with translation.override("it"):
        lines = reveal_lines(emptied, "alpaca")
    assert lines["revealed"] == [("Mano", "nessuna")]
    assert [label for label, _text in lines["breakdown"]] == ["Colore", "Catene", "Punti"]
