"""Every game's notation in every language it is written in.

The canonical text (``format_move``) is English; ``notation_in`` renders it
for a reader of another language.  For every legal move of many random
positions of every game, in every language, the rendering reads back to
the same move, and it leaves none of the English words it has a word for.
"""

from __future__ import annotations

import re

import pytest

from games.engine import get_rules, registered_slugs

from .playing import random_playthrough

SLUGS = registered_slugs()
SEEDS = (1, 2, 3)


def _languages(rules):
    return ["en", *rules.wordings]


def _english_left(rules, language: str, text: str) -> set[str]:
    """English notation words still in ``text`` (those the language says differently)."""
    words = rules.wordings[language].words
    english = {word for word, said in words.items() if word != said}
    return {w for w in re.findall(r"[a-z_]+", text.lower())} & english


def cases():
    for slug in SLUGS:
        rules = get_rules(slug)
        for players in sorted({rules.min_players, rules.max_players}):
            yield pytest.param(slug, players, id=f"{slug}-{players}p")


def test_every_game_is_written_in_dutch():
    assert all("nl" in get_rules(slug).wordings for slug in SLUGS)


@pytest.mark.parametrize(("slug", "players"), list(cases()))
def test_every_legal_move_reads_back_in_every_language(slug, players):
    rules = get_rules(slug)
    for seed in SEEDS:
        for step in random_playthrough(rules, players, seed):
            options = rules.move_options(step.state, step.seat)
            for text, move in [*options, *((rules.format_move(step.state, step.seat, m), m) for _, m in options)]:
                for language in _languages(rules):
                    written = rules.notation_in(text, language)
                    assert rules.parse_move(step.state, step.seat, written) == move, (language, written)
                    if language != "en":
                        assert not _english_left(rules, language, written), (language, written)


def test_english_and_unknown_languages_are_the_canonical_text():
    rules = get_rules("alhambra")
    assert rules.notation_in("take ducat 3 + florin 2", "en") == "take ducat 3 + florin 2"
    assert rules.notation_in("take ducat 3 + florin 2", "fr") == "take ducat 3 + florin 2"
    assert rules.notation_in("take ducat 3 + florin 2", "nl-be") == "neem dukaat 3 + gulden 2"


def test_alpacas_dutch_bonus_words_of_the_help_are_read_with_or_without_bonus():
    from games.rules.alpaca.moves import Lock, NoBonus, Rotate

    rules = get_rules("alpaca")
    bonus = next(s for s in random_playthrough(rules, 3, 1) if s.state.phase == "bonus")
    said = {
        "bonus geen": NoBonus,
        "geen": NoBonus,
        "bonus onaantastbaar": Lock,
        "onaantastbaar": Lock,
        "fiche": Lock,
        "bonus draai 0,0 naar 2": Rotate,
        "draai 0,0 naar 1": Rotate,
    }
    for text, kind in said.items():
        assert isinstance(rules.parse_move(bonus.state, bonus.seat, text), kind), text
