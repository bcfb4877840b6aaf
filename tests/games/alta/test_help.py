"""The help players read (HELP.md, HELP.nl.md) says what the rules file
says, decisions included, in both languages."""

import pytest

from games.engine import get_rules

RULES = get_rules("alta")

#: Per language: what the help must say, one phrase per rule or decision
#: (whitespace as the reader sees it after rewrapping).
PHRASES = {
    "en": [
        # A turn: steps 1 and 3, a refresh, a merchant choice per market.
        "A turn has up to five parts",
        # D: the seat order, and so the start player, is drawn from the seed.
        "The seat order, and so who starts, is drawn at random",
        "The game ends after 8 rounds",
        # Refreshed cards never come back.
        "both go out of the game for good",
        # The face-up merchant card is refilled from the merchant deck.
        "the top of the merchant deck then takes its place",
        # Wheat field table from 0 neighbours.
        "0→0, 1→1, 2→3, 3→5, 4→8",
        "an inland harbour scores 0 but counts for its neighbours",
        "at most one tower per row and one per column count (at most +6)",
        "most fishing harbours anywhere on the island",
        "how many merchant cards each player holds",
    ],
    "nl": [
        "Een beurt heeft tot vijf delen",
        "De zitvolgorde, en dus wie begint, wordt bij het begin willekeurig geloot",
        "Het spel eindigt na 8 ronden",
        "gaan allebei voorgoed uit het spel",
        "de bovenste kaart van de koopmanstapel komt er dan open voor in de plaats",
        "0→0, 1→1, 2→3, 3→5, 4→8",
        "een vissteiger binnen het eiland scoort 0 maar telt wel mee voor de kaarten ernaast",
        "hoogstens één toren per rij en één per kolom telt mee (hoogstens +6)",
        "de meeste vissteigers ergens op het eiland",
        "hoeveel koopmankaarten iedere speler heeft",
    ],
}


@pytest.mark.parametrize("language", sorted(PHRASES))
def test_the_help_says_every_rule_and_decision_of_the_rules_file(language):
    text = " ".join(RULES.help_text(language).split())
    missing = [phrase for phrase in PHRASES[language] if phrase not in text]
    assert missing == []


@pytest.mark.parametrize("language", sorted(PHRASES))
def test_the_help_does_not_say_a_turn_has_at_most_four_parts(language):
    """Two markets in one turn make five parts: hand card, merchant,
    refresh, face-up card, merchant."""
    text = " ".join(RULES.help_text(language).split())
    assert "up to four parts" not in text and "tot vier delen" not in text
