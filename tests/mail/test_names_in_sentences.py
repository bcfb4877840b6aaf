"""Card and building names read as ordinary words in a mail's sentences:
"Bob placed mill at D4", "Alice buys pavilion 3 for ...", not "Mill" or
"Pavilion" in the middle of a sentence (a line may still open with one)."""

from __future__ import annotations

import re

import pytest

from games.services import match_create_seated
from games.terms import ALHAMBRA_BUILDINGS, ALTA_CARDS
from tests.conftest import make_user

from .playing import play

pytestmark = pytest.mark.django_db

_NAMES = {
    ("alta", "en"): [str(name) for name in ALTA_CARDS.values()],
    ("alhambra", "en"): [str(name) for name in ALHAMBRA_BUILDINGS.values()],
    ("alta", "nl"): ["Boer", "Dorp", "Herberg", "Huisje", "Molen", "Akker", "Vissteiger", "Toren", "Markt"],
    ("alhambra", "nl"): ["Paviljoen", "Serail", "Arcaden", "Vertrekken", "Tuin", "Toren"],
}


def _told(body: str) -> list[str]:
    """The lines of a mail's "what happened" parts: its "- ..." lines."""
    return [line[2:] for line in body.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", ["alta", "alhambra"])
def test_card_names_are_lower_case_within_a_sentence(game, language, now, django_capture_on_commit_callbacks):
    users = [make_user(f"p{i}@example.com", name, language=language) for i, name in enumerate(["Alice", "Bob"])]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=users, game=game, now=now)
    messages = play(match, now, django_capture_on_commit_callbacks, moves=40)
    names = "|".join(map(re.escape, _NAMES[game, language]))
    capital = re.compile(rf"(?<=[a-z,;(] )({names})\b")
    lines = [line for message in messages for line in _told(message.body)]
    assert lines
    assert not [line for line in lines if capital.search(line)], lines
