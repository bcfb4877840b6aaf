"""Each game's notation and rules help exists in English and Dutch, with
the same sections, and the Dutch reader gets the Dutch one (page and mail
command); a language without a help file gets the English one."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.engine import get_rules
from games.rules.alta.components import DUTCH

GAMES = ("alta", "alhambra", "atlantis", "alpaca")
HEADING = re.compile(r"^(#{1,3}) ", re.M)
TABLE_ROW = re.compile(r"^\|", re.M)


def _shape(text: str) -> list[str]:
    """The outline a translation keeps: heading levels, and how many table
    rows and code blocks there are."""
    headings = HEADING.findall(text)
    return [*headings, f"rows={len(TABLE_ROW.findall(text))}", f"fences={text.count('```')}"]


@pytest.mark.parametrize("game", GAMES)
def test_dutch_and_english_help_cover_the_same_sections(game):
    rules = get_rules(game)
    english, dutch = rules.help_text("en"), rules.help_text("nl")
    assert dutch != english
    assert _shape(dutch) == _shape(english)
    assert len(HEADING.findall(english)) >= 3


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_or_regional_language_gets_a_help(game):
    rules = get_rules(game)
    assert rules.help_text("fr") == rules.help_text("en") == rules.help_text()
    assert rules.help_text("nl-be") == rules.help_text("nl")


def test_the_dutch_help_names_the_cards_as_the_dutch_rules_do():
    alta = get_rules("alta").help_text("nl")
    for name in ("boer", "akker", "vissteiger", "huisje", "koopmankaart"):
        assert name in alta
    assert "gulden" in get_rules("alhambra").help_text("nl")
    assert "roze" in get_rules("atlantis").help_text("nl")


@pytest.mark.parametrize(
    ("language", "names"),
    [
        (
            "en",
            {
                "farmer": "farmer",
                "settlement": "settlement",
                "tavern": "tavern",
                "farmers_hut": "farmer's hut",
                "mill": "mill",
                "wheat_field": "wheat field",
                "fishing_harbour": "fishing harbour",
                "tower": "tower",
                "market": "market",
            },
        ),
        ("nl", DUTCH),
    ],
)
def test_the_alta_help_lists_the_nine_merchant_cards(language, names):
    """Which pairs exist is a rules decision the seeds do not give: a player
    planning pairs needs the list (shared/rules/alta.md, Components)."""
    from games.rules.alta.components import MERCHANTS

    text = " ".join(get_rules("alta").help_text(language).split())
    for first, second in MERCHANTS:
        assert f"{names[first]} + {names[second]}" in text, (first, second)


@pytest.mark.parametrize(
    ("game", "language"), [(game, language) for game in GAMES for language in get_rules(game).wordings]
)
def test_the_help_uses_every_word_the_readers_notation_writes(game, language):
    """A Dutch (Italian) reader's buttons, mails and history write moves in
    their notation (``notation_in``); their help teaches those words."""
    rules = get_rules(game)
    assert rules.help_text(language) != rules.help_text("en")
    words = set(re.findall(r"[a-zà-ÿ]+", rules.help_text(language).lower()))
    assert sorted(set(rules.wordings[language].words.values()) - words) == []


@pytest.mark.django_db
def test_the_help_page_follows_the_readers_language(client):
    url = reverse("game-help", args=["alta"])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="nl")
    assert page.status_code == 200
    assert "zo speel je per mail" in page.content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert "how to play by email" in english.content.decode()
